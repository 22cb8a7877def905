// The agent's side of the transfer ledger: own calls only, filters, CSV, controls, disputes and their
// 72-hour window, the ledger and receipts, and a balance bought through the real payment path.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import request from 'supertest';
import { TIERS, centsToDecimal } from '@tm/shared';
import { DISPUTE_WINDOW_MS } from '@tm/shared/logic/transfer-rules';
import { createTestApp, makeUser, loginAs, type TestContext } from '../../test/harness.ts';
import { insertPaidOrder, callPayload } from '../../test/transfers-testing.ts';
import { WINDOW_CLOSED_MESSAGE, NOT_BILLABLE_MESSAGE, ALREADY_DISPUTED_MESSAGE } from '../../services/transfers/disputes.service.ts';

const KEY = 'test-transfer-key-abcdefghij';
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ config: { transferApiKey: KEY } });
});
afterAll(() => ctx.close());

type Agent = Awaited<ReturnType<typeof loginAs>>;

async function newAgent(count = 10, tier: 'standard' | 'premium' = 'standard') {
  const user = await makeUser(ctx.db);
  const orderId = await insertPaidOrder(ctx.db, user.id, { kind: 'transfer_package', tier, count }, new Date(ctx.clock.now().getTime() - 3_600_000));
  const agent = await loginAs(ctx.app, user.email, user.password);
  return { user, agent, orderId };
}

async function deliver(userId: number, duration: number, over: Record<string, unknown> = {}) {
  const res = await request(ctx.app)
    .post('/api/callbacks/transfer')
    .set('x-api-key', KEY)
    .send({ ...callPayload({ id: userId }, duration, { now: ctx.clock.now() }), ...over });
  expect(res.status).toBe(201);
  return res.body.call as { id: number; callId: string; status: string; orderId: number | null; chargeCents: number };
}

describe('access', () => {
  it.each([
    ['get', '/api/transfers'],
    ['get', '/api/transfers/balance'],
    ['get', '/api/transfers/export.csv'],
    ['get', '/api/transfers/settings'],
    ['put', '/api/transfers/settings'],
    ['post', '/api/transfers/1/disputes'],
    ['get', '/api/ledger'],
    ['get', '/api/ledger.csv'],
    ['get', '/api/orders/1/receipt'],
  ] as const)('%s %s needs a login', async (method, path) => {
    expect((await request(ctx.app)[method](path).send({})).status).toBe(401);
  });
});

describe('GET /api/transfers', () => {
  it('lists only the agent own calls, newest first, with billing and evidence', async () => {
    const a = await newAgent();
    const b = await newAgent();
    ctx.clock.advance(1000);
    const free = await deliver(a.user.id, 45);
    ctx.clock.advance(500_000); // under the 10-minute inactivity timeout of the agents' sessions
    const billed = await deliver(a.user.id, 300, { transcript: 'Caller: yes please' });
    await deliver(b.user.id, 300);

    const res = await a.agent.get('/api/transfers');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 2, page: 1, pageCount: 1, timeZone: 'America/New_York' });
    expect(res.body.items.map((c: { id: number }) => c.id)).toEqual([billed.id, free.id]);
    expect(res.body.items[0]).toMatchObject({
      billable: true,
      status: 'billed',
      chargeCents: TIERS.standard.rateCents,
      durationSeconds: 300,
      transcript: 'Caller: yes please',
      recordingUrl: 'https://recordings.example.com/r/1.mp3',
      canDispute: true,
      dispute: null,
      bufferSeconds: 60,
    });
    expect(res.body.items[1]).toMatchObject({
      billable: false,
      status: 'no_charge',
      billingNote: 'No charge: under buffer',
      canDispute: false,
      disputeDeadline: null,
    });
  });

  it('filters by date in the agent zone, by state and by billing, and pages on the server', async () => {
    const { user, agent } = await newAgent(50);
    await agent.put('/api/transfers/settings').send({ timeZone: 'America/Los_Angeles' }).expect(200);
    ctx.clock.set(new Date('2026-06-20T12:00:00Z'));
    const at = (iso: string, state: string, duration = 300) => {
      const s = new Date(iso);
      return deliver(user.id, duration, {
        state,
        startedAt: s.toISOString(),
        endedAt: new Date(s.getTime() + duration * 1000).toISOString(),
        durationSeconds: duration,
      });
    };
    await at('2026-06-10T06:30:00Z', 'TX'); // Jun 9, 23:30 in Los Angeles
    await at('2026-06-10T07:30:00Z', 'FL'); // Jun 10, 00:30
    await at('2026-06-11T18:00:00Z', 'FL', 20);
    await at('2026-06-12T18:00:00Z', 'GA');

    const ids = async (qs: string) => (await agent.get(`/api/transfers?${qs}`)).body.items.map((c: { state: string }) => c.state);
    expect(await ids('from=2026-06-10&to=2026-06-11')).toEqual(['FL', 'FL']);
    expect(await ids('to=2026-06-09')).toEqual(['TX']);
    expect(await ids('state=fl')).toEqual(['FL', 'FL']);
    expect(await ids('billing=no_charge')).toEqual(['FL']);
    const page2 = await agent.get('/api/transfers?pageSize=3&page=2');
    expect(page2.body).toMatchObject({ total: 4, pageCount: 2 });
    expect(page2.body.items).toHaveLength(1);

    const bad = await agent.get('/api/transfers?from=2026-02-30&state=ZZ');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['from', 'state']);
    ctx.clock.set(new Date());
  });

  it('exports the filtered calls as CSV', async () => {
    const { user, agent } = await newAgent();
    await deliver(user.id, 300, { callerName: '=cmd()', state: 'TX' });
    await deliver(user.id, 10, { state: 'FL' });
    const res = await agent.get('/api/transfers/export.csv?state=TX');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain('attachment');
    const lines = res.text.trim().split('\r\n');
    expect(lines[0]).toMatch(/^"Call ID","Started \(America\/New_York\)","Started \(UTC\)",/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`'=cmd()`);
    expect(lines[1]!.replace(/"/g, '')).toContain(`,TX,yes,billed,${centsToDecimal(TIERS.standard.rateCents)},60,`);
  });
});

describe('balance and settings', () => {
  it('shows the balance per order and the spend', async () => {
    const { user, agent, orderId } = await newAgent(3);
    const second = await insertPaidOrder(ctx.db, user.id, { kind: 'transfer_package', tier: 'premium', count: 2 });
    await deliver(user.id, 300);
    await deliver(user.id, 5);
    const res = await agent.get('/api/transfers/balance');
    expect(res.body).toMatchObject({
      remaining: 4,
      purchased: 5,
      billedCount: 1,
      noChargeCount: 1,
      creditedCount: 0,
      spentCents: TIERS.standard.rateCents,
      creditedCents: 0,
      pausedNow: false,
    });
    expect(res.body.lots).toEqual([
      expect.objectContaining({
        orderId,
        count: 3,
        used: 1,
        remaining: 2,
        bufferSeconds: 60,
        unitPriceCents: TIERS.standard.rateCents,
        label: '3 transfers, Standard',
      }),
      expect.objectContaining({ orderId: second, count: 2, used: 0, remaining: 2, bufferSeconds: 120, label: '2 transfers, Premium' }),
    ]);
  });

  it('saves the controls and audits the change', async () => {
    const { user, agent } = await newAgent();
    const res = await agent.put('/api/transfers/settings').send({
      callsPerDay: 12,
      workingStates: ['tx', 'FL', 'TX'],
      hoursStart: '08:30',
      hoursEnd: '18:00',
      timeZone: 'America/Denver',
      paused: false,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      callsPerDay: 12,
      workingStates: ['FL', 'TX'],
      hoursStart: '08:30',
      hoursEnd: '18:00',
      timeZone: 'America/Denver',
      paused: false,
      pausedNow: false,
      callsToday: 0,
    });
    expect((await agent.get('/api/transfers/settings')).body).toMatchObject({ callsPerDay: 12, workingStates: ['FL', 'TX'] });
    const audit = await ctx.db('ledger_audit_log').where({ userId: user.id, action: 'settings.updated' }).first();
    expect(JSON.parse(audit.afterJson)).toMatchObject({ callsPerDay: 12, workingStates: 'FL,TX' });
    expect(JSON.parse(audit.beforeJson)).toMatchObject({ callsPerDay: null });
  });

  it('refuses bad controls naming the field', async () => {
    const { agent } = await newAgent();
    const cases: Array<[object, string]> = [
      [{ callsPerDay: 0 }, 'callsPerDay'],
      [{ workingStates: ['XX'] }, 'workingStates.0'],
      [{ workingStates: ['TX', 'PR'] }, 'workingStates.1'],
      [{ hoursStart: '09:00' }, 'hoursEnd'],
      [{ hoursStart: '25:00', hoursEnd: '10:00' }, 'hoursStart'],
      [{ hoursStart: '09:00', hoursEnd: '09:00' }, 'hoursEnd'],
      [{ timeZone: 'Mars/Base' }, 'timeZone'],
      [{ paused: false, resumeDate: '2099-01-01' }, 'resumeDate'],
      [{ paused: true, resumeDate: '2020-01-01' }, 'resumeDate'],
    ];
    for (const [body, field] of cases) {
      const res = await agent.put('/api/transfers/settings').send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.fields, JSON.stringify(body)).toHaveProperty([field]);
    }
  });
});

describe('disputes', () => {
  it('files a dispute on a billable call with the evidence attached, and shows its status', async () => {
    const { user, agent } = await newAgent();
    // A transcript that settles nothing: the dispute waits for an admin.
    const call = await deliver(user.id, 300, { transcript: 'Caller: Hello, who is this?' });
    const res = await agent.post(`/api/transfers/${call.id}/disputes`).send({ reasonCode: 'wrong_number' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'pending', reasonCode: 'wrong_number', reasonLabel: 'Wrong number', reasonText: null });
    const row = await ctx.db('transfer_disputes').where({ id: res.body.id }).first();
    expect(row).toMatchObject({ recordingUrl: 'https://recordings.example.com/r/1.mp3', transcript: 'Caller: Hello, who is this?', userId: user.id });
    const list = await agent.get('/api/transfers');
    expect(list.body.items[0]).toMatchObject({ canDispute: false, dispute: { status: 'pending', reasonLabel: 'Wrong number' } });
    expect(await ctx.db('ledger_audit_log').where({ action: 'dispute.filed', entityId: res.body.id }).first()).toMatchObject({
      actorType: 'agent',
      actorId: user.id,
    });

    const again = await agent.post(`/api/transfers/${call.id}/disputes`).send({ reasonCode: 'other', reasonText: 'again' });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(ALREADY_DISPUTED_MESSAGE);
  });

  it('needs a reason from the list, and words for other', async () => {
    const { user, agent } = await newAgent();
    const call = await deliver(user.id, 300);
    expect((await agent.post(`/api/transfers/${call.id}/disputes`).send({ reasonCode: 'bored' })).body.fields).toHaveProperty('reasonCode');
    expect((await agent.post(`/api/transfers/${call.id}/disputes`).send({ reasonCode: 'other' })).body.fields).toEqual({
      reasonText: 'Please describe the problem',
    });
    const ok = await agent.post(`/api/transfers/${call.id}/disputes`).send({ reasonCode: 'other', reasonText: 'Caller was a robot' });
    expect(ok.status).toBe(201);
    expect(ok.body.reasonText).toBe('Caller was a robot');
  });

  it('refuses calls that were not charged', async () => {
    const { user, agent } = await newAgent();
    const call = await deliver(user.id, 30);
    const res = await agent.post(`/api/transfers/${call.id}/disputes`).send({ reasonCode: 'not_qualified' });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(NOT_BILLABLE_MESSAGE);
  });

  it('is open for 72 hours after the call, its last millisecond included', async () => {
    const { user, agent } = await newAgent();
    const base = new Date('2026-05-01T12:00:00.000Z');
    ctx.clock.set(base);
    const call = await deliver(user.id, 300);
    const recorded = await ctx.db('transfer_calls').where({ id: call.id }).first();
    // The call ended before it was recorded: the window runs from when it was recorded.
    expect(new Date(recorded.endedAt.replace(' ', 'T') + 'Z').getTime()).toBeLessThan(base.getTime());
    const deadline = base.getTime() + DISPUTE_WINDOW_MS;
    const second = await deliver(user.id, 300);

    ctx.clock.set(new Date(deadline));
    const atEdge = await agent.post(`/api/transfers/${call.id}/disputes`).send({ reasonCode: 'out_of_state' });
    expect(atEdge.status).toBe(201);

    ctx.clock.set(new Date(deadline + 1));
    const late = await agent.post(`/api/transfers/${second.id}/disputes`).send({ reasonCode: 'out_of_state' });
    expect(late.status).toBe(409);
    expect(late.body.error).toBe(WINDOW_CLOSED_MESSAGE);
    const list = await agent.get('/api/transfers');
    expect(list.body.items.find((c: { id: number }) => c.id === second.id)).toMatchObject({
      canDispute: false,
      disputeDeadline: new Date(deadline).toISOString(),
    });
    ctx.clock.set(new Date());
  });

  it("is 404 on another agent's call", async () => {
    const a = await newAgent();
    const b = await newAgent();
    const call = await deliver(b.user.id, 300);
    const res = await a.agent.post(`/api/transfers/${call.id}/disputes`).send({ reasonCode: 'wrong_number' });
    expect(res.status).toBe(404);
    expect((await a.agent.post('/api/transfers/abc/disputes').send({ reasonCode: 'wrong_number' })).status).toBe(404);
    expect(await ctx.db('transfer_disputes').where({ callId: call.id }).first()).toBeUndefined();
  });
});

describe('ledger and receipts', () => {
  it('lists every paid order and every credit, downloadable as CSV', async () => {
    const { user, agent, orderId } = await newAgent(4);
    const leadsOrder = await ctx
      .db('orders')
      .insert({
        userId: user.id,
        kind: 'leads',
        count: 2,
        unitPriceCents: TIERS.standard.rateCents,
        amountCents: 2 * TIERS.standard.rateCents,
        status: 'paid',
        idempotencyKey: `k-${user.id}-leads`,
        paidAt: '2026-01-02 00:00:00.000',
      })
      .then(([id]) => Number(id));
    await ctx.db('orders').insert({
      userId: user.id,
      kind: 'transfer_package',
      tier: 'standard',
      count: 9,
      unitPriceCents: 1,
      amountCents: 9,
      status: 'pending',
      idempotencyKey: `k-${user.id}-pending`,
    });
    const call = await deliver(user.id, 300);
    const dispute = await agent.post(`/api/transfers/${call.id}/disputes`).send({ reasonCode: 'wrong_number' });
    await ctx.db('transfer_disputes').where({ id: dispute.body.id }).update({ status: 'approved', decidedAt: '2026-12-01 00:00:00.000' });

    const res = await agent.get('/api/ledger');
    expect(res.status).toBe(200);
    const entries = res.body.entries as Array<{ type: string; orderId: number; transfers: number; amountCents: number; receiptPath: string }>;
    expect(entries.map((e) => [e.type, e.orderId])).toEqual([
      ['credit', orderId],
      ['purchase', orderId],
      ['purchase', leadsOrder],
    ]);
    expect(entries[0]).toMatchObject({ transfers: 1, amountCents: TIERS.standard.rateCents });
    expect(entries[1]).toMatchObject({ transfers: 4, amountCents: 4 * TIERS.standard.rateCents, receiptPath: `/dashboard/receipts/${orderId}` });
    expect(entries[2]).toMatchObject({ transfers: 0 });

    const csv = await agent.get('/api/ledger.csv');
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe('"Date (UTC)","Type","Order","Dispute","Description","Transfers","Amount (USD)","Receipt"');
    expect(lines).toHaveLength(4);
    expect(lines[2]!.replace(/"/g, '')).toContain(
      `Purchase,${orderId},,Order #${orderId}: 4 transfers, Standard,4,${centsToDecimal(4 * TIERS.standard.rateCents)},`,
    );
  });

  it("shows a receipt of the agent's own paid order; others are 404", async () => {
    const a = await newAgent(4);
    const b = await newAgent(4);
    await deliver(a.user.id, 300);
    const res = await a.agent.get(`/api/orders/${a.orderId}/receipt`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      orderId: a.orderId,
      status: 'paid',
      description: '4 transfers, Standard',
      count: 4,
      amountCents: 4 * TIERS.standard.rateCents,
      buyer: { email: a.user.email },
      transfers: { bufferSeconds: 60, used: 1, remaining: 3, credits: 0 },
    });
    expect((await a.agent.get(`/api/orders/${b.orderId}/receipt`)).status).toBe(404);
    const pending = await ctx.db('orders').insert({
      userId: a.user.id,
      kind: 'transfer_package',
      tier: 'standard',
      count: 1,
      unitPriceCents: 1,
      amountCents: 1,
      status: 'pending',
      idempotencyKey: `k-${a.user.id}-p2`,
    });
    expect((await a.agent.get(`/api/orders/${pending[0]}/receipt`)).status).toBe(404);
  });
});

describe('a balance bought through the payment path', () => {
  it('a logged-in agent buying a premium package with 4242 gets its transfers at the 120 s buffer', async () => {
    const user = await makeUser(ctx.db);
    const agent: Agent = await loginAs(ctx.app, user.email, user.password);
    const created = await agent.post('/api/create-payment-intent').send({ callCount: 3, tier: 'premium' });
    expect(created.status).toBe(200);
    expect((await agent.get('/api/transfers/balance')).body.remaining).toBe(0);
    const paid = await request(ctx.app)
      .post('/api/test-payments/confirm')
      .send({ clientSecret: created.body.clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' });
    expect(paid.status).toBe(200);
    const intentId = created.body.clientSecret.split('_secret_')[0];
    await ctx.emulator.flush(); // the signed webhook pays it (by-intent only reads)
    expect((await request(ctx.app).get(`/api/orders/by-intent/${intentId}`)).body.status).toBe('paid');
    const balance = await agent.get('/api/transfers/balance');
    expect(balance.body).toMatchObject({
      remaining: 3,
      lots: [expect.objectContaining({ orderId: created.body.orderId, bufferSeconds: 120, unitPriceCents: TIERS.premium.rateCents })],
    });
    const call = await deliver(user.id, 120);
    expect(call.status).toBe('no_charge');
    expect((await deliver(user.id, 121)).chargeCents).toBe(TIERS.premium.rateCents);
  });
});
