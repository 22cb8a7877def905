// GET /api/admin/appointments/brightcall?page=: voice-AI appointments, newest first.
import { queryOptions, useQuery, keepPreviousData } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { BrightcallAppointment, Page } from '@tm/shared/schemas/admin';
import { adminKeys } from './keys.ts';

export async function getAppointments(page: number): Promise<Page<BrightcallAppointment>> {
  return (await api.getJson<Page<BrightcallAppointment>>(`/api/admin/appointments/brightcall?page=${page}`))!;
}

export const appointmentsQuery = (page: number) =>
  queryOptions({ queryKey: [...adminKeys.appointments, 'list', page], queryFn: () => getAppointments(page), placeholderData: keepPreviousData });

export function useAppointments(page: number, enabled = true) {
  return useQuery({ ...appointmentsQuery(page), enabled });
}
