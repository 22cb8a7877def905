// GET /api/vapi/available-appointments?page=: AI call records for sale.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { AppointmentForSale } from '@tm/shared/schemas/dashboard';
import type { Paged } from '@tm/shared/schemas/leads';

export const availableAppointmentsKey = ['/api/vapi/available-appointments'] as const;

export async function getAvailableAppointments(page: number): Promise<Paged<AppointmentForSale>> {
  return (await api.getJson<Paged<AppointmentForSale>>(`/api/vapi/available-appointments?page=${page}`))!;
}

export const availableAppointmentsQuery = (page: number) =>
  queryOptions({ queryKey: [...availableAppointmentsKey, page], queryFn: () => getAvailableAppointments(page), placeholderData: keepPreviousData });

export function useAvailableAppointments(page: number) {
  return useQuery(availableAppointmentsQuery(page));
}
