// Issue 13 item 2: every product sold is fulfilled or visibly owed. RingCloud aged leads are sold to the
// buyer once, in the transaction that marks the order paid (20 concurrent paid orders on one pool), short
// stock is recorded as delivered/owed and completed by an admin; call-backs are owed and delivered through
// the transfer callback with kind "callback" or entered by an admin. SQLite and (TEST_DATABASE_URL) MariaDB.
import { describe, it, expect, beforeAll, afterAll, beforeEach } from 'vitest';
import request from 'supertest';
import { createTestApp, makeUser, loginAs, type TestContext } from '../test/harness.ts';
import { depsOf } from '../app.ts';
import { checkPendingPayments, createOrder, getOrderByIntent } from '../services/orders/orders.service.ts';
import { workingStateCodes } from '../services/orders/fulfilment.service.ts';
import { callPayload } from '../services/transfers/testing.ts';

const KEY = 'fulfilment-transfer-key-0123456789';
let ctx: TestContext;
let admin: Awaited<ReturnType<typeof loginAs>>;
beforeAll(async () => {
  ctx = await createTestApp({ config: { transferApiKey: KEY } });
  const a = await makeUser(ctx.db, { isAdmin: true });
  admin = await loginAs(ctx.app, a.email, a.password);
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(async () => {
  // Each test brings its own stock.
  await ctx.db('leads').where({ status: 'available' }).update({ status: 'withdrawn' });
});

let phone = 0;
async function addAgedLeads(n: number, over: { ageDays?: number; state?: string } = {}): Promise<void> {
  const rows = Array.from({ length: n }, () => {
    phone += 1;
    return {
      kind: 'aged',
      customerName: `Aged ${phone}`,
      customerPhone: `555${String(phone).padStart(7, '0')}`,
      customerState: over.state ?? 'TX',
      zipCode: '73301',
      ageDays: over.ageDays ?? 45,
      status: 'available',
    };
  });
  for (let i = 0; i < rows.length; i += 200) await ctx.db('leads').insert(rows.slice(i, i + 200));
}

async function surveyFor(userId: number, leadType: string, ageRange: string | null, workingStates = 'TX, FL'): Promise<number> {
  const [id] = await ctx
    .db('onboardingSurveys')
    .insert({ userId, firstName: 'R', lastName: 'C', email: `s${userId}@example.com`, leadType, ageRange, workingStates });
  return Number(id);
}

const intentOf = (clientSecret: string) => clientSecret.split('_secret_')[0]!;

async function paidRingCloud(
  userId: number,
  leadType: 'Aged Leads' | 'Call-Backs',
  opts: { ageRange?: '30-60' | '60-90' | '90-180'; count?: number; states?: string } = {},
) {
  const surveyId = await surveyFor(userId, leadType, opts.ageRange ?? null, opts.states);
  const order = await createOrder(depsOf(ctx.app), { kind: 'ringcloud', surveyId, userId, leadType, ageRange: opts.ageRange, count: opts.count });
  await ctx.stripe.paymentIntents.confirm(order.paymentIntentId, { payment_method: 'pm_card_visa' });
  await getOrderByIntent(depsOf(ctx.app), order.paymentIntentId);
  await ctx.emulator.flush();
  return order;
}

const orderRow = (id: number) => ctx.db('orders').where({ id }).first();
const events = async (id: number) =>
  (await ctx.db('orderEvents').where({ orderId: id }).orderBy('id').select('type', 'detail', 'actorUserId')).map(
    (e: { type: string; detail: string | null; actorUserId: number | null }) => ({
      type: e.type,
      detail: e.detail ? JSON.parse(e.detail) : null,
      actor: e.actorUserId === null ? null : Number(e.actorUserId),
    }),
  );

describe('working states read from the survey text', () => {
  it('reads codes and names, not English words', () => {
    expect(workingStateCodes('TX, FL and New York')).toEqual(['FL', 'NY', 'TX']);
    expect(workingStateCodes('Multiple States')).toEqual([]);
    expect(workingStateCodes('in or me')).toEqual([]);
  });
});

describe('RingCloud aged leads', () => {
  it('sells 100 leads of the bought band, working states first, in the paying transaction; they are in My Leads', async () => {
    await addAgedLeads(60, { state: 'TX' });
    await addAgedLeads(70, { state: 'CA' });
    await addAgedLeads(50, { state: 'FL', ageDays: 120 }); // another band
    const u = await makeUser(ctx.db);
    const order = await paidRingCloud(u.id, 'Aged Leads', { ageRange: '30-60', states: 'TX, FL' });
    const row = await orderRow(order.orderId);
    expect(row).toMatchObject({ status: 'paid', fulfilmentStatus: 'fulfilled', quantityDelivered: 100, quantityOwed: 0, cardLast4: '4242' });
    expect(row.fulfilledAt).toBeTruthy();
    const sold = await ctx.db('leads').where({ buyerId: u.id, status: 'sold' }).select('customerState', 'ageDays', 'reservedOrderId');
    expect(sold).toHaveLength(100);
    expect(sold.filter((l: { customerState: string }) => l.customerState === 'TX')).toHaveLength(60); // every matching one first
    expect(
      sold.every((l: { ageDays: number; reservedOrderId: number }) => l.ageDays >= 30 && l.ageDays <= 60 && Number(l.reservedOrderId) === order.orderId),
    ).toBe(true);
    expect((await events(order.orderId)).map((e) => e.type)).toEqual(['created', 'payment_succeeded', 'fulfilled']);

    const agent = await loginAs(ctx.app, u.email, u.password);
    const mine = await agent.get('/api/my-leads');
    expect(mine.status).toBe(200);
    expect(mine.body.total).toBe(100);
    expect(mine.body.items[0]).toMatchObject({ source: 'purchased' });
  });

  it('short stock: delivers what there is, records the rest owed (partial), and an admin completes it later', async () => {
    await addAgedLeads(30);
    const u = await makeUser(ctx.db);
    const order = await paidRingCloud(u.id, 'Aged Leads', { ageRange: '30-60' });
    expect(await orderRow(order.orderId)).toMatchObject({
      status: 'paid',
      fulfilmentStatus: 'partial',
      quantityDelivered: 30,
      quantityOwed: 70,
      fulfilledAt: null,
    });
    const ev = await events(order.orderId);
    expect(ev.at(-1)).toMatchObject({ type: 'partially_fulfilled', detail: { delivered: 30, owed: 70 } });
    const view = await request(ctx.app).get(`/api/orders/by-intent/${order.paymentIntentId}`);
    expect(view.body).toMatchObject({ status: 'paid', fulfilmentStatus: 'partial', quantityDelivered: 30, quantityOwed: 70 });

    // Only admins complete it.
    const agent = await loginAs(ctx.app, u.email, u.password);
    expect((await agent.post(`/api/admin/orders/${order.orderId}/fulfil`).send({})).status).toBe(403);

    await addAgedLeads(50);
    const first = await admin.post(`/api/admin/orders/${order.orderId}/fulfil`).send({});
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ orderId: order.orderId, fulfilmentStatus: 'partial', quantityDelivered: 80, quantityOwed: 20 });
    await addAgedLeads(40);
    const second = await admin.post(`/api/admin/orders/${order.orderId}/fulfil`).send({});
    expect(second.body).toEqual({ orderId: order.orderId, fulfilmentStatus: 'fulfilled', quantityDelivered: 100, quantityOwed: 0 });
    expect(Number((await ctx.db('leads').where({ buyerId: u.id, status: 'sold' }).count({ n: '*' }).first())?.n)).toBe(100);
    expect(Number((await ctx.db('leads').where({ status: 'available' }).count({ n: '*' }).first())?.n)).toBe(20);
    const done = await events(order.orderId);
    expect(done.slice(-2).map((e) => e.type)).toEqual(['delivered', 'fulfilled']);
    expect(done.at(-1)!.actor).toBeGreaterThan(0);
    const third = await admin.post(`/api/admin/orders/${order.orderId}/fulfil`).send({});
    expect(third.status).toBe(409);
    expect(third.body.error).toBe('Nothing is owed on this order.');
  });

  it('no stock at all: the whole order is owed', async () => {
    const u = await makeUser(ctx.db);
    const order = await paidRingCloud(u.id, 'Aged Leads', { ageRange: '90-180' });
    expect(await orderRow(order.orderId)).toMatchObject({ fulfilmentStatus: 'owed', quantityDelivered: 0, quantityOwed: 100 });
  });

  it('skips a do-not-call listed number and a consumer already sold as exclusive, taking both off sale (decision 110)', async () => {
    await addAgedLeads(5);
    const stock = await ctx.db('leads').where({ status: 'available' }).orderBy('id').select('id', 'customerPhone');
    const [listed, claimed] = [stock[1]!, stock[3]!];
    await ctx.db('dnc_entries').insert({ list: 'dnc', phoneKey: listed.customerPhone });
    await ctx.db('consumer_claims').insert({ consumerKey: claimed.customerPhone, mode: 'exclusive', createdAt: '2026-01-01 00:00:00.000' });
    const u = await makeUser(ctx.db);
    const order = await paidRingCloud(u.id, 'Aged Leads', { ageRange: '30-60' });
    expect(await orderRow(order.orderId)).toMatchObject({ fulfilmentStatus: 'partial', quantityDelivered: 3, quantityOwed: 97 });
    const sold = (await ctx.db('leads').where({ buyerId: u.id, status: 'sold' }).pluck('id')).map(Number).sort((a, b) => a - b);
    expect(sold).toEqual([stock[0]!.id, stock[2]!.id, stock[4]!.id].map(Number));
    const off = await ctx.db('leads').whereIn('id', [listed.id, claimed.id]).pluck('status');
    expect(off).toEqual(['blocked', 'blocked']);
  });

  it('20 concurrent paid orders on one pool: every lead sold exactly once, each order delivered + owed = 100', async () => {
    await addAgedLeads(1530);
    const deps = depsOf(ctx.app);
    const buyers = await Promise.all(Array.from({ length: 20 }, () => makeUser(ctx.db)));
    const orders = await Promise.all(
      buyers.map(async (u) =>
        createOrder(deps, {
          kind: 'ringcloud',
          surveyId: await surveyFor(u.id, 'Aged Leads', '30-60'),
          userId: u.id,
          leadType: 'Aged Leads',
          ageRange: '30-60',
        }),
      ),
    );
    await Promise.all(orders.map((o) => ctx.stripe.paymentIntents.confirm(o.paymentIntentId, { payment_method: 'pm_card_visa' })));
    // The webhooks and the payment-check job's retrieves race to apply the same payments.
    await Promise.all([checkPendingPayments(deps), checkPendingPayments(deps), ctx.emulator.flush()]);
    await ctx.emulator.flush();

    const rows = await ctx
      .db('orders')
      .whereIn(
        'id',
        orders.map((o) => o.orderId),
      )
      .select('id', 'userId', 'status', 'quantityDelivered', 'quantityOwed', 'fulfilmentStatus');
    expect(rows.every((r: { status: string }) => r.status === 'paid')).toBe(true);
    let total = 0;
    for (const r of rows) {
      expect(Number(r.quantityDelivered) + Number(r.quantityOwed)).toBe(100);
      const mine = Number((await ctx.db('leads').where({ reservedOrderId: r.id, buyerId: r.userId, status: 'sold' }).count({ n: '*' }).first())?.n);
      expect(mine).toBe(Number(r.quantityDelivered));
      total += mine;
    }
    expect(total).toBe(1530);
    const soldIds = await ctx
      .db('leads')
      .whereIn(
        'reservedOrderId',
        orders.map((o) => o.orderId),
      )
      .select('id', 'buyerId');
    expect(new Set(soldIds.map((l: { id: number }) => Number(l.id))).size).toBe(1530);
    expect(soldIds).toHaveLength(1530);
    expect(Number((await ctx.db('leads').where({ status: 'available', kind: 'aged' }).count({ n: '*' }).first())?.n)).toBe(0);
    // Exactly one payment_succeeded per order, however many deliveries raced.
    const succeeded = await ctx
      .db('orderEvents')
      .whereIn(
        'orderId',
        orders.map((o) => o.orderId),
      )
      .where({ type: 'payment_succeeded' })
      .count({ n: '*' })
      .first();
    expect(Number(succeeded?.n)).toBe(20);
  }, 60_000);
});

describe('RingCloud call-backs', () => {
  it('are owed at payment, delivered by the callback with kind "callback" once per call id, and by an admin count', async () => {
    const u = await makeUser(ctx.db);
    const order = await paidRingCloud(u.id, 'Call-Backs', { count: 5 });
    expect(await orderRow(order.orderId)).toMatchObject({ status: 'paid', fulfilmentStatus: 'owed', quantityOwed: 5, quantityDelivered: 0 });

    const payload = { ...callPayload({ id: u.id }, 300, { now: ctx.clock.now() }), kind: 'callback' };
    const first = await request(ctx.app).post('/api/callbacks/transfer').set('x-api-key', KEY).send(payload);
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      ok: true,
      duplicate: false,
      kind: 'callback',
      orderId: order.orderId,
      fulfilmentStatus: 'partial',
      quantityDelivered: 1,
      quantityOwed: 4,
    });
    const again = await request(ctx.app).post('/api/callbacks/transfer').set('x-api-key', KEY).send(payload);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ duplicate: true, quantityDelivered: 1, quantityOwed: 4 });
    // No transfer was recorded or drawn for it.
    expect(await ctx.db('transferCalls').where({ externalCallId: payload.callId }).first()).toBeUndefined();
    expect((await events(order.orderId)).at(-1)).toMatchObject({ type: 'delivered', detail: { callId: payload.callId, count: 1, owed: 4, by: 'callback' } });

    const agent = await loginAs(ctx.app, u.email, u.password);
    expect((await agent.post(`/api/admin/orders/${order.orderId}/deliveries`).send({ count: 1 })).status).toBe(403);
    const bad = await admin.post(`/api/admin/orders/${order.orderId}/deliveries`).send({ count: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ count: 'Enter a whole number of at least 1' });
    const tooMany = await admin.post(`/api/admin/orders/${order.orderId}/deliveries`).send({ count: 5 });
    expect(tooMany.status).toBe(409);
    const byAdmin = await admin.post(`/api/admin/orders/${order.orderId}/deliveries`).send({ count: 4 });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toEqual({ orderId: order.orderId, fulfilmentStatus: 'fulfilled', quantityDelivered: 5, quantityOwed: 0 });
    expect((await events(order.orderId)).at(-1)).toMatchObject({ type: 'fulfilled', detail: { count: 4, by: 'admin' } });

    const none = await request(ctx.app)
      .post('/api/callbacks/transfer')
      .set('x-api-key', KEY)
      .send({ ...callPayload({ id: u.id }, 300, { now: ctx.clock.now() }), kind: 'callback' });
    expect(none.status).toBe(422);
    expect(none.body.reason).toBe('nothing_owed');
  });

  it('concurrent call-back deliveries never deliver more than is owed', async () => {
    const u = await makeUser(ctx.db);
    const order = await paidRingCloud(u.id, 'Call-Backs', { count: 3 });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        request(ctx.app)
          .post('/api/callbacks/transfer')
          .set('x-api-key', KEY)
          .send({ ...callPayload({ id: u.id }, 300, { now: ctx.clock.now() }), kind: 'callback' }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 422)).toHaveLength(5);
    expect(await orderRow(order.orderId)).toMatchObject({ fulfilmentStatus: 'fulfilled', quantityDelivered: 3, quantityOwed: 0 });
  });

  it('a transfer package is fulfilled as balance at payment', async () => {
    const u = await makeUser(ctx.db);
    const agent = await loginAs(ctx.app, u.email, u.password);
    const res = await agent.post('/api/create-payment-intent').send({ callCount: 7 });
    await ctx.stripe.paymentIntents.confirm(intentOf(res.body.clientSecret), { payment_method: 'pm_card_mastercard' });
    await ctx.emulator.flush();
    await getOrderByIntent(depsOf(ctx.app), intentOf(res.body.clientSecret));
    expect(await orderRow(res.body.orderId)).toMatchObject({
      status: 'paid',
      fulfilmentStatus: 'fulfilled',
      quantityDelivered: 7,
      quantityOwed: 0,
      cardLast4: '4444',
    });
    expect((await agent.get('/api/transfers/balance')).body.remaining).toBe(7);
  });
});
