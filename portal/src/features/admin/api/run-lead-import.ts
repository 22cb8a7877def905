// POST /api/admin/lead-imports/:id/run: runs the import with a mapping; the answer is a stream of
// NDJSON progress lines ending with 'done' (or 'error'), read as they arrive.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@tm/shared/api-client';
import type { ColumnMapping, ImportProgressEvent } from '@tm/shared/schemas/admin';
import { adminKeys } from './keys.ts';

export interface RunInput { importId: number; mapping: ColumnMapping; dryRun?: boolean; onEvent: (e: ImportProgressEvent) => void }

export async function runLeadImport({ importId, mapping, dryRun = false, onEvent }: RunInput): Promise<Extract<ImportProgressEvent, { type: 'done' }>> {
  const res = await api.apiRequest('POST', `/api/admin/lead-imports/${importId}/run`, { mapping, dryRun });
  if (!res.body) throw new ApiError('No response body', res.status, null);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let last: ImportProgressEvent | undefined;
  for (;;) {
    const { value, done } = await reader.read();
    if (value) buffer += value;
    let nl: number;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, nl).trim();
      buffer = buffer.slice(nl + 1);
      if (!line) continue;
      last = JSON.parse(line) as ImportProgressEvent;
      onEvent(last);
    }
    if (done) break;
  }
  if (last?.type === 'done') return last;
  const message = last?.type === 'error' ? last.error : 'The import stopped before it finished';
  throw new ApiError(message, 500, { error: message });
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
