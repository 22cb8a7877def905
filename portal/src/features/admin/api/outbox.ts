// GET /api/admin/outbox?status=&page=&to=, GET /api/admin/outbox/:id (preview) and POST /api/admin/outbox/:id/resend (decision 045).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { OutboxItem, OutboxMessage, OutboxPage, OutboxStatus } from '@tm/shared/schemas/mail';
import { adminKeys } from './keys.ts';

export function useOutbox(status: OutboxStatus | 'all', page: number, to = '') {
  return useQuery({
    queryKey: [...adminKeys.outbox, status, page, to],
    queryFn: async () => (await api.getJson<OutboxPage>(`/api/admin/outbox?${new URLSearchParams({ status, page: String(page), to })}`))!,
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
