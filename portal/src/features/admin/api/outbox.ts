// GET /api/admin/outbox?status=&page= and POST /api/admin/outbox/:id/resend (decision 045).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { OutboxItem, OutboxPage, OutboxStatus } from '@tm/shared/schemas/mail';
import { adminKeys } from './keys.ts';

export function useOutbox(status: OutboxStatus | 'all', page: number) {
  return useQuery({
    queryKey: [...adminKeys.outbox, status, page],
    queryFn: async () => (await api.getJson<OutboxPage>(`/api/admin/outbox?status=${status}&page=${page}`))!,
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
