// Admin Orders (issue 13 item 3) through the API on a real database and the payment emulator: admin-only
// access, filters, server-side pagination, CSV escaping, order detail with its timeline, and refunds
// (whole, partial, over the remaining amount refused, concurrent requests refunding once, the transfer
// ledger and balance following a refund of a transfer package).
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import request from 'supertest';
import { TIERS } from '@tm/shared';
import { createTestApp, makeUser, loginAs, loggedInUser, type TestContext } from '../../test/harness.ts';
import { buyStandardTransfers } from '../../test/proof-fixtures.ts';
import { insertPaidOrder } from '../../test/transfers-testing.ts';
import { ALREADY_REFUNDED_MESSAGE, overRefundMessage, REFUND_CHANGED_MESSAGE } from '../../services/orders/admin-refunds.service.ts';
import { toDbDate } from '../../db/dates.ts';
import crypto from 'node:crypto';

const key = () => `k-${crypto.randomUUID()}`;

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof loginAs>>;
let adminEmail: string;
let plain: Awaited<ReturnType<typeof loginAs>>;

beforeAll(async () => {
  ctx = await createTestApp();
  const a = await loggedInUser(ctx, { isAdmin: true, firstName: 'Ada', lastName: 'Admin' });
  adminEmail = a.user.email;
  admin = a.agent;
  plain = (await loggedInUser(ctx)).agent;
});
afterAll(() => ctx.close());

const intentIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0]!;

/** An agent who bought `count` standard transfers through the real checkout and the emulator. */
async function agentWithPaidPackage(count: number, over: Parameters<typeof makeUser>[1] = {}) {
  // The emulator's signed webhook pays it (by-intent only reads).
  const { user, agent, orderId, clientSecret } = await buyStandardTransfers(ctx, count, await makeUser(ctx.db, over));
  const view = await request(ctx.app).get(`/api/orders/by-intent/${intentIdOf(clientSecret)}`);
  expect(view.body.status).toBe('paid');
  return { user, agent, orderId, intentId: intentIdOf(clientSecret) };
}

async function balance(agent: Awaited<ReturnType<typeof loginAs>>) {
  const res = await agent.get('/api/transfers/balance');
  expect(res.status).toBe(200);
  return res.body as { remaining: number; purchased: number };
}

describe('access', () => {
  it.each([
    ['get', '/api/admin/orders'],
    ['get', '/api/admin/orders.csv'],
    ['get', '/api/admin/orders/1'],
    ['post', '/api/admin/orders/1/refunds'],
  ] as const)('%s %s is 401 anonymous and 403 for an agent', async (method, path) => {
    expect((await request(ctx.app)[method](path).send({})).status).toBe(401);
    const res = await plain[method](path).send({});
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: 'Admin access required' });
  });
});

describe('the order list', () => {
  it('shows buyer, product, amount, status, fulfilment, payment id and dates; filters; paginates on the server', async () => {
    const buyer = await makeUser(ctx.db, { firstName: 'Quentin', lastName: 'Filterby' });
    const base = new Date('2026-03-10T12:00:00.000Z');
    const paid = await insertPaidOrder(ctx.db, buyer.id, { kind: 'transfer_package', tier: 'standard', count: 3 }, base);
    const refunded = await insertPaidOrder(ctx.db, buyer.id, { kind: 'live_transfer', count: 2 }, new Date('2026-03-11T12:00:00.000Z'), 'refunded');
    const partly = await insertPaidOrder(ctx.db, buyer.id, { kind: 'ringcloud', leadType: 'Call-Backs', count: 5 }, new Date('2026-03-12T12:00:00.000Z'));
    await ctx.db('orders').where({ id: partly }).update({ refundedCents: 100, fulfilmentStatus: 'owed', quantityOwed: 5 });
    const pendingAt = toDbDate(new Date('2026-03-13T12:00:00.000Z'));
    const [pending] = await ctx.db('orders').insert({
      userId: buyer.id,
      kind: 'transfer_package',
      tier: 'standard',
      count: 1,
      unitPriceCents: 4000,
      amountCents: 4000,
      currency: 'usd',
      status: 'pending',
      idempotencyKey: `order-pending-${Date.now()}`,
      metadata: '{}',
      createdAt: pendingAt,
      updatedAt: pendingAt,
    });

    const all = await admin.get('/api/admin/orders').query({ q: 'Filterby' });
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(4);
    expect(all.body.items.map((o: { id: number }) => o.id)).toEqual([Number(pending), partly, refunded, paid]);
    const first = all.body.items.find((o: { id: number }) => o.id === paid);
    expect(first).toMatchObject({
      buyer: { userId: buyer.id, name: 'Quentin Filterby', email: buyer.email },
      kind: 'transfer_package',
      product: 'Transfer package',
      description: '3 transfers, Standard',
      count: 3,
      amountCents: 3 * TIERS.standard.rateCents,
      refundedCents: 0,
      status: 'paid',
      createdAt: '2026-03-10T12:00:00.000Z',
      paidAt: '2026-03-10T12:00:00.000Z',
    });
    expect(first.paymentIntentId).toMatch(/^pi_/);
    expect(all.body.items.find((o: { id: number }) => o.id === partly)).toMatchObject({
      status: 'partially_refunded',
      fulfilmentStatus: 'owed',
      quantityOwed: 5,
      product: 'RingCloud Call-Backs',
    });

    const ids = async (query: Record<string, string | number>) => {
      const res = await admin.get('/api/admin/orders').query({ q: 'Filterby', ...query });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.items.map((o: { id: number }) => o.id);
    };
    expect(await ids({ status: 'paid' })).toEqual([paid]);
    expect(await ids({ status: 'partially_refunded' })).toEqual([partly]);
    expect(await ids({ status: 'refunded' })).toEqual([refunded]);
    expect(await ids({ status: 'pending' })).toEqual([Number(pending)]);
    expect(await ids({ product: 'ringcloud' })).toEqual([partly]);
    expect(await ids({ from: '2026-03-11', to: '2026-03-12' })).toEqual([partly, refunded]);
    expect(await ids({ to: '2026-03-10' })).toEqual([paid]);
    // Buyer search: by e-mail and by name words; another buyer's orders are not in it.
    const byEmail = await admin.get('/api/admin/orders').query({ q: buyer.email.toUpperCase() });
    expect(byEmail.body.total).toBe(4);
    expect((await admin.get('/api/admin/orders').query({ q: 'Quentin Filterby', status: 'paid' })).body.items.map((o: { id: number }) => o.id)).toEqual([paid]);
    expect((await admin.get('/api/admin/orders').query({ q: 'Nobody Filterby' })).body.total).toBe(0);

    // Pagination happens on the server: pages of 3, then the rest.
    const p1 = await admin.get('/api/admin/orders').query({ q: 'Filterby', pageSize: 3, page: 1 });
    const p2 = await admin.get('/api/admin/orders').query({ q: 'Filterby', pageSize: 3, page: 2 });
    expect(p1.body).toMatchObject({ total: 4, page: 1, pageSize: 3, pageCount: 2 });
    expect(p1.body.items).toHaveLength(3);
    expect(p2.body.items.map((o: { id: number }) => o.id)).toEqual([paid]);
  });

  it('refuses bad filters with 400 naming the field', async () => {
    for (const [query, field] of [
      [{ status: 'lost' }, 'status'],
      [{ product: 'cars' }, 'product'],
      [{ from: '2026-13-45' }, 'from'],
      [{ from: '2026-03-12', to: '2026-03-01' }, 'to'],
      [{ page: '0' }, 'page'],
      [{ pageSize: '1000' }, 'pageSize'],
    ] as const) {
      const res = await admin.get('/api/admin/orders').query(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(Object.keys(res.body.fields ?? {})).toContain(field);
    }
  });

  it('exports the filtered orders as CSV with formula cells escaped', async () => {
    const evil = await makeUser(ctx.db, { firstName: '=HYPERLINK("http://x")', lastName: 'Csvtest', agencyName: '@SUM(1+1)', phone: '+15550001111' });
    const id = await insertPaidOrder(ctx.db, evil.id, { kind: 'transfer_package', tier: 'standard', count: 2 });
    const res = await admin.get('/api/admin/orders.csv').query({ q: 'Csvtest' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="orders.csv"/);
    const lines = res.text.trim().split('\r\n');
    expect(lines[0]).toMatch(/^"Order","Created \(UTC\)","Paid \(UTC\)","Buyer","Email","Phone","Agency","Product"/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${id},`);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x"") Csvtest"`);
    expect(lines[1]).toContain(`'@SUM(1+1)`);
    expect(lines[1]).toContain(`'+15550001111`);
    expect(lines[1]).not.toMatch(/,"?[=+@-]/);
    expect(lines[1]).toContain('80.00');
  });
});

describe('order detail and refunds', () => {
  it('shows items and a timeline: created, the payment events, fulfilment, each refund and who did it', async () => {
    const { orderId } = await agentWithPaidPackage(4);
    // The emulator's signed webhook arrives asynchronously: wait for it to be recorded.
    for (let i = 0; i < 50; i += 1) {
      if (
        await ctx
          .db('payment_events')
          .where({ type: 'payment_intent.succeeded' })
          .whereIn('paymentIntentId', ctx.db('orders').where({ id: orderId }).select('paymentIntentId'))
          .first()
      )
        break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const refund = await admin
      .post(`/api/admin/orders/${orderId}/refunds`)
      .send({ amountCents: TIERS.standard.rateCents, reason: 'One call was not delivered', idempotencyKey: key() });
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);
    const res = await admin.get(`/api/admin/orders/${orderId}`);
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([
      { kind: 'transfer', itemId: null, quantity: 4, unitPriceCents: TIERS.standard.rateCents, amountCents: 4 * TIERS.standard.rateCents, priceBasis: null },
    ]);
    const types = res.body.timeline.map((e: { type: string }) => e.type);
    expect(types[0]).toBe('created');
    // The payment: the order's own payment event, or the provider's webhook event when none was recorded.
    expect(
      types.some((t: string) => t === 'payment_succeeded' || t === 'payment_intent.succeeded'),
      JSON.stringify(types),
    ).toBe(true);
    expect(types.filter((t: string) => t === 'created')).toHaveLength(1);
    expect(types[types.length - 1]).toBe('refund');
    const last = res.body.timeline[res.body.timeline.length - 1];
    expect(last.actor).toContain(adminEmail);
    expect(last.detail).toMatchObject({ amountCents: TIERS.standard.rateCents, transfersRemoved: 1, reason: 'One call was not delivered' });
    expect(res.body.refunds).toHaveLength(1);
    expect(res.body.refunds[0]).toMatchObject({ amountCents: TIERS.standard.rateCents, status: 'succeeded', reason: 'One call was not delivered' });
    expect(res.body.refunds[0].providerRefundId).toMatch(/^re_/);
    expect(res.body.transfers).toEqual({ count: 4, used: 0, refunded: 1, remaining: 3 });
    expect((await admin.get('/api/admin/orders/999999')).status).toBe(404);
    expect((await admin.get('/api/admin/orders/abc')).status).toBe(404);
  });

  it('refunds half, then the rest; the provider refunds the money; the ledger and balance follow; a further refund is 409', async () => {
    const { agent, orderId, intentId } = await agentWithPaidPackage(30);
    expect(await balance(agent)).toMatchObject({ remaining: 30, purchased: 30 });
    const total = 30 * TIERS.standard.rateCents;

    const half = await admin.post(`/api/admin/orders/${orderId}/refunds`).send({ amountCents: total / 2, idempotencyKey: key() });
    expect(half.status, JSON.stringify(half.body)).toBe(201);
    expect(half.body.order).toMatchObject({ status: 'partially_refunded', refundedCents: total / 2, refundableCents: total / 2 });
    // The provider has refunded it: the intent's received amount is down by the refund.
    expect((await ctx.stripe.paymentIntents.retrieve(intentId)).amount_received).toBe(total / 2);
    expect(await balance(agent)).toMatchObject({ remaining: 15, purchased: 15 });
    const ledger = (await agent.get('/api/ledger')).body.entries as { type: string; transfers: number; amountCents: number; description: string }[];
    expect(ledger.find((e) => e.type === 'refund')).toMatchObject({
      transfers: -15,
      amountCents: total / 2,
      description: `Order #${orderId} partially refunded: 15 transfers taken back`,
    });
    expect((await admin.get('/api/admin/orders').query({ status: 'partially_refunded' })).body.items.map((o: { id: number }) => o.id)).toContain(orderId);

    // More than is left is refused, nothing changes.
    const over = await admin.post(`/api/admin/orders/${orderId}/refunds`).send({ amountCents: total / 2 + 1, idempotencyKey: key() });
    expect(over.status).toBe(409);
    expect(over.body.error).toBe(overRefundMessage(total / 2));
    expect((await ctx.db('orders').where({ id: orderId }).first('refundedCents')).refundedCents).toBe(total / 2);

    // The rest (no amount: all that is left).
    const rest = await admin.post(`/api/admin/orders/${orderId}/refunds`).send({ idempotencyKey: key() });
    expect(rest.status).toBe(201);
    expect(rest.body.order).toMatchObject({ status: 'refunded', refundedCents: total, refundableCents: 0 });
    expect(await balance(agent)).toMatchObject({ remaining: 0 });
    const again = await admin.post(`/api/admin/orders/${orderId}/refunds`).send({ amountCents: 100, idempotencyKey: key() });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(ALREADY_REFUNDED_MESSAGE);
    const entries = (await agent.get('/api/ledger')).body.entries as { type: string; transfers: number }[];
    expect(
      entries
        .filter((e) => e.type === 'refund')
        .map((e) => e.transfers)
        .sort(),
    ).toEqual([-15, -15]);
  });

  it('refuses bad amounts with 400 and unpaid orders with 409', async () => {
    const { orderId } = await agentWithPaidPackage(2);
    for (const body of [{ amountCents: 0 }, { amountCents: -5 }, { amountCents: 10.5 }, { amountCents: '100' }]) {
      const res = await admin.post(`/api/admin/orders/${orderId}/refunds`).send({ ...body, idempotencyKey: key() });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.fields).toHaveProperty('amountCents');
    }
    for (const idempotencyKey of [undefined, 'short', 'has spaces in it']) {
      const res = await admin.post(`/api/admin/orders/${orderId}/refunds`).send({ amountCents: 100, idempotencyKey });
      expect(res.status).toBe(400);
      expect(res.body.fields).toHaveProperty('idempotencyKey');
    }
    const user = await makeUser(ctx.db);
    const agent = await loginAs(ctx.app, user.email, user.password);
    const pending = await agent.post('/api/create-payment-intent').send({ callCount: 2, tier: 'standard' });
    const res = await admin.post(`/api/admin/orders/${pending.body.orderId}/refunds`).send({ idempotencyKey: key() });
    expect(res.status).toBe(409);
    expect((await admin.post('/api/admin/orders/999999/refunds').send({ idempotencyKey: key() })).status).toBe(404);
  });

  it('does not take back transfers already delivered', async () => {
    const { user, agent, orderId } = await agentWithPaidPackage(2);
    await ctx.db('transfer_order_usage').insert({ orderId, userId: user.id, capacity: 2, used: 2, bufferSeconds: 60 });
    const res = await admin.post(`/api/admin/orders/${orderId}/refunds`).send({ amountCents: TIERS.standard.rateCents, idempotencyKey: key() });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(/Only 0 transfers of this order are unused/);
    expect(await ctx.db('orders').where({ id: orderId }).first('refundedCents', 'status')).toMatchObject({ refundedCents: 0, status: 'paid' });
    expect(await ctx.db('refunds').where({ orderId })).toHaveLength(0);
    expect(await balance(agent)).toMatchObject({ remaining: 0 });
  });

  it('10 concurrent whole refunds (different keys) refund once; 10 concurrent half refunds never refund more than was paid', async () => {
    const { orderId, intentId, agent } = await agentWithPaidPackage(10);
    const total = 10 * TIERS.standard.rateCents;
    const results = await Promise.all(Array.from({ length: 10 }, () => admin.post(`/api/admin/orders/${orderId}/refunds`).send({ idempotencyKey: key() })));
    expect(
      results.filter((r) => r.status === 201),
      JSON.stringify(results.map((r) => [r.status, r.body.error])),
    ).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 201)) {
      expect(r.status).toBe(409);
      expect([REFUND_CHANGED_MESSAGE, ALREADY_REFUNDED_MESSAGE]).toContain(r.body.error);
    }
    expect(await ctx.db('refunds').where({ orderId })).toHaveLength(1);
    expect(await ctx.db('orders').where({ id: orderId }).first('refundedCents', 'status')).toMatchObject({ refundedCents: total, status: 'refunded' });
    expect((await ctx.stripe.paymentIntents.retrieve(intentId)).amount_received).toBe(0);
    expect(await balance(agent)).toMatchObject({ remaining: 0 });

    const second = await agentWithPaidPackage(10);
    const halves = await Promise.all(
      Array.from({ length: 10 }, () => admin.post(`/api/admin/orders/${second.orderId}/refunds`).send({ amountCents: total / 2, idempotencyKey: key() })),
    );
    const ok = halves.filter((r) => r.status === 201).length;
    expect(ok).toBeGreaterThanOrEqual(1);
    expect(ok).toBeLessThanOrEqual(2);
    const refunded = Number((await ctx.db('orders').where({ id: second.orderId }).first('refundedCents')).refundedCents);
    expect(refunded).toBe(ok * (total / 2));
    expect(await ctx.db('refunds').where({ orderId: second.orderId, status: 'succeeded' })).toHaveLength(ok);
    expect((await ctx.stripe.paymentIntents.retrieve(second.intentId)).amount_received).toBe(total - refunded);
  });

  it('10 concurrent requests of the same refund (one key, e.g. a double click) refund once and all answer that refund', async () => {
    const { orderId, intentId } = await agentWithPaidPackage(10);
    const total = 10 * TIERS.standard.rateCents;
    const results = await Promise.all(
      Array.from({ length: 10 }, () => admin.post(`/api/admin/orders/${orderId}/refunds`).send({ amountCents: total / 2, idempotencyKey: 'same-click-key-1' })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(
      results.filter((r) => r.status === 200 && r.body.duplicate === true),
      JSON.stringify(results.map((r) => [r.status, r.body.error])),
    ).toHaveLength(9);
    const ids = new Set(results.map((r) => r.body.refund.id));
    expect(ids.size).toBe(1);
    expect(await ctx.db('refunds').where({ orderId })).toHaveLength(1);
    expect((await ctx.stripe.paymentIntents.retrieve(intentId)).amount_received).toBe(total / 2);
    // The same key later still answers the first refund.
    const repeat = await admin.post(`/api/admin/orders/${orderId}/refunds`).send({ amountCents: total / 2, idempotencyKey: 'same-click-key-1' });
    expect(repeat.status).toBe(200);
    expect(repeat.body.duplicate).toBe(true);
    expect((await ctx.db('orders').where({ id: orderId }).first('refundedCents')).refundedCents).toBe(total / 2);
  });
});
