// The set-password link of one user, shown after the admin asks for it (Users tab): the link to send,
// a Copy button, and when it expires. The agent opens it to choose a password (/set-password).
import { useRef, useState } from 'react';
import type { AdminUser } from '@tm/shared/schemas/admin';
import type { SetPasswordLink } from '@tm/shared/schemas/auth';
import { Modal } from './ui.tsx';
import { formatDateTime } from '@tm/shared/logic/format';
import { useTimeZone } from '../../../lib/time-zone.ts';

export const SET_PASSWORD_LINK_NOTE = 'Send this link to the agent. It works once and expires in 24 hours.';

export function SetPasswordLinkDialog({ shown, onClose }: { shown: { user: AdminUser; link: SetPasswordLink } | null; onClose: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const tz = useTimeZone();

  const copy = async () => {
    if (!shown) return;
    input.current?.select();
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
      await navigator.clipboard.writeText(shown.link.url);
      setCopied('yes');
    } catch {
      // No clipboard (an http origin other than localhost, or refused): the link is selected to copy by hand.
      setCopied('no');
    }
  };
  const close = () => {
    setCopied(null);
    onClose();
  };

  const expires = shown ? formatDateTime(shown.link.expiresAt, tz) : '';
  return (
    <Modal open={shown !== null} title="Set-password link" onClose={close}>
      {shown && (
        <>
          <p className="muted">
            For {shown.user.firstName} {shown.user.lastName} ({shown.user.email})
          </p>
          <p>{SET_PASSWORD_LINK_NOTE}</p>
          <div className="field">
            <label htmlFor="set-password-link">Link</label>
            <input id="set-password-link" ref={input} readOnly value={shown.link.url} onFocus={(e) => e.currentTarget.select()} />
            <p className="muted small adm-hint">Expires {expires}</p>
          </div>
          {copied && (
            <p className="small" role="status">
              {copied === 'yes' ? 'Link copied.' : 'Copy the selected link with Ctrl+C (Cmd+C on a Mac).'}
            </p>
          )}
          <div className="adm-actions">
            <button type="button" className="btn btn-outline" onClick={close}>
              Done
            </button>
            <button type="button" className="btn" onClick={copy}>
              Copy
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}
