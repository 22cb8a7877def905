// GET /api/vapi/available-appointments?state=&from=&to=&verified=&quality=&sort=&page= (and after= / before=, decision 236): AI call records
// for sale, filtered and sorted by the server; the answer is parsed with the shared output schema (decision 260).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import { appointmentsForSalePageSchema, type AppointmentForSale } from '@tm/shared/schemas/dashboard';
import type { Paged } from '@tm/shared/schemas/leads';
import { EMPTY_APPOINTMENT_FILTERS, appointmentsQueryString, type AppointmentFilters } from '@tm/shared/schemas/appointments';
import type { ListPlace } from '@tm/shared/schemas/paging';

export const availableAppointmentsKey = ['/api/vapi/available-appointments'] as const;

export async function getAvailableAppointments(
  page: number | ListPlace,
  filters: AppointmentFilters = EMPTY_APPOINTMENT_FILTERS,
): Promise<Paged<AppointmentForSale>> {
  return appointmentsForSalePageSchema.parse(await api.getJson(`/api/vapi/available-appointments?${appointmentsQueryString(filters, page)}`));
}

export const availableAppointmentsQuery = (page: number | ListPlace, filters: AppointmentFilters = EMPTY_APPOINTMENT_FILTERS) =>
  queryOptions({
    queryKey: [...availableAppointmentsKey, page, filters],
    queryFn: () => getAvailableAppointments(page, filters),
    placeholderData: keepPreviousData,
  });

export function useAvailableAppointments(page: number | ListPlace, filters: AppointmentFilters = EMPTY_APPOINTMENT_FILTERS) {
  return useQuery(availableAppointmentsQuery(page, filters));
}
