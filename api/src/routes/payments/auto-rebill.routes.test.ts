// Issue 29 item 3 (decision 197): an agent saves a card (a SetupIntent confirmed by the test card form),
// sees and removes it, and sets auto-rebill. When a delivered call takes the transfer balance below the
// threshold, the saved card is charged off-session for the chosen count at the agent's own price (decision
// 246), once per crossing (concurrent calls included), paid and fulfilled by the emulator's signed webhook;
// a card that needs authentication (4000 0025 0000 3155) or is declined (4000 0000 0000 0341) leaves a
// link to pay on-session (e-mail and portal home), and deliveries pause only when the balance reaches zero.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { LIVE_TRANSFER_DEFAULT_PRICE_CENTS } from '@tm/shared';
import { createTestApp, loginAs, type TestContext } from '../../test/harness.ts';
import { buyStandardTransfers, postTransferCall, testConfirm as confirmCard } from '../../test/proof-fixtures.ts';
import { depsOf } from '../../app.ts';
import { chargeQueued } from '../../services/payments/auto-rebill.service.ts';
import { expireStaleOrders } from '../../services/orders/stale-orders.service.ts';
import { JOBS } from '../../jobs/index.ts';
import { NEEDS_CARD_MESSAGE } from '@tm/shared/schemas/auto-rebill';

const KEY = 'auto-rebill-transfer-key-0123456789';
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ config: { transferApiKey: KEY } });
});
afterAll(() => ctx.close());

type Agent = Awaited<ReturnType<typeof loginAs>>;
const rate = LIVE_TRANSFER_DEFAULT_PRICE_CENTS;
const call = (userId: number) => postTransferCall(ctx.app, KEY, userId, ctx.clock.now());
const testConfirm = (clientSecret: string, cardNumber: string) => confirmCard(ctx.app, clientSecret, cardNumber);
const mails = async (userId: number, kind: string) =>
  (await ctx.db('mail_outbox').where({ userId, kind }).orderBy('id')) as Array<{ subject: string; textBody: string }>;
const charges = async (userId: number) =>
  (await ctx.db('auto_rebill_charges').where({ userId }).orderBy('id')) as Array<{ id: number; status: string; orderId: number | null }>;
const ordersOf = async (userId: number) =>
  (await ctx.db('orders').where({ userId }).orderBy('id')) as Array<{
    id: number;
    status: string;
    count: number;
    amountCents: number;
    idempotencyKey: string;
    paymentIntentId: string;
  }>;

/** An agent who bought `count` standard transfers through the real checkout and the payment emulator. */
async function agentWithPackage(count: number) {
  const { user, agent } = await buyStandardTransfers(ctx, count);
  const balance = async () => ((await agent.get('/api/transfers/balance')).body as { remaining: number; pausedNow: boolean }).remaining;
  expect(await balance()).toBe(count);
  return { user, agent, balance };
}

async function saveCard(agent: Agent, cardNumber: string) {
  const si = await agent.post('/api/auto-rebill/setup-intent').send({});
  expect(si.status, JSON.stringify(si.body)).toBe(200);
  expect(si.body.clientSecret).toMatch(/^seti_/);
  const confirmed = await testConfirm(si.body.clientSecret, cardNumber);
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  const saved = await agent.post('/api/auto-rebill/card').send({ setupIntentId: String(si.body.clientSecret).split('_secret_')[0] });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body as { card: { brand: string; last4: string } | null };
}

async function autoRebillOn(agent: Agent, threshold: number, count: number) {
  const r = await agent.put('/api/auto-rebill').send({ enabled: true, threshold, count });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body).toMatchObject({ enabled: true, threshold, count, amountCents: count * rate });
}

describe('saving a card and the auto-rebill settings', () => {
  it('saves a card (brand, last 4), replaces it, removes it; refuses bad settings naming the field', async () => {
    const { agent } = await agentWithPackage(3);
    expect((await agent.get('/api/auto-rebill')).body).toMatchObject({ card: null, enabled: false, actionNeeded: null });
    const on = await agent.put('/api/auto-rebill').send({ enabled: true, threshold: 5, count: 10 });
    expect(on.status).toBe(400);
    expect(on.body.fields).toMatchObject({ enabled: NEEDS_CARD_MESSAGE });

    expect((await saveCard(agent, '4242 4242 4242 4242')).card).toEqual({ brand: 'visa', last4: '4242' });
    expect((await saveCard(agent, '5555 5555 5555 4444')).card).toEqual({ brand: 'mastercard', last4: '4444' });
    expect((await agent.get('/api/auto-rebill')).body.card).toEqual({ brand: 'mastercard', last4: '4444' });

    // The price is the agent's own, as their dashboard orders charge (decision 246): a client-sent amount
    // or a public tier is not part of the settings; the buffer of dashboard orders is named.
    const set = await agent.put('/api/auto-rebill').send({ enabled: true, threshold: 5, tier: 'premium', count: 20, amountCents: 1 });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toMatchObject({
      enabled: true,
      count: 20,
      unitPriceCents: LIVE_TRANSFER_DEFAULT_PRICE_CENTS,
      priceSource: 'agent-rate',
      priceLabel: 'Agent rate',
      bufferSeconds: 60,
      amountCents: 20 * LIVE_TRANSFER_DEFAULT_PRICE_CENTS,
    });
    expect(set.body).not.toHaveProperty('tier');

    for (const [body, field] of [
      [{ enabled: true, threshold: 0, count: 10 }, 'threshold'],
      [{ enabled: true, threshold: 5, count: 100000 }, 'count'],
      [{ enabled: 'yes', threshold: 5, count: 10 }, 'enabled'],
    ] as const) {
      const r = await agent.put('/api/auto-rebill').send(body);
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(Object.keys(r.body.fields ?? {})).toContain(field);
    }
    expect((await agent.post('/api/auto-rebill/card').send({ setupIntentId: 'nope' })).status).toBe(400);

    const removed = await agent.delete('/api/auto-rebill/card');
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ card: null, enabled: false });
    expect((await agent.delete('/api/auto-rebill/card')).status).toBe(404);
  });

  it("a declined card is not saved, and another agent's SetupIntent cannot be kept", async () => {
    const { agent } = await agentWithPackage(1);
    const si = await agent.post('/api/auto-rebill/setup-intent').send({});
    const declined = await testConfirm(si.body.clientSecret, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect(declined.body.error).toBe('Your card was declined.');
    const other = await agentWithPackage(1);
    await other.agent.post('/api/auto-rebill/setup-intent').send({});
    const theft = await other.agent.post('/api/auto-rebill/card').send({ setupIntentId: String(si.body.clientSecret).split('_secret_')[0] });
    expect(theft.status).toBe(404);
  });
});

describe('the top-up when the balance falls below the threshold', () => {
  it('charges once at the crossing, pays through the webhook with a receipt, and re-arms above the threshold', async () => {
    const { user, agent, balance } = await agentWithPackage(5);
    await saveCard(agent, '4242 4242 4242 4242');
    await autoRebillOn(agent, 3, 10);
    // 5 -> 4 -> 3: not below 3 yet.
    for (let i = 0; i < 2; i++) expect((await call(user.id)).status).toBe(201);
    expect(await charges(user.id)).toHaveLength(0);
    // 3 -> 2: the crossing.
    expect((await call(user.id)).status).toBe(201);
    await ctx.emulator.flush();
    const [first] = await charges(user.id);
    expect(first).toMatchObject({ status: 'charged' });
    const orders = await ordersOf(user.id);
    const top = orders.find((o) => o.id === first!.orderId)!;
    expect(top).toMatchObject({ status: 'paid', count: 10, amountCents: 10 * rate, idempotencyKey: `auto-rebill-${first!.id}` });
    expect(await balance()).toBe(12);
    const receipts = await mails(user.id, 'order-receipt');
    expect(receipts.some((m) => m.textBody.includes(`#${top.id}`) || m.subject.includes(`#${top.id}`))).toBe(true);
    // 12 -> 3 (no crossing: 3 is not below 3), then 3 -> 2 crosses again: a second charge.
    for (let i = 0; i < 9; i++) expect((await call(user.id)).status).toBe(201);
    expect(await charges(user.id)).toHaveLength(1);
    expect((await call(user.id)).status).toBe(201);
    await ctx.emulator.flush();
    expect((await charges(user.id)).map((c) => c.status)).toEqual(['charged', 'charged']);
    expect(await balance()).toBe(12);
  });

  it('concurrent calls crossing the threshold charge once', async () => {
    const { user, agent, balance } = await agentWithPackage(6);
    await saveCard(agent, '4242 4242 4242 4242');
    await autoRebillOn(agent, 4, 5);
    const answers = await Promise.all(Array.from({ length: 5 }, () => call(user.id)));
    expect(answers.every((a) => a.status === 201)).toBe(true);
    await ctx.emulator.flush();
    expect(await charges(user.id)).toHaveLength(1);
    expect((await ordersOf(user.id)).filter((o) => o.idempotencyKey.startsWith('auto-rebill-'))).toHaveLength(1);
    expect(await balance()).toBe(6);
  });

  it('a crossing charged before is not charged again (idempotent per crossing)', async () => {
    const { user, agent } = await agentWithPackage(2);
    await saveCard(agent, '4242 4242 4242 4242');
    await autoRebillOn(agent, 2, 5);
    expect((await call(user.id)).status).toBe(201);
    await ctx.emulator.flush();
    const [charge] = await charges(user.id);
    expect(charge!.status).toBe('charged');
    const before = await ordersOf(user.id);
    // As if the charge were retried (a crash after the charge, a second worker): the same crossing again.
    await ctx.db('auto_rebill_charges').where({ id: charge!.id }).update({ status: 'queued' });
    await chargeQueued(depsOf(ctx.app), user.id);
    await ctx.emulator.flush();
    expect(await ordersOf(user.id)).toEqual(before);
    expect((await charges(user.id))[0]).toMatchObject({ status: 'charged', orderId: charge!.orderId });
  });

  it('a card that needs authentication: no charge, an e-mail and a portal link to pay on-session, no pause', async () => {
    const { user, agent, balance } = await agentWithPackage(3);
    expect((await saveCard(agent, '4000 0025 0000 3155')).card).toEqual({ brand: 'visa', last4: '3155' });
    await autoRebillOn(agent, 3, 4);
    expect((await call(user.id)).status).toBe(201);
    await ctx.emulator.flush();
    const [charge] = await charges(user.id);
    expect(charge!.status).toBe('action_needed');
    const orderId = charge!.orderId!;
    expect((await ordersOf(user.id)).find((o) => o.id === orderId)!.status).toBe('pending');
    expect(await balance()).toBe(2);
    const status = await agent.get('/api/transfers/balance');
    expect(status.body.pausedNow).toBe(false);

    const action = await mails(user.id, 'auto-rebill-action');
    expect(action).toHaveLength(1);
    expect(action[0]!.textBody).toContain(`/dashboard/pay/${orderId}`);
    expect(action[0]!.textBody).toContain('confirm this payment yourself');
    const home = await agent.get('/api/auto-rebill');
    expect(home.body.actionNeeded).toMatchObject({ orderId, amountCents: 4 * rate, reason: 'authentication_required', payUrl: `/dashboard/pay/${orderId}` });

    // The agent pays on-session from the link: the order is paid by the webhook, the notice goes.
    const pay = await agent.get(`/api/auto-rebill/orders/${orderId}/payment`);
    expect(pay.status, JSON.stringify(pay.body)).toBe(200);
    expect(pay.body).toMatchObject({ orderId, amountCents: 4 * rate, testMode: true });
    expect((await testConfirm(pay.body.clientSecret, '4242 4242 4242 4242')).status).toBe(200);
    await ctx.emulator.flush();
    expect((await ordersOf(user.id)).find((o) => o.id === orderId)!.status).toBe('paid');
    expect(await balance()).toBe(6);
    expect((await agent.get('/api/auto-rebill')).body.actionNeeded).toBeNull();
    expect((await agent.get(`/api/auto-rebill/orders/${orderId}/payment`)).status).toBe(409);
    // Another agent cannot open it.
    const other = await agentWithPackage(1);
    expect((await other.agent.get(`/api/auto-rebill/orders/${orderId}/payment`)).status).toBe(404);
  });

  it('a card that is declined: the order fails, a link to pay, deliveries pause only at zero', async () => {
    const { user, agent, balance } = await agentWithPackage(3);
    expect((await saveCard(agent, '4000 0000 0000 0341')).card).toEqual({ brand: 'visa', last4: '0341' });
    await autoRebillOn(agent, 3, 4);
    expect((await call(user.id)).status).toBe(201);
    await ctx.emulator.flush();
    const [charge] = await charges(user.id);
    expect(charge!.status).toBe('action_needed');
    expect((await ordersOf(user.id)).find((o) => o.id === charge!.orderId)!.status).toBe('failed');
    const action = await mails(user.id, 'auto-rebill-action');
    expect(action).toHaveLength(1);
    expect(action[0]!.textBody).toContain('your card was declined');
    // That one e-mail only: no generic "payment failed" beside it (decision 246).
    expect(await mails(user.id, 'payment-failed')).toHaveLength(0);
    expect((await agent.get('/api/auto-rebill')).body.actionNeeded).toMatchObject({ orderId: charge!.orderId, reason: 'declined' });
    expect((await agent.get('/api/transfers/balance')).body.pausedNow).toBe(false);
    // 2 -> 1 -> 0: no second charge (no new crossing); at zero deliveries pause, as for any agent.
    expect((await call(user.id)).status).toBe(201);
    expect((await call(user.id)).status).toBe(201);
    expect(await balance()).toBe(0);
    expect((await agent.get('/api/transfers/balance')).body.pausedNow).toBe(true);
    expect(await charges(user.id)).toHaveLength(1);
    // The failed order is still payable on-session with another card.
    const pay = await agent.get(`/api/auto-rebill/orders/${charge!.orderId}/payment`);
    expect(pay.status, JSON.stringify(pay.body)).toBe(200);
  });

  it('a top-up left unpaid until the stale-order job expires it is no longer shown or payable', async () => {
    const { user, agent } = await agentWithPackage(2);
    await saveCard(agent, '4000 0025 0000 3155');
    await autoRebillOn(agent, 2, 3);
    expect((await call(user.id)).status).toBe(201);
    await ctx.emulator.flush();
    const [charge] = await charges(user.id);
    expect((await agent.get('/api/auto-rebill')).body.actionNeeded).toMatchObject({ orderId: charge!.orderId });
    ctx.clock.advance(ctx.config.pendingOrderTtlMs + 60_000);
    expect(await expireStaleOrders(depsOf(ctx.app))).toBeGreaterThanOrEqual(1);
    expect((await ordersOf(user.id)).find((o) => o.id === charge!.orderId)!.status).toBe('expired');
    // A new session (the old one lapsed while the clock moved on).
    const later = await loginAs(ctx.app, user.email, user.password);
    expect((await later.get('/api/auto-rebill')).body).toMatchObject({ actionNeeded: null });
    expect((await later.get(`/api/auto-rebill/orders/${charge!.orderId}/payment`)).status).toBe(409);
  });

  it('a crossing left queued (the process stopped before the charge) is charged by the sweep job, once', async () => {
    const { user, agent, balance } = await agentWithPackage(2);
    await saveCard(agent, '4242 4242 4242 4242');
    await autoRebillOn(agent, 1, 3);
    const deps = depsOf(ctx.app);
    expect(deps.jobs.registered(JOBS.autoRebillSweep)).toBe(true);
    // As the call's transaction leaves it when the process stops right after the commit.
    await ctx
      .db('auto_rebill_charges')
      .insert({ userId: user.id, crossing: 'call-lost', status: 'queued', createdAt: '2020-01-01 00:00:00.000', updatedAt: '2020-01-01 00:00:00.000' });
    await deps.jobs.enqueue(JOBS.autoRebillSweep, {}, { jobId: `sweep-${user.id}` });
    await expect.poll(async () => (await charges(user.id)).map((c) => c.status), { timeout: 5000 }).toEqual(['charged']);
    await ctx.emulator.flush();
    expect(await balance()).toBe(5);
    await deps.jobs.enqueue(JOBS.autoRebillSweep, {}, { jobId: `sweep-${user.id}-again` });
    await ctx.emulator.flush();
    expect((await ordersOf(user.id)).filter((o) => o.idempotencyKey.startsWith('auto-rebill-'))).toHaveLength(1);
  });
});
