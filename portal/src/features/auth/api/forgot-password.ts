// POST /api/forgot-password { email }: always the same 202 answer (decision 045).
import { useMutation } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { ForgotPasswordInput } from '@tm/shared/schemas/mail';

export function useForgotPassword() {
  return useMutation({ mutationFn: (input: ForgotPasswordInput) => api.requestJson<{ message: string }>('POST', '/api/forgot-password', input) });
}
