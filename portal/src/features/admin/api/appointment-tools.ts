// The admin's tools for one appointment: GET /api/admin/appointments/:id, PATCH (edit), POST .../withdraw,
// .../restore, .../assign, .../unassign. Each change refreshes the detail and the appointments list.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { AdminAppointmentDetail } from '@tm/shared/schemas/admin';
import { adminKeys } from './keys.ts';

type Answer = { appointment: AdminAppointmentDetail };

export function useAdminAppointment(id: number | null) {
  return useQuery({
    queryKey: [...adminKeys.appointment, id],
    queryFn: async () => (await api.getJson<Answer>(`/api/admin/appointments/${id}`))!.appointment,
    enabled: id !== null,
  });
}

export type AppointmentAction =
  | { kind: 'edit'; values: Record<string, string | null> }
  | { kind: 'withdraw'; reason: string }
  | { kind: 'restore' }
  | { kind: 'assign'; agentId: number }
  | { kind: 'unassign' };

export function useAppointmentAction(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (a: AppointmentAction) => {
      const base = `/api/admin/appointments/${id}`;
      const res =
        a.kind === 'edit'
          ? await api.requestJson<Answer>('PATCH', base, a.values)
          : a.kind === 'withdraw'
            ? await api.requestJson<Answer>('POST', `${base}/withdraw`, { reason: a.reason })
            : a.kind === 'assign'
              ? await api.requestJson<Answer>('POST', `${base}/assign`, { agentId: a.agentId })
              : await api.requestJson<Answer>('POST', `${base}/${a.kind}`, {});
      return res!.appointment;
    },
    onSuccess: (appointment) => qc.setQueryData([...adminKeys.appointment, id], appointment),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: adminKeys.appointments });
      void qc.invalidateQueries({ queryKey: adminKeys.audit });
    },
  });
}
