// DELETE /api/vapi/my-appointments/:id: removes a purchased appointment from the agent's list.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import { myAppointmentsKey } from './my-appointments.ts';
import { allAppointmentsKey } from '../../../lib/all-appointments.ts';

export function deleteAppointment(id: number): Promise<{ success: true }> {
  return api.requestJson('DELETE', `/api/vapi/my-appointments/${id}`);
}

export function useDeleteAppointment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteAppointment,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: myAppointmentsKey }), qc.invalidateQueries({ queryKey: allAppointmentsKey })]),
  });
}
