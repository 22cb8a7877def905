// POST /api/admin/users/:id/deactivate and /reactivate: a deactivated user's sessions end and login is refused.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { AdminUser } from '@tm/shared/schemas/admin';
import { adminKeys } from './keys.ts';

export type UserActivation = 'deactivate' | 'reactivate';

/** refundUnused (deactivation only): the unused transfers are refunded to the card too. */
export function setUserActive({
  userId,
  action,
  refundUnused,
}: {
  userId: number;
  action: UserActivation;
  refundUnused?: boolean;
}): Promise<{ user: AdminUser }> {
  return api.requestJson('POST', `/api/admin/users/${userId}/${action}`, action === 'deactivate' && refundUnused ? { refundUnused: true } : undefined);
}

export function useSetUserActive() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: setUserActive, onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.users }) });
}
