// POST /api/callbacks/transfer: the key, the buffer rule per tier through the API, idempotency on the
// call id, the agent's controls, the balance (never overdrawn, also under concurrent calls) and the
// pause at zero. Runs on SQLite and (TEST_DATABASE_URL) MariaDB.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import request from 'supertest';
import { TIERS, HIGH_VOLUME, RINGCLOUD, LIVE_TRANSFER_DEFAULT_PRICE_CENTS } from '@tm/shared';
import { NO_CHARGE_UNDER_BUFFER, BILLABLE_AGENT_HUNG_UP } from '@tm/shared/logic/transfer-rules';
import type { TransferCallbackInput } from '@tm/shared/schemas/transfers';
import { createTestApp, makeUser, loginAs, type TestContext } from '../../test/harness.ts';
import { insertPaidOrder, callPayload, type LotSpec } from '../../test/transfers-testing.ts';
import { documented } from '../../test/openapi-contract.ts';

const KEY = 'test-transfer-key-0123456789';
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ config: { transferApiKey: KEY } });
});
afterAll(() => ctx.close());

function post(body: unknown, auth: Record<string, string> = { 'x-api-key': KEY }) {
  const req = request(ctx.app).post('/api/callbacks/transfer');
  for (const [k, v] of Object.entries(auth)) req.set(k, v);
  // Every answer is checked against the OpenAPI document (/openapi.json).
  return documented(req.send(body as object), 'post', '/api/callbacks/transfer');
}
const payload = (agent: { id: number }, duration: number, over: Partial<TransferCallbackInput> = {}) =>
  callPayload(agent, duration, { now: ctx.clock.now(), ...over });

async function agentWith(...lots: LotSpec[]) {
  const user = await makeUser(ctx.db);
  let t = ctx.clock.now().getTime() - lots.length * 60_000;
  const orderIds: number[] = [];
  for (const lot of lots) orderIds.push(await insertPaidOrder(ctx.db, user.id, lot, new Date((t += 1000))));
  return { user, orderIds };
}

async function usage(orderId: number): Promise<number> {
  const row = await ctx.db('transfer_order_usage').where({ orderId }).first('used');
  return Number(row?.used ?? 0);
}

describe('authentication', () => {
  it('refuses a missing or wrong key with 401 and reason unauthorized', async () => {
    const { user } = await agentWith({ kind: 'transfer_package', tier: 'standard', count: 5 });
    const body = payload(user, 90);
    for (const auth of [{}, { 'x-api-key': 'nope' }, { authorization: 'Bearer nope' }] as Array<Record<string, string>>) {
      const res = await post(body, auth);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'Unauthorized', code: 'unauthorized', reason: 'unauthorized' });
    }
    expect(await ctx.db('transfer_calls').where({ userId: user.id }).count({ n: '*' }).first()).toMatchObject({ n: 0 });
  });

  it('takes the key as x-api-key or Authorization: Bearer', async () => {
    const { user } = await agentWith({ kind: 'transfer_package', tier: 'standard', count: 5 });
    expect((await post(payload(user, 90), { 'x-api-key': KEY })).status).toBe(201);
    expect((await post(payload(user, 90), { authorization: `Bearer ${KEY}` })).status).toBe(201);
  });

  it('is 401 for everyone while TRANSFER_API_KEY is unset', async () => {
    const other = await createTestApp();
    try {
      const res = await request(other.app).post('/api/callbacks/transfer').set('x-api-key', 'anything').send({});
      expect(res.status).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('is not subject to the cross-site check (server to server)', async () => {
    const { user } = await agentWith({ kind: 'transfer_package', tier: 'standard', count: 1 });
    const res = await post(payload(user, 90), { 'x-api-key': KEY, origin: 'https://caller.example.net', 'sec-fetch-site': 'cross-site' });
    expect(res.status).toBe(201);
  });
});

describe('the buffer rule through the API', () => {
  const cases: Array<[string, LotSpec, number, number]> = [
    ['standard', { kind: 'transfer_package', tier: 'standard', count: 5 }, TIERS.standard.bufferSeconds, TIERS.standard.rateCents],
    ['special', { kind: 'transfer_package', tier: 'special', count: 5 }, TIERS.special.bufferSeconds, TIERS.special.rateCents],
    ['premium', { kind: 'transfer_package', tier: 'premium', count: 5 }, TIERS.premium.bufferSeconds, TIERS.premium.rateCents],
    ['enterprise', { kind: 'transfer_package', tier: 'enterprise', count: 5 }, TIERS.enterprise.bufferSeconds, TIERS.enterprise.rateCents],
    ['ultimate', { kind: 'transfer_package', tier: 'ultimate', count: 5 }, TIERS.ultimate.bufferSeconds, TIERS.ultimate.rateCents],
    ['high-volume', { kind: 'transfer_package', tier: 'high-volume', count: 5 }, HIGH_VOLUME.bufferSeconds, HIGH_VOLUME.bands[0]!.rateCents],
    ['dashboard live transfers', { kind: 'live_transfer', count: 5 }, TIERS.standard.bufferSeconds, LIVE_TRANSFER_DEFAULT_PRICE_CENTS],
    ['RingCloud live transfers', { kind: 'ringcloud', leadType: 'Live Transfers', count: 5 }, TIERS.standard.bufferSeconds, RINGCLOUD.liveTransferCents],
  ];

  it.each(cases)('%s: just under and at the buffer draw nothing, just over draws one at the order rate', async (_name, lot, buffer, rate) => {
    const { user, orderIds } = await agentWith(lot);
    const under = await post(payload(user, buffer - 1));
    expect(under.status).toBe(201);
    expect(under.body.call).toMatchObject({ billable: false, status: 'no_charge', chargeCents: 0, billingNote: NO_CHARGE_UNDER_BUFFER, orderId: null });
    const at = await post(payload(user, buffer));
    expect(at.body.call).toMatchObject({ billable: false, status: 'no_charge', chargeCents: 0, billingNote: NO_CHARGE_UNDER_BUFFER });
    expect(at.body.balanceRemaining).toBe(5);
    expect(await usage(orderIds[0]!)).toBe(0);

    const overBody = payload(user, buffer + 1);
    const over = await post(overBody);
    expect(over.status).toBe(201);
    expect(over.body.call).toMatchObject({ billable: true, status: 'billed', chargeCents: rate, billingNote: null, orderId: orderIds[0] });
    expect(over.body.balanceRemaining).toBe(4);
    expect(await usage(orderIds[0]!)).toBe(1);
    const stored = await ctx.db('transfer_calls').where({ id: over.body.call.id }).first();
    expect(stored).toMatchObject({
      bufferSeconds: buffer,
      durationSeconds: buffer + 1,
      state: 'FL',
      callerPhone: overBody.callerPhone.replace(/[\s().-]/g, ''),
    });
  });

  it('derives the duration from start and end when it is not sent (whole seconds, rounded down)', async () => {
    const { user } = await agentWith({ kind: 'transfer_package', tier: 'standard', count: 5 });
    const body = payload(user, 60);
    delete body.durationSeconds;
    body.endedAt = new Date(new Date(body.startedAt).getTime() + 60_900).toISOString();
    const res = await post(body);
    expect(res.body.call).toMatchObject({ billable: false, status: 'no_charge' });
    expect((await ctx.db('transfer_calls').where({ id: res.body.call.id }).first()).durationSeconds).toBe(60);
  });

  it('bills a short call the agent ended after the caller said Yes (docs/product/rules.md#transfers-buffer-and-billing)', async () => {
    const { user } = await agentWith({ kind: 'transfer_package', tier: 'premium', count: 5 });
    const res = await post(payload(user, 40, { agentHungUpAfterYes: true }));
    expect(res.body.call).toMatchObject({ billable: true, status: 'billed', billingNote: BILLABLE_AGENT_HUNG_UP, chargeCents: TIERS.premium.rateCents });
  });

  it('uses the buffer of the order the call draws on: the oldest paid order with a remainder first', async () => {
    const { user, orderIds } = await agentWith(
      { kind: 'transfer_package', tier: 'premium', count: 1 },
      { kind: 'transfer_package', tier: 'standard', count: 2 },
    );
    // 90 s on the premium order (120 s buffer) is free, and takes nothing from the standard order either.
    const free = await post(payload(user, 90));
    expect(free.body.call).toMatchObject({ billable: false, status: 'no_charge' });
    const first = await post(payload(user, 121));
    expect(first.body.call).toMatchObject({ orderId: orderIds[0], chargeCents: TIERS.premium.rateCents });
    // The premium order is used up: now the standard order and its 60 s buffer apply.
    const second = await post(payload(user, 90));
    expect(second.body.call).toMatchObject({ billable: true, orderId: orderIds[1], chargeCents: TIERS.standard.rateCents });
    expect(second.body.balanceRemaining).toBe(1);
  });

  it('ignores unpaid orders and RingCloud call-backs', async () => {
    const user = await makeUser(ctx.db);
    await insertPaidOrder(ctx.db, user.id, { kind: 'transfer_package', tier: 'standard', count: 9 }, ctx.clock.now(), 'pending');
    await insertPaidOrder(ctx.db, user.id, { kind: 'ringcloud', leadType: 'Call-Backs', count: 9 });
    const res = await post(payload(user, 90));
    expect(res.status).toBe(422);
    expect(res.body.reason).toBe('no_balance');
  });
});

describe('idempotency on the call id', () => {
  it('records a repeated call id once and draws once', async () => {
    const { user, orderIds } = await agentWith({ kind: 'transfer_package', tier: 'standard', count: 5 });
    const body = payload(user, 200);
    const first = await post(body);
    expect(first.status).toBe(201);
    const again = await post(body);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ ok: true, duplicate: true, call: { id: first.body.call.id, status: 'billed' }, balanceRemaining: 4 });
    expect(await ctx.db('transfer_calls').where({ externalCallId: body.callId }).count({ n: '*' }).first()).toMatchObject({ n: 1 });
    expect(await usage(orderIds[0]!)).toBe(1);
  });

  it('records a call id sent many times at once exactly once', async () => {
    const { user, orderIds } = await agentWith({ kind: 'transfer_package', tier: 'standard', count: 5 });
    const body = payload(user, 200);
    const results = await Promise.all(Array.from({ length: 6 }, () => post(body)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(await ctx.db('transfer_calls').where({ externalCallId: body.callId }).count({ n: '*' }).first()).toMatchObject({ n: 1 });
    expect(await usage(orderIds[0]!)).toBe(1);
  });

  it('refuses a call id already recorded for another agent', async () => {
    const a = await agentWith({ kind: 'transfer_package', tier: 'standard', count: 5 });
    const b = await agentWith({ kind: 'transfer_package', tier: 'standard', count: 5 });
    const body = payload(a.user, 200);
    expect((await post(body)).status).toBe(201);
    const res = await post({ ...body, agentId: b.user.id });
    expect(res.status).toBe(409);
    expect(res.body.reason).toBe('call_id_conflict');
  });
});

describe('the balance', () => {
  it('refuses a call beyond the balance with no_balance, and pauses the agent when it reaches zero', async () => {
    const { user, orderIds } = await agentWith({ kind: 'transfer_package', tier: 'standard', count: 2 });
    expect((await post(payload(user, 90))).body.balanceRemaining).toBe(1);
    const last = await post(payload(user, 90));
    expect(last.body).toMatchObject({ balanceRemaining: 0, agentPaused: true });
    const settings = await ctx.db('agent_transfer_settings').where({ userId: user.id }).first();
    expect(Boolean(settings.paused)).toBe(true);
    expect(settings.pausedReason).toBe('no_balance');
    const audit = await ctx.db('ledger_audit_log').where({ userId: user.id, action: 'agent.paused' }).first();
    expect(audit).toMatchObject({ actorType: 'system', entityType: 'agent' });

    const beyond = await post(payload(user, 90));
    expect(beyond.status).toBe(422);
    expect(beyond.body).toEqual({ error: 'The agent has no transfers left in their balance.', code: 'no_balance', reason: 'no_balance' });
    // Even a short call is refused while there is nothing left: the agent is paused.
    expect((await post(payload(user, 10))).body.reason).toBe('no_balance');
    expect(await usage(orderIds[0]!)).toBe(2);
    expect(await ctx.db('transfer_calls').where({ userId: user.id }).count({ n: '*' }).first()).toMatchObject({ n: 2 });

    // The agent is told in the dashboard.
    const agent = await loginAs(ctx.app, user.email, user.password);
    const balance = await agent.get('/api/transfers/balance');
    expect(balance.body).toMatchObject({ remaining: 0, pausedNow: true, pausedReason: 'no_balance' });
  });

  it('writes nothing when it refuses an agent who never bought transfers', async () => {
    const user = await makeUser(ctx.db);
    const tables = ['agent_transfer_settings', 'transfer_order_usage', 'transfer_calls', 'ledger_audit_log'];
    const counts = async () => Promise.all(tables.map(async (t) => Number((await ctx.db(t).count({ n: '*' }).first())?.n)));
    const before = await counts();
    const res = await post(payload(user, 90));
    expect(res.status).toBe(422);
    expect(res.body.reason).toBe('no_balance');
    expect(await counts()).toEqual(before);
  });

  // The first order paid while the call is on its way: transfer-callbacks.race.test.ts.

  it('resumes by itself when the agent buys more transfers', async () => {
    const { user } = await agentWith({ kind: 'transfer_package', tier: 'standard', count: 1 });
    await post(payload(user, 90));
    expect((await post(payload(user, 90))).body.reason).toBe('no_balance');
    await insertPaidOrder(ctx.db, user.id, { kind: 'transfer_package', tier: 'enterprise', count: 3 });
    const res = await post(payload(user, 130));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ balanceRemaining: 2, agentPaused: false, call: { chargeCents: TIERS.enterprise.rateCents } });
    expect(Boolean((await ctx.db('agent_transfer_settings').where({ userId: user.id }).first()).paused)).toBe(false);
    expect(await ctx.db('ledger_audit_log').where({ userId: user.id, action: 'agent.resumed' }).first()).toBeTruthy();
  });

  it('never overdraws under concurrent calls', async () => {
    const { user, orderIds } = await agentWith(
      { kind: 'transfer_package', tier: 'standard', count: 2 },
      { kind: 'transfer_package', tier: 'premium', count: 1 },
    );
    const results = await Promise.all(Array.from({ length: 8 }, () => post(payload(user, 300))));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 422)).toHaveLength(5);
    expect(results.filter((r) => r.status === 422).every((r) => r.body.reason === 'no_balance')).toBe(true);
    expect(await usage(orderIds[0]!)).toBe(2);
    expect(await usage(orderIds[1]!)).toBe(1);
    const billed = await ctx.db('transfer_calls').where({ userId: user.id, status: 'billed' }).count({ n: '*' }).first();
    expect(Number(billed?.n)).toBe(3);
  });
});

describe('the agent controls', () => {
  async function agentWithSettings(settings: Record<string, unknown>) {
    const { user } = await agentWith({ kind: 'transfer_package', tier: 'standard', count: 50 });
    const agent = await loginAs(ctx.app, user.email, user.password);
    const res = await agent.put('/api/transfers/settings').send(settings);
    expect(res.status).toBe(200);
    return { user, agent };
  }

  it('refuses states outside the working states', async () => {
    const { user } = await agentWithSettings({ workingStates: ['TX', 'GA'] });
    const res = await post(payload(user, 90, { state: 'FL' }));
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ error: 'The agent does not take calls from FL.', code: 'state_not_allowed', reason: 'state_not_allowed' });
    expect((await post(payload(user, 90, { state: 'tx' }))).status).toBe(201);
  });

  it('refuses calls outside the transfer hours, read on the agent wall clock', async () => {
    const { user } = await agentWithSettings({ hoursStart: '09:00', hoursEnd: '17:00', timeZone: 'America/Chicago' });
    // 2026-01-14 is winter: Chicago is UTC-6. The call is posted after it ended.
    ctx.clock.set(new Date('2026-01-15T12:00:00Z'));
    const at = (iso: string, over: Partial<TransferCallbackInput> = {}) => {
      const startedAt = new Date(iso);
      return { ...payload(user, 90), startedAt: startedAt.toISOString(), endedAt: new Date(startedAt.getTime() + 90_000).toISOString(), ...over };
    };
    const early = await post(at('2026-01-14T14:59:00Z')); // 08:59 in Chicago
    expect(early.status).toBe(422);
    expect(early.body.reason).toBe('outside_hours');
    expect(early.body.error).toContain('09:00-17:00 America/Chicago');
    expect((await post(at('2026-01-14T15:00:00Z'))).status).toBe(201); // 09:00
    expect((await post(at('2026-01-14T22:59:00Z'))).status).toBe(201); // 16:59
    expect((await post(at('2026-01-14T23:00:00Z'))).body.reason).toBe('outside_hours'); // 17:00
    ctx.clock.set(new Date());
  });

  it('refuses once the agent has their calls for the day, counted on their own calendar', async () => {
    const { user } = await agentWithSettings({ callsPerDay: 2, timeZone: 'America/New_York' });
    ctx.clock.set(new Date('2026-02-11T12:00:00Z'));
    const at = (iso: string) => {
      const startedAt = new Date(iso);
      return { ...payload(user, 30), startedAt: startedAt.toISOString(), endedAt: new Date(startedAt.getTime() + 30_000).toISOString() };
    };
    // 22:00 and 23:00 on Feb 9 in New York (03:00 and 04:00 UTC on Feb 10): no-charge calls count too.
    expect((await post(at('2026-02-10T03:00:00Z'))).status).toBe(201);
    expect((await post(at('2026-02-10T04:00:00Z'))).status).toBe(201);
    const third = await post(at('2026-02-10T04:30:00Z'));
    expect(third.status).toBe(422);
    expect(third.body).toEqual({ error: "The agent's limit of 2 calls per day is reached.", code: 'daily_cap_reached', reason: 'daily_cap_reached' });
    // 00:30 on Feb 10 in New York is a new day.
    expect((await post(at('2026-02-10T05:30:00Z'))).status).toBe(201);
    ctx.clock.set(new Date());
  });

  it('refuses while paused, until the resume date, and not calls that started before the pause', async () => {
    const { user, agent } = await agentWith({ kind: 'transfer_package', tier: 'standard', count: 50 }).then(async (a) => ({
      ...a,
      agent: await loginAs(ctx.app, a.user.email, a.user.password),
    }));
    ctx.clock.set(new Date('2026-03-10T15:00:00Z'));
    const before = payload(user, 90); // started before the pause
    expect((await agent.put('/api/transfers/settings').send({ paused: true, resumeDate: '2026-03-12', timeZone: 'America/New_York' })).status).toBe(200);
    ctx.clock.advance(1000);
    const now = ctx.clock.now();
    const during = { ...payload(user, 90), startedAt: now.toISOString(), endedAt: new Date(now.getTime() + 90_000).toISOString() };
    ctx.clock.advance(120_000);
    const res = await post(during);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ error: 'The agent has paused transfers until 2026-03-12.', code: 'agent_paused', reason: 'agent_paused' });
    expect((await post(before)).status).toBe(201);
    // From midnight of the resume date in New York, transfers flow again.
    ctx.clock.set(new Date('2026-03-12T04:05:00Z'));
    const after = payload(user, 90);
    expect((await post(after)).status).toBe(201);
    ctx.clock.set(new Date());
  });

  it('answers the pre-transfer check with the same reasons', async () => {
    const { user } = await agentWithSettings({ workingStates: ['TX'] });
    const check = (body: object) =>
      documented(request(ctx.app).post('/api/callbacks/transfer/check').set('x-api-key', KEY).send(body), 'post', '/api/callbacks/transfer/check');
    expect((await check({ agentId: user.id, state: 'TX' })).body).toEqual({ ok: true, balanceRemaining: 50, deliveryPhone: null });
    expect((await check({ agentEmail: user.email, state: 'FL' })).body.reason).toBe('state_not_allowed');
    expect((await check({ agentId: 999999, state: 'TX' })).status).toBe(404);
  });
});

describe('payload checks', () => {
  it('names the agent by e-mail as well as by id', async () => {
    const { user } = await agentWith({ kind: 'transfer_package', tier: 'standard', count: 5 });
    const res = await post(callPayload({ email: user.email.toUpperCase() }, 90, { now: ctx.clock.now() }));
    expect(res.status).toBe(201);
  });

  it('refuses an unknown agent with 404 unknown_agent', async () => {
    const res = await post(callPayload({ id: 987654 }, 90, { now: ctx.clock.now() }));
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'No agent matches agentId/agentEmail.', code: 'unknown_agent', reason: 'unknown_agent' });
  });

  it('refuses bad payloads with 400 invalid_payload naming the fields', async () => {
    const { user } = await agentWith({ kind: 'transfer_package', tier: 'standard', count: 5 });
    const bad = await post({ ...payload(user, 90), state: 'ZZ', recordingUrl: 'javascript:alert(1)', callId: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.reason).toBe('invalid_payload');
    expect(Object.keys(bad.body.fields).sort()).toEqual(['callId', 'recordingUrl', 'state']);
    const backwards = await post({ ...payload(user, 90), endedAt: '2020-01-01T00:00:00Z' });
    expect(backwards.body.fields).toHaveProperty('endedAt');
    const tooLong = await post({ ...payload(user, 90), durationSeconds: 5000 });
    expect(tooLong.body.fields).toHaveProperty('durationSeconds');
    const future = new Date(ctx.clock.now().getTime() + 3_600_000);
    const ahead = await post({ ...payload(user, 90), startedAt: future.toISOString(), endedAt: new Date(future.getTime() + 90_000).toISOString() });
    expect(ahead.status).toBe(400);
    expect(ahead.body.reason).toBe('invalid_payload');
  });

  it('bounds startedAt and endedAt (years like 0001, 1900, 9999; a window around now) with 400 naming the field (issue 27 L5)', async () => {
    const { user } = await agentWith({ kind: 'transfer_package', tier: 'standard', count: 5 });
    for (const startedAt of ['0001-01-01T00:00:00Z', '1900-01-01T00:00:00Z', '9999-12-31T00:00:00Z']) {
      const res = await post({ ...payload(user, 90), startedAt, durationSeconds: undefined });
      expect(res.status).toBe(400);
      expect(res.body.reason).toBe('invalid_payload');
      expect(res.body.fields).toHaveProperty('startedAt');
    }
    // A 1990 start without durationSeconds: never a call of a billion seconds.
    const old = await post({ ...payload(user, 90), startedAt: '1990-01-01T00:00:00Z', durationSeconds: undefined });
    expect(old.status).toBe(400);
    expect(old.body.fields).toHaveProperty('startedAt');
    // Inside the years but long ago (more than 90 days): refused naming startedAt.
    const now = ctx.clock.now().getTime();
    const stale = new Date(now - 100 * 86_400_000);
    const staleRes = await post({ ...payload(user, 90), startedAt: stale.toISOString(), endedAt: new Date(stale.getTime() + 90_000).toISOString() });
    expect(staleRes.status).toBe(400);
    expect(staleRes.body.fields).toEqual({ startedAt: 'startedAt is more than 90 days ago' });
    // A computed duration is capped like an explicit one (at most 24 hours).
    const start = new Date(now - 3 * 86_400_000);
    const long = await post({
      ...payload(user, 90),
      startedAt: start.toISOString(),
      endedAt: new Date(now - 60_000).toISOString(),
      durationSeconds: undefined,
    });
    expect(long.status).toBe(400);
    expect(long.body.fields).toHaveProperty('endedAt');
    expect(await ctx.db('transfer_calls').where({ userId: user.id }).count({ n: '*' }).first()).toMatchObject({ n: 0 });
    // An ending in the future is refused too.
    const endsLater = await post({ ...payload(user, 90), endedAt: new Date(now + 3_600_000).toISOString(), durationSeconds: undefined });
    expect(endsLater.status).toBe(400);
    expect(endsLater.body.fields).toHaveProperty('endedAt');
    // The same payload inside the window is recorded, its duration computed from the times.
    const ok = await post({ ...payload(user, 90), durationSeconds: undefined });
    expect(ok.status).toBe(201);
  });

  it('takes calls from the 50 states and DC only: Puerto Rico is refused naming the state (decision 130)', async () => {
    const { user } = await agentWith({ kind: 'transfer_package', tier: 'standard', count: 5 });
    const pr = await post({ ...payload(user, 90), state: 'PR' });
    expect(pr.status).toBe(400);
    expect(pr.body.fields).toEqual({ state: 'State must be a two-letter US state code such as FL' });
    expect((await post({ ...payload(user, 90), state: 'dc' })).status).toBe(201);
  });
});
