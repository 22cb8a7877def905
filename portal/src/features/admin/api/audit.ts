// GET /api/admin/audit (the audit log of the whole business) and the URL of its CSV for the same filters.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { AuditLogPage } from '@tm/shared/schemas/audit';
import type { EmailMatch } from '@tm/shared/schemas/email-match';
import { adminKeys } from './keys.ts';

export interface AuditFilters {
  actor: string;
  user: string;
  /** How an e-mail in Who acted / User concerned matches: the whole address, or a part of it. */
  emailMatch: EmailMatch;
  kind: string;
  from: string;
  to: string;
}

export function auditParams(f: AuditFilters, tz: string, page?: number): URLSearchParams {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (v) p.set(k, v);
  p.set('tz', tz);
  if (page) p.set('page', String(page));
  return p;
}

export const auditCsvUrl = (f: AuditFilters, tz: string) => `/api/admin/audit.csv?${auditParams(f, tz)}`;

export function useAuditLog(f: AuditFilters, tz: string, page: number) {
  return useQuery({
    queryKey: [...adminKeys.audit, f, tz, page],
    queryFn: async () => (await api.getJson<AuditLogPage>(`/api/admin/audit?${auditParams(f, tz, page)}`))!,
    placeholderData: keepPreviousData,
  });
}
