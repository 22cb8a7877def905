// Bulk assignment by filter and count (issue 36 point 3): POST .../assign-by-filter (dryRun: the preview),
// GET /api/admin/assignment-batches and POST /api/admin/assignment-batches/:id/undo. Assigning or undoing
// changes the pool, the appointments and the batches, so those lists refresh.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { Page } from '@tm/shared/schemas/admin';
import type { AssignAppointmentsByFilterValues, AssignByFilterResult, AssignLeadsByFilterValues, AssignmentBatchView } from '@tm/shared/schemas/admin-console';
import { adminKeys } from './keys.ts';

const batchesKey = ['admin', 'assignment-batches'] as const;

export const batchesQuery = (page: number) =>
  queryOptions({
    queryKey: [...batchesKey, page],
    queryFn: async () => (await api.getJson<Page<AssignmentBatchView>>(`/api/admin/assignment-batches?page=${page}&pageSize=10`))!,
    placeholderData: keepPreviousData,
  });

export function useAssignmentBatches(page: number) {
  return useQuery(batchesQuery(page));
}

function useRefresh() {
  const qc = useQueryClient();
  return (dryRun: boolean) => {
    if (dryRun) return;
    void qc.invalidateQueries({ queryKey: batchesKey });
    void qc.invalidateQueries({ queryKey: adminKeys.pool });
    void qc.invalidateQueries({ queryKey: adminKeys.appointments });
    void qc.invalidateQueries({ queryKey: adminKeys.users });
  };
}

export function useAssignLeadsByFilter() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (v: AssignLeadsByFilterValues) => api.requestJson<AssignByFilterResult>('POST', '/api/admin/lead-pool/assign-by-filter', v),
    onSuccess: (_d, v) => refresh(v.dryRun),
  });
}

export function useAssignAppointmentsByFilter() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (v: AssignAppointmentsByFilterValues) => api.requestJson<AssignByFilterResult>('POST', '/api/admin/appointments/assign-by-filter', v),
    onSuccess: (_d, v) => refresh(v.dryRun),
  });
}

export function useUndoBatch() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (batchId: number) => api.requestJson<{ batch: AssignmentBatchView }>('POST', `/api/admin/assignment-batches/${batchId}/undo`),
    onSuccess: () => refresh(false),
  });
}
