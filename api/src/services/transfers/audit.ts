// The ledger's audit log: every change to calls, disputes, balances and agent controls, with who did it
// and the state before and after. Written in the same transaction as the change it records.
import type { Knex } from 'knex';
import type { AuditEntryView } from '@tm/shared/schemas/transfers';
import type { Page } from '@tm/shared/schemas/paging';
import type { Db } from '../../db/index.ts';
import { toDbDate, toIso } from '../../db/dates.ts';
import { LedgerAuditEntry, User } from '../../models/index.ts';
import { readPage, withItems } from '../../db/paging.ts';

export type ActorType = AuditEntryView['actor']['type'];
export interface Actor {
  type: ActorType;
  id: number | null;
}
export const SYSTEM: Actor = { type: 'system', id: null };
export const CALLER_SYSTEM: Actor = { type: 'caller', id: null };

export interface AuditInput {
  actor: Actor;
  action: string;
  entity: 'call' | 'dispute' | 'settings' | 'agent';
  entityId: number | null;
  userId: number | null;
  before?: unknown;
  after?: unknown;
  at: Date;
}

export async function writeAudit(trx: Knex | Knex.Transaction, e: AuditInput): Promise<void> {
  await LedgerAuditEntry.query(trx).insert({
    actorType: e.actor.type,
    actorId: e.actor.id,
    action: e.action,
    entityType: e.entity,
    entityId: e.entityId,
    userId: e.userId,
    beforeJson: e.before === undefined ? null : JSON.stringify(e.before),
    afterJson: e.after === undefined ? null : JSON.stringify(e.after),
    createdAt: toDbDate(e.at),
  });
}

type AuditRow = LedgerAuditEntry & {
  actorFirst: string | null;
  actorLast: string | null;
  agentFirst: string | null;
  agentLast: string | null;
};

/** A stored before/after value: JSON when it parses, else the text as stored. */
export const parseAuditValue = (s: string | null): unknown => {
  if (s === null) return null;
  try {
    return JSON.parse(s);
  } catch {
    return s;
  }
};
export const fullName = (first: string | null, last: string | null) => (first === null ? null : `${first} ${last ?? ''}`.trim());

export async function listAudit(db: Db, q: { agentId?: number; entity?: AuditInput['entity']; page: number; pageSize: number }): Promise<Page<AuditEntryView>> {
  const base = LedgerAuditEntry.query(db).alias('l');
  if (q.agentId) base.where('l.userId', q.agentId);
  if (q.entity) base.where('l.entityType', q.entity);
  const rows = base
    .clone()
    .leftJoin(`${User.tableName} as a`, 'a.id', 'l.actorId')
    .leftJoin(`${User.tableName} as g`, 'g.id', 'l.userId')
    .select('l.*', 'a.firstName as actorFirst', 'a.lastName as actorLast', 'g.firstName as agentFirst', 'g.lastName as agentLast')
    .orderBy([
      { column: 'l.createdAt', order: 'desc' },
      { column: 'l.id', order: 'desc' },
    ]);
  const page = await readPage<AuditRow>(q, { rows, count: base });
  return withItems(
    page,
    page.items.map((r) => ({
      id: Number(r.id),
      at: toIso(r.createdAt) ?? '',
      actor: { type: r.actorType as ActorType, id: r.actorId === null ? null : Number(r.actorId), name: fullName(r.actorFirst, r.actorLast) },
      action: r.action,
      entity: r.entityType,
      entityId: r.entityId === null ? null : Number(r.entityId),
      agent: r.userId === null ? null : { id: Number(r.userId), name: fullName(r.agentFirst, r.agentLast) ?? '' },
      before: parseAuditValue(r.beforeJson),
      after: parseAuditValue(r.afterJson),
    })),
  );
}
