// GET /api/set-password/check (is the link good, for which e-mail) and POST /api/set-password.
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { SetPasswordCheck, SetPasswordInput } from '@tm/shared/schemas/auth';

export async function checkSetPasswordLink(token: string): Promise<SetPasswordCheck> {
  return (await api.getJson<SetPasswordCheck>(`/api/set-password/check?token=${encodeURIComponent(token)}`))!;
}

export function useSetPasswordLinkCheck(token: string) {
  return useQuery({
    queryKey: ['/api/set-password/check', token],
    queryFn: () => checkSetPasswordLink(token),
    enabled: token !== '',
    retry: false,
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
}

export function setPassword(input: SetPasswordInput): Promise<{ success: true }> {
  return api.requestJson('POST', '/api/set-password', input);
}

export function useSetPassword() {
  return useMutation({ mutationFn: setPassword });
}
