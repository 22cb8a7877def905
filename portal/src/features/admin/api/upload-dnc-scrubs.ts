// POST /api/admin/dnc-scrubs (text/csv): per-lead scrub results "phone,result,scrubbed_at"; the bad rows
// come back by line and field.
import { useMutation } from '@tanstack/react-query';
import type { ScrubUploadResult } from '@tm/shared/schemas/consent';
import { postCsv } from './post-csv.ts';

export function uploadDncScrubs({ file }: { file: File }): Promise<ScrubUploadResult> {
  return postCsv<ScrubUploadResult>('/api/admin/dnc-scrubs', file);
}

export function useUploadDncScrubs() {
  return useMutation({ mutationFn: uploadDncScrubs });
}
