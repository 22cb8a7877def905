// GET /api/admin/transfer-disputes?status=: the dispute queue (pending oldest first), paginated.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { AdminDisputeView, Paged } from '@tm/shared/schemas/transfers';
import { disputesKey } from './keys.ts';

export type QueueStatus = 'pending' | 'approved' | 'denied' | 'all';

export async function getDisputes(status: QueueStatus, page: number): Promise<Paged<AdminDisputeView>> {
  return (await api.getJson<Paged<AdminDisputeView>>(`/api/admin/transfer-disputes?status=${status}&page=${page}`))!;
}

export const disputesQuery = (status: QueueStatus, page: number) =>
  queryOptions({ queryKey: [...disputesKey, status, page], queryFn: () => getDisputes(status, page), placeholderData: keepPreviousData });

export function useDisputes(status: QueueStatus, page: number) {
  return useQuery(disputesQuery(status, page));
}
