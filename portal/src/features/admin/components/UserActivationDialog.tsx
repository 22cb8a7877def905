// Confirms deactivating or reactivating a user (Users tab) in the admin panel's modal. Deactivating logs
// the user out everywhere at once and refuses their logins until an admin reactivates the account; the
// dialog shows the buyer's open balance and offers to refund its unused part to the card (issue 36).
import { useState } from 'react';
import { formatUsd } from '@tm/shared';
import type { AdminUser } from '@tm/shared/schemas/admin';
import { ApiError } from '@tm/shared/api-client';
import { Modal } from './ui.tsx';
import { useSetUserActive, type UserActivation } from '../api/set-user-active.ts';
import { useToast } from '../../../components/toast.tsx';
import { useOpenBalance } from '../api/buyer-balance.ts';

export const DEACTIVATE_NOTE = 'They are logged out at once and cannot log in until the account is reactivated.';
export const REACTIVATE_NOTE = 'They can log in again with their password.';

export function UserActivationDialog({ shown, onClose }: { shown: { user: AdminUser; action: UserActivation } | null; onClose: () => void }) {
  const mutation = useSetUserActive();
  const toast = useToast();
  const deactivating = shown?.action === 'deactivate';
  const name = shown ? `${shown.user.firstName} ${shown.user.lastName}` : '';
  const open = useOpenBalance(shown?.user.id ?? 0, deactivating);
  const [refund, setRefund] = useState(false);
  const refundable = open.data?.refundableCents ?? 0;

  const confirm = async () => {
    if (!shown) return;
    try {
      const refunding = deactivating && refund && refundable > 0;
      await mutation.mutateAsync({ userId: shown.user.id, action: shown.action, refundUnused: refunding });
      toast({
        title: deactivating ? 'User deactivated' : 'User reactivated',
        description: `${name} (${shown.user.email})${refunding ? `; ${formatUsd(refundable, { cents: true })} refunded` : ''}`,
      });
      setRefund(false);
      onClose();
    } catch (err) {
      toast({
        title: 'Error',
        description: err instanceof ApiError ? err.serverMessage : deactivating ? 'Failed to deactivate the user' : 'Failed to reactivate the user',
        variant: 'destructive',
      });
    }
  };

  return (
    <Modal open={shown !== null} title={deactivating ? 'Deactivate user' : 'Reactivate user'} onClose={onClose}>
      {shown && (
        <>
          <p>
            {deactivating ? 'Deactivate' : 'Reactivate'} {name} ({shown.user.email})?
          </p>
          <p className="muted">{deactivating ? DEACTIVATE_NOTE : REACTIVATE_NOTE}</p>
          {deactivating && (
            <div data-testid="open-balance">
              {open.isPending ? (
                <p className="muted">Reading the open balance...</p>
              ) : open.data && open.data.transfersRemaining > 0 ? (
                <>
                  <p>
                    Open balance: <strong>{open.data.transfersRemaining}</strong> unused {open.data.transfersRemaining === 1 ? 'transfer' : 'transfers'}
                    {refundable > 0 ? ` (${formatUsd(refundable, { cents: true })} refundable)` : ''}.
                  </p>
                  {refundable > 0 && (
                    <label className="adm-check">
                      <input type="checkbox" checked={refund} onChange={(e) => setRefund(e.target.checked)} /> Refund the unused part (
                      {formatUsd(refundable, { cents: true })}) to their card
                    </label>
                  )}
                </>
              ) : (
                <p className="muted">No open balance: nothing to refund.</p>
              )}
            </div>
          )}
          <div className="adm-actions">
            <button type="button" className="btn btn-outline" onClick={onClose}>
              Cancel
            </button>
            <button type="button" className={deactivating ? 'btn btn-danger' : 'btn'} onClick={() => void confirm()} disabled={mutation.isPending}>
              {mutation.isPending ? (deactivating ? 'Deactivating...' : 'Reactivating...') : deactivating ? 'Deactivate' : 'Reactivate'}
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}
