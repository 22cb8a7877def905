// /confirm-email?token=...: the link sent to a new address; opening it changes the account's e-mail once.
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '@tm/shared/api-client';
import { EMAIL_CHANGE_INVALID } from '@tm/shared/schemas/mail';
import { useConfirmEmailChange } from '../api/account.ts';
import { paths } from '../../../app/paths.ts';

export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmEmailChange();
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !token) return;
    started.current = true;
    confirm.mutate(token);
  }, [token, confirm]);
  let body;
  if (!token || confirm.isError)
    body = (
      <div role="alert" className="form-error">
        {confirm.error instanceof ApiError ? confirm.error.serverMessage : EMAIL_CHANGE_INVALID}
      </div>
    );
  else if (confirm.isSuccess)
    body = (
      <div role="status" className="form-success">
        Your e-mail is now {confirm.data.email}.
      </div>
    );
  else body = <p className="muted">Confirming...</p>;
  return (
    <div className="auth-page">
      <div className="card auth-card">
        <h1>Confirm e-mail</h1>
        {body}
        <p className="muted small">
          <Link to={paths.login}>Go to login</Link>
        </p>
      </div>
    </div>
  );
}
