// GET /api/admin/appointments/brightcall/search?q=&page=: by name, e-mail or phone.
import { queryOptions, useQuery, keepPreviousData } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { BrightcallAppointment, Page } from '@tm/shared/schemas/admin';
import { placeParams, type ListPlace } from '@tm/shared/schemas/paging';
import { adminKeys } from './keys.ts';

export async function searchAppointments(q: string, page: number | ListPlace): Promise<Page<BrightcallAppointment>> {
  const params = new URLSearchParams({ q, ...placeParams(page) });
  return (await api.getJson<Page<BrightcallAppointment>>(`/api/admin/appointments/brightcall/search?${params}`))!;
}

export const searchAppointmentsQuery = (q: string, page: number | ListPlace) =>
  queryOptions({ queryKey: [...adminKeys.appointments, 'search', q, page], queryFn: () => searchAppointments(q, page), placeholderData: keepPreviousData });

export function useSearchAppointments(q: string, page: number | ListPlace, enabled = true) {
  return useQuery({ ...searchAppointmentsQuery(q, page), enabled });
}
