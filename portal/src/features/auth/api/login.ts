// POST /api/login.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { LoginInput, CurrentUser } from '@tm/shared/schemas/auth';
import { currentUserKey } from './current-user.ts';

export function login(input: LoginInput): Promise<{ user: CurrentUser }> {
  return api.requestJson('POST', '/api/login', input);
}

export function useLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: () => qc.invalidateQueries({ queryKey: currentUserKey }),
  });
}
