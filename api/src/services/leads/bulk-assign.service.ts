// Bulk assignment by filter and count (issue 36 point 3): "200 Texas leads aged 30-60 days to this agent",
// and the same for appointments for sale by state and call day. A dry run says how many match; a real run
// assigns up to `count` of them in one transaction as one batch (assignment_batches): one audit entry and
// one mail to the agent per batch, and the batch can be undone as one. Oldest first (the pool in import
// order, appointments by call time), so stock does not age while newer rows go out.
import type { Knex } from 'knex';
import { raw } from 'objection';
import type { AssignAppointmentsByFilterValues, AssignByFilterResult, AssignLeadsByFilterValues, AssignmentBatchView } from '@tm/shared/schemas/admin-console';
import { ASSIGNMENT_BATCH_UNDONE_MESSAGE } from '@tm/shared/schemas/admin-console';
import type { ListQuery, Page } from '@tm/shared/schemas/admin';
import { nextDateKey, startOfLocalDate } from '@tm/shared/logic/transfer-rules';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { toDbDate, toIso } from '../../db/dates.ts';
import { conflict, notFound } from '../../errors.ts';
import { readPage, withItems } from '../../db/paging.ts';
import { Appointment, AssignmentBatch, LeadAssignment, LeadPoolEntry, User } from '../../models/index.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { recipientTimeZone } from '../accounts/agent-time-zone.ts';
import { enqueueUserMail } from '../mail/account-mail.ts';
import { appointmentsAssignedMail, leadsAssignedMail } from '../mail/delivery-messages.ts';
import { refuseAdminPaused } from '../transfers/settings.service.ts';
import { emitWebhookEvents } from '../webhooks/webhooks.service.ts';
import { copyToAgent } from '../lead-import/pool.service.ts';

export const DEACTIVATED_AGENT_MESSAGE = "This agent's account is deactivated: reactivate it before assigning to it";
export const MOVED_MEANWHILE_MESSAGE = 'Some of the matching rows were taken meanwhile. Preview again and retry.';
const DAY_MS = 86_400_000;

/** The agent a batch goes to: 404 unknown, 409 deactivated or paused by an admin. */
async function assignableAgent(db: Db, agentId: number, now: Date): Promise<{ id: number; email: string }> {
  const agent = await User.query(db).findById(agentId).select('id', 'email', 'deactivatedAt');
  if (!agent) throw notFound('Agent not found');
  if (agent.deactivatedAt) throw conflict(DEACTIVATED_AGENT_MESSAGE, { agentId: DEACTIVATED_AGENT_MESSAGE });
  await refuseAdminPaused(db, agentId, now);
  return { id: Number(agent.id), email: agent.email };
}

const total = (row: unknown) => Number((row as { n?: number | string } | undefined)?.n ?? 0);

// ---------------------------------------------------------------------------------------------
// Leads from the pool

/** Unassigned pool leads matching the filter (a plain where-clause set on lead_pool). */
function matchingLeads(db: Db | Knex.Transaction, f: AssignLeadsByFilterValues, now: Date) {
  const q = LeadPoolEntry.query(db).whereNull('assignedAt');
  if (f.states.length) q.whereIn('state', f.states);
  // A lead's age: days since its form was filled, or since its import when the file gave no date.
  const filled = raw('COALESCE(?, ?)', [LeadPoolEntry.ref('formFillTime'), LeadPoolEntry.ref('createdAt')]);
  if (f.ageFrom !== null) q.where(filled, '<=', toDbDate(new Date(now.getTime() - f.ageFrom * DAY_MS)));
  if (f.ageTo !== null) q.where(filled, '>', toDbDate(new Date(now.getTime() - (f.ageTo + 1) * DAY_MS)));
  return q;
}

export async function assignLeadsByFilter(
  db: Db,
  actor: AuditActor,
  f: AssignLeadsByFilterValues,
  now: Date,
  config: AppConfig,
): Promise<AssignByFilterResult> {
  const agent = await assignableAgent(db, f.agentId, now);
  const matched = total(await matchingLeads(db, f, now).count({ n: '*' }).first());
  if (f.dryRun || matched === 0) return { matched, assigned: 0, batchId: null };
  const at = toDbDate(now);
  return db.transaction(async (trx) => {
    const rows = await matchingLeads(trx, f, now).orderBy('id').limit(f.count);
    const ids = rows.map((r) => Number(r.id));
    const { filter, batch } = await newBatch(trx, 'leads', agent.id, actor, f, matched, ids.length, at);
    // Claim them: if another admin took any in between, nothing is assigned.
    const claimed = await LeadPoolEntry.query(trx)
      .whereIn('id', ids)
      .whereNull('assignedAt')
      .patch({ assignedAgentId: agent.id, assignedAt: at, assignBatchId: batch.id });
    if (Number(claimed) !== ids.length) throw conflict(MOVED_MEANWHILE_MESSAGE);
    await copyToAgent(trx, rows, agent.id, actor.id, at);
    await recordAudit(trx, {
      actor,
      action: 'lead.assigned',
      entity: 'lead',
      entityId: null,
      userId: agent.id,
      after: { count: ids.length, batchId: batch.id, filter, matched, leadIds: ids.slice(0, 100) },
      at: now,
    });
    await enqueueUserMail(trx, config, agent.id, now, (to) => leadsAssignedMail(config, to, ids.length));
    return { matched, assigned: ids.length, batchId: batch.id };
  });
}

async function newBatch(
  trx: Knex.Transaction,
  kind: 'leads' | 'appointments',
  agentId: number,
  actor: AuditActor,
  f: Record<string, unknown>,
  matched: number,
  assigned: number,
  at: string,
) {
  const { dryRun: _dry, agentId: _agent, ...filter } = f;
  const batch = await AssignmentBatch.query(trx).insert({
    kind,
    agentId,
    adminId: actor.type === 'admin' ? actor.id : null,
    filterJson: JSON.stringify(filter),
    matched,
    assigned,
    createdAt: at,
  });
  return { filter, batch };
}

// ---------------------------------------------------------------------------------------------
// Appointments for sale

/** Appointments for sale (not withdrawn, not being bought) matching the filter. */
function matchingAppointments(db: Db | Knex.Transaction, f: AssignAppointmentsByFilterValues, timeZone: string) {
  const q = Appointment.query(db).where('status', 'available').whereNull('reservedOrderId');
  if (f.states.length) q.whereIn('customerState', f.states);
  // The call's day, as Buy Appointments reads it (the call date, else when the record was made).
  const callDay = raw('COALESCE(?, ?)', [Appointment.ref('callDate'), Appointment.ref('createdAt')]);
  if (f.from) q.where(callDay, '>=', toDbDate(startOfLocalDate(f.from, timeZone)));
  if (f.to) q.where(callDay, '<', toDbDate(startOfLocalDate(nextDateKey(f.to), timeZone)));
  return q;
}

export async function assignAppointmentsByFilter(
  db: Db,
  actor: AuditActor,
  f: AssignAppointmentsByFilterValues,
  now: Date,
  config: AppConfig,
): Promise<AssignByFilterResult> {
  const agent = await assignableAgent(db, f.agentId, now);
  const timeZone = f.timeZone ?? (actor.id ? await recipientTimeZone(db, actor.id) : 'America/New_York');
  const matched = total(await matchingAppointments(db, f, timeZone).count({ n: '*' }).first());
  if (f.dryRun || matched === 0) return { matched, assigned: 0, batchId: null };
  const at = toDbDate(now);
  return db.transaction(async (trx) => {
    const rows = await matchingAppointments(trx, f, timeZone).select('id').orderByRaw('COALESCE(??, ??), ??', ['callDate', 'createdAt', 'id']).limit(f.count);
    const ids = rows.map((r) => Number(r.id));
    const { filter, batch } = await newBatch(trx, 'appointments', agent.id, actor, { ...f, timeZone }, matched, ids.length, at);
    const n = await Appointment.query(trx)
      .whereIn('id', ids)
      .where('status', 'available')
      .whereNull('reservedOrderId')
      .patch({ status: 'sold', buyerId: agent.id, purchasedAt: at, buyerDeletedAt: null, assignBatchId: batch.id });
    if (Number(n) !== ids.length) throw conflict(MOVED_MEANWHILE_MESSAGE);
    await recordAudit(trx, {
      actor,
      action: 'appointment.assigned_batch',
      entity: 'appointment',
      entityId: null,
      userId: agent.id,
      after: { count: ids.length, batchId: batch.id, filter, matched, appointmentIds: ids.slice(0, 100) },
      at: now,
    });
    await emitWebhookEvents(trx, now, agent.id, 'appointment.assigned', ids);
    await enqueueUserMail(trx, config, agent.id, now, (to) => appointmentsAssignedMail(config, to, ids.length));
    return { matched, assigned: ids.length, batchId: batch.id };
  });
}

// ---------------------------------------------------------------------------------------------
// Batches: the list and undo

type BatchRow = AssignmentBatch & { agentEmail: string | null };

function toView(b: BatchRow): AssignmentBatchView {
  return {
    id: Number(b.id),
    kind: b.kind,
    agent: { id: Number(b.agentId), email: b.agentEmail ?? null },
    filter: JSON.parse(b.filterJson) as Record<string, unknown>,
    matched: Number(b.matched),
    assigned: Number(b.assigned),
    createdAt: toIso(b.createdAt)!,
    undoneAt: toIso(b.undoneAt),
    undoneCount: b.undoneCount === null ? null : Number(b.undoneCount),
  };
}

/** The batches, newest first, with their agent's e-mail. */
export async function listAssignmentBatches(db: Db, query: ListQuery): Promise<Page<AssignmentBatchView>> {
  const base: Knex.QueryBuilder = AssignmentBatch.query(db)
    .alias('b')
    .leftJoin(`${User.tableName} as u`, 'u.id', 'b.agentId')
    .select('b.*', 'u.email as agentEmail')
    .toKnexQuery();
  const rows = base.clone().orderBy([
    { column: 'b.createdAt', order: 'desc' },
    { column: 'b.id', order: 'desc' },
  ]);
  const count: Knex.QueryBuilder = AssignmentBatch.query(db).toKnexQuery();
  const page = await readPage<BatchRow>(query, { rows, count });
  return withItems(page, page.items.map(toView));
}

/**
 * Undoes a batch: what it gave that its agent still has goes back (pool leads wait in the pool again, their
 * My Leads copies go; appointments go back on sale). Rows moved on since (reassigned, unassigned) stay where
 * they are. One audit entry; 409 when the batch was undone before.
 */
export async function undoAssignmentBatch(db: Db, actor: AuditActor, batchId: number, now: Date): Promise<AssignmentBatchView> {
  return db.transaction(async (trx) => {
    const batch = await AssignmentBatch.query(trx).findById(batchId).forUpdate();
    if (!batch) throw notFound('Assignment batch not found');
    if (batch.undoneAt) throw conflict(ASSIGNMENT_BATCH_UNDONE_MESSAGE);
    const agentId = Number(batch.agentId);
    let undone: number;
    if (batch.kind === 'leads') {
      const rows = await LeadPoolEntry.query(trx)
        .where({ assignBatchId: batchId, assignedAgentId: agentId })
        .whereNotNull('assignedAt')
        .select('id', 'assignmentId');
      const ids = rows.map((r) => Number(r.id));
      const copies = rows.map((r) => r.assignmentId).filter((x): x is number => x !== null);
      if (ids.length) {
        await LeadPoolEntry.query(trx).whereIn('id', ids).patch({ assignedAgentId: null, assignedAt: null, assignmentId: null, assignBatchId: null });
      }
      if (copies.length) await LeadAssignment.query(trx).whereIn('id', copies).delete();
      undone = ids.length;
    } else {
      // Only what is still the agent's free assignment from this batch (never a row bought through an order).
      undone = Number(
        await Appointment.query(trx)
          .where({ assignBatchId: batchId, buyerId: agentId, status: 'sold' })
          .whereNull('reservedOrderId')
          .patch({ status: 'available', buyerId: null, purchasedAt: null, buyerDeletedAt: null, assignBatchId: null }),
      );
    }
    await AssignmentBatch.query(trx)
      .findById(batchId)
      .patch({ undoneAt: toDbDate(now), undoneBy: actor.id, undoneCount: undone });
    await recordAudit(trx, {
      actor,
      action: batch.kind === 'leads' ? 'lead.unassigned' : 'appointment.unassigned_batch',
      entity: batch.kind === 'leads' ? 'lead' : 'appointment',
      entityId: null,
      userId: agentId,
      before: { batchId, assigned: Number(batch.assigned) },
      after: { count: undone, batchId, agent: null },
      at: now,
    });
    const row = (await AssignmentBatch.query(trx)
      .alias('b')
      .leftJoin(`${User.tableName} as u`, 'u.id', 'b.agentId')
      .where('b.id', batchId)
      .select('b.*', 'u.email as agentEmail')
      .first()) as unknown as BatchRow;
    return toView(row);
  });
}
