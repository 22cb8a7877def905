// POST /api/admin/dnc-lists?list=&source= (text/csv): adds the file's numbers to a list; leads with them
// leave sale at once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DncListName, DncUploadResult } from '@tm/shared/schemas/consent';
import { adminKeys } from './keys.ts';
import { postCsv } from './post-csv.ts';

export function uploadDncList({ list, file }: { list: DncListName; file: File }): Promise<DncUploadResult> {
  const params = new URLSearchParams({ list, source: file.name.slice(0, 200) });
  return postCsv<DncUploadResult>(`/api/admin/dnc-lists?${params}`, file);
}

export function useUploadDncList() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: uploadDncList, onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.dncLists }) });
}
