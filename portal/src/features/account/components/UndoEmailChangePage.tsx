// /undo-email-change?token=...: the link sent to the OLD address when the account's e-mail changed. A
// button (not the page load) undoes it, so a mail scanner opening the link changes nothing.
import { useSearchParams } from 'react-router';
import { EMAIL_UNDO_INVALID } from '@tm/shared/schemas/mail';
import { useUndoEmailChange } from '../api/account.ts';
import { EmailLinkPage } from './EmailLinkPage.tsx';

export function UndoEmailChangePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const undo = useUndoEmailChange();
  return (
    <EmailLinkPage
      title="Undo e-mail change"
      token={token}
      request={undo}
      invalid={EMAIL_UNDO_INVALID}
      done={
        undo.isSuccess ? (
          <>Your account's e-mail is {undo.data.email} again, and every session was logged out. We sent that address a link to set a new password.</>
        ) : null
      }
    >
      <p>If you did not change your e-mail, undo the change: your account goes back to this address and every session is logged out.</p>
      <button type="button" className="btn" disabled={undo.isPending} onClick={() => undo.mutate(token)}>
        {undo.isPending ? 'Undoing...' : 'Undo E-mail Change'}
      </button>
    </EmailLinkPage>
  );
}
