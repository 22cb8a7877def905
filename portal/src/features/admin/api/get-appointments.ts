// GET /api/admin/appointments/brightcall?page= (and after= / before=, decision 236): voice-AI appointments, newest first.
import { queryOptions, useQuery, keepPreviousData } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { BrightcallAppointment, Page } from '@tm/shared/schemas/admin';
import { placeParams, type ListPlace } from '@tm/shared/schemas/paging';
import { adminKeys } from './keys.ts';

export async function getAppointments(page: number | ListPlace): Promise<Page<BrightcallAppointment>> {
  return (await api.getJson<Page<BrightcallAppointment>>(`/api/admin/appointments/brightcall?${new URLSearchParams(placeParams(page))}`))!;
}

export const appointmentsQuery = (page: number | ListPlace) =>
  queryOptions({ queryKey: [...adminKeys.appointments, 'list', page], queryFn: () => getAppointments(page), placeholderData: keepPreviousData });

export function useAppointments(page: number | ListPlace, enabled = true) {
  return useQuery({ ...appointmentsQuery(page), enabled });
}
