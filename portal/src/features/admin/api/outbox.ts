// GET /api/admin/outbox?status=&page=&to=&emailMatch=, GET /api/admin/outbox/:id (preview) and POST /api/admin/outbox/:id/resend (decision 045).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { OutboxItem, OutboxMessage, OutboxPage, OutboxStatus } from '@tm/shared/schemas/mail';
import type { EmailMatch } from '@tm/shared/schemas/email-match';
import { adminKeys } from './keys.ts';

export function useOutbox(status: OutboxStatus | 'all', page: number, to = '', emailMatch: EmailMatch = 'exact') {
  return useQuery({
    queryKey: [...adminKeys.outbox, status, page, to, emailMatch],
    queryFn: async () => (await api.getJson<OutboxPage>(`/api/admin/outbox?${new URLSearchParams({ status, page: String(page), to, emailMatch })}`))!,
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });
}

export function useResendMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.requestJson<{ message: OutboxItem }>('POST', `/api/admin/outbox/${id}/resend`),
    onSettled: () => qc.invalidateQueries({ queryKey: adminKeys.outbox }),
  });
}

/** GET /api/admin/outbox/:id: one message with its text, for the preview. */
export function useOutboxMessage(id: number | null) {
  return useQuery({
    queryKey: [...adminKeys.outbox, 'message', id],
    queryFn: async () => (await api.getJson<{ message: OutboxMessage }>(`/api/admin/outbox/${id}`))!.message,
    enabled: id !== null,
  });
}
