// Payments end to end through the API: the real Stripe SDK against the embedded emulator, whose signed
// events reach the app's own webhook. Runs on SQLite and (TEST_DATABASE_URL) MariaDB.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import request from 'supertest';
import crypto from 'node:crypto';
import { RESERVATION_MINUTES } from '@tm/shared';
import { createTestApp, makeUser, loginAs, type TestContext } from '../../test/harness.ts';
import { checkPendingPayments } from '../../services/orders/payment-check.service.ts';
import { createOrder, SOLD_MESSAGE, AMOUNT_MISMATCH_MESSAGE, REPLACED_MESSAGE } from '../../services/orders/orders.service.ts';
import { REFUNDED_MESSAGE } from '../../services/orders/payment-outcome.service.ts';
import { releaseExpiredReservations } from '../../services/orders/reservations.service.ts';
import { depsOf } from '../../app.ts';
import { HttpError } from '../../errors.ts';
import { createApp } from '../../app.ts';
import { testConfig } from '../../config.ts';
import { createStripeClient } from '../../services/payments/stripe-client.ts';
import { inProcessRunner } from '../../jobs/runner.ts';
import { registerCoreJobs } from '../../jobs/core.ts';
import { dbFingerprint } from '../../test/proof-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

// Who an anonymous funnel checkout is for (required since issue 13; checkout-buyer.routes.test.ts tests it).
const BUYER = { firstName: 'Pay', lastName: 'Tester', email: 'pay.tester@example.com', phone: '5550100123' };
const withBuyer = (body: object) => ({ ...BUYER, ...body });

const GOOD = '4242 4242 4242 4242';
const DECLINED = '4000 0000 0000 0002';
const NO_FUNDS = '4000 0000 0000 9995';

const intentIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0]!;

function pay(clientSecret: string, cardNumber = GOOD) {
  return request(ctx.app).post('/api/test-payments/confirm').send({ clientSecret, cardNumber, expiry: '12/40', cvc: '123' });
}

async function orderRow(id: number) {
  return ctx.db('orders').where({ id }).first();
}

function signed(payload: string, secret = ctx.config.stripe.webhookSecret) {
  return ctx.stripe.webhooks.generateTestHeaderString({ payload, secret });
}

function postEvent(payload: string, signature: string | null = signed(payload)) {
  const req = request(ctx.app).post('/api/stripe/webhook').set('Content-Type', 'application/json');
  if (signature !== null) req.set('Stripe-Signature', signature);
  return req.send(payload);
}

/** A signed-able event around an intent (as Stripe would send it). */
function eventPayload(type: string, intent: object, id = `evt_test_${crypto.randomBytes(8).toString('hex')}`) {
  return JSON.stringify({
    id,
    object: 'event',
    api_version: '2025-10-29.clover',
    created: Math.floor(Date.now() / 1000),
    data: { object: intent },
    livemode: false,
    type,
  });
}

async function addAppointments(n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const [id] = await ctx.db('appointments').insert({ customerName: `Prospect ${i}`, customerPhone: '5550000000', status: 'available' });
    ids.push(Number(id));
  }
  return ids;
}

async function appointmentOrder(userId: number, ids: number[]) {
  return createOrder(depsOf(ctx.app), { kind: 'appointments', userId, appointmentIds: ids });
}

describe('GET /api/stripe/public-key', () => {
  it('answers no publishable key in test-payment mode', async () => {
    const res = await request(ctx.app).get('/api/stripe/public-key');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ publicKey: null, testMode: true });
  });
});

describe('POST /api/create-payment-intent', () => {
  it('prices the standard package from the catalogue and opens its intent with the order id in metadata', async () => {
    const res = await request(ctx.app)
      .post('/api/create-payment-intent')
      .send(withBuyer({ amount: 1200, callCount: 30 }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ amount: 120000, currency: 'usd', testMode: true });
    expect(res.body.clientSecret).toMatch(/^pi_\w+_secret_\w+$/);
    const order = await orderRow(res.body.orderId);
    expect(order).toMatchObject({ kind: 'transfer_package', tier: 'standard', count: 30, unitPriceCents: 4000, amountCents: 120000, status: 'pending' });
    const intent = await ctx.stripe.paymentIntents.retrieve(intentIdOf(res.body.clientSecret));
    expect(intent).toMatchObject({ amount: 120000, currency: 'usd', status: 'requires_payment_method' });
    expect(intent.metadata.orderId).toBe(String(res.body.orderId));
    expect(order.paymentIntentId).toBe(intent.id);
  });

  it('prices each tier: special $38, premium, enterprise, ultimate and the high-volume bands', async () => {
    const cases: [object, number][] = [
      [{ callCount: 30, tier: 'special' }, 114000],
      [{ callCount: 50, tier: 'premium' }, 175000],
      [{ callCount: 100, tier: 'enterprise' }, 320000],
      [{ callCount: 200, tier: 'ultimate' }, 560000],
      [{ callCount: 50, tier: 'high-volume' }, 160000],
      [{ callCount: 120, tier: 'high-volume' }, 360000],
      [{ callCount: 150, tier: 'high-volume' }, 435000],
      [{ callCount: 200, tier: 'high-volume' }, 560000],
    ];
    for (const [body, amount] of cases) {
      const res = await request(ctx.app).post('/api/create-payment-intent').send(withBuyer(body));
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(res.body.amount, JSON.stringify(body)).toBe(amount);
    }
  });

  it('refuses a tampered amount with 400 and creates no order', async () => {
    const before = await ctx.db('orders').count({ n: '*' }).first();
    const res = await request(ctx.app)
      .post('/api/create-payment-intent')
      .send(withBuyer({ amount: 1, callCount: 30 }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: AMOUNT_MISMATCH_MESSAGE, fields: { amount: AMOUNT_MISMATCH_MESSAGE } });
    const after = await ctx.db('orders').count({ n: '*' }).first();
    expect(Number(after?.n)).toBe(Number(before?.n));
    // The old premium checkout's $37 rate is not what we charge either.
    const premium = await request(ctx.app)
      .post('/api/create-payment-intent')
      .send(withBuyer({ amount: 50 * 37, callCount: 50, tier: 'premium' }));
    expect(premium.status).toBe(400);
  });

  it('refuses counts outside each tier with the bound message, naming callCount', async () => {
    const cases: [object, string][] = [
      [{ callCount: 0 }, 'Minimum: 1 transfer, Maximum: 1000 transfers'],
      [{ callCount: 1001 }, 'Minimum: 1 transfer, Maximum: 1000 transfers'],
      [{ callCount: 1001, tier: 'special' }, 'Minimum: 1 transfer, Maximum: 1000 transfers'],
      [{ callCount: 2001, tier: 'premium' }, 'Minimum: 1 transfer, Maximum: 2000 transfers'],
      [{ callCount: 5001, tier: 'enterprise' }, 'Minimum: 1 transfer, Maximum: 5000 transfers'],
      [{ callCount: 10001, tier: 'ultimate' }, 'Minimum: 1 transfer, Maximum: 10000 transfers'],
      [{ callCount: 49, tier: 'high-volume' }, 'Minimum: 50 transfers, Maximum: 10000 transfers'],
    ];
    for (const [body, message] of cases) {
      const res = await request(ctx.app).post('/api/create-payment-intent').send(withBuyer(body));
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.fields, JSON.stringify(body)).toEqual({ callCount: message });
    }
    const frac = await request(ctx.app)
      .post('/api/create-payment-intent')
      .send(withBuyer({ callCount: 2.5 }));
    expect(frac.status).toBe(400);
    expect(frac.body.fields.callCount).toBeTruthy();
    const missing = await request(ctx.app).post('/api/create-payment-intent').send(withBuyer({}));
    expect(missing.status).toBe(400);
    expect(missing.body.fields.callCount).toBeTruthy();
    const tier = await request(ctx.app)
      .post('/api/create-payment-intent')
      .send(withBuyer({ callCount: 5, tier: 'gold' }));
    expect(tier.status).toBe(400);
    expect(tier.body.fields.tier).toBeTruthy();
  });

  it('binds the order to the logged-in buyer', async () => {
    const u = await makeUser(ctx.db);
    const agent = await loginAs(ctx.app, u.email, u.password);
    const res = await agent.post('/api/create-payment-intent').send({ callCount: 5, tier: 'premium' });
    expect(res.status).toBe(200);
    expect((await orderRow(res.body.orderId)).userId).toBe(u.id);
  });

  it('prices RingCloud by lead type: 100 aged leads by age range (with the stock), live transfers and call-backs by count', async () => {
    const u = await makeUser(ctx.db);
    const agent = await loginAs(ctx.app, u.email, u.password);
    const survey = async (leadType: string, ageRange: string | null = null) =>
      Number(
        (
          await ctx.db('onboarding_surveys').insert({ userId: u.id, firstName: 'R', lastName: 'C', email: u.email, leadType, ageRange, workingStates: 'FL' })
        )[0],
      );
    // 100 aged leads in stock for the survey's state and band (the order is never for more than stock).
    for (let i = 0; i < 100; i++) {
      await ctx.db('leads').insert({
        kind: 'aged',
        customerName: `P ${i}`,
        customerPhone: `5559${String(i).padStart(6, '0')}`,
        customerState: 'FL',
        zipCode: '33101',
        ageDays: 70,
        status: 'available',
      });
    }
    const agedId = await survey('Aged Leads', '60-90');
    const aged = await agent
      .post('/api/create-payment-intent')
      .send({ amount: 400, packageType: 'RingCloud Aged Leads', calls: 100, callCount: 1, tier: 'ringcloud', surveyId: agedId });
    expect(aged.status).toBe(200);
    expect(aged.body.amount).toBe(40000);
    expect(await orderRow(aged.body.orderId)).toMatchObject({
      kind: 'ringcloud',
      tier: 'ringcloud',
      count: 100,
      unitPriceCents: 400,
      userId: u.id,
      surveyId: agedId,
    });

    const liveId = await survey('Live Transfers');
    const live = await agent
      .post('/api/create-payment-intent')
      .send({ amount: 370, packageType: 'RingCloud Live Transfers', calls: 10, callCount: 1, tier: 'ringcloud', surveyId: liveId });
    expect(live.body.amount).toBe(37000);
    const callbacksId = await survey('Call-Backs');
    // Without a surveyId the buyer's latest survey is used.
    const callbacks = await agent.post('/api/create-payment-intent').send({ packageType: 'RingCloud Call-Backs', calls: 20, callCount: 1, tier: 'ringcloud' });
    expect(callbacks.body.amount).toBe(30000);
    expect((await orderRow(callbacks.body.orderId)).surveyId).toBe(callbacksId);

    const tooMany = await agent
      .post('/api/create-payment-intent')
      .send({ packageType: 'RingCloud Live Transfers', calls: 1001, callCount: 1, tier: 'ringcloud', surveyId: liveId });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.fields).toEqual({ calls: 'Minimum: 1 transfer, Maximum: 1000 transfers' });

    // Orders that hold no items do not replace each other (only leads and appointments orders do).
    expect(await orderRow(live.body.orderId)).toMatchObject({ status: 'pending' });
    expect(REPLACED_MESSAGE).toBeTruthy();
    // Paying a RingCloud order credits the survey's account.
    expect((await pay(aged.body.clientSecret)).status).toBe(200);
    await ctx.emulator.flush();
    expect(await orderRow(aged.body.orderId)).toMatchObject({ status: 'paid', userId: u.id });
  });

  it('prices RingCloud from the survey, never from a packageType that disagrees, and only for its owner', async () => {
    const u = await makeUser(ctx.db);
    const other = await makeUser(ctx.db);
    const [agedId] = await ctx
      .db('onboarding_surveys')
      .insert({ userId: u.id, firstName: 'R', lastName: 'C', email: u.email, leadType: 'Aged Leads', ageRange: '90-180' });
    const agent = await loginAs(ctx.app, u.email, u.password);
    // Asking for cheaper call-backs against an aged-leads survey is refused.
    const mismatch = await agent
      .post('/api/create-payment-intent')
      .send({ packageType: 'RingCloud Call-Backs', calls: 1, callCount: 1, tier: 'ringcloud', surveyId: Number(agedId) });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.fields).toHaveProperty('packageType');
    // Anonymous, or someone else's survey: no order.
    const anon = await request(ctx.app)
      .post('/api/create-payment-intent')
      .send(withBuyer({ packageType: 'RingCloud Aged Leads', calls: 100, callCount: 1, tier: 'ringcloud', surveyId: Number(agedId) }));
    expect(anon.status).toBe(400);
    const stranger = await loginAs(ctx.app, other.email, other.password);
    const theirs = await stranger
      .post('/api/create-payment-intent')
      .send({ packageType: 'RingCloud Aged Leads', calls: 100, callCount: 1, tier: 'ringcloud', surveyId: Number(agedId) });
    expect(theirs.status).toBe(400);
    expect(theirs.body.fields).toHaveProperty('surveyId');
    expect(
      await ctx
        .db('orders')
        .where({ surveyId: Number(agedId) })
        .count({ n: '*' })
        .first(),
    ).toMatchObject({ n: 0 });
  });
});

describe('paying: test card form, emulator, signed webhook', () => {
  it('4242 pays: the signed succeeded event marks the order paid and by-intent shows it', async () => {
    const res = await request(ctx.app)
      .post('/api/create-payment-intent')
      .send(withBuyer({ amount: 1200, callCount: 30 }));
    const paid = await pay(res.body.clientSecret);
    expect(paid.status).toBe(200);
    expect(paid.body).toEqual({ paymentIntentId: intentIdOf(res.body.clientSecret), status: 'succeeded' });
    await ctx.emulator.flush();
    const order = await orderRow(res.body.orderId);
    expect(order.status).toBe('paid');
    expect(order.paidAt).toBeTruthy();
    expect(order.fulfilledAt).toBeTruthy();
    const events = await ctx.db('payment_events').where({ paymentIntentId: order.paymentIntentId });
    expect(events.map((e: { type: string; outcome: string }) => [e.type, e.outcome])).toEqual([['payment_intent.succeeded', 'paid']]);
    const view = await request(ctx.app).get(`/api/orders/by-intent/${order.paymentIntentId}`);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({
      orderId: order.id,
      count: 30,
      tier: 'standard',
      amountCents: 120000,
      unitPriceCents: 4000,
      status: 'paid',
      testMode: true,
    });
  });

  it('a declined card answers 402 with the decline message and the order stays unpaid (failed)', async () => {
    const res = await request(ctx.app)
      .post('/api/create-payment-intent')
      .send(withBuyer({ callCount: 3 }));
    const declined = await pay(res.body.clientSecret, DECLINED);
    expect(declined.status).toBe(402);
    expect(declined.body.error).toBe('Your card was declined.');
    await ctx.emulator.flush();
    const order = await orderRow(res.body.orderId);
    expect(order.status).toBe('failed');
    expect(order.paidAt).toBeNull();
    expect(order.failureMessage).toBe('Your card was declined.');
    const view = await request(ctx.app).get(`/api/orders/by-intent/${order.paymentIntentId}`);
    expect(view.body.status).toBe('failed');

    // The buyer may try again on the same form with a good card: the order is then paid.
    expect((await pay(res.body.clientSecret)).status).toBe(200);
    await ctx.emulator.flush();
    expect((await orderRow(res.body.orderId)).status).toBe('paid');
  });

  it('insufficient funds and bad card input have their own messages', async () => {
    const res = await request(ctx.app)
      .post('/api/create-payment-intent')
      .send(withBuyer({ callCount: 3 }));
    const poor = await pay(res.body.clientSecret, NO_FUNDS);
    expect(poor.status).toBe(402);
    expect(poor.body.error).toBe('Your card has insufficient funds.');
    const typo = await pay(res.body.clientSecret, '4242 4242 4242 4241');
    expect(typo.status).toBe(400);
    expect(typo.body.fields).toEqual({ cardNumber: 'Your card number is invalid.' });
    const expired = await request(ctx.app)
      .post('/api/test-payments/confirm')
      .send({ clientSecret: res.body.clientSecret, cardNumber: GOOD, expiry: '01/20', cvc: '123' });
    expect(expired.status).toBe(400);
    expect(expired.body.fields.expiry).toMatch(/in the past/);
    const wrongSecret = await pay(`${intentIdOf(res.body.clientSecret)}_secret_wrong`);
    expect(wrongSecret.status).toBe(404);
  });

  it('a client saying "it succeeded" is not enough: only a verified event or a server retrieve pays', async () => {
    const res = await request(ctx.app)
      .post('/api/create-payment-intent')
      .send(withBuyer({ callCount: 4 }));
    const intentId = intentIdOf(res.body.clientSecret);
    // Not confirmed: the return page's redirect_status cannot pay it, and by-intent (a read) keeps it pending.
    const view = await request(ctx.app).get(`/api/orders/by-intent/${intentId}?redirect_status=succeeded`);
    expect(view.body.status).toBe('pending');
    // A forged succeeded event without a valid signature changes nothing.
    const forged = eventPayload('payment_intent.succeeded', {
      id: intentId,
      object: 'payment_intent',
      amount: 16000,
      currency: 'usd',
      status: 'succeeded',
      metadata: { orderId: String(res.body.orderId) },
    });
    expect((await postEvent(forged, null)).status).toBe(400);
    expect((await postEvent(forged, 't=1,v1=deadbeef')).status).toBe(400);
    expect((await postEvent(forged, signed(forged, 'whsec_not_ours'))).status).toBe(400);
    expect((await orderRow(res.body.orderId)).status).toBe('pending');
    expect(await ctx.db('payment_events').where({ paymentIntentId: intentId })).toHaveLength(0);

    // The webhook is slow: the payment-check job retrieves the intent from Stripe and pays the order.
    ctx.emulator.holdWebhooks();
    try {
      expect((await pay(res.body.clientSecret)).status).toBe(200);
      expect((await orderRow(res.body.orderId)).status).toBe('pending');
      await checkPendingPayments(depsOf(ctx.app));
      const after = await request(ctx.app).get(`/api/orders/by-intent/${intentId}`);
      expect(after.body.status).toBe('paid');
    } finally {
      ctx.emulator.releaseWebhooks();
    }
    await ctx.emulator.flush();
    const events = await ctx.db('payment_events').where({ paymentIntentId: intentId });
    expect(events.map((e: { outcome: string }) => e.outcome)).toEqual(['ignored: order already paid']);
  });

  it('the return page only reads: by-intent on a paid, unfulfilled order changes nothing; the payment-check job fulfils it', async () => {
    const user = await makeUser(ctx.db);
    const agent = await loginAs(ctx.app, user.email, user.password);
    const res = await agent.post('/api/create-payment-intent').send({ callCount: 5 });
    expect(res.status).toBe(200);
    const intentId = intentIdOf(res.body.clientSecret);
    ctx.emulator.holdWebhooks();
    try {
      // Paid at the provider; the webhook has not arrived.
      expect((await pay(res.body.clientSecret)).status).toBe(200);
      expect(ctx.emulator.getIntent(intentId)?.status).toBe('succeeded');
      const before = await orderRow(res.body.orderId);
      const print = await dbFingerprint(ctx.db);
      for (let i = 0; i < 3; i += 1) {
        const view = await request(ctx.app).get(`/api/orders/by-intent/${intentId}`);
        expect(view.status).toBe(200);
        expect(view.body.status).toBe('pending');
      }
      // Not even the provider-check stamp moved.
      expect(await orderRow(res.body.orderId)).toEqual(before);
      expect(await dbFingerprint(ctx.db)).toBe(print);
      expect((await agent.get('/api/transfers/balance')).body.remaining).toBe(0);

      // The payment-check job, as every process runs it (here on a runner of its own, every 20 ms).
      const jobs = inProcessRunner();
      registerCoreJobs({ ...depsOf(ctx.app), jobs, config: { ...ctx.config, paymentCheckMs: 20 } });
      await jobs.start();
      try {
        await expect.poll(async () => (await orderRow(res.body.orderId)).status, { timeout: 5000 }).toBe('paid');
      } finally {
        await jobs.close();
      }
      expect(await orderRow(res.body.orderId)).toMatchObject({ fulfilmentStatus: 'fulfilled', quantityDelivered: 5, quantityOwed: 0 });
      expect((await agent.get('/api/transfers/balance')).body.remaining).toBe(5);
      expect((await request(ctx.app).get(`/api/orders/by-intent/${intentId}`)).body.status).toBe('paid');
    } finally {
      ctx.emulator.releaseWebhooks();
    }
    await ctx.emulator.flush();
    const events = await ctx.db('payment_events').where({ paymentIntentId: intentId });
    expect(events.map((e: { outcome: string }) => e.outcome)).toEqual(['ignored: order already paid']);
  });

  it('a signed event whose amount or order id does not match the order is ignored', async () => {
    const res = await request(ctx.app)
      .post('/api/create-payment-intent')
      .send(withBuyer({ callCount: 4 }));
    const intentId = intentIdOf(res.body.clientSecret);
    const cheap = eventPayload('payment_intent.succeeded', {
      id: intentId,
      object: 'payment_intent',
      amount: 100,
      currency: 'usd',
      status: 'succeeded',
      metadata: { orderId: String(res.body.orderId) },
    });
    expect((await postEvent(cheap)).body.outcome).toBe('ignored: amount does not match the order');
    const other = await request(ctx.app)
      .post('/api/create-payment-intent')
      .send(withBuyer({ callCount: 4 }));
    const swapped = eventPayload('payment_intent.succeeded', {
      id: intentIdOf(other.body.clientSecret),
      object: 'payment_intent',
      amount: 16000,
      currency: 'usd',
      status: 'succeeded',
      metadata: { orderId: String(res.body.orderId) },
    });
    expect((await postEvent(swapped)).body.outcome).toBe('ignored: intent does not belong to the order');
    expect((await orderRow(res.body.orderId)).status).toBe('pending');
    expect((await orderRow(other.body.orderId)).status).toBe('pending');
  });

  it('the same succeeded event delivered 10 times at once fulfils once', async () => {
    const buyer = await makeUser(ctx.db);
    const ids = await addAppointments(3);
    const order = await appointmentOrder(buyer.id, ids);
    ctx.emulator.holdWebhooks();
    expect((await pay(order.clientSecret)).status).toBe(200);
    const event = ctx.emulator.events.find((e) => e.type === 'payment_intent.succeeded' && e.payload.includes(order.paymentIntentId))!;
    const results = await Promise.all(Array.from({ length: 10 }, () => postEvent(event.payload)));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    const outcomes = results.map((r) => r.body.outcome).sort();
    expect(outcomes).toEqual(['paid', ...Array(9).fill('duplicate')].sort());
    // The emulator's own delivery of the same event is a repeat too.
    ctx.emulator.releaseWebhooks();
    await ctx.emulator.flush();
    expect(await ctx.db('payment_events').where({ eventId: event.id })).toHaveLength(1);
    const rows = await ctx.db('appointments').whereIn('id', ids);
    for (const r of rows) expect(r).toMatchObject({ status: 'sold', buyerId: buyer.id, reservedOrderId: order.orderId });
    expect((await orderRow(order.orderId)).status).toBe('paid');
  });

  it('a failure or cancel event after success changes nothing', async () => {
    const buyer = await makeUser(ctx.db);
    const ids = await addAppointments(2);
    const order = await appointmentOrder(buyer.id, ids);
    expect((await pay(order.clientSecret)).status).toBe(200);
    await ctx.emulator.flush();
    const paid = await orderRow(order.orderId);
    const intent = {
      ...ctx.emulator.getIntent(order.paymentIntentId)!,
      status: 'requires_payment_method',
      last_payment_error: { message: 'Your card was declined.' },
    };
    for (const type of ['payment_intent.payment_failed', 'payment_intent.canceled']) {
      const res = await postEvent(eventPayload(type, intent));
      expect(res.status).toBe(200);
      expect(res.body.outcome).toBe('ignored: order already paid');
    }
    expect(await orderRow(order.orderId)).toEqual(paid);
    for (const r of await ctx.db('appointments').whereIn('id', ids)) expect(r).toMatchObject({ status: 'sold', buyerId: buyer.id });
  });
});

describe('inventory sold once', () => {
  it('reserves appointments for the order; a second buyer gets 409; a failed payment releases them', async () => {
    const [a, b] = [await makeUser(ctx.db), await makeUser(ctx.db)];
    const ids = await addAppointments(2);
    const first = await appointmentOrder(a.id, ids);
    expect(first.amount).toBe(2000);
    for (const r of await ctx.db('appointments').whereIn('id', ids)) expect(r).toMatchObject({ status: 'reserved', reservedOrderId: first.orderId });
    await expect(appointmentOrder(b.id, [ids[1]!])).rejects.toMatchObject({ status: 409, message: SOLD_MESSAGE });

    expect((await pay(first.clientSecret, DECLINED)).status).toBe(402);
    await ctx.emulator.flush();
    expect((await orderRow(first.orderId)).status).toBe('failed');
    for (const r of await ctx.db('appointments').whereIn('id', ids))
      expect(r).toMatchObject({ status: 'available', reservedOrderId: null, reservedUntil: null });
    const second = await appointmentOrder(b.id, [ids[1]!]);
    expect(second.amount).toBe(1000);
  });

  it('a lapsed reservation is released (lazily and by the sweep) and its intent canceled', async () => {
    const [a, b] = [await makeUser(ctx.db), await makeUser(ctx.db)];
    const ids = await addAppointments(1);
    const first = await appointmentOrder(a.id, ids);
    ctx.clock.advance((RESERVATION_MINUTES - 1) * 60_000);
    await expect(appointmentOrder(b.id, ids)).rejects.toBeInstanceOf(HttpError);
    ctx.clock.advance(2 * 60_000);
    // Lazily: the next buyer's order releases it first.
    const second = await appointmentOrder(b.id, ids);
    expect((await orderRow(first.orderId)).status).toBe('expired');
    await ctx.emulator.flush();
    expect(ctx.emulator.getIntent(first.paymentIntentId)?.status).toBe('canceled');
    // The sweep releases the second one once it lapses too.
    ctx.clock.advance((RESERVATION_MINUTES + 1) * 60_000);
    expect(await releaseExpiredReservations(depsOf(ctx.app))).toBe(1);
    expect((await ctx.db('appointments').where({ id: ids[0] }).first()).status).toBe('available');
    expect((await orderRow(second.orderId)).status).toBe('expired');
    await ctx.emulator.flush();
    // A lapsed order's intent cannot be paid any more.
    expect((await pay(second.clientSecret)).status).toBe(400);
  });

  it('a payment that lands after the reservation lapsed sells the items if still free, else refunds', async () => {
    const [a, b] = [await makeUser(ctx.db), await makeUser(ctx.db)];
    const ids = await addAppointments(1);
    const deps = depsOf(ctx.app);
    const late = await appointmentOrder(a.id, ids);
    ctx.emulator.holdWebhooks();
    try {
      expect((await pay(late.clientSecret)).status).toBe(200);
      ctx.clock.advance((RESERVATION_MINUTES + 1) * 60_000);
      await releaseExpiredReservations(deps);
      // Someone else buys it in the meantime, then the first buyer's success event arrives.
      const other = await appointmentOrder(b.id, ids);
      expect((await pay(other.clientSecret)).status).toBe(200);
    } finally {
      ctx.emulator.releaseWebhooks();
    }
    await ctx.emulator.flush();
    const row = await ctx.db('appointments').where({ id: ids[0] }).first();
    expect(row).toMatchObject({ status: 'sold', buyerId: b.id });
    const lateOrder = await orderRow(late.orderId);
    expect(lateOrder).toMatchObject({ status: 'refunded', failureMessage: REFUNDED_MESSAGE });
    expect(ctx.emulator.getIntent(late.paymentIntentId)?.amount_received).toBe(0);
    // The buyer is e-mailed the refund, as for every refund (issue 26 item 3).
    const refundMails = await ctx.db('mailOutbox').where({ userId: a.id, kind: 'order-refund' });
    expect(refundMails).toHaveLength(1);
    expect(refundMails[0].subject).toBe(`Refund of $${(lateOrder.amountCents / 100).toFixed(2)} for your TransferLine order #${late.orderId}`);
    expect(refundMails[0].textBody).toContain('another buyer had taken them meanwhile');

    // Still free: the late payment sells it.
    const ids2 = await addAppointments(1);
    const late2 = await appointmentOrder(a.id, ids2);
    ctx.emulator.holdWebhooks();
    try {
      expect((await pay(late2.clientSecret)).status).toBe(200);
      ctx.clock.advance((RESERVATION_MINUTES + 1) * 60_000);
      await releaseExpiredReservations(deps);
    } finally {
      ctx.emulator.releaseWebhooks();
    }
    await ctx.emulator.flush();
    expect((await orderRow(late2.orderId)).status).toBe('paid');
    expect(await ctx.db('appointments').where({ id: ids2[0] }).first()).toMatchObject({ status: 'sold', buyerId: a.id });
  });

  it('20 concurrent buyers for the same 5 appointments: each sold exactly once, the rest 409, nothing left reserved', async () => {
    const buyers = await Promise.all(Array.from({ length: 20 }, () => makeUser(ctx.db)));
    const ids = await addAppointments(5);
    const ordersBefore = Number((await ctx.db('orders').count({ n: '*' }).first())?.n);
    // Each buyer wants one of the five (four buyers per appointment), all at once.
    const attempts = await Promise.allSettled(buyers.map((u, i) => appointmentOrder(u.id, [ids[i % 5]!])));
    const won = attempts.flatMap((r, i) => (r.status === 'fulfilled' ? [{ order: r.value, buyer: buyers[i]!, item: ids[i % 5]! }] : []));
    const lost = attempts.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(5);
    expect(new Set(won.map((w) => w.item)).size).toBe(5);
    expect(lost).toHaveLength(15);
    for (const l of lost) expect(l.reason).toMatchObject({ status: 409, message: SOLD_MESSAGE });
    // Losers leave no order behind.
    expect(Number((await ctx.db('orders').count({ n: '*' }).first())?.n)).toBe(ordersBefore + 5);

    await Promise.all(won.map((w) => pay(w.order.clientSecret)));
    await ctx.emulator.flush();
    const rows = await ctx.db('appointments').whereIn('id', ids);
    for (const r of rows) {
      const w = won.find((x) => x.item === Number(r.id))!;
      expect(r).toMatchObject({ status: 'sold', buyerId: w.buyer.id, reservedOrderId: w.order.orderId, reservedUntil: null });
    }
    expect(await ctx.db('appointments').whereIn('id', ids).where({ status: 'reserved' })).toHaveLength(0);

    // And the whole set at once: exactly one buyer gets all five.
    const set = await addAppointments(5);
    const all = await Promise.allSettled(buyers.map((u) => appointmentOrder(u.id, set)));
    expect(all.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(all.filter((r) => r.status === 'rejected' && (r.reason as HttpError).status === 409)).toHaveLength(19);
    const reserved = await ctx.db('appointments').whereIn('id', set).where({ status: 'reserved' });
    expect(new Set(reserved.map((r: { reservedOrderId: number }) => r.reservedOrderId)).size).toBe(1);
    expect(reserved).toHaveLength(5);
  });

  it('leads are priced by their own price (default when missing) and sold to the buyer', async () => {
    const buyer = await makeUser(ctx.db);
    const [l1] = await ctx.db('leads').insert({ customerState: 'TX', zipCode: '75001', priceCents: 700 });
    const [l2] = await ctx.db('leads').insert({ customerState: 'TX', zipCode: '75002' });
    const order = await createOrder(depsOf(ctx.app), { kind: 'leads', userId: buyer.id, leadIds: [Number(l1), Number(l2)] });
    expect(order.amount).toBe(1700);
    expect((await pay(order.clientSecret)).status).toBe(200);
    await ctx.emulator.flush();
    for (const r of await ctx.db('leads').whereIn('id', [Number(l1), Number(l2)])) {
      expect(r).toMatchObject({ status: 'sold', buyerId: buyer.id });
      expect(r.soldAt).toBeTruthy();
    }
    await expect(createOrder(depsOf(ctx.app), { kind: 'leads', userId: buyer.id, leadIds: [] })).rejects.toMatchObject({ status: 400 });
    await expect(createOrder(depsOf(ctx.app), { kind: 'leads', userId: buyer.id, leadIds: [999999] })).rejects.toMatchObject({ status: 404 });
  });

  it("live transfers from the dashboard cost the user's own price", async () => {
    const buyer = await makeUser(ctx.db, { liveTransferPriceCents: 3000 });
    const details = { callsPerDay: 5, transferHours: '9-5', transferPhone: '5551234567', workingStates: 'TX' };
    const order = await createOrder(depsOf(ctx.app), { kind: 'live_transfer', userId: buyer.id, count: 10, details });
    expect(order.amount).toBe(30000);
    await expect(createOrder(depsOf(ctx.app), { kind: 'live_transfer', userId: buyer.id, count: 0, details })).rejects.toMatchObject({
      status: 400,
      fields: { count: 'Minimum: 1 transfer, Maximum: 10000 transfers' },
    });
    expect((await pay(order.clientSecret)).status).toBe(200);
    await ctx.emulator.flush();
    expect(await orderRow(order.orderId)).toMatchObject({ status: 'paid', userId: buyer.id, kind: 'live_transfer' });
  });
});

describe('GET /api/orders/by-intent/:id', () => {
  it('answers 404 for an unknown or malformed intent id', async () => {
    expect((await request(ctx.app).get('/api/orders/by-intent/pi_unknown123')).status).toBe(404);
    expect((await request(ctx.app).get('/api/orders/by-intent/not-an-id')).status).toBe(404);
  });
});

describe('with real Stripe keys', () => {
  it('answers the publishable key and has no test-payment route', async () => {
    const base = testConfig();
    const config = testConfig({ stripe: { ...base.stripe, secretKey: 'sk_test_not_used', publishableKey: 'pk_test_123', testMode: false } });
    const app = createApp({ db: ctx.db, config, stripe: createStripeClient(config) });
    expect((await request(app).get('/api/stripe/public-key')).body).toEqual({ publicKey: 'pk_test_123', testMode: false });
    const confirm = await request(app)
      .post('/api/test-payments/confirm')
      .send({ clientSecret: 'pi_1_secret_2', cardNumber: GOOD, expiry: '12/40', cvc: '123' });
    expect(confirm.status).toBe(404);
  });
});
