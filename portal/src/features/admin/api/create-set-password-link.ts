// POST /api/admin/users/:id/set-password-link: a one-time link (24 hours) for the user to set a password.
import { useMutation } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { SetPasswordLink } from '@tm/shared/schemas/auth';

export function createSetPasswordLink(userId: number): Promise<SetPasswordLink> {
  return api.requestJson('POST', `/api/admin/users/${userId}/set-password-link`);
}

export function useCreateSetPasswordLink() {
  return useMutation({ mutationFn: createSetPasswordLink });
}
