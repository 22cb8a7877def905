// The agent's own account: PUT /api/account/profile, POST /api/account/email (+ /confirm, /undo),
// PUT /api/account/password, GET/PUT /api/account/mail-preferences (decision 045).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { CurrentUser } from '@tm/shared/schemas/auth';
import type { MailPreferences, OptionalMailKind, ProfileInput } from '@tm/shared/schemas/mail';
import { currentUserKey } from '../../../lib/current-user.ts';

export function useSaveProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) => api.requestJson<{ user: CurrentUser }>('PUT', '/api/account/profile', input),
    onSuccess: () => qc.invalidateQueries({ queryKey: currentUserKey }),
  });
}

export function useRequestEmailChange() {
  return useMutation({
    mutationFn: (input: { email: string; currentPassword: string }) => api.requestJson<{ message: string }>('POST', '/api/account/email', input),
  });
}

export function useConfirmEmailChange() {
  return useMutation({ mutationFn: (token: string) => api.requestJson<{ email: string }>('POST', '/api/account/email/confirm', { token }) });
}

export function useUndoEmailChange() {
  return useMutation({ mutationFn: (token: string) => api.requestJson<{ email: string }>('POST', '/api/account/email/undo', { token }) });
}

export function useChangeOwnPassword() {
  return useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string }) => api.requestJson<{ success: true }>('PUT', '/api/account/password', input),
  });
}

/** The optional e-mails offered to this user (staff alerts to admins only) and those turned off. */
type Prefs = MailPreferences & { options: Partial<Record<OptionalMailKind, string>> };
const prefsKey = ['/api/account/mail-preferences'] as const;

export function useMailPreferences() {
  return useQuery({ queryKey: prefsKey, queryFn: async () => (await api.getJson<Prefs>('/api/account/mail-preferences'))! });
}

export function useSaveMailPreferences() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (optOut: OptionalMailKind[]) => api.requestJson<Prefs>('PUT', '/api/account/mail-preferences', { optOut }),
    onSuccess: (data) => qc.setQueryData(prefsKey, data),
  });
}
