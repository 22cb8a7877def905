// The audit log of the whole business: every admin and training-admin action (and the ledger's own
// entries, services/transfers/audit.ts) with who acted, when, what, whose account it concerned and the
// values before and after. Services call recordAudit with their transaction, so an entry exists exactly
// when its change does. The admin screen and the CSV read it through listAuditLog / auditLogCsv.
import type { Knex } from 'knex';
import { auditChanges, auditValue, changesText, describeAudit, fieldLabel } from '@tm/shared/logic/audit';
import { formatDateTime } from '@tm/shared/logic/format';
import { nextDateKey, startOfLocalDate } from '@tm/shared/logic/transfer-rules';
import type { AuditActorType, AuditLogEntry, AuditLogPage, AuditLogQuery } from '@tm/shared/schemas/audit';
import type { Db } from '../../db/index.ts';
import { toDbDate, toIso } from '../../db/dates.ts';
import { LedgerAuditEntry, TrainingAdmin, User } from '../../models/index.ts';
import { whereAnyContains, whereEmail } from '../../db/like.ts';
import { isEmailTerm } from '@tm/shared/schemas/email-match';
import { readPage, seekBatches, withItems } from '../../db/paging.ts';
import { csvLine } from '../../lib/csv.ts';
import { fullName, parseAuditValue } from '../transfers/audit.ts';

export interface AuditActor {
  type: AuditActorType;
  /** The acting user (null for a training admin, the system or the caller system). */
  id: number | null;
  /** Who it was, as written at the time: a training admin's e-mail, an admin's name. */
  label?: string | null;
}

/** The admin acting in this request (the route passes currentUser(req)). */
export function adminActor(user: { id: number; firstName?: string | null; lastName?: string | null; email?: string | null }): AuditActor {
  const name = `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim();
  return { type: 'admin', id: Number(user.id), label: name || user.email || null };
}

/** An admin by id (a service that was handed only the id), the system when there is none. */
export const adminById = (id: number | null | undefined): AuditActor => (id ? { type: 'admin', id: Number(id) } : { type: 'system', id: null });

/** A training admin (a separate identity, not a user row): recorded by e-mail. */
export async function trainingActor(db: Db | Knex.Transaction, trainingAdminId: number): Promise<AuditActor> {
  const row = await TrainingAdmin.query(db).findById(trainingAdminId).select('email');
  return { type: 'training', id: null, label: row?.email ?? `training admin #${trainingAdminId}` };
}

export interface AuditRecord {
  actor: AuditActor;
  /** "<kind>.<verb>", e.g. user.deactivated, order.refunded. */
  action: string;
  /** The kind of record (shared/logic/audit.ts AUDIT_KINDS). */
  entity: string;
  entityId: number | null;
  /** The user the action concerned (the agent refunded, the account edited), when there is one. */
  userId?: number | null;
  before?: unknown;
  after?: unknown;
  at: Date;
}

/** Writes one entry; `db` is the transaction of the change it records where there is one. */
export async function recordAudit(db: Db | Knex.Transaction, e: AuditRecord): Promise<void> {
  await LedgerAuditEntry.query(db).insert({
    actorType: e.actor.type,
    actorId: e.actor.id,
    actorLabel: e.actor.label ? e.actor.label.slice(0, 255) : null,
    action: e.action,
    entityType: e.entity,
    entityId: e.entityId,
    userId: e.userId ?? null,
    beforeJson: e.before === undefined ? null : JSON.stringify(e.before),
    afterJson: e.after === undefined ? null : JSON.stringify(e.after),
    createdAt: toDbDate(e.at),
  });
}

/** Only the fields that changed, as { before, after } (an edit that changed nothing: null). */
export function changedFields<T extends Record<string, unknown>>(before: T, after: Partial<T>): { before: Partial<T>; after: Partial<T> } | null {
  const b: Partial<T> = {};
  const a: Partial<T> = {};
  for (const k of Object.keys(after) as Array<keyof T>) {
    if (after[k] === undefined) continue;
    if (JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k] ?? null)) {
      b[k] = before[k];
      a[k] = after[k];
    }
  }
  return Object.keys(a).length ? { before: b, after: a } : null;
}

type Row = LedgerAuditEntry & {
  actorFirst: string | null;
  actorLast: string | null;
  actorEmail: string | null;
  subjectFirst: string | null;
  subjectLast: string | null;
  subjectEmail: string | null;
};

function filtered(db: Db, q: AuditLogQuery) {
  const base = LedgerAuditEntry.query(db)
    .alias('l')
    .leftJoin(`${User.tableName} as a`, 'a.id', 'l.actorId')
    .leftJoin(`${User.tableName} as g`, 'g.id', 'l.userId');
  const words = (s: string) => s.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 6);
  // A word with an @ is an address: whole unless the admin chose "contains" (decision 249). Other words are
  // names; only with "contains" do they also match part of an address.
  const who = (w: string, names: string[], emails: string[]) => {
    if (isEmailTerm(w)) whereEmail(base, emails, w, q.emailMatch);
    else whereAnyContains(base, q.emailMatch === 'contains' ? [...names, ...emails] : names, w);
  };
  for (const w of words(q.actor)) who(w, ['a.firstName', 'a.lastName', 'l.actorLabel'], ['a.email', 'l.actorLabel']);
  for (const w of words(q.user)) who(w, ['g.firstName', 'g.lastName'], ['g.email']);
  if (q.kind) base.where('l.entityType', q.kind);
  if (q.from) base.where('l.createdAt', '>=', toDbDate(startOfLocalDate(q.from, q.tz)));
  if (q.to) base.where('l.createdAt', '<', toDbDate(startOfLocalDate(nextDateKey(q.to), q.tz)));
  return base;
}

function toEntry(r: Row): AuditLogEntry {
  const before = parseAuditValue(r.beforeJson);
  const after = parseAuditValue(r.afterJson);
  const subjectName = fullName(r.subjectFirst, r.subjectLast);
  const subject = r.userId === null ? null : { id: Number(r.userId), name: subjectName ?? '', email: r.subjectEmail ?? '' };
  const changes = auditChanges(before, after);
  // A side recorded alone (a creation's fields, a deletion's last values, a refund's figures) is listed as is.
  const single = before === null ? after : after === null ? before : null;
  const details =
    single && typeof single === 'object' && !Array.isArray(single)
      ? Object.entries(single as Record<string, unknown>).map(([k, v]) => ({ field: fieldLabel(k), value: auditValue(k, v) }))
      : [];
  return {
    id: Number(r.id),
    at: toIso(r.createdAt) ?? '',
    actor: {
      type: r.actorType as AuditActorType,
      id: r.actorId === null ? null : Number(r.actorId),
      name: fullName(r.actorFirst, r.actorLast) ?? r.actorLabel ?? null,
      email: r.actorEmail ?? (r.actorType === 'training' ? r.actorLabel : null),
    },
    action: r.action,
    kind: r.entityType,
    entityId: r.entityId === null ? null : Number(r.entityId),
    subject,
    summary: describeAudit({
      action: r.action,
      entity: r.entityType,
      entityId: r.entityId === null ? null : Number(r.entityId),
      subject: subject ? subjectName || subject.email : null,
      before,
      after,
    }),
    changes,
    details,
  };
}

const COLUMNS = [
  'l.*',
  'a.firstName as actorFirst',
  'a.lastName as actorLast',
  'a.email as actorEmail',
  'g.firstName as subjectFirst',
  'g.lastName as subjectLast',
  'g.email as subjectEmail',
];
const NEWEST_FIRST = [
  { column: 'l.createdAt', order: 'desc' as const },
  { column: 'l.id', order: 'desc' as const },
];

export async function listAuditLog(db: Db, q: AuditLogQuery): Promise<AuditLogPage> {
  const base = filtered(db, q);
  const page = await readPage<Row>(q, { rows: base.clone().select(COLUMNS).orderBy(NEWEST_FIRST), count: base });
  return withItems(page, page.items.map(toEntry));
}

const ACTOR_WORD: Record<AuditActorType, string> = { admin: 'Admin', training: 'Training admin', agent: 'Agent', system: 'System', caller: 'Caller system' };

/**
 * The filtered log as CSV in chunks (decision 277): newest first, `batch` entries a statement by keyset on
 * (createdAt, id), at most `limit` rows, times on the admin's clock.
 */
export async function* auditLogCsv(db: Db, q: AuditLogQuery, limit = 50_000, batch = 1000): AsyncGenerator<string> {
  yield csvLine(['When', 'Who', 'Who (e-mail)', 'Role', 'What happened', 'Changes', 'Kind', 'Record', 'User', 'User e-mail', 'Action']);
  const query = () => filtered(db, q).select(COLUMNS).toKnexQuery();
  for await (const rows of seekBatches<Row>(query, NEWEST_FIRST, (r) => [r.createdAt, r.id], batch, limit)) {
    let out = '';
    for (const r of rows) {
      const e = toEntry(r);
      const changes = e.changes.length ? changesText(e.changes) : e.details.map((d) => `${d.field}: ${d.value}`).join('; ');
      out += csvLine([
        formatDateTime(e.at, q.tz),
        e.actor.name ?? ACTOR_WORD[e.actor.type] ?? e.actor.type,
        e.actor.email,
        ACTOR_WORD[e.actor.type] ?? e.actor.type,
        e.summary,
        changes,
        e.kind,
        e.entityId,
        e.subject?.name,
        e.subject?.email,
        e.action,
      ]);
    }
    yield out;
  }
}
