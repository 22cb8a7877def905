// Tools to correct order mistakes (issue 26): stale pending orders expire through the job runner after
// PENDING_ORDER_TTL_MINUTES (their held leads go back on sale), an admin cancels a pending order (its
// intent voided at the provider), the timeline says what was delivered, how many and who, and "At most
// 1 is owed" agrees in number. Real database, payment emulator.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { createTestApp, makeUser, loginAs, type TestContext } from '../../test/harness.ts';
import { depsOf } from '../../app.ts';
import { JOBS } from '../../jobs/index.ts';
import { expireStaleOrders, NOT_PENDING_MESSAGE, staleOrderMessage } from '../../services/orders/stale-orders.service.ts';
import { owedLimitMessage } from '../../services/orders/fulfilment.service.ts';
import { insertOwedOrder } from '../../test/orders-testing.ts';
import { insertLead } from '../../test/proof-fixtures.ts';

const TTL_MINUTES = 90;

let ctx: TestContext;
let adminUser: { email: string; password: string };
let admin: Awaited<ReturnType<typeof loginAs>>;
/** A fresh admin session (the tests move the clock past a session's inactivity limit). */
const asAdmin = async () => (admin = await loginAs(ctx.app, adminUser.email, adminUser.password));

beforeAll(async () => {
  ctx = await createTestApp({ config: { pendingOrderTtlMs: TTL_MINUTES * 60_000 } });
  adminUser = await makeUser(ctx.db, { isAdmin: true, firstName: 'Otto', lastName: 'Operator' });
});
afterAll(() => ctx.close());

async function agent() {
  const u = await makeUser(ctx.db);
  return { user: u, session: await loginAs(ctx.app, u.email, u.password) };
}

describe('stale pending orders', () => {
  it('expire after the configured time through the job runner, show as expired, give their leads back and void the payment', async () => {
    const deps = depsOf(ctx.app);
    expect(deps.jobs.registered(JOBS.staleOrders)).toBe(true);
    const { session } = await agent();
    const leadId = await insertLead(ctx.db);
    const res = await session.post('/api/bulk-purchase-leads').send({ leadIds: [leadId] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const orderId = Number(res.body.orderId);
    // Keep the reservation alive past the order's time: only the stale-order rule may expire it.
    await ctx.db('leads').where({ id: leadId }).update({ reservedUntil: '2999-01-01 00:00:00.000' });

    ctx.clock.advance((TTL_MINUTES - 1) * 60_000);
    expect(await expireStaleOrders(deps)).toBe(0);
    expect((await ctx.db('orders').where({ id: orderId }).first('status')).status).toBe('pending');

    ctx.clock.advance(2 * 60_000);
    // The job as the runner runs it (by name), not a timer of its own.
    await deps.jobs.enqueue(JOBS.staleOrders, {}, { jobId: `stale-${orderId}` });
    await expect.poll(async () => (await ctx.db('orders').where({ id: orderId }).first('status')).status, { timeout: 5000 }).toBe('expired');
    await asAdmin();

    const detail = (await admin.get(`/api/admin/orders/${orderId}`)).body;
    expect(detail).toMatchObject({ status: 'expired', failureMessage: staleOrderMessage(TTL_MINUTES * 60_000) });
    expect(detail.failureMessage).toBe('Not paid within 90 minutes; the order expired.');
    expect(detail.timeline.map((e: { label: string }) => e.label)).toContain('Expired (not paid in time)');
    expect((await admin.get('/api/admin/orders').query({ status: 'expired' })).body.items.map((o: { id: number }) => o.id)).toContain(orderId);
    expect(await ctx.db('leads').where({ id: leadId }).first('status', 'reservedOrderId')).toMatchObject({ status: 'available', reservedOrderId: null });
    const intent = await ctx.stripe.paymentIntents.retrieve(res.body.paymentIntentId);
    await expect.poll(async () => (await ctx.stripe.paymentIntents.retrieve(intent.id)).status).toBe('canceled');
  });
});

describe('an admin cancels a pending order', () => {
  it('cancels it (voided at the provider, items back on sale, timeline says who); a paid order is 409', async () => {
    await asAdmin();
    const { session } = await agent();
    const leadId = await insertLead(ctx.db);
    const res = await session.post('/api/bulk-purchase-leads').send({ leadIds: [leadId] });
    const orderId = Number(res.body.orderId);
    // A pending order says when its hold ends (issue 34 item 8): the lead's reservation.
    const held = await ctx.db('leads').where({ id: leadId }).first();
    const pending = (await admin.get(`/api/admin/orders/${orderId}`)).body;
    expect(pending.holdExpiresAt).toBe(new Date(`${String(held.reservedUntil).replace(' ', 'T')}Z`).toISOString());
    const canceled = await admin.post(`/api/admin/orders/${orderId}/cancel`).send({});
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    expect(canceled.body).toMatchObject({ status: 'canceled', failureMessage: 'Canceled by an admin.' });
    // The admin's entry; the provider's own "payment canceled" event may land beside it in the same millisecond.
    const entry = canceled.body.timeline.find((e: { type: string }) => e.type === 'canceled');
    expect(entry).toMatchObject({ type: 'canceled', label: 'Canceled', actor: expect.stringContaining('Otto Operator') });
    expect((await ctx.stripe.paymentIntents.retrieve(res.body.paymentIntentId)).status).toBe('canceled');
    expect((await ctx.db('leads').where({ id: leadId }).first('status')).status).toBe('available');
    expect(canceled.body.holdExpiresAt).toBeNull();
    // In the audit log (issue 34 item 8), once.
    const audit = (await admin.get('/api/admin/audit').query({ pageSize: 100 })).body.items as Array<{ action: string; entityId: number; summary: string }>;
    const logged = audit.filter((e) => e.action === 'order.canceled' && e.entityId === orderId);
    expect(logged).toHaveLength(1);
    expect(logged[0]!.summary).toMatch(new RegExp(`^Canceled unpaid order #${orderId} \\(\\$`));

    const again = await admin.post(`/api/admin/orders/${orderId}/cancel`).send({});
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(NOT_PENDING_MESSAGE);
    const paid = await insertOwedOrder(ctx.db, (await makeUser(ctx.db)).id, { leadType: 'Call-Backs', owed: 2 });
    expect((await admin.post(`/api/admin/orders/${paid}/cancel`).send({})).status).toBe(409);
    expect((await admin.post('/api/admin/orders/999999/cancel').send({})).status).toBe(404);
    const after = (await admin.get('/api/admin/audit').query({ pageSize: 100 })).body.items as Array<{ action: string; entityId: number }>;
    expect(after.filter((e) => e.action === 'order.canceled' && e.entityId === orderId)).toHaveLength(1);
  });
});

describe('fulfilment in the timeline', () => {
  it('"Delivered" entries say what, how many and who; "At most 1 is owed" agrees in number', async () => {
    await asAdmin();
    const buyer = await makeUser(ctx.db);
    const orderId = await insertOwedOrder(ctx.db, buyer.id, { leadType: 'Call-Backs', owed: 3 });
    expect((await admin.post(`/api/admin/orders/${orderId}/deliveries`).send({ count: 2 })).status).toBe(200);
    const tooMany = await admin.post(`/api/admin/orders/${orderId}/deliveries`).send({ count: 2 });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.error).toBe('At most 1 is owed on this order.');
    expect(owedLimitMessage(3)).toBe('At most 3 are owed on this order.');
    expect((await admin.post(`/api/admin/orders/${orderId}/deliveries`).send({ count: 1 })).status).toBe(200);
    const timeline = (await admin.get(`/api/admin/orders/${orderId}`)).body.timeline as { type: string; label: string; actor: string | null }[];
    expect(timeline.find((e) => e.type === 'delivered')).toMatchObject({
      label: 'Delivered 2 call-backs (entered by an admin): 2 delivered in all, 1 owed',
      actor: expect.stringContaining('Otto Operator'),
    });
    expect(timeline.find((e) => e.type === 'fulfilled')).toMatchObject({
      label: 'Fulfilled: delivered 1 call-back (entered by an admin), all 3 delivered',
      actor: expect.stringContaining('Otto Operator'),
    });
  });
});
