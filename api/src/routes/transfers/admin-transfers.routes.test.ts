// The admin side of the transfer ledger: the dispute queue, approvals that credit exactly once (also
// when several land at once), denials with a reason, calls entered by hand, and the audit log.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import request from 'supertest';
import { TIERS } from '@tm/shared';
import { createTestApp, makeUser, loginAs, loggedInUser, type TestContext } from '../../test/harness.ts';
import { insertPaidOrder, callPayload } from '../../test/transfers-testing.ts';
import { agentWithTransfers, postTransferCall } from '../../test/proof-fixtures.ts';
import { ALREADY_DECIDED_MESSAGE, OWN_DISPUTE_MESSAGE } from '../../services/transfers/disputes.service.ts';

const KEY = 'test-transfer-key-admin-0000';
let ctx: TestContext;
let admin: Awaited<ReturnType<typeof loginAs>>;
let adminId: number;
let plain: Awaited<ReturnType<typeof loginAs>>;

beforeAll(async () => {
  ctx = await createTestApp({ config: { transferApiKey: KEY } });
  const a = await loggedInUser(ctx, { isAdmin: true });
  adminId = a.user.id;
  admin = a.agent;
  plain = (await loggedInUser(ctx)).agent;
});
afterAll(() => ctx.close());

async function agentWithDispute(count = 2, over: Parameters<typeof makeUser>[1] = {}) {
  const { user, orderId, agent } = await agentWithTransfers(ctx, count, over);
  const res = await postTransferCall(ctx.app, KEY, user.id, ctx.clock.now());
  expect(res.status).toBe(201);
  const callId = res.body.call.id as number;
  const d = await agent.post(`/api/transfers/${callId}/disputes`).send({ reasonCode: 'hung_up_before_questions' });
  expect(d.status).toBe(201);
  return { user, agent, orderId, callId, disputeId: d.body.id as number };
}

async function used(orderId: number) {
  return Number((await ctx.db('transfer_order_usage').where({ orderId }).first('used'))?.used ?? 0);
}

describe('access', () => {
  it.each([
    ['get', '/api/admin/transfer-disputes'],
    ['post', '/api/admin/transfer-disputes/1/approve'],
    ['post', '/api/admin/transfer-disputes/1/deny'],
    ['post', '/api/admin/transfer-calls'],
    ['get', '/api/admin/transfer-audit'],
  ] as const)('%s %s is 401 anonymous and 403 for an agent', async (method, path) => {
    expect((await request(ctx.app)[method](path).send({})).status).toBe(401);
    const res = await plain[method](path).send({});
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: 'Admin access required' });
  });
});

describe('the dispute queue', () => {
  it('shows pending disputes oldest first with the call, the agent and the evidence', async () => {
    const first = await agentWithDispute();
    ctx.clock.advance(1000);
    const second = await agentWithDispute();
    const res = await admin.get('/api/admin/transfer-disputes');
    expect(res.status).toBe(200);
    const ids = res.body.items.map((d: { id: number }) => d.id);
    expect(ids.indexOf(first.disputeId)).toBeLessThan(ids.indexOf(second.disputeId));
    const item = res.body.items.find((d: { id: number }) => d.id === first.disputeId);
    expect(item).toMatchObject({
      status: 'pending',
      reasonLabel: 'Hung up before questions',
      agent: { id: first.user.id, email: first.user.email },
      call: { id: first.callId, durationSeconds: 300, bufferSeconds: 60, chargeCents: TIERS.standard.rateCents, orderId: first.orderId, status: 'billed' },
      attachments: { recordingUrl: 'https://recordings.example.com/r/1.mp3', transcript: expect.stringContaining('Caller') },
      decidedBy: null,
      decider: null,
    });
  });

  it('approval credits the transfer back to its order, and the agent sees it', async () => {
    const { agent, orderId, callId, disputeId } = await agentWithDispute();
    expect(await used(orderId)).toBe(1);
    const res = await admin.post(`/api/admin/transfer-disputes/${disputeId}/approve`).send({ note: 'Caller hung up at 0:20' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'approved',
      decisionReason: 'Caller hung up at 0:20',
      decidedBy: 'admin',
      decider: { id: adminId },
      call: { status: 'credited' },
    });
    expect(await used(orderId)).toBe(0);
    const balance = await agent.get('/api/transfers/balance');
    expect(balance.body).toMatchObject({ remaining: 2, creditedCount: 1, creditedCents: TIERS.standard.rateCents, spentCents: 0 });
    const list = await agent.get('/api/transfers');
    expect(list.body.items.find((c: { id: number }) => c.id === callId)).toMatchObject({
      status: 'credited',
      dispute: { status: 'approved' },
      canDispute: false,
    });
  });

  it('credits exactly once when approvals race', async () => {
    const { orderId, callId, disputeId } = await agentWithDispute();
    const results = await Promise.all(Array.from({ length: 6 }, () => admin.post(`/api/admin/transfer-disputes/${disputeId}/approve`).send({})));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(results.find((r) => r.status === 409)!.body.error).toBe(ALREADY_DECIDED_MESSAGE);
    expect(await used(orderId)).toBe(0);
    const credits = await ctx.db('ledger_audit_log').where({ action: 'call.credited', entityId: callId }).count({ n: '*' }).first();
    expect(Number(credits?.n)).toBe(1);
  });

  it('credits exactly once when an approval races a denial', async () => {
    const { orderId, disputeId } = await agentWithDispute();
    const results = await Promise.all([
      admin.post(`/api/admin/transfer-disputes/${disputeId}/approve`).send({}),
      admin.post(`/api/admin/transfer-disputes/${disputeId}/deny`).send({ reason: 'Recording shows a full pitch' }),
      admin.post(`/api/admin/transfer-disputes/${disputeId}/approve`).send({}),
    ]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const status = (await ctx.db('transfer_disputes').where({ id: disputeId }).first()).status;
    expect(await used(orderId)).toBe(status === 'approved' ? 0 : 1);
  });

  it('denial needs a reason, credits nothing, and the agent sees the reason', async () => {
    const { agent, orderId, callId, disputeId } = await agentWithDispute();
    const missing = await admin.post(`/api/admin/transfer-disputes/${disputeId}/deny`).send({ reason: '  ' });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({ reason: 'Please give a reason for the denial' });
    const res = await admin.post(`/api/admin/transfer-disputes/${disputeId}/deny`).send({ reason: 'The caller answered every question' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'denied', decisionReason: 'The caller answered every question', call: { status: 'billed' } });
    expect(await used(orderId)).toBe(1);
    const list = await agent.get('/api/transfers');
    expect(list.body.items.find((c: { id: number }) => c.id === callId)).toMatchObject({
      status: 'billed',
      canDispute: false,
      dispute: { status: 'denied', decisionReason: 'The caller answered every question' },
    });
    expect((await admin.post(`/api/admin/transfer-disputes/${disputeId}/approve`).send({})).status).toBe(409);
    expect((await admin.post('/api/admin/transfer-disputes/999999/approve').send({})).status).toBe(404);
  });

  it('filters the queue by status', async () => {
    const { disputeId } = await agentWithDispute();
    await admin.post(`/api/admin/transfer-disputes/${disputeId}/deny`).send({ reason: 'no' });
    const denied = await admin.get('/api/admin/transfer-disputes?status=denied');
    expect(denied.body.items.map((d: { id: number }) => d.id)).toContain(disputeId);
    const pending = await admin.get('/api/admin/transfer-disputes?status=pending');
    expect(pending.body.items.map((d: { id: number }) => d.id)).not.toContain(disputeId);
    expect((await admin.get('/api/admin/transfer-disputes?status=weird')).status).toBe(400);
  });
});

describe('calls entered by hand', () => {
  it('records a call for an agent by e-mail, skipping the schedule but not the balance', async () => {
    const user = await makeUser(ctx.db);
    const orderId = await insertPaidOrder(ctx.db, user.id, { kind: 'transfer_package', tier: 'standard', count: 1 });
    const agent = await loginAs(ctx.app, user.email, user.password);
    await agent.put('/api/transfers/settings').send({ paused: true }).expect(200);
    const body = { ...callPayload({ email: user.email }, 200, { now: ctx.clock.now() }), callId: '' };
    const res = await admin.post('/api/admin/transfer-calls').send(body);
    expect(res.status).toBe(201);
    expect(res.body.call).toMatchObject({ billable: true, orderId, callId: expect.stringMatching(/^manual-/) });
    const row = await ctx.db('transfer_calls').where({ id: res.body.call.id }).first();
    expect(row).toMatchObject({ source: 'manual', enteredBy: adminId });
    const audit = await ctx.db('ledger_audit_log').where({ action: 'call.recorded', entityId: res.body.call.id }).first();
    expect(audit).toMatchObject({ actorType: 'admin', actorId: adminId });

    const beyond = await admin.post('/api/admin/transfer-calls').send({ ...callPayload({ email: user.email }, 200, { now: ctx.clock.now() }), callId: '' });
    expect(beyond.status).toBe(422);
    expect(beyond.body).toMatchObject({ reason: 'no_balance' });
    const unknown = await admin.post('/api/admin/transfer-calls').send(callPayload({ email: 'nobody@example.com' }, 200, { now: ctx.clock.now() }));
    expect(unknown.status).toBe(404);
    expect(unknown.body.reason).toBe('unknown_agent');
  });
});

describe('the audit log', () => {
  it('keeps every change with who made it, newest first, filterable by agent', async () => {
    const { user, disputeId } = await agentWithDispute();
    await admin.post(`/api/admin/transfer-disputes/${disputeId}/approve`).send({ note: 'ok' });
    const res = await admin.get(`/api/admin/transfer-audit?agentId=${user.id}`);
    expect(res.status).toBe(200);
    const actions = res.body.items.map((e: { action: string }) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['call.recorded', 'dispute.filed', 'dispute.approved', 'call.credited']));
    const approved = res.body.items.find((e: { action: string }) => e.action === 'dispute.approved');
    expect(approved).toMatchObject({
      actor: { type: 'admin', id: adminId },
      entity: 'dispute',
      entityId: disputeId,
      before: { status: 'pending' },
      after: { status: 'approved', decisionReason: 'ok' },
      agent: { id: user.id },
    });
    const filed = res.body.items.find((e: { action: string }) => e.action === 'dispute.filed');
    expect(filed.actor).toMatchObject({ type: 'agent', id: user.id });
    expect(res.body.items.every((e: { agent: { id: number } }) => e.agent.id === user.id)).toBe(true);
  });
});

describe('separation of duties (issue 14)', () => {
  it('an admin cannot approve a dispute on their own call; another admin can', async () => {
    const { agent: selfAgent, orderId, callId, disputeId } = await agentWithDispute(2, { isAdmin: true });
    const own = await selfAgent.post(`/api/admin/transfer-disputes/${disputeId}/approve`).send({ note: 'mine' });
    expect(own.status).toBe(403);
    expect(own.body.error).toBe(OWN_DISPUTE_MESSAGE);
    expect((await ctx.db('transfer_disputes').where({ id: disputeId }).first()).status).toBe('pending');
    expect((await ctx.db('transfer_calls').where({ id: callId }).first()).status).toBe('billed');
    expect(orderId).toBeGreaterThan(0);
    const other = await admin.post(`/api/admin/transfer-disputes/${disputeId}/approve`).send({ note: 'checked by a colleague' });
    expect(other.status).toBe(200);
    expect(other.body.status).toBe('approved');
  });
});
