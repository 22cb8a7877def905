// GET /api/vapi/all-appointments: how many appointments are for sale and how many the agent owns
// (the sidebar's My Appointments badge); refreshed after every purchase or delete.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { AppointmentsOverview } from '@tm/shared/schemas/dashboard';

export const allAppointmentsKey = ['/api/vapi/all-appointments'] as const;

export async function getAllAppointments(): Promise<AppointmentsOverview> {
  return (await api.getJson<AppointmentsOverview>('/api/vapi/all-appointments'))!;
}

export const allAppointmentsQuery = () => queryOptions({ queryKey: allAppointmentsKey, queryFn: getAllAppointments });

export function useAllAppointments() {
  return useQuery(allAppointmentsQuery());
}
