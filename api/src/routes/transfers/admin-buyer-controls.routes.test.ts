// Issue 36 point 1: the admin pauses and resumes a buyer and edits their Transfer Controls
// (GET/PUT /api/admin/users/:userId/transfer-controls). A paused buyer is refused by the transfer check and
// the callback with 422 agent_paused and is assigned nothing; the agent cannot lift the admin's pause;
// every change is audited with the admin as actor and the agent is mailed what changed (real SMTP sink).
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import request from 'supertest';
import { loginAs, makeUser } from '../../test/harness.ts';
import { startMailTestApp } from '../../test/smtp-sink.ts';
import { insertPaidOrder, callPayload } from '../../test/transfers-testing.ts';
import { ADMIN_PAUSED_MESSAGE } from '../../services/transfers/settings.service.ts';
import { LeadPoolEntry } from '../../models/index.ts';

const KEY = 'buyer-controls-transfer-key-0123456789';
let env: Awaited<ReturnType<typeof startMailTestApp>>;
let admin: Awaited<ReturnType<typeof loginAs>>;
let adminId: number;

beforeAll(async () => {
  env = await startMailTestApp({ transferApiKey: KEY });
  env.ctx.clock.set(new Date('2026-06-10T15:00:00Z'));
  const a = await makeUser(env.ctx.db, { isAdmin: true });
  adminId = a.id;
  admin = await loginAs(env.ctx.app, a.email, a.password);
});
afterAll(() => env.close());

const controls = (over: Record<string, unknown> = {}) => ({
  callsPerDay: null,
  workingStates: [],
  hoursStart: null,
  hoursEnd: null,
  timeZone: 'America/Chicago',
  paused: false,
  ...over,
});

async function buyer() {
  const user = await makeUser(env.ctx.db, { firstName: 'Paula' });
  await insertPaidOrder(env.ctx.db, user.id, { kind: 'transfer_package', tier: 'standard', count: 10 }, new Date(env.ctx.clock.now().getTime() - 3_600_000));
  return user;
}
const check = (agentId: number, state = 'TX') => request(env.ctx.app).post('/api/callbacks/transfer/check').set('x-api-key', KEY).send({ agentId, state });
const callback = (agentId: number) =>
  request(env.ctx.app)
    .post('/api/callbacks/transfer')
    .set('x-api-key', KEY)
    .send({ ...callPayload({ id: agentId }, 300, { now: env.ctx.clock.now() }), state: 'TX' });

describe('PUT /api/admin/users/:userId/transfer-controls', () => {
  it('pausing refuses the check and the callback with 422 agent_paused; resuming lets them through', async () => {
    const agent = await buyer();
    expect((await check(agent.id)).status).toBe(200);

    const put = await admin.put(`/api/admin/users/${agent.id}/transfer-controls`).send(controls({ paused: true }));
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({ paused: true, pausedReason: 'admin', pausedNow: true, timeZone: 'America/Chicago' });
    const got = await admin.get(`/api/admin/users/${agent.id}/transfer-controls`);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ paused: true, pausedReason: 'admin', callsToday: 0 });

    // A call that started before the pause is still taken: this one starts after it.
    env.ctx.clock.advance(10 * 60_000);
    const refusedCheck = await check(agent.id);
    expect(refusedCheck.status).toBe(422);
    expect(refusedCheck.body).toMatchObject({ code: 'agent_paused', reason: 'agent_paused' });
    const refusedCall = await callback(agent.id);
    expect(refusedCall.status).toBe(422);
    expect(refusedCall.body).toMatchObject({ code: 'agent_paused' });
    expect(await env.ctx.db('transfer_calls').where({ userId: agent.id })).toHaveLength(0);

    const resume = await admin.put(`/api/admin/users/${agent.id}/transfer-controls`).send(controls({ paused: false }));
    expect(resume.body).toMatchObject({ paused: false, pausedReason: null, pausedNow: false });
    expect((await check(agent.id)).status).toBe(200);
    expect((await callback(agent.id)).status).toBe(201);
  });

  it('sets states, hours, zone and cap as the agent would, audited with the admin as actor, and mails the agent what changed', async () => {
    const agent = await buyer();
    const put = await admin
      .put(`/api/admin/users/${agent.id}/transfer-controls`)
      .send(controls({ workingStates: ['TX', 'FL'], hoursStart: '09:00', hoursEnd: '17:00', callsPerDay: 3, timeZone: 'America/New_York' }));
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({ workingStates: ['FL', 'TX'], hoursStart: '09:00', hoursEnd: '17:00', callsPerDay: 3, timeZone: 'America/New_York' });
    // The agent sees the same controls on their own screen.
    const own = await (await loginAs(env.ctx.app, agent.email, agent.password)).get('/api/transfers/settings');
    expect(own.body).toMatchObject({ workingStates: ['FL', 'TX'], callsPerDay: 3 });
    // A state outside the new list is refused by the check.
    expect((await check(agent.id, 'CA')).body).toMatchObject({ code: 'state_not_allowed' });

    const audit = await env.ctx.db('ledger_audit_log').where({ userId: agent.id, action: 'settings.updated' }).orderBy('id', 'desc').first();
    expect(audit).toMatchObject({ actorType: 'admin', actorId: adminId, entityType: 'settings' });
    expect(JSON.parse(audit.afterJson)).toMatchObject({ workingStates: 'FL,TX', callsPerDay: 3 });

    await env.drain();
    const mails = env.sink.to(agent.email).filter((m) => m.subject?.includes('delivery settings were changed'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Calls per day: no limit → 3');
    expect(mails[0]!.text).toContain('Working states: every state → FL, TX');
    expect(mails[0]!.text).toContain('Transfer hours: any time → 09:00-17:00');

    // Sending the same controls again changes nothing: no audit entry, no mail.
    const entries = await env.ctx.db('ledger_audit_log').where({ userId: agent.id }).count({ n: '*' });
    await admin
      .put(`/api/admin/users/${agent.id}/transfer-controls`)
      .send(controls({ workingStates: ['TX', 'FL'], hoursStart: '09:00', hoursEnd: '17:00', callsPerDay: 3, timeZone: 'America/New_York' }))
      .expect(200);
    expect(await env.ctx.db('ledger_audit_log').where({ userId: agent.id }).count({ n: '*' })).toEqual(entries);
    await env.drain();
    expect(env.sink.to(agent.email).filter((m) => m.subject?.includes('delivery settings were changed'))).toHaveLength(1);
  });

  it('the agent cannot lift the admin pause from their own screen (their other edits apply)', async () => {
    const agent = await buyer();
    await admin
      .put(`/api/admin/users/${agent.id}/transfer-controls`)
      .send(controls({ paused: true }))
      .expect(200);
    const own = await loginAs(env.ctx.app, agent.email, agent.password);
    const res = await own.put('/api/transfers/settings').send(controls({ paused: false, callsPerDay: 7 }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ paused: true, pausedReason: 'admin', pausedNow: true, callsPerDay: 7 });
    expect((await check(agent.id)).body).toMatchObject({ code: 'agent_paused' });
  });

  it('a paused buyer is assigned nothing: pool leads answer 409 naming the pause', async () => {
    const agent = await buyer();
    await admin
      .put(`/api/admin/users/${agent.id}/transfer-controls`)
      .send(controls({ paused: true }))
      .expect(200);
    const lead = await LeadPoolEntry.query(env.ctx.db).insert({ name: 'Pool Lead', phone: '6155550999', state: 'TX' });
    const res = await admin.post('/api/admin/lead-pool/assign').send({ agentId: agent.id, leadIds: [lead.id] });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(ADMIN_PAUSED_MESSAGE);
    expect((await LeadPoolEntry.query(env.ctx.db).findById(lead.id))!.assignedAt).toBeNull();
  });

  it('names bad fields with 400 and unknown users with 404', async () => {
    const agent = await buyer();
    const bad = await admin.put(`/api/admin/users/${agent.id}/transfer-controls`).send(controls({ paused: 'yes', callsPerDay: 0 }));
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toEqual(expect.arrayContaining(['paused', 'callsPerDay']));
    expect((await admin.get('/api/admin/users/99999999/transfer-controls')).status).toBe(404);
    expect((await admin.put('/api/admin/users/99999999/transfer-controls').send(controls())).status).toBe(404);
  });
});
