// /undo-email-change?token=...: the link sent to the OLD address when the account's e-mail changed. A
// button (not the page load) undoes it, so a mail scanner opening the link changes nothing.
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '@tm/shared/api-client';
import { EMAIL_UNDO_INVALID } from '@tm/shared/schemas/mail';
import { useUndoEmailChange } from '../api/account.ts';
import { paths } from '../../../app/paths.ts';

export function UndoEmailChangePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const undo = useUndoEmailChange();
  let body;
  if (!token || undo.isError)
    body = (
      <div role="alert" className="form-error">
        {undo.error instanceof ApiError ? undo.error.serverMessage : EMAIL_UNDO_INVALID}
      </div>
    );
  else if (undo.isSuccess)
    body = (
      <div role="status" className="form-success">
        Your account's e-mail is {undo.data.email} again, and every session was logged out. We sent that address a link to set a new password.
      </div>
    );
  else
    body = (
      <>
        <p>If you did not change your e-mail, undo the change: your account goes back to this address and every session is logged out.</p>
        <button type="button" className="btn" disabled={undo.isPending} onClick={() => undo.mutate(token)}>
          {undo.isPending ? 'Undoing...' : 'Undo E-mail Change'}
        </button>
      </>
    );
  return (
    <div className="auth-page">
      <div className="card auth-card">
        <h1>Undo e-mail change</h1>
        {body}
        <p className="muted small">
          <Link to={paths.login}>Go to login</Link>
        </p>
      </div>
    </div>
  );
}
