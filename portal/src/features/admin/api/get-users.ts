// GET /api/admin/users?page=: all users, newest first, with the summary counts.
import { queryOptions, useQuery, keepPreviousData } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { UsersPage } from '@tm/shared/schemas/admin';
import { adminKeys } from './keys.ts';

export async function getUsers(page: number): Promise<UsersPage> {
  return (await api.getJson<UsersPage>(`/api/admin/users?page=${page}`))!;
}

export const usersQuery = (page: number) =>
  queryOptions({ queryKey: [...adminKeys.users, 'list', page], queryFn: () => getUsers(page), placeholderData: keepPreviousData });

export function useUsers(page: number, enabled = true) {
  return useQuery({ ...usersQuery(page), enabled });
}
