// Confirms deactivating or reactivating a user (Users tab) in the admin panel's modal. Deactivating logs
// the user out everywhere at once and refuses their logins until an admin reactivates the account.
import type { AdminUser } from '@tm/shared/schemas/admin';
import { ApiError } from '@tm/shared/api-client';
import { Modal } from './ui.tsx';
import { useSetUserActive, type UserActivation } from '../api/set-user-active.ts';
import { useToast } from '../../../components/toast.tsx';

export const DEACTIVATE_NOTE = 'They are logged out at once and cannot log in until the account is reactivated.';
export const REACTIVATE_NOTE = 'They can log in again with their password.';

export function UserActivationDialog({ shown, onClose }: { shown: { user: AdminUser; action: UserActivation } | null; onClose: () => void }) {
  const mutation = useSetUserActive();
  const toast = useToast();
  const deactivating = shown?.action === 'deactivate';
  const name = shown ? `${shown.user.firstName} ${shown.user.lastName}` : '';

  const confirm = async () => {
    if (!shown) return;
    try {
      await mutation.mutateAsync({ userId: shown.user.id, action: shown.action });
      toast({ title: deactivating ? 'User deactivated' : 'User reactivated', description: `${name} (${shown.user.email})` });
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
