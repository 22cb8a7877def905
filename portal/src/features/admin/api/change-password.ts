// PUT /api/admin/users/:id/password: sets a user's password.
import { useMutation } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';

export function changePassword({ userId, password }: { userId: number; password: string }): Promise<{ success: true }> {
  return api.requestJson('PUT', `/api/admin/users/${userId}/password`, { password });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
