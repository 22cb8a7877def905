// GET /api/admin/lead-imports/:id/errors?page=: the refused rows of an import, by row number.
import { queryOptions, useQuery, keepPreviousData } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { ImportRowError, Page } from '@tm/shared/schemas/admin';
import { adminKeys } from './keys.ts';

export const IMPORT_ERRORS_PAGE_SIZE = 50;

export async function getImportErrors(importId: number, page: number): Promise<Page<ImportRowError>> {
  return (await api.getJson<Page<ImportRowError>>(`/api/admin/lead-imports/${importId}/errors?page=${page}&pageSize=${IMPORT_ERRORS_PAGE_SIZE}`))!;
}

export const importErrorsQuery = (importId: number, page: number) =>
  queryOptions({ queryKey: [...adminKeys.importErrors, importId, page], queryFn: () => getImportErrors(importId, page), placeholderData: keepPreviousData });

export function useImportErrors(importId: number | undefined, page: number) {
  return useQuery({ ...importErrorsQuery(importId ?? 0, page), enabled: importId !== undefined });
}
