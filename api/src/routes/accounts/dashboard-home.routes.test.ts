// GET /api/dashboard/home: the portal home's figures, computed by the server for the session's agent
// only: balance and spend, transfers today and this week on the agent's clock, disputes awaiting a
// decision, recent purchases, upcoming purchased appointments and the low-balance / paused alerts.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import request from 'supertest';
import { TIERS } from '@tm/shared';
import { LOW_BALANCE_MESSAGE, NO_BALANCE_MESSAGE, PAUSED_MESSAGE, type DashboardHomeView } from '@tm/shared/schemas/home';
import { createTestApp, makeUser, loginAs, type TestContext } from '../../test/harness.ts';
import { ManualClock } from '../../clock.ts';
import { insertPaidOrder, callPayload } from '../../test/transfers-testing.ts';
import { toDbDate } from '../../db/dates.ts';

const KEY = 'test-transfer-key-home-abcdefgh';
// Wednesday 25 November 2026, 12:00 in New York (17:00 UTC): the week began Monday 23rd, 00:00 EST.
const NOW = new Date('2026-11-25T17:00:00Z');
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ config: { transferApiKey: KEY }, clock: new ManualClock(NOW) });
});
afterAll(() => ctx.close());

async function deliverAt(userId: number, startedAt: Date, duration = 300) {
  const payload = callPayload({ id: userId }, duration, { now: new Date(startedAt.getTime() + duration * 1000 + 60_000) });
  const res = await request(ctx.app).post('/api/callbacks/transfer').set('x-api-key', KEY).send(payload);
  expect(res.status).toBe(201);
  return res.body.call as { id: number };
}

async function insertAppointment(buyerId: number | null, at: string, over: Record<string, unknown> = {}) {
  const [id] = await ctx.db('appointments').insert({
    customerName: 'Harold Thompson',
    customerPhone: '5125550199',
    customerState: 'TX',
    callStatus: 'completed',
    extractedAppointmentDateTime: at,
    hasExtractedAppointment: true,
    status: buyerId ? 'sold' : 'available',
    buyerId,
    purchasedAt: buyerId ? toDbDate(new Date(NOW.getTime() - 86_400_000)) : null,
    ...over,
  });
  return Number(id);
}

const home = async (agent: Awaited<ReturnType<typeof loginAs>>) => {
  const res = await agent.get('/api/dashboard/home');
  expect(res.status).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.body as DashboardHomeView;
};

describe('GET /api/dashboard/home', () => {
  it('needs a login', async () => {
    expect((await request(ctx.app).get('/api/dashboard/home')).status).toBe(401);
  });

  it('reads the upcoming appointments from a day ago on, in any offset, not every appointment bought (decision 265)', async () => {
    const me = await makeUser(ctx.db);
    for (let d = 2; d < 42; d++) await insertAppointment(me.id, new Date(NOW.getTime() - d * 86_400_000).toISOString());
    // 05:00 at UTC-12 is 17:00 UTC, an hour ahead of now though its text is 12 hours behind; 14:00 at UTC+14
    // is 00:00 UTC, hours past; an hour ago in UTC, past.
    const west = await insertAppointment(me.id, '2026-11-25T06:00:00-12:00');
    const next = await insertAppointment(me.id, '2026-11-26T09:00:00Z');
    await insertAppointment(me.id, '2026-11-25T14:00:00+14:00');
    await insertAppointment(me.id, '2026-11-25T16:00:00.000Z');
    const agent = await loginAs(ctx.app, me.email, me.password);
    const reads: number[] = [];
    const listen = (response: unknown, q: { sql: string }) => {
      if (/from\s+[`"]?appointments[`"]?/i.test(q.sql))
        reads.push(Array.isArray(response) ? (Array.isArray(response[0]) ? response[0].length : response.length) : 0);
    };
    ctx.db.on('query-response', listen);
    try {
      expect((await home(agent)).upcomingAppointments.map((a) => a.id)).toEqual([west, next]);
    } finally {
      ctx.db.removeListener('query-response', listen);
    }
    // The four from a day ago on, not the 44 the agent bought.
    expect(reads).toEqual([4]);
  });

  it("computes the agent own figures on their clock, and nobody else's", async () => {
    const me = await makeUser(ctx.db);
    const other = await makeUser(ctx.db);
    const older = await insertPaidOrder(ctx.db, me.id, { kind: 'transfer_package', tier: 'standard', count: 10 }, new Date('2026-11-01T15:00:00Z'));
    const newer = await insertPaidOrder(ctx.db, me.id, { kind: 'transfer_package', tier: 'premium', count: 10 }, new Date('2026-11-20T15:00:00Z'));
    await insertPaidOrder(ctx.db, other.id, { kind: 'transfer_package', tier: 'standard', count: 50 }, new Date('2026-11-21T15:00:00Z'));

    // Today (NY): two billable calls and one under the buffer; this week before today: one; last week: one.
    const today1 = await deliverAt(me.id, new Date('2026-11-25T14:00:00Z'));
    await deliverAt(me.id, new Date('2026-11-25T15:00:00Z'));
    await deliverAt(me.id, new Date('2026-11-25T16:00:00Z'), 20);
    // Monday 23rd 00:30 in New York is 05:30 UTC: this week. Sunday 22nd 23:30 NY is 04:30 UTC on the 23rd: last week.
    await deliverAt(me.id, new Date('2026-11-23T05:30:00Z'));
    await deliverAt(me.id, new Date('2026-11-23T04:30:00Z'));
    await deliverAt(other.id, new Date('2026-11-25T14:30:00Z'));

    const agent = await loginAs(ctx.app, me.email, me.password);
    const dispute = await agent.post(`/api/transfers/${today1.id}/disputes`).send({ reasonCode: 'other', reasonText: 'Caller was a robot' });
    expect(dispute.status).toBe(201);

    // Upcoming: two ahead (shown soonest first), one past, one unreadable text, one deleted, one someone else's.
    const soon = await insertAppointment(me.id, '2026-11-26T15:00:00.000Z');
    const later = await insertAppointment(me.id, '2026-12-01T20:30:00.000Z', { customerName: 'Mary Jones' });
    await insertAppointment(me.id, '2026-11-24T15:00:00.000Z');
    await insertAppointment(me.id, 'Tuesday at 3pm');
    await insertAppointment(me.id, '2026-11-27T15:00:00.000Z', { buyerDeletedAt: toDbDate(NOW) });
    await insertAppointment(other.id, '2026-11-26T16:00:00.000Z');
    await insertAppointment(null, '2026-11-26T17:00:00.000Z');

    const h = await home(agent);
    expect(h.timeZone).toBe('America/New_York');
    expect(h.transfersPurchased).toBe(20);
    // Four billable calls drawn from the oldest order first (standard rate); the short call is free.
    expect(h.transfersRemaining).toBe(20 - 4);
    expect(h.spentCents).toBe(4 * TIERS.standard.rateCents);
    expect(h.transfersToday).toBe(3);
    expect(h.transfersThisWeek).toBe(4);
    expect(h.disputesAwaitingDecision).toBe(1);
    expect(h.recentPurchases.map((p) => p.orderId)).toEqual([newer, older]);
    expect(h.recentPurchases[0]).toMatchObject({
      amountCents: 10 * TIERS.premium.rateCents,
      receiptPath: `/dashboard/receipts/${newer}`,
      at: '2026-11-20T15:00:00.000Z',
    });
    expect(h.upcomingAppointments.map((a) => a.id)).toEqual([soon, later]);
    expect(h.upcomingAppointments[0]).toMatchObject({
      customerName: 'Harold Thompson',
      customerPhone: '5125550199',
      customerState: 'TX',
      at: '2026-11-26T15:00:00.000Z',
    });
    expect(h.alerts).toEqual([]);
    expect(h.paused).toBe(false);
  });

  it('counts today and this week on the agent own time zone', async () => {
    const me = await makeUser(ctx.db);
    await insertPaidOrder(ctx.db, me.id, { kind: 'transfer_package', tier: 'standard', count: 50 }, new Date('2026-11-01T15:00:00Z'));
    const agent = await loginAs(ctx.app, me.email, me.password);
    const put = await agent
      .put('/api/transfers/settings')
      .send({ callsPerDay: null, workingStates: [], hoursStart: null, hoursEnd: null, timeZone: 'America/Los_Angeles', paused: false, resumeDate: null });
    expect(put.status).toBe(200);
    // 07:30 UTC on the 25th is 23:30 on the 24th in Los Angeles (not today there), 02:30 in New York (today).
    await deliverAt(me.id, new Date('2026-11-25T07:30:00Z'));
    await deliverAt(me.id, new Date('2026-11-25T09:00:00Z'));
    const h = await home(agent);
    expect(h.timeZone).toBe('America/Los_Angeles');
    expect(h.transfersToday).toBe(1);
    expect(h.transfersThisWeek).toBe(2);
  });

  it('warns of a low balance, of none left, and of a pause', async () => {
    const low = await makeUser(ctx.db);
    await insertPaidOrder(ctx.db, low.id, { kind: 'transfer_package', tier: 'standard', count: 6 }, new Date('2026-11-01T15:00:00Z'));
    const lowAgent = await loginAs(ctx.app, low.email, low.password);
    expect((await home(lowAgent)).alerts).toEqual([]);
    await deliverAt(low.id, new Date('2026-11-25T14:00:00Z'));
    expect((await home(lowAgent)).alerts).toEqual([{ kind: 'low_balance', message: LOW_BALANCE_MESSAGE(5) }]);

    const empty = await makeUser(ctx.db);
    await insertPaidOrder(ctx.db, empty.id, { kind: 'transfer_package', tier: 'standard', count: 1 }, new Date('2026-11-01T15:00:00Z'));
    await deliverAt(empty.id, new Date('2026-11-25T14:00:00Z'));
    const emptyHome = await home(await loginAs(ctx.app, empty.email, empty.password));
    expect(emptyHome.transfersRemaining).toBe(0);
    expect(emptyHome.alerts).toEqual([{ kind: 'no_balance', message: NO_BALANCE_MESSAGE }]);

    const paused = await makeUser(ctx.db);
    await insertPaidOrder(ctx.db, paused.id, { kind: 'transfer_package', tier: 'standard', count: 50 }, new Date('2026-11-01T15:00:00Z'));
    const pausedAgent = await loginAs(ctx.app, paused.email, paused.password);
    await pausedAgent
      .put('/api/transfers/settings')
      .send({ callsPerDay: null, workingStates: [], hoursStart: null, hoursEnd: null, timeZone: 'America/New_York', paused: true, resumeDate: null });
    const p = await home(pausedAgent);
    expect(p.paused).toBe(true);
    expect(p.alerts).toEqual([{ kind: 'paused', message: PAUSED_MESSAGE }]);
  });

  it('is empty, not an error, for a new agent', async () => {
    const me = await makeUser(ctx.db);
    const h = await home(await loginAs(ctx.app, me.email, me.password));
    expect(h).toMatchObject({
      transfersRemaining: 0,
      transfersPurchased: 0,
      spentCents: 0,
      transfersToday: 0,
      transfersThisWeek: 0,
      disputesAwaitingDecision: 0,
      recentPurchases: [],
      upcomingAppointments: [],
      alerts: [],
    });
  });
});
