// Issue 36 point 2: the admin reports. Orders are bought through the real checkout and the payment
// emulator, refunded through the admin's refund, calls recorded by the caller system's callback, a dispute
// filed and approved: the report figures then equal what the orders, the refunds and the transfer ledger
// hold (summed here straight from those tables), day by day in the operator's time zone, and each report's
// CSV has the same rows.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import crypto from 'node:crypto';
import { TIERS } from '@tm/shared';
import { createTestAppWithAdmin, loginAs, type TestContext } from '../../test/harness.ts';
import { buyStandardTransfers, insertAppointment, postTransferCall } from '../../test/proof-fixtures.ts';
import { insertPaidOrder } from '../../test/transfers-testing.ts';
import { toDbDate } from '../../db/dates.ts';

const KEY = 'reports-transfer-key-0123456789';
let ctx: TestContext;
let admin: Awaited<ReturnType<typeof loginAs>>;
const rate = TIERS.standard.rateCents;
const TZ = 'America/Chicago';
let a: { id: number; email: string; password: string };
let b: { id: number; email: string; password: string };
let lateOrder: number;

beforeAll(async () => {
  ({ ctx, admin } = await createTestAppWithAdmin({ config: { transferApiKey: KEY } }));
  // 10:00 in Chicago on 10 June.
  ctx.clock.set(new Date('2026-06-10T15:00:00Z'));
  const boughtA = await buyStandardTransfers(ctx, 10);
  const boughtB = await buyStandardTransfers(ctx, 20);
  a = boughtA.user;
  b = boughtB.user;
  const refund = await admin
    .post(`/api/admin/orders/${boughtA.orderId}/refunds`)
    .send({ amountCents: 5 * rate, reason: 'Wrong tier', idempotencyKey: `k-${crypto.randomUUID()}` });
  expect(refund.status, JSON.stringify(refund.body)).toBe(201);
  const calls = [];
  for (let i = 0; i < 3; i++) calls.push((await postTransferCall(ctx.app, KEY, a.id, ctx.clock.now())).body.call.id as number);
  for (let i = 0; i < 2; i++) expect((await postTransferCall(ctx.app, KEY, b.id, ctx.clock.now())).status).toBe(201);
  const filed = await boughtA.agent.post(`/api/transfers/${calls[0]}/disputes`).send({ reasonCode: 'other', reasonText: 'The caller hung up at once' });
  expect(filed.status, JSON.stringify(filed.body)).toBe(201);
  const dispute = await ctx.db('transfer_disputes').where({ callId: calls[0] }).first();
  if (dispute.status === 'pending') await admin.post(`/api/admin/transfer-disputes/${dispute.id}/approve`).send({}).expect(200);
  expect((await ctx.db('transfer_calls').where({ id: calls[0] }).first()).status).toBe('credited');

  // 11 June: B buys 10 more; and an order paid at 23:30 on 11 June in Chicago (04:30Z on the 12th).
  ctx.clock.set(new Date('2026-06-11T15:00:00Z'));
  await buyStandardTransfers(ctx, 10, b);
  lateOrder = await insertPaidOrder(ctx.db, b.id, { kind: 'transfer_package', tier: 'standard', count: 2 }, new Date('2026-06-12T04:30:00Z'));
  // Appointments: 4 sold on 10 June (Chicago), one no-show credited.
  for (let i = 0; i < 4; i++) {
    const id = await insertAppointment(ctx.db, { status: 'sold', buyerId: a.id, purchasedAt: toDbDate(new Date('2026-06-10T16:00:00Z')) });
    if (i === 0) {
      await ctx.db('appointment_no_shows').insert({
        appointmentId: id,
        userId: a.id,
        callDurationSeconds: 0,
        bufferSeconds: 60,
        status: 'credited',
        creditCents: 1000,
        createdAt: toDbDate(new Date('2026-06-10T18:00:00Z')),
      });
    }
  }
});
afterAll(() => ctx.close());

const q = (from: string, to: string, tz = TZ) => `from=${from}&to=${to}&tz=${encodeURIComponent(tz)}`;
const sum = <T>(rows: T[], f: (r: T) => number) => rows.reduce((s, r) => s + f(r), 0);
/** What the orders and refunds tables hold for paid-at / refunded-at instants in [start, end). */
async function ledger(start: string, end: string) {
  const orders = await ctx.db('orders').whereIn('status', ['paid', 'refunded']).where('paidAt', '>=', start).where('paidAt', '<', end);
  const refunds = await ctx.db('refunds').where({ status: 'succeeded' }).where('createdAt', '>=', start).where('createdAt', '<', end);
  return { gross: sum(orders, (o) => Number(o.amountCents)), refunded: sum(refunds, (r) => Number(r.amountCents)), orders: orders.length };
}

describe('GET /api/admin/reports/revenue', () => {
  it('gross, refunded and net by day and product equal the orders and the refunds, in the operator zone', async () => {
    const res = await admin.get(`/api/admin/reports/revenue?${q('2026-06-10', '2026-06-11')}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ from: '2026-06-10', to: '2026-06-11', timeZone: TZ });
    const rows = res.body.rows as Array<{ day: string; product: string; grossCents: number; refundedCents: number; netCents: number; orders: number }>;
    // Chicago's 10 and 11 June: 05:00Z on the 10th to 05:00Z on the 12th (the 04:30Z order is in).
    const l = await ledger('2026-06-10 05:00:00.000', '2026-06-12 05:00:00.000');
    expect(sum(rows, (r) => r.grossCents)).toBe(l.gross);
    expect(sum(rows, (r) => r.refundedCents)).toBe(l.refunded);
    expect(sum(rows, (r) => r.netCents)).toBe(l.gross - l.refunded);
    expect(sum(rows, (r) => r.orders)).toBe(l.orders);
    // And the orders' own refunded column agrees with the refunds.
    const o = await ctx.db('orders').whereIn('status', ['paid', 'refunded']);
    expect(sum(o, (x) => Number(x.refundedCents))).toBe(l.refunded);

    const day10 = rows.find((r) => r.day === '2026-06-10' && r.product === 'transfer_package')!;
    expect(day10).toEqual({ day: '2026-06-10', product: 'transfer_package', grossCents: 30 * rate, refundedCents: 5 * rate, netCents: 25 * rate, orders: 2 });
    const day11 = rows.find((r) => r.day === '2026-06-11')!;
    expect(day11.orders).toBe(l.orders - 2);
    expect(day11.grossCents).toBe(l.gross - 30 * rate);
    expect(day11.grossCents).toBeGreaterThanOrEqual(2 * rate);
  });

  it('the same instant falls on the day of the zone asked for', async () => {
    const utc = await admin.get(`/api/admin/reports/revenue?${q('2026-06-11', '2026-06-11', 'UTC')}`);
    const chicago = await admin.get(`/api/admin/reports/revenue?${q('2026-06-11', '2026-06-11')}`);
    const late = Number((await ctx.db('orders').where({ id: lateOrder }).first()).amountCents);
    const gross = (r: { body: { rows: Array<{ grossCents: number }> } }) => sum(r.body.rows, (x) => x.grossCents);
    expect(gross(chicago) - gross(utc)).toBe(late);
  });

  it('serves the same rows as CSV', async () => {
    const json = await admin.get(`/api/admin/reports/revenue?${q('2026-06-10', '2026-06-11')}`);
    const csv = await admin.get(`/api/admin/reports/revenue.csv?${q('2026-06-10', '2026-06-11')}`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="revenue-2026-06-10-to-2026-06-11.csv"');
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe('"Day","Product","Gross","Refunded","Net","Orders"');
    expect(lines).toHaveLength(json.body.rows.length + 1);
    expect(lines).toContain(
      `"2026-06-10","Transfer package","${((30 * rate) / 100).toFixed(2)}","${((5 * rate) / 100).toFixed(2)}","${((25 * rate) / 100).toFixed(2)}",2`,
    );
  });

  it('names bad dates and zones with 400', async () => {
    expect((await admin.get('/api/admin/reports/revenue?to=2026-06-10')).body.fields).toHaveProperty('from');
    expect((await admin.get('/api/admin/reports/revenue?from=2026-06-10&to=2026-06-01')).body.fields).toHaveProperty('to');
    expect((await admin.get('/api/admin/reports/revenue?from=2026-06-10&to=2026-06-11&tz=Mars/Base')).body.fields).toHaveProperty('tz');
    expect((await admin.get('/api/admin/reports/buyers.csv?from=2025-01-01&to=2026-06-11')).status).toBe(400);
  });
});

describe('GET /api/admin/reports/buyers and the other reports', () => {
  it('transfers delivered, disputes, credits and credit rate per buyer equal the transfer ledger', async () => {
    const res = await admin.get(`/api/admin/reports/buyers?${q('2026-06-10', '2026-06-10')}`);
    expect(res.status).toBe(200);
    const rows = res.body.rows as Array<{ userId: number; email: string; transfersDelivered: number; disputes: number; credits: number; creditRate: number }>;
    for (const u of [a, b]) {
      const calls = await ctx.db('transfer_calls').where({ userId: u.id });
      const disputes = await ctx.db('transfer_disputes').where({ userId: u.id });
      const row = rows.find((r) => r.userId === u.id)!;
      expect(row).toMatchObject({
        email: u.email,
        transfersDelivered: calls.length,
        disputes: disputes.length,
        credits: calls.filter((c) => c.status === 'credited').length,
      });
    }
    expect(rows.find((r) => r.userId === a.id)).toMatchObject({ transfersDelivered: 3, disputes: 1, credits: 1, creditRate: 0.3333 });
    expect(rows.find((r) => r.userId === b.id)).toMatchObject({ transfersDelivered: 2, disputes: 0, credits: 0, creditRate: 0 });
    const csv = await admin.get(`/api/admin/reports/buyers.csv?${q('2026-06-10', '2026-06-10')}`);
    expect(csv.text).toContain(`${a.id},"${a.email}",3,1,1,0.3333`);
  });

  it('transfers per buyer per day, refunds by reason and the no-show rate', async () => {
    const t = await admin.get(`/api/admin/reports/transfers?${q('2026-06-10', '2026-06-11')}`);
    expect(t.body.rows).toEqual(
      expect.arrayContaining([
        { day: '2026-06-10', userId: a.id, email: a.email, transfersDelivered: 3 },
        { day: '2026-06-10', userId: b.id, email: b.email, transfersDelivered: 2 },
      ]),
    );
    expect(sum(t.body.rows as Array<{ transfersDelivered: number }>, (r) => r.transfersDelivered)).toBe(
      Number((await ctx.db('transfer_calls').count({ n: '*' }).first())!.n),
    );

    const r = await admin.get(`/api/admin/reports/refunds?${q('2026-06-10', '2026-06-11')}`);
    expect(r.body.rows).toEqual([{ reason: 'Wrong tier', refunds: 1, refundedCents: 5 * rate }]);

    const n = await admin.get(`/api/admin/reports/no-shows?${q('2026-06-10', '2026-06-10')}`);
    expect(n.body.rows).toEqual([{ day: '2026-06-10', appointmentsSold: 4, noShowsReported: 1, noShowsCredited: 1, noShowRate: 0.25 }]);
    const csv = await admin.get(`/api/admin/reports/no-shows.csv?${q('2026-06-10', '2026-06-10')}`);
    expect(csv.text.trim().split('\r\n')).toEqual([
      '"Day","Appointments sold","No-shows reported","No-shows credited","No-show rate"',
      '"2026-06-10",4,1,1,0.25',
    ]);
  });
});
