// GET /api/admin/users/:userId: the user page (account, transfer balance, orders, leads, appointments).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { AdminUserDetail } from '@tm/shared/schemas/admin';
import { adminKeys } from './keys.ts';

export async function getUser(userId: number): Promise<AdminUserDetail> {
  return (await api.getJson<AdminUserDetail>(`/api/admin/users/${userId}`))!;
}

export const userQuery = (userId: number) => queryOptions({ queryKey: [...adminKeys.users, 'detail', userId], queryFn: () => getUser(userId) });

export function useUser(userId: number) {
  return useQuery(userQuery(userId));
}
