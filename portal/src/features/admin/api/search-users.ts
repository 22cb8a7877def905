// GET /api/admin/users/search?q=&page=: users whose e-mail contains the text.
import { queryOptions, useQuery, keepPreviousData } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { UsersPage } from '@tm/shared/schemas/admin';
import { adminKeys } from './keys.ts';

export async function searchUsers(q: string, page: number, pageSize?: number): Promise<UsersPage> {
  const params = new URLSearchParams({ q, page: String(page) });
  if (pageSize) params.set('pageSize', String(pageSize));
  return (await api.getJson<UsersPage>(`/api/admin/users/search?${params}`))!;
}

export const searchUsersQuery = (q: string, page: number, pageSize?: number) =>
  queryOptions({
    queryKey: [...adminKeys.users, 'search', q, page, pageSize ?? null],
    queryFn: () => searchUsers(q, page, pageSize),
    placeholderData: keepPreviousData,
  });

export function useSearchUsers(q: string, page: number, opts: { enabled?: boolean; pageSize?: number } = {}) {
  return useQuery({ ...searchUsersQuery(q, page, opts.pageSize), enabled: opts.enabled ?? true });
}
