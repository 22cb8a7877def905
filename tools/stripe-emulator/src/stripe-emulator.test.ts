// The emulator speaks Stripe's protocol to the real SDK: idempotency, PaymentIntent states, signed events.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { StripeEmulator, parseStripeForm } from './stripe-emulator.ts';
import { startPayments } from './index.ts';
import { testConfig } from '../../../api/src/config.ts';

const secret = 'whsec_emulator_test';
let emulator: StripeEmulator;
let stripe: Stripe;
let hook: http.Server;
const received: { body: string; signature: string }[] = [];

beforeAll(async () => {
  hook = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ body: Buffer.concat(chunks).toString('utf8'), signature: String(req.headers['stripe-signature']) });
      res.end('{}');
    });
  });
  await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
  emulator = new StripeEmulator({ webhookSecret: secret, webhookUrl: `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook` });
  const { host, port } = await emulator.start();
  stripe = new Stripe(emulator.secretKey, { host, port, protocol: 'http', maxNetworkRetries: 0 });
});
afterAll(async () => {
  await emulator.stop();
  await new Promise<void>((r) => hook.close(() => r()));
});

describe('Stripe emulator', () => {
  it('replays a request with the same idempotency key and refuses the key with other parameters', async () => {
    const a = await stripe.paymentIntents.create({ amount: 1234, currency: 'usd', metadata: { orderId: '7' } }, { idempotencyKey: 'k-1' });
    const b = await stripe.paymentIntents.create({ amount: 1234, currency: 'usd', metadata: { orderId: '7' } }, { idempotencyKey: 'k-1' });
    expect(b.id).toBe(a.id);
    expect(a).toMatchObject({ amount: 1234, currency: 'usd', status: 'requires_payment_method', metadata: { orderId: '7' } });
    await expect(stripe.paymentIntents.create({ amount: 999, currency: 'usd' }, { idempotencyKey: 'k-1' })).rejects.toBeInstanceOf(
      Stripe.errors.StripeIdempotencyError,
    );
  });

  it('succeeds with pm_card_visa, declines pm_card_chargeDeclined, and posts signed events the SDK verifies', async () => {
    const ok = await stripe.paymentIntents.create({ amount: 5000, currency: 'usd' });
    const paid = await stripe.paymentIntents.confirm(ok.id, { payment_method: 'pm_card_visa' });
    expect(paid).toMatchObject({ status: 'succeeded', amount_received: 5000 });
    await expect(stripe.paymentIntents.confirm(ok.id, { payment_method: 'pm_card_visa' })).rejects.toMatchObject({ code: 'payment_intent_unexpected_state' });
    await expect(stripe.paymentIntents.cancel(ok.id)).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);

    const bad = await stripe.paymentIntents.create({ amount: 5000, currency: 'usd' });
    const err = await stripe.paymentIntents.confirm(bad.id, { payment_method: 'pm_card_chargeDeclined' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(err).toMatchObject({ message: 'Your card was declined.', code: 'card_declined', decline_code: 'generic_decline' });
    expect((await stripe.paymentIntents.retrieve(bad.id)).status).toBe('requires_payment_method');
    const canceled = await stripe.paymentIntents.cancel(bad.id);
    expect(canceled.status).toBe('canceled');

    await emulator.flush();
    const events = received.map((r) => stripe.webhooks.constructEvent(r.body, r.signature, secret));
    expect(events.map((e) => e.type)).toEqual(['payment_intent.succeeded', 'payment_intent.payment_failed', 'payment_intent.canceled']);
    expect(() => stripe.webhooks.constructEvent(received[0]!.body, received[0]!.signature, 'whsec_other')).toThrow();
  });

  it('refunds a succeeded intent', async () => {
    const pi = await stripe.paymentIntents.create({ amount: 700, currency: 'usd', payment_method: 'pm_card_visa', confirm: true });
    expect(pi.status).toBe('succeeded');
    const refund = await stripe.refunds.create({ payment_intent: pi.id });
    expect(refund).toMatchObject({ amount: 700, status: 'succeeded', payment_intent: pi.id });
  });

  it('saves a card with a SetupIntent on a Customer, lists it, charges it off-session, and detaches it', async () => {
    const customer = await stripe.customers.create({ email: 'agent@example.com', metadata: { userId: '9' } });
    expect(customer).toMatchObject({ object: 'customer', email: 'agent@example.com', metadata: { userId: '9' } });
    const si = await stripe.setupIntents.create({ customer: customer.id, usage: 'off_session', payment_method_types: ['card'] });
    expect(si).toMatchObject({ object: 'setup_intent', status: 'requires_payment_method', customer: customer.id, usage: 'off_session' });
    expect(si.client_secret).toMatch(new RegExp(`^${si.id}_secret_`));
    const done = await stripe.setupIntents.confirm(si.id, { payment_method: 'pm_card_mastercard' });
    expect(done.status).toBe('succeeded');
    const pmId = done.payment_method as string;
    expect(pmId).toMatch(/^pm_/);
    const pm = await stripe.paymentMethods.retrieve(pmId);
    expect(pm).toMatchObject({ customer: customer.id, type: 'card', card: { brand: 'mastercard', last4: '4444' } });
    expect((await stripe.customers.listPaymentMethods(customer.id)).data.map((p) => p.id)).toEqual([pmId]);

    const paid = await stripe.paymentIntents.create(
      { amount: 4000, currency: 'usd', customer: customer.id, payment_method: pmId, off_session: true, confirm: true, payment_method_types: ['card'] },
      { idempotencyKey: 'off-1' },
    );
    expect(paid).toMatchObject({ status: 'succeeded', amount_received: 4000, customer: customer.id, payment_method: pmId });

    const detached = await stripe.paymentMethods.detach(pmId);
    expect(detached.customer).toBeNull();
    expect((await stripe.customers.listPaymentMethods(customer.id)).data).toEqual([]);
    // A card declined outright is not saved.
    const bad = await stripe.setupIntents.create({ customer: customer.id });
    await expect(stripe.setupIntents.confirm(bad.id, { payment_method: 'pm_card_chargeDeclined' })).rejects.toMatchObject({ code: 'card_declined' });
    expect((await stripe.setupIntents.retrieve(bad.id)).status).toBe('requires_payment_method');
  });

  it('saves 4000 0025 0000 3155 but its off-session charge needs authentication; 4000 0000 0000 0341 saves but its charge is declined', async () => {
    const customer = await stripe.customers.create({ email: 'cards@example.com' });
    const save = async (token: string) => {
      const si = await stripe.setupIntents.create({ customer: customer.id, payment_method: token, confirm: true });
      expect(si.status).toBe('succeeded');
      return si.payment_method as string;
    };
    const auth = await save('pm_card_authenticationRequiredOnSetup');
    expect((await stripe.paymentMethods.retrieve(auth)).card?.last4).toBe('3155');
    const err = await stripe.paymentIntents
      .create({ amount: 4000, currency: 'usd', customer: customer.id, payment_method: auth, off_session: true, confirm: true })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(err).toMatchObject({ code: 'authentication_required', decline_code: 'authentication_required' });
    const waiting = (err as Stripe.errors.StripeCardError).payment_intent!;
    expect(waiting.status).toBe('requires_action');
    // On-session (the customer is there to authenticate) the same card pays.
    const onSession = await stripe.paymentIntents.confirm(waiting.id, { payment_method: auth });
    expect(onSession.status).toBe('succeeded');

    const fails = await save('pm_card_chargeCustomerFail');
    expect((await stripe.paymentMethods.retrieve(fails)).card?.last4).toBe('0341');
    const declined = await stripe.paymentIntents
      .create({ amount: 4000, currency: 'usd', customer: customer.id, payment_method: fails, off_session: true, confirm: true })
      .catch((e: unknown) => e);
    expect(declined).toMatchObject({ code: 'card_declined', payment_intent: { status: 'requires_payment_method' } });

    // Another customer's saved card is refused.
    const other = await stripe.customers.create({});
    await expect(
      stripe.paymentIntents.create({ amount: 4000, currency: 'usd', customer: other.id, payment_method: auth, off_session: true, confirm: true }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    await emulator.flush();
    const types = received.map((r) => JSON.parse(r.body) as { type: string }).map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(['setup_intent.succeeded', 'payment_intent.requires_action', 'payment_intent.payment_failed']));
  });

  it('refuses a wrong API key and unknown intents like Stripe', async () => {
    const { host, port } = emulator.address;
    const other = new Stripe('sk_test_wrong', { host, port, protocol: 'http', maxNetworkRetries: 0 });
    await expect(other.paymentIntents.create({ amount: 100, currency: 'usd' })).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    await expect(stripe.paymentIntents.retrieve('pi_missing')).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });

  it('parses form-encoded nested parameters without prototype pollution', () => {
    expect(parseStripeForm('amount=10&metadata%5BorderId%5D=5&a[b][c]=x+y')).toEqual({ amount: '10', metadata: { orderId: '5' }, a: { b: { c: 'x y' } } });
    parseStripeForm('__proto__[polluted]=1');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('is never started in production', async () => {
    const config = testConfig({ isProduction: true });
    await expect(startPayments(config)).rejects.toThrow(/production/);
  });
});
