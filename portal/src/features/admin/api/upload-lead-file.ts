// POST /api/admin/lead-imports?target=&kind=&filename=: sends the CSV as the raw body.
// XMLHttpRequest rather than the shared client: fetch cannot report upload progress. Errors are
// raised as the shared ApiError so screens handle them the same way.
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@tm/shared/api-client';
import type { LeadImportTarget, LeadKind, UploadedImport } from '@tm/shared/schemas/admin';

export interface UploadInput {
  file: File;
  target: LeadImportTarget;
  kind?: LeadKind;
  onProgress?: (fraction: number) => void;
}

export function uploadLeadFile({ file, target, kind, onProgress }: UploadInput): Promise<UploadedImport> {
  const params = new URLSearchParams({ target, filename: file.name });
  if (target === 'sale' && kind) params.set('kind', kind);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/admin/lead-imports?${params}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Content-Type', 'text/csv');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && onProgress) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as UploadedImport);
      else reject(new ApiError(`${xhr.status}: ${xhr.responseText || xhr.statusText}`, xhr.status, body));
    };
    xhr.onerror = () => reject(new ApiError('Network error', 0, null));
    xhr.send(file);
  });
}

export function useUploadLeadFile() {
  return useMutation({ mutationFn: uploadLeadFile });
}
