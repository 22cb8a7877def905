// Issue 13 item 2: every product sold is fulfilled or visibly owed. RingCloud aged leads are sold to the
// buyer once, in the transaction that marks the order paid (20 concurrent paid orders on one pool), short
// stock is recorded as delivered/owed and completed by an admin; call-backs are owed and delivered through
// the transfer callback with kind "callback" or entered by an admin. SQLite and (TEST_DATABASE_URL) MariaDB.
import { describe, it, expect, beforeAll, afterAll, beforeEach } from 'vitest';
import request from 'supertest';
import { createTestAppWithAdmin, makeUser, loginAs, type TestContext } from '../../test/harness.ts';
import { depsOf } from '../../app.ts';
import { checkPendingPayments } from '../../services/orders/payment-check.service.ts';
import { createOrder, getOrderByIntent } from '../../services/orders/orders.service.ts';
import { workingStateCodes } from '../../services/orders/fulfilment.service.ts';
import { callPayload } from '../../test/transfers-testing.ts';

const KEY = 'fulfilment-transfer-key-0123456789';
let ctx: TestContext;
let admin: Awaited<ReturnType<typeof loginAs>>;
beforeAll(async () => {
  ({ ctx, admin } = await createTestAppWithAdmin({ config: { transferApiKey: KEY } }));
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
  const order = await createOrder(depsOf(ctx.app), {
    kind: 'ringcloud',
    surveyId,
    userId,
    leadType,
    ageRange: opts.ageRange,
    count: opts.count,
    workingStates: opts.states ?? 'TX, FL',
  });
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

describe('RingCloud aged leads (issue 25 item 1: only the chosen states and age range, stock known before payment)', () => {
  it("holds and sells leads of the buyer's states and band only, as many as stock has (at most 100); they are in My Leads", async () => {
    await addAgedLeads(60, { state: 'TX' });
    await addAgedLeads(70, { state: 'CA' });
    await addAgedLeads(50, { state: 'FL', ageDays: 120 }); // another band
    const u = await makeUser(ctx.db);
    const surveyId = await surveyFor(u.id, 'Aged Leads', '30-60', 'TX, FL');
    const deps = depsOf(ctx.app);
    const order = await createOrder(deps, { kind: 'ringcloud', surveyId, userId: u.id, leadType: 'Aged Leads', ageRange: '30-60', workingStates: 'TX, FL' });
    expect(order.amount).toBe(60 * 500);
    // Held for the payment, as the portal's lead checkout holds its leads.
    expect(Number((await ctx.db('leads').where({ status: 'reserved', reservedOrderId: order.orderId }).count({ n: '*' }).first())?.n)).toBe(60);
    await ctx.stripe.paymentIntents.confirm(order.paymentIntentId, { payment_method: 'pm_card_visa' });
    await ctx.emulator.flush();
    const row = await orderRow(order.orderId);
    expect(row).toMatchObject({ status: 'paid', count: 60, fulfilmentStatus: 'fulfilled', quantityDelivered: 60, quantityOwed: 0, refundedCents: 0 });
    const sold = await ctx.db('leads').where({ buyerId: u.id, status: 'sold' }).select('customerState', 'ageDays', 'reservedOrderId');
    expect(sold).toHaveLength(60);
    expect(sold.every((l: { customerState: string; ageDays: number }) => l.customerState === 'TX' && l.ageDays >= 30 && l.ageDays <= 60)).toBe(true);
    expect((await events(order.orderId)).map((e) => e.type)).toEqual(['created', 'payment_succeeded', 'fulfilled']);

    const agent = await loginAs(ctx.app, u.email, u.password);
    const mine = await agent.get('/api/my-leads');
    expect(mine.body.total).toBe(60);
    expect(mine.body.items[0]).toMatchObject({ source: 'purchased' });
  });

  it('the stock check: GET /api/ringcloud/aged-leads/stock counts the states and band; an order for more, or with none, is refused before payment', async () => {
    await addAgedLeads(7, { state: 'OH', ageDays: 75 });
    await addAgedLeads(5, { state: 'OH', ageDays: 20 });
    await addAgedLeads(9, { state: 'TX', ageDays: 75 });
    const stock = await request(ctx.app).get('/api/ringcloud/aged-leads/stock?states=OH&ageRange=60-90');
    expect(stock.status).toBe(200);
    expect(stock.body).toEqual({ available: 7, maxPerOrder: 7, states: ['OH'], ageRange: '60-90' });
    const both = await request(ctx.app).get('/api/ringcloud/aged-leads/stock').query({ states: 'OH,TX', ageRange: '60-90' });
    expect(both.body.available).toBe(16);
    const bad = await request(ctx.app).get('/api/ringcloud/aged-leads/stock?states=ZZ&ageRange=1-2');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['ageRange', 'states']);

    const u = await makeUser(ctx.db);
    const agent = await loginAs(ctx.app, u.email, u.password);
    const surveyId = await surveyFor(u.id, 'Aged Leads', '60-90', 'OH');
    const tooMany = await agent
      .post('/api/create-payment-intent')
      .send({ tier: 'ringcloud', callCount: 1, packageType: 'RingCloud Aged Leads', calls: 8, surveyId });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.fields.calls).toMatch(/^Only 7 aged leads are available/);
    const ok = await agent
      .post('/api/create-payment-intent')
      .send({ tier: 'ringcloud', callCount: 1, packageType: 'RingCloud Aged Leads', calls: 7, amount: 28, surveyId });
    expect(ok.status).toBe(200);
    // Held: nothing is left for sale in OH 60-90 while the payment is open.
    expect((await request(ctx.app).get('/api/ringcloud/aged-leads/stock?states=OH&ageRange=60-90').send()).body.available).toBe(0);
    const none = await agent
      .post('/api/create-payment-intent')
      .send({ tier: 'ringcloud', callCount: 1, packageType: 'RingCloud Aged Leads', surveyId: await surveyFor(u.id, 'Aged Leads', '90-180', 'OH') });
    expect(none.status).toBe(409);
    expect(none.body.error).toBe('No aged leads are available for your working states and age range right now.');
  });

  it('a race past the hold: the shortfall is refunded through the provider at once; the receipt, the e-mail and the admin order say so', async () => {
    await addAgedLeads(40, { state: 'FL', ageDays: 70 });
    const u = await makeUser(ctx.db);
    const surveyId = await surveyFor(u.id, 'Aged Leads', '60-90', 'FL');
    const deps = depsOf(ctx.app);
    const order = await createOrder(deps, { kind: 'ringcloud', surveyId, userId: u.id, leadType: 'Aged Leads', ageRange: '60-90', workingStates: 'FL' });
    expect(order.amount).toBe(40 * 400);
    // The hold lapsed and another buyer took 11 of the held leads before this card went through.
    const held = await ctx.db('leads').where({ reservedOrderId: order.orderId, status: 'reserved' }).orderBy('id').limit(11).pluck('id');
    const other = await makeUser(ctx.db);
    await ctx.db('leads').whereIn('id', held).update({ status: 'sold', buyerId: other.id, reservedOrderId: null, reservedUntil: null });
    await ctx.stripe.paymentIntents.confirm(order.paymentIntentId, { payment_method: 'pm_card_visa' });
    await ctx.emulator.flush();
    await new Promise((r) => setTimeout(r, 50));

    const row = await orderRow(order.orderId);
    expect(row).toMatchObject({ status: 'paid', fulfilmentStatus: 'partial', quantityDelivered: 29, quantityOwed: 0, refundedCents: 11 * 400 });
    const refunds = await ctx.db('refunds').where({ orderId: order.orderId });
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amountCents: 4400, status: 'succeeded' });
    expect(refunds[0].providerRefundId).toMatch(/^re_/);
    // The provider refunded it: the charge keeps only what was delivered.
    const intent = await ctx.stripe.paymentIntents.retrieve(order.paymentIntentId);
    expect(intent.amount_received).toBe(29 * 400);
    expect(Number((await ctx.db('leads').where({ buyerId: u.id, status: 'sold' }).count({ n: '*' }).first())?.n)).toBe(29);

    const view = await request(ctx.app).get(`/api/orders/by-intent/${order.paymentIntentId}`);
    expect(view.body).toMatchObject({ status: 'paid', quantityDelivered: 29, refundedCents: 4400, shortfallNote: '29 of 40 delivered, $44.00 refunded' });
    const mail = await ctx.db('mailOutbox').where({ userId: u.id, kind: 'order-receipt' }).first();
    expect(mail.textBody).toContain('29 of 40 delivered, $44.00 refunded');
    // The refund itself is e-mailed as an admin's is (issue 26 item 3): the amount, what it leaves and why.
    const refundMails = await ctx.db('mailOutbox').where({ userId: u.id, kind: 'order-refund' });
    expect(refundMails).toHaveLength(1);
    expect(refundMails[0]).toMatchObject({ toEmail: u.email, subject: `Partial refund of $44.00 for your TransferLine order #${order.orderId}` });
    expect(refundMails[0].textBody).toContain(`We refunded $44.00 of order #${order.orderId}`);
    expect(refundMails[0].textBody).toContain('Not enough stock was left when your payment arrived: 29 of 40 delivered, $44.00 refunded.');
    expect(refundMails[0].textBody).toMatch(/Net paid\W+\$116\.00/);
    const adminView = await admin.get(`/api/admin/orders/${order.orderId}`);
    expect(adminView.body.refunds[0]).toMatchObject({ amountCents: 4400, status: 'succeeded' });
    expect(adminView.body.shortfallNote).toBe('29 of 40 delivered, $44.00 refunded');
  });

  it('skips a do-not-call listed number and a consumer already sold as exclusive before counting the stock (decision 110)', async () => {
    await addAgedLeads(5);
    const stock = await ctx.db('leads').where({ status: 'available' }).orderBy('id').select('id', 'customerPhone');
    const [listed, claimed] = [stock[1]!, stock[3]!];
    await ctx.db('dnc_entries').insert({ list: 'dnc', phoneKey: listed.customerPhone });
    await ctx.db('consumer_claims').insert({ consumerKey: claimed.customerPhone, mode: 'exclusive', createdAt: '2026-01-01 00:00:00.000' });
    const u = await makeUser(ctx.db);
    const order = await paidRingCloud(u.id, 'Aged Leads', { ageRange: '30-60' });
    expect(await orderRow(order.orderId)).toMatchObject({ count: 3, fulfilmentStatus: 'fulfilled', quantityDelivered: 3, quantityOwed: 0 });
    const sold = (await ctx.db('leads').where({ buyerId: u.id, status: 'sold' }).pluck('id')).map(Number).sort((a, b) => a - b);
    expect(sold).toEqual([stock[0]!.id, stock[2]!.id, stock[4]!.id].map(Number));
    const off = await ctx.db('leads').whereIn('id', [listed.id, claimed.id]).pluck('status');
    expect(off).toEqual(['blocked', 'blocked']);
  });

  it('20 concurrent orders on one pool: each holds its own leads (or is refused), every lead is sold once, nothing falls short', async () => {
    await addAgedLeads(1530);
    const deps = depsOf(ctx.app);
    const buyers = await Promise.all(Array.from({ length: 20 }, () => makeUser(ctx.db)));
    const settled = await Promise.allSettled(
      buyers.map(async (u) =>
        createOrder(deps, {
          kind: 'ringcloud',
          surveyId: await surveyFor(u.id, 'Aged Leads', '30-60'),
          userId: u.id,
          leadType: 'Aged Leads',
          ageRange: '30-60',
          workingStates: 'TX, FL',
        }),
      ),
    );
    const orders = settled.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    for (const r of settled) if (r.status === 'rejected') expect((r.reason as { status?: number }).status, String(r.reason)).toBe(409);
    expect(orders.length).toBeGreaterThanOrEqual(15);
    await Promise.all(orders.map((o) => ctx.stripe.paymentIntents.confirm(o.paymentIntentId, { payment_method: 'pm_card_visa' })));
    await Promise.all([checkPendingPayments(deps), checkPendingPayments(deps), ctx.emulator.flush()]);
    await ctx.emulator.flush();
    const rows = await ctx
      .db('orders')
      .whereIn(
        'id',
        orders.map((o) => o.orderId),
      )
      .select('id', 'userId', 'status', 'count', 'quantityDelivered', 'refundedCents');
    let total = 0;
    for (const r of rows) {
      expect(r).toMatchObject({ status: 'paid', refundedCents: 0 });
      expect(Number(r.quantityDelivered)).toBe(Number(r.count));
      const mine = Number((await ctx.db('leads').where({ reservedOrderId: r.id, buyerId: r.userId, status: 'sold' }).count({ n: '*' }).first())?.n);
      expect(mine).toBe(Number(r.count));
      total += mine;
    }
    const sold = await ctx
      .db('leads')
      .where({ status: 'sold', kind: 'aged' })
      .whereIn(
        'reservedOrderId',
        rows.map((r: { id: number }) => r.id),
      )
      .pluck('id');
    expect(new Set(sold).size).toBe(total);
    expect(sold).toHaveLength(total);
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
      deliveryPhone: null,
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
