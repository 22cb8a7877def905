// GET /api/dashboard/home: the portal home's figures, computed by the server.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { DashboardHomeView } from '@tm/shared/schemas/home';

export const homeKey = ['/api/dashboard/home'] as const;

export async function getHome(): Promise<DashboardHomeView> {
  return (await api.getJson<DashboardHomeView>('/api/dashboard/home'))!;
}

export const homeQuery = () => queryOptions({ queryKey: homeKey, queryFn: getHome });

export function useHome() {
  return useQuery(homeQuery());
}
