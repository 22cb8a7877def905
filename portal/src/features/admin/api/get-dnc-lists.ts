// GET /api/admin/dnc-lists: how many numbers the do-not-call and litigator lists hold.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { DncListSummary } from '@tm/shared/schemas/consent';
import { adminKeys } from './keys.ts';

export async function getDncLists(): Promise<DncListSummary> {
  return (await api.getJson<DncListSummary>('/api/admin/dnc-lists'))!;
}

export const dncListsQuery = () => queryOptions({ queryKey: adminKeys.dncLists, queryFn: getDncLists });

export function useDncLists() {
  return useQuery(dncListsQuery());
}
