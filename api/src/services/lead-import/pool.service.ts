// The pool of imported leads waiting for an agent, and assigning chosen ones: each becomes a
// lead_assignments row (the agent's My Leads). A lead is assigned once, even under concurrent admins.
import type { AppConfig } from '../../config.ts';
import { enqueueUserMail } from '../mail/account-mail.ts';
import { leadsAssignedMail } from '../mail/delivery-messages.ts';
import type { Db } from '../../db/index.ts';
import type { AssignLeadsInput, Page, PoolLead } from '@tm/shared/schemas/admin';
import type { Knex } from 'knex';
import type { z } from 'zod';
import type { ModelObject } from 'objection';
import type { poolQuerySchema } from '@tm/shared/schemas/admin';
import { conflict, notFound } from '../../errors.ts';
import { toCalendarDateOrIso, toDbDate, toIso } from '../../db/dates.ts';
import { readPage, withItems } from '../../db/paging.ts';
import { whereAnyContains } from '../../db/like.ts';
import { phoneSearchDigits } from '@tm/shared/logic/phone-search';
import { LeadAssignment, LeadPoolEntry, User } from '../../models/index.ts';
import { refuseDeactivated } from '../accounts/users.service.ts';
import { adminById, recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { refuseAdminPaused } from '../transfers/settings.service.ts';

/** A pool entry's columns (dates in database form) with its agent's e-mail. */
type PoolRow = Pick<
  ModelObject<LeadPoolEntry>,
  'id' | 'name' | 'phone' | 'email' | 'state' | 'zipCode' | 'ageRange' | 'formFillTime' | 'assignedAgentId' | 'assignedAt' | 'createdAt'
> & { assignedAgentEmail: User['email'] | null };

function toPoolLead(r: PoolRow): PoolLead {
  return {
    id: Number(r.id),
    name: r.name,
    phone: r.phone,
    email: r.email ?? null,
    state: r.state ?? null,
    zipCode: r.zipCode ?? null,
    ageRange: r.ageRange ?? null,
    formFillTime: toCalendarDateOrIso(r.formFillTime),
    assignedAgentId: r.assignedAgentId === null ? null : Number(r.assignedAgentId),
    assignedAgentEmail: r.assignedAgentEmail ?? null,
    assignedAt: toIso(r.assignedAt),
    createdAt: toIso(r.createdAt),
  };
}

export async function listPool(db: Db, query: z.output<typeof poolQuerySchema>): Promise<Page<PoolLead>> {
  // A plain Knex builder: its rows carry the joined agent's e-mail too (PoolRow).
  let base: Knex.QueryBuilder = LeadPoolEntry.query(db)
    .alias('p')
    .leftJoin(`${User.tableName} as u`, 'u.id', 'p.assignedAgentId')
    .select(
      'p.id',
      'p.name',
      'p.phone',
      'p.email',
      'p.state',
      'p.zipCode',
      'p.ageRange',
      'p.formFillTime',
      'p.assignedAgentId',
      'u.email as assignedAgentEmail',
      'p.assignedAt',
      'p.createdAt',
    )
    .toKnexQuery();
  if (query.status === 'unassigned') base = base.whereNull('p.assignedAt');
  if (query.status === 'assigned') base = base.whereNotNull('p.assignedAt');
  // Pool phones are stored as 10 digits (unique index): a whole phone in any form is matched on it exactly
  // (issue 36 point 5), a plain where-clause that composes with any paging.
  const phone = phoneSearchDigits(query.q);
  if (phone) base = base.where('p.phone', phone);
  for (const term of phone ? [] : query.q.split(/\s+/).filter(Boolean).slice(0, 5)) {
    // Part of a number is searched by its digits.
    const t = /^[\d().+-]+$/.test(term) && /\d/.test(term) ? term.replace(/\D/g, '') : term;
    base = whereAnyContains(base, ['p.name', 'p.phone', 'p.email', 'p.state'], t);
  }
  // Oldest first by id, read by keyset on it (decision 236): any depth costs what page 1 does.
  const page = await readPage<PoolRow>(query, { rows: base.clone(), count: base, keyset: { order: [{ column: 'p.id', order: 'asc' }] } });
  return withItems(page, page.items.map(toPoolLead));
}

type PoolMove = { ids: number[]; agent: { id: number; email: string }; at: string; trx: Knex.Transaction };

/**
 * Gives chosen pool leads to an agent in one transaction: `move` does the moving and its audit, then the
 * agent is e-mailed once about them all. 404 when the agent does not exist. Answers how many.
 */
async function moveToAgent(db: Db, input: AssignLeadsInput, now: Date, config: AppConfig, move: (m: PoolMove) => Promise<void>) {
  const ids = [...new Set(input.leadIds)];
  const agent = await User.query(db).findById(input.agentId).select('id', 'email', 'deactivatedAt');
  if (!agent) throw notFound('Agent not found');
  refuseDeactivated(agent);
  await refuseAdminPaused(db, Number(agent.id), now);
  const at = toDbDate(now);
  await db.transaction(async (trx) => {
    await move({ ids, agent: { id: Number(agent.id), email: agent.email }, at, trx });
    await enqueueUserMail(trx, config, agent.id, now, (to) => leadsAssignedMail(config, to, ids.length));
  });
  return { count: ids.length, agentId: agent.id };
}

/**
 * The agent's own copy of each claimed pool lead (My Leads reads these), linked back from the pool row. The
 * caller has claimed the rows in the same transaction (by hand or by a bulk filter).
 */
export async function copyToAgent(trx: Db, rows: LeadPoolEntry[], agentId: number, assignedBy: number | null, at: string): Promise<void> {
  for (const r of rows) {
    const assignment = await LeadAssignment.query(trx).insert({
      agentId,
      name: r.name,
      phone: r.phone,
      email: r.email,
      state: r.state,
      zipCode: r.zipCode,
      ageRange: r.ageRange,
      formFillTime: r.formFillTime,
      assignedBy,
      assignedAt: at,
      createdAt: at,
    });
    await LeadPoolEntry.query(trx).findById(r.id).patch({ assignmentId: assignment.id });
  }
}

export async function assignLeads(
  db: Db,
  adminId: number,
  input: AssignLeadsInput,
  now: Date,
  config: AppConfig,
): Promise<{ assigned: number; agentId: number }> {
  const { count, agentId } = await moveToAgent(db, input, now, config, async ({ ids, agent, at, trx }) => {
    // Claim the unassigned ones first; if any was taken meanwhile (or does not exist), undo everything.
    const claimed = await LeadPoolEntry.query(trx).whereIn('id', ids).whereNull('assignedAt').patch({ assignedAgentId: agent.id, assignedAt: at });
    if (Number(claimed) !== ids.length) throw conflict('Some of the selected leads are already assigned or no longer exist. Refresh the list and try again.');
    const rows = await LeadPoolEntry.query(trx).whereIn('id', ids).orderBy('id');
    await copyToAgent(trx, rows, agent.id, adminId, at);
    await recordAudit(trx, {
      actor: adminById(adminId),
      action: 'lead.assigned',
      entity: 'lead',
      entityId: null,
      userId: agent.id,
      after: { count: ids.length, leadIds: ids.slice(0, 100) },
      at: now,
    });
  });
  return { assigned: count, agentId };
}

export const ONLY_ASSIGNED_MESSAGE = 'Some of the selected leads are not assigned. Refresh the list and try again.';
export const ONLY_UNASSIGNED_MESSAGE = 'Only unassigned leads can be deleted; unassign them first.';

type AssignedRow = { id: number; name: string; assignedAgentId: number | null; assignmentId: number | null; agentEmail: string | null };

/** The chosen pool leads, every one of them assigned (else 409), with their agent's e-mail. */
async function assignedRows(trx: Knex.Transaction, ids: number[]): Promise<AssignedRow[]> {
  const rows = (await LeadPoolEntry.query(trx)
    .alias('p')
    .leftJoin(`${User.tableName} as u`, 'u.id', 'p.assignedAgentId')
    .whereIn('p.id', ids)
    .whereNotNull('p.assignedAt')
    .select('p.id', 'p.name', 'p.assignedAgentId', 'p.assignmentId', 'u.email as agentEmail')) as unknown as AssignedRow[];
  if (rows.length !== ids.length) throw conflict(ONLY_ASSIGNED_MESSAGE);
  return rows;
}

/** The rows' lead ids by the agent that had them (null: an agent since removed), with that agent's e-mail. */
function byAgent(rows: AssignedRow[]): Map<number | null, { email: string | null; ids: number[] }> {
  const groups = new Map<number | null, { email: string | null; ids: number[] }>();
  for (const r of rows) {
    const key = r.assignedAgentId === null ? null : Number(r.assignedAgentId);
    const entry = groups.get(key) ?? { email: r.agentEmail, ids: [] };
    entry.ids.push(Number(r.id));
    groups.set(key, entry);
  }
  return groups;
}

/** The My Leads copies of the rows. */
const assignmentIdsOf = (rows: AssignedRow[]) => rows.map((r) => r.assignmentId).filter((x): x is number => x !== null);

/**
 * Takes assigned pool leads back: their copies leave the agents' My Leads and they wait in the pool
 * again (to be reassigned). One audit entry per agent concerned.
 */
export async function unassignLeads(db: Db, actor: AuditActor, leadIds: number[], now: Date): Promise<{ unassigned: number }> {
  const ids = [...new Set(leadIds)];
  return db.transaction(async (trx) => {
    const rows = await assignedRows(trx, ids);
    const n = await LeadPoolEntry.query(trx)
      .whereIn('id', ids)
      .whereNotNull('assignedAt')
      .patch({ assignedAgentId: null, assignedAt: null, assignmentId: null });
    if (Number(n) !== ids.length) throw conflict(ONLY_ASSIGNED_MESSAGE);
    const assignmentIds = assignmentIdsOf(rows);
    if (assignmentIds.length) await LeadAssignment.query(trx).whereIn('id', assignmentIds).delete();
    for (const [agentId, { email, ids: list }] of byAgent(rows)) {
      if (agentId === null) continue;
      // Before: whose My Leads they were in; after: back in the pool (no agent).
      await recordAudit(trx, {
        actor,
        action: 'lead.unassigned',
        entity: 'lead',
        entityId: null,
        userId: agentId,
        before: { agent: email },
        after: { count: list.length, leadIds: list.slice(0, 100), agent: null },
        at: now,
      });
    }
    return { unassigned: ids.length };
  });
}

/**
 * Deletes unassigned pool leads (a bad import row, a duplicate). All or nothing: an assigned lead (in an
 * agent's My Leads) is never deleted, and the 409 names it and its agent.
 */
export async function deletePoolLeads(db: Db, actor: AuditActor, leadIds: number[], now: Date): Promise<{ deleted: number }> {
  const ids = [...new Set(leadIds)];
  return db.transaction(async (trx) => {
    const rows = (await LeadPoolEntry.query(trx)
      .alias('p')
      .leftJoin(`${User.tableName} as u`, 'u.id', 'p.assignedAgentId')
      .whereIn('p.id', ids)
      .select('p.id', 'p.name', 'p.assignedAt', 'u.email as agentEmail')) as unknown as Array<{
      id: number;
      name: string;
      assignedAt: string | null;
      agentEmail: string | null;
    }>;
    const missing = ids.find((id) => !rows.some((r) => Number(r.id) === id));
    if (missing !== undefined) throw notFound(`Lead #${missing} no longer exists. Refresh the list and try again.`);
    const assigned = rows.filter((r) => r.assignedAt !== null);
    if (assigned.length) {
      const named = assigned
        .slice(0, 5)
        .map((r) => `Lead #${Number(r.id)} (${r.name}) is assigned to ${r.agentEmail ?? 'a removed user'}`)
        .join('; ');
      throw conflict(`Nothing was deleted. ${named}${assigned.length > 5 ? ` (and ${assigned.length - 5} more)` : ''}. ${ONLY_UNASSIGNED_MESSAGE}`);
    }
    const n = await LeadPoolEntry.query(trx).whereIn('id', ids).whereNull('assignedAt').delete();
    if (Number(n) !== ids.length) throw conflict(ONLY_UNASSIGNED_MESSAGE);
    await recordAudit(trx, {
      actor,
      action: 'lead.deleted',
      entity: 'lead',
      entityId: null,
      before: { count: ids.length, leadIds: ids.slice(0, 100), from: 'pool', leads: rows.slice(0, 20).map((r) => ({ id: Number(r.id), name: r.name })) },
      at: now,
    });
    return { deleted: ids.length };
  });
}

/**
 * Moves assigned pool leads to another agent: their My Leads copies change hands (the same rows, so
 * nothing is duplicated), the new agent is e-mailed as for an assignment, and the audit log gets a
 * "taken back" entry for each previous agent and one "reassigned" entry for the new one (with who had them).
 */
export async function reassignLeads(
  db: Db,
  actor: AuditActor,
  input: AssignLeadsInput,
  now: Date,
  config: AppConfig,
): Promise<{ reassigned: number; agentId: number }> {
  const { count, agentId } = await moveToAgent(db, input, now, config, async ({ ids, agent, at, trx }) => {
    const rows = await assignedRows(trx, ids);
    const already = rows.find((r) => Number(r.assignedAgentId) === agent.id);
    if (already) throw conflict(`Lead #${Number(already.id)} (${already.name}) is already assigned to ${agent.email}`, { agentId: 'Choose another agent' });
    const n = await LeadPoolEntry.query(trx).whereIn('id', ids).whereNotNull('assignedAt').patch({ assignedAgentId: agent.id, assignedAt: at });
    if (Number(n) !== ids.length) throw conflict(ONLY_ASSIGNED_MESSAGE);
    const assignmentIds = assignmentIdsOf(rows);
    if (assignmentIds.length) await LeadAssignment.query(trx).whereIn('id', assignmentIds).patch({ agentId: agent.id, assignedAt: at, assignedBy: actor.id });
    for (const [, { email, ids: list }] of byAgent(rows)) {
      // One entry per move (issue 34 item 8): from whom, to whom.
      const after = { count: list.length, leadIds: list.slice(0, 100), agent: agent.email };
      await recordAudit(trx, { actor, action: 'lead.reassigned', entity: 'lead', entityId: null, userId: agent.id, before: { agent: email }, after, at: now });
    }
  });
  return { reassigned: count, agentId };
}
