// PATCH /api/admin/users/:userId: edits a user's details, role, state and own live-transfer price;
// the user lists and the user page refresh.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { AdminUserAccount, UpdateUserInput } from '@tm/shared/schemas/admin';
import { adminKeys } from './keys.ts';

export function updateUser({ userId, input }: { userId: number; input: UpdateUserInput }): Promise<{ user: AdminUserAccount }> {
  return api.requestJson('PATCH', `/api/admin/users/${userId}`, input);
}

export function useUpdateUser() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateUser, onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.users }) });
}
