// GET /api/vapi/my-appointments?page=&q=: the agent's purchased appointments (searchable), and the CSV
// export of the same search for their CRM.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { PurchasedAppointment } from '@tm/shared/schemas/dashboard';
import type { Paged } from '@tm/shared/schemas/leads';

export const myAppointmentsKey = ['/api/vapi/my-appointments'] as const;

const searchParam = (q: string) => (q ? `&q=${encodeURIComponent(q)}` : '');

export async function getMyAppointments(page: number, q = ''): Promise<Paged<PurchasedAppointment>> {
  return (await api.getJson<Paged<PurchasedAppointment>>(`/api/vapi/my-appointments?page=${page}${searchParam(q)}`))!;
}

/** The CSV of My Appointments (the same search), for the agent's CRM. */
export const myAppointmentsCsvUrl = (q: string) => `/api/vapi/my-appointments/export.csv${q ? `?q=${encodeURIComponent(q)}` : ''}`;

export const myAppointmentsQuery = (page: number, q = '') =>
  queryOptions({ queryKey: [...myAppointmentsKey, page, q], queryFn: () => getMyAppointments(page, q), placeholderData: keepPreviousData });

export function useMyAppointments(page: number, q = '') {
  return useQuery(myAppointmentsQuery(page, q));
}
