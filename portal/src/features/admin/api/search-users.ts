// GET /api/admin/users/search?q=&page=: users whose e-mail contains the text (active=1: the agent pickers,
// which never offer a deactivated agent).
import { queryOptions, useQuery, keepPreviousData } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { UsersPage } from '@tm/shared/schemas/admin';
import { adminKeys } from './keys.ts';

export async function searchUsers(q: string, page: number, pageSize?: number, active?: boolean): Promise<UsersPage> {
  const params = new URLSearchParams({ q, page: String(page) });
  if (pageSize) params.set('pageSize', String(pageSize));
  if (active) params.set('active', '1');
  return (await api.getJson<UsersPage>(`/api/admin/users/search?${params}`))!;
}

export const searchUsersQuery = (q: string, page: number, pageSize?: number, active?: boolean) =>
  queryOptions({
    queryKey: [...adminKeys.users, 'search', q, page, pageSize ?? null, active ? 'active' : 'all'],
    queryFn: () => searchUsers(q, page, pageSize, active),
    placeholderData: keepPreviousData,
  });

export function useSearchUsers(q: string, page: number, opts: { enabled?: boolean; pageSize?: number; active?: boolean } = {}) {
  return useQuery({ ...searchUsersQuery(q, page, opts.pageSize, opts.active), enabled: opts.enabled ?? true });
}
