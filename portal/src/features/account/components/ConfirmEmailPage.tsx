// /confirm-email?token=...: the link sent to a new address; opening it changes the account's e-mail once.
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { EMAIL_CHANGE_INVALID } from '@tm/shared/schemas/mail';
import { useConfirmEmailChange } from '../api/account.ts';
import { EmailLinkPage } from './EmailLinkPage.tsx';

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
  return (
    <EmailLinkPage
      title="Confirm e-mail"
      token={token}
      request={confirm}
      invalid={EMAIL_CHANGE_INVALID}
      done={confirm.isSuccess ? <>Your e-mail is now {confirm.data.email}.</> : null}
    >
      <p className="muted">Confirming...</p>
    </EmailLinkPage>
  );
}
