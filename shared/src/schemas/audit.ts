// GET /api/admin/audit (and audit.csv): the audit log of the whole business, filtered by who acted, whose
// account it concerned (both by name or e-mail: an address whole unless `emailMatch=contains`), kind and
// days on the admin's clock.
import { z } from 'zod';
import { AUDIT_KINDS, type AuditChange } from '../logic/audit.ts';
import { DEFAULT_TIME_ZONE, isValidTimeZone } from '../logic/transfer-rules.ts';
import { dateKeySchema } from './appointments.ts';
import { checkPageBound, pageParams, type Page } from './paging.ts';
import { emailMatchParam } from './email-match.ts';

const first = (v: unknown) => (Array.isArray(v) ? v[0] : v);
const text = (name: string) =>
  z.preprocess((v) => (typeof first(v) === 'string' ? String(first(v)).trim() : ''), z.string().max(200, `${name} must be at most 200 characters`));
const blank = (v: unknown) => (first(v) === '' || first(v) === undefined ? undefined : first(v));

export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_DATE_RANGE_MESSAGE = 'The end date must not be before the start date';

export const auditLogQuerySchema = z
  .object({
    ...pageParams(AUDIT_PAGE_SIZE),
    actor: text('Actor'),
    user: text('User'),
    emailMatch: emailMatchParam,
    kind: z.preprocess(blank, z.enum(AUDIT_KINDS.map((k) => k.value) as [string, ...string[]], { error: 'Unknown kind' }).optional()),
    from: z.preprocess(blank, dateKeySchema.optional()),
    to: z.preprocess(blank, dateKeySchema.optional()),
    tz: z.preprocess((v) => blank(v) ?? DEFAULT_TIME_ZONE, z.string().refine(isValidTimeZone, 'Unknown time zone')),
  })
  .superRefine((q, ctx) => {
    checkPageBound(q, ctx);
    if (q.from && q.to && q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: AUDIT_DATE_RANGE_MESSAGE });
  });
export type AuditLogQuery = z.output<typeof auditLogQuerySchema>;

export type AuditActorType = 'admin' | 'training' | 'agent' | 'system' | 'caller';

export interface AuditLogEntry {
  id: number;
  at: string;
  actor: { type: AuditActorType; id: number | null; name: string | null; email: string | null };
  action: string;
  kind: string;
  entityId: number | null;
  subject: { id: number; name: string; email: string } | null;
  /** The sentence: "Refunded $50.00 of order #12". */
  summary: string;
  /** Field: old → new. */
  changes: AuditChange[];
  /** Values recorded without a counterpart (a creation's fields, a refund's figures). */
  details: Array<{ field: string; value: string }>;
}
export type AuditLogPage = Page<AuditLogEntry>;
