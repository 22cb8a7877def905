// GET /api/vapi/my-appointments?page=&after=&before=&q=: the agent's purchased appointments (searchable), read
// by keyset (decision 254), and the CSV export of the same search for their CRM.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { PurchasedAppointment } from '@tm/shared/schemas/dashboard';
import type { Paged } from '@tm/shared/schemas/leads';
import { placeParams, type ListPlace } from '@tm/shared/schemas/paging';

export const myAppointmentsKey = ['/api/vapi/my-appointments'] as const;

const queryString = (place: number | ListPlace, q: string) => new URLSearchParams({ ...placeParams(place), ...(q ? { q } : {}) }).toString();

export async function getMyAppointments(place: number | ListPlace, q = ''): Promise<Paged<PurchasedAppointment>> {
  return (await api.getJson<Paged<PurchasedAppointment>>(`/api/vapi/my-appointments?${queryString(place, q)}`))!;
}

/** The CSV of My Appointments (the same search), for the agent's CRM. */
export const myAppointmentsCsvUrl = (q: string) => `/api/vapi/my-appointments/export.csv${q ? `?q=${encodeURIComponent(q)}` : ''}`;

export const myAppointmentsQuery = (place: number | ListPlace, q = '') =>
  queryOptions({ queryKey: [...myAppointmentsKey, place, q], queryFn: () => getMyAppointments(place, q), placeholderData: keepPreviousData });

export function useMyAppointments(place: number | ListPlace, q = '') {
  return useQuery(myAppointmentsQuery(place, q));
}
