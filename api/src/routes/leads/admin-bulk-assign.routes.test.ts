// Issue 36 point 3: bulk assignment by filter and count. A dry run counts and changes nothing; a real run
// assigns `count` of the matching rows as one batch: one audit entry and one mail (real SMTP sink) per
// batch, and the batch is undone as one. The same for appointments by state and call day. Deactivated and
// admin-paused agents are refused with 409.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { loginAs, makeUser } from '../../test/harness.ts';
import { startMailTestApp } from '../../test/smtp-sink.ts';
import { insertAppointment } from '../../test/proof-fixtures.ts';
import { toDbDate } from '../../db/dates.ts';
import { LeadPoolEntry } from '../../models/index.ts';
import { DEACTIVATED_AGENT_MESSAGE } from '../../services/leads/bulk-assign.service.ts';
import { ADMIN_PAUSED_MESSAGE } from '../../services/transfers/settings.service.ts';

let env: Awaited<ReturnType<typeof startMailTestApp>>;
let admin: Awaited<ReturnType<typeof loginAs>>;
const NOW = new Date('2026-06-10T15:00:00Z');
const daysAgo = (d: number) => toDbDate(new Date(NOW.getTime() - d * 86_400_000));
let phoneSeq = 2000000;

async function poolLeads(n: number, state: string, ageDays: number | null) {
  const rows = Array.from({ length: n }, () => ({
    name: `Pool ${state} ${phoneSeq}`,
    phone: `615${String((phoneSeq += 1)).padStart(7, '0')}`,
    state,
    // No form date: the age runs from the import.
    formFillTime: ageDays === null ? null : daysAgo(ageDays),
    createdAt: daysAgo(ageDays ?? 40),
  }));
  for (let i = 0; i < rows.length; i += 100) await env.ctx.db(LeadPoolEntry.tableName).insert(rows.slice(i, i + 100));
}

beforeAll(async () => {
  env = await startMailTestApp();
  env.ctx.clock.set(NOW);
  const a = await makeUser(env.ctx.db, { isAdmin: true });
  admin = await loginAs(env.ctx.app, a.email, a.password);
  await poolLeads(230, 'TX', 45);
  await poolLeads(20, 'TX', null); // imported 40 days ago
  await poolLeads(30, 'TX', 10);
  await poolLeads(30, 'TX', 61);
  await poolLeads(30, 'FL', 45);
});
afterAll(() => env.close());

const byFilter = (body: Record<string, unknown>) => admin.post('/api/admin/lead-pool/assign-by-filter').send(body);
const count = async (table: string, where: Record<string, unknown>) => Number((await env.ctx.db(table).where(where).count({ n: '*' }).first())!.n);
const leadMails = (email: string) => env.sink.to(email).filter((m) => /leads? assigned to you/.test(m.subject ?? ''));

describe('POST /api/admin/lead-pool/assign-by-filter', () => {
  it('previews, assigns 200 Texas leads aged 30-60 days as one batch (one audit entry, one mail), and undoes them', async () => {
    const agent = await makeUser(env.ctx.db);
    const filter = { agentId: agent.id, states: ['TX'], ageFrom: 30, ageTo: 60, count: 200 };

    const preview = await byFilter({ ...filter, dryRun: true });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    // 230 aged 45 days and 20 imported 40 days ago; not the 10- or 61-day-old ones, not Florida.
    expect(preview.body).toEqual({ matched: 250, assigned: 0, batchId: null });
    expect(await count('lead_pool', { assignedAgentId: agent.id })).toBe(0);

    const res = await byFilter({ ...filter, dryRun: false });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ matched: 250, assigned: 200 });
    const batchId = res.body.batchId as number;
    expect(batchId).toBeGreaterThan(0);
    expect(await count('lead_pool', { assignedAgentId: agent.id, assignBatchId: batchId })).toBe(200);
    expect(await count('lead_assignments', { agentId: agent.id })).toBe(200);
    const assigned = await env.ctx.db('lead_pool').where({ assignedAgentId: agent.id }).select('state', 'formFillTime', 'createdAt');
    expect(new Set(assigned.map((r) => r.state))).toEqual(new Set(['TX']));

    const entries = await env.ctx.db('ledger_audit_log').where({ userId: agent.id, action: 'lead.assigned' });
    expect(entries).toHaveLength(1);
    expect(JSON.parse(entries[0].afterJson)).toMatchObject({
      count: 200,
      batchId,
      matched: 250,
      filter: { states: ['TX'], ageFrom: 30, ageTo: 60, count: 200 },
    });
    await env.drain();
    expect(leadMails(agent.email)).toHaveLength(1);
    expect(leadMails(agent.email)[0]!.subject).toBe('200 new leads assigned to you');

    // The preview now sees what is left.
    expect((await byFilter({ ...filter, dryRun: true })).body.matched).toBe(50);

    const batches = await admin.get('/api/admin/assignment-batches');
    expect(batches.body.items[0]).toMatchObject({
      id: batchId,
      kind: 'leads',
      agent: { id: agent.id, email: agent.email },
      matched: 250,
      assigned: 200,
      undoneAt: null,
    });

    const undo = await admin.post(`/api/admin/assignment-batches/${batchId}/undo`);
    expect(undo.status, JSON.stringify(undo.body)).toBe(200);
    expect(undo.body.batch).toMatchObject({ id: batchId, undoneCount: 200, undoneAt: NOW.toISOString() });
    expect(await count('lead_pool', { assignedAgentId: agent.id })).toBe(0);
    expect(await count('lead_assignments', { agentId: agent.id })).toBe(0);
    expect((await byFilter({ ...filter, dryRun: true })).body.matched).toBe(250);
    expect(await env.ctx.db('ledger_audit_log').where({ userId: agent.id, action: 'lead.unassigned' })).toHaveLength(1);

    const again = await admin.post(`/api/admin/assignment-batches/${batchId}/undo`);
    expect(again.status).toBe(409);
  });

  it('undo leaves alone what was moved on since (a lead reassigned to another agent stays there)', async () => {
    const [a, b] = [await makeUser(env.ctx.db), await makeUser(env.ctx.db)];
    const res = await byFilter({ agentId: a.id, states: ['FL'], ageFrom: null, ageTo: null, count: 3, dryRun: false });
    expect(res.body.assigned).toBe(3);
    const [first] = await env.ctx.db('lead_pool').where({ assignBatchId: res.body.batchId }).orderBy('id').select('id');
    await admin
      .post('/api/admin/lead-pool/reassign')
      .send({ agentId: b.id, leadIds: [first.id] })
      .expect(200);
    const undo = await admin.post(`/api/admin/assignment-batches/${res.body.batchId}/undo`);
    expect(undo.body.batch.undoneCount).toBe(2);
    expect(await count('lead_pool', { assignedAgentId: b.id })).toBe(1);
    expect(await count('lead_assignments', { agentId: b.id })).toBe(1);
  });

  it('refuses a deactivated agent and an agent paused by an admin with 409, assigning nothing', async () => {
    const gone = await makeUser(env.ctx.db);
    await admin.post(`/api/admin/users/${gone.id}/deactivate`).expect(200);
    const r1 = await byFilter({ agentId: gone.id, states: ['TX'], count: 5, dryRun: false });
    expect(r1.status).toBe(409);
    expect(r1.body.error).toBe(DEACTIVATED_AGENT_MESSAGE);

    const paused = await makeUser(env.ctx.db);
    await admin
      .put(`/api/admin/users/${paused.id}/transfer-controls`)
      .send({ callsPerDay: null, workingStates: [], hoursStart: null, hoursEnd: null, timeZone: 'America/Chicago', paused: true })
      .expect(200);
    const r2 = await byFilter({ agentId: paused.id, states: ['TX'], count: 5, dryRun: false });
    expect(r2.status).toBe(409);
    expect(r2.body.error).toBe(ADMIN_PAUSED_MESSAGE);
    expect(await count('lead_pool', { assignedAgentId: gone.id })).toBe(0);
    expect(await count('lead_pool', { assignedAgentId: paused.id })).toBe(0);
    expect((await byFilter({ agentId: 99999999, count: 5, dryRun: true })).status).toBe(404);
  });

  it('names bad fields with 400', async () => {
    const agent = await makeUser(env.ctx.db);
    const r = await byFilter({ agentId: agent.id, states: ['TX', 'XX'], ageFrom: 60, ageTo: 30, count: 0 });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.fields).sort()).toEqual(['ageTo', 'count', 'states']);
    expect((await byFilter({ agentId: agent.id, count: 1001 })).body.fields.count).toBe('Assign at most 1000 at a time');
  });
});

describe('POST /api/admin/appointments/assign-by-filter', () => {
  it('assigns appointments for sale by state and call day (in the zone given) as one batch, and undoes it', async () => {
    const agent = await makeUser(env.ctx.db);
    const june1: number[] = [];
    // 2026-06-01 in Chicago runs 05:00Z June 1 to 05:00Z June 2.
    for (let i = 0; i < 4; i++) june1.push(await insertAppointment(env.ctx.db, { customerState: 'TX', callDate: '2026-06-01 06:00:00.000' }));
    await insertAppointment(env.ctx.db, { customerState: 'TX', callDate: '2026-06-01 04:00:00.000' }); // May 31 in Chicago
    await insertAppointment(env.ctx.db, { customerState: 'FL', callDate: '2026-06-01 06:00:00.000' });
    await insertAppointment(env.ctx.db, { customerState: 'TX', callDate: '2026-06-01 06:00:00.000', status: 'withdrawn' });
    const body = { agentId: agent.id, states: ['TX'], from: '2026-06-01', to: '2026-06-01', timeZone: 'America/Chicago', count: 3 };

    expect((await admin.post('/api/admin/appointments/assign-by-filter').send({ ...body, dryRun: true })).body).toEqual({
      matched: 4,
      assigned: 0,
      batchId: null,
    });
    const res = await admin.post('/api/admin/appointments/assign-by-filter').send({ ...body, dryRun: false });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ matched: 4, assigned: 3 });
    const mine = await env.ctx.db('appointments').where({ buyerId: agent.id, status: 'sold' }).select('id');
    expect(mine).toHaveLength(3);
    expect(mine.every((r) => june1.includes(r.id))).toBe(true);
    expect(await env.ctx.db('ledger_audit_log').where({ userId: agent.id, action: 'appointment.assigned_batch' })).toHaveLength(1);
    await env.drain();
    expect(env.sink.to(agent.email).filter((m) => m.subject === '3 appointments assigned to you')).toHaveLength(1);

    const undo = await admin.post(`/api/admin/assignment-batches/${res.body.batchId}/undo`);
    expect(undo.body.batch).toMatchObject({ kind: 'appointments', undoneCount: 3 });
    expect(await count('appointments', { buyerId: agent.id })).toBe(0);
    expect(await env.ctx.db('appointments').whereIn('id', june1).where({ status: 'available' })).toHaveLength(4);
  });
});
