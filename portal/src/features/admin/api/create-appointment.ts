// POST /api/admin/appointments/brightcall: an appointment entered by hand; the list refreshes.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { BrightcallAppointment, CreateAppointmentValues } from '@tm/shared/schemas/admin';
import { adminKeys } from './keys.ts';

export function createAppointment(input: CreateAppointmentValues): Promise<{ appointment: BrightcallAppointment }> {
  return api.requestJson('POST', '/api/admin/appointments/brightcall', input);
}

export function useCreateAppointment() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createAppointment, onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.appointments }) });
}
