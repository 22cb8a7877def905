// POST /api/admin/lead-imports/:id/run starts the import as a background job (202 at once); its
// progress is polled from GET /api/admin/lead-imports/:id until it is done (or failed).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@tm/shared/api-client';
import type { ColumnMapping, ImportProgressEvent, LeadImportSummary } from '@tm/shared/schemas/admin';
import { adminKeys } from './keys.ts';

export interface RunInput {
  importId: number;
  mapping: ColumnMapping;
  dryRun?: boolean;
  onEvent: (e: ImportProgressEvent) => void;
  pollMs?: number;
}

interface ImportState {
  import: LeadImportSummary;
  progress: ImportProgressEvent | null;
}

export async function runLeadImport({
  importId,
  mapping,
  dryRun = false,
  onEvent,
  pollMs = 400,
}: RunInput): Promise<Extract<ImportProgressEvent, { type: 'done' }>> {
  let state = await api.requestJson<ImportState>('POST', `/api/admin/lead-imports/${importId}/run`, { mapping, dryRun });
  let last = '';
  for (;;) {
    const p = state.progress;
    if (p) {
      const seen = JSON.stringify(p);
      if (seen !== last) {
        last = seen;
        onEvent(p);
      }
      if (p.type === 'done') return p;
      if (p.type === 'error') throw new ApiError(p.error, 500, { error: p.error });
    }
    await new Promise((r) => setTimeout(r, pollMs));
    state = await api.requestJson<ImportState>('GET', `/api/admin/lead-imports/${importId}`);
  }
}

export function useRunLeadImport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: runLeadImport,
    onSettled: () => {
      qc.invalidateQueries({ queryKey: adminKeys.pool });
      qc.invalidateQueries({ queryKey: adminKeys.importErrors });
    },
  });
}
