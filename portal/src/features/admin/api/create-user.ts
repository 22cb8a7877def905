// POST /api/admin/users: creates an account; the user lists (and counts) refresh.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { AdminUser, CreateUserValues } from '@tm/shared/schemas/admin';
import { adminKeys } from './keys.ts';

export function createUser(input: CreateUserValues): Promise<{ user: AdminUser }> {
  return api.requestJson('POST', '/api/admin/users', input);
}

export function useCreateUser() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createUser, onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.users }) });
}
