// POST /api/admin/users/:id/set-password-link: a one-time link (24 hours) for the user to set a password,
// shown to the admin to copy, or ({ email: true }) e-mailed to the user as the welcome e-mail.
import { useMutation } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { SetPasswordLink } from '@tm/shared/schemas/auth';

export function createSetPasswordLink(userId: number): Promise<SetPasswordLink> {
  return api.requestJson('POST', `/api/admin/users/${userId}/set-password-link`);
}

/** The same link, e-mailed by the server: the answer says to whom. */
export function emailSetPasswordLink(userId: number): Promise<SetPasswordLink & { emailedTo: string }> {
  return api.requestJson('POST', `/api/admin/users/${userId}/set-password-link`, { email: true });
}

export function useCreateSetPasswordLink() {
  return useMutation({ mutationFn: createSetPasswordLink });
}

export function useEmailSetPasswordLink() {
  return useMutation({ mutationFn: emailSetPasswordLink });
}

/** The confirmation toast of an e-mailed link; `created` when it came with a new account (one toast shows at a time). */
export const setPasswordLinkEmailed = (to: string, created = false) =>
  created
    ? { title: 'User created successfully', description: `Set-password link e-mailed to ${to}. It works once and expires in 24 hours.` }
    : { title: 'Set-password link e-mailed', description: `Sent to ${to}. It works once and expires in 24 hours.` };
