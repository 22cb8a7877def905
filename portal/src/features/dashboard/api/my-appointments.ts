// GET /api/vapi/my-appointments?page=: the agent's purchased appointments.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { PurchasedAppointment } from '@tm/shared/schemas/dashboard';
import type { Paged } from '@tm/shared/schemas/leads';

export const myAppointmentsKey = ['/api/vapi/my-appointments'] as const;

export async function getMyAppointments(page: number): Promise<Paged<PurchasedAppointment>> {
  return (await api.getJson<Paged<PurchasedAppointment>>(`/api/vapi/my-appointments?page=${page}`))!;
}

export const myAppointmentsQuery = (page: number) =>
  queryOptions({ queryKey: [...myAppointmentsKey, page], queryFn: () => getMyAppointments(page), placeholderData: keepPreviousData });

export function useMyAppointments(page: number) {
  return useQuery(myAppointmentsQuery(page));
}
