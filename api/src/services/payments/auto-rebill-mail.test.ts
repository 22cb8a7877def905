// Issue 34 item 8 (decision 246), through the real payment path (emulated provider, signed webhook) and a real
// SMTP server: an auto-rebill top-up is bought at the agent's own price as a dashboard order; its receipt
// (e-mail and page) says the charge was automatic and names the card the provider reports; a declined
// off-session charge sends exactly one e-mail, however often the charge, the sweep job, the payment check
// or the payment event run again.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { startMailTestApp, type SmtpSink } from '../../test/smtp-sink.ts';
import type { TestContext } from '../../test/harness.ts';
import { buyStandardTransfers, postTransferCall, testConfirm } from '../../test/proof-fixtures.ts';
import { depsOf } from '../../app.ts';
import { chargeQueued, chargeStaleQueued } from './auto-rebill.service.ts';
import { checkOrderByIntent } from '../orders/payment-check.service.ts';

const KEY = 'auto-rebill-mail-transfer-key-0123456789';
let ctx: TestContext;
let sink: SmtpSink;
let drain: () => Promise<unknown>;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ ctx, sink, drain, close } = await startMailTestApp({ transferApiKey: KEY }));
});
afterAll(() => close());

type Agent = Awaited<ReturnType<typeof buyStandardTransfers>>['agent'];

async function saveCard(agent: Agent, cardNumber: string) {
  const si = await agent.post('/api/auto-rebill/setup-intent').send({});
  expect((await testConfirm(ctx.app, si.body.clientSecret, cardNumber)).status).toBe(200);
  const saved = await agent.post('/api/auto-rebill/card').send({ setupIntentId: String(si.body.clientSecret).split('_secret_')[0] });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

/** An agent with `balance` transfers, a saved card and auto-rebill of `count` below `threshold`; the sink emptied. */
async function agentWithRebill(balance: number, card: string, threshold: number, count: number, ownPriceCents?: number) {
  const { user, agent } = await buyStandardTransfers(ctx, balance);
  if (ownPriceCents) await ctx.db('users').where({ id: user.id }).update({ liveTransferPriceCents: ownPriceCents });
  await saveCard(agent, card);
  const on = await agent.put('/api/auto-rebill').send({ enabled: true, threshold, count });
  expect(on.status, JSON.stringify(on.body)).toBe(200);
  await ctx.emulator.flush();
  await drain();
  sink.received.length = 0;
  return { user, agent };
}

const topUpCharge = async (userId: number) =>
  (await ctx.db('auto_rebill_charges').where({ userId }).orderBy('id', 'desc').first()) as { id: number; status: string; orderId: number };
/** What the agent received, the low-balance notice (a mail of its own kind) left out. */
const received = (email: string) => sink.to(email).filter((m) => !/balance is low|running low/i.test(m.subject ?? ''));

describe('auto-rebill e-mail', () => {
  it("a top-up at the agent's negotiated price: one receipt saying it was automatic and naming the card the provider reported", async () => {
    const { user, agent } = await agentWithRebill(3, '5555 5555 5555 4444', 3, 4, 3100);
    expect((await postTransferCall(ctx.app, KEY, user.id, ctx.clock.now())).status).toBe(201);
    await ctx.emulator.flush();
    const charge = await topUpCharge(user.id);
    expect(charge.status).toBe('charged');
    const order = await ctx.db('orders').where({ id: charge.orderId }).first();
    // A dashboard order at the agent's own price, which changes no Transfer Controls.
    expect(order).toMatchObject({ kind: 'live_transfer', status: 'paid', count: 4, unitPriceCents: 3100, amountCents: 12_400 });
    await drain();
    const mails = received(user.email);
    expect(mails.map((m) => m.subject)).toEqual([`Receipt for your TransferLine auto-rebill top-up #${order.id}`]);
    const text = mails[0]!.text ?? '';
    expect(text).toContain('Charged automatically by auto-rebill to Mastercard ending in 4444, when your transfer balance fell below your threshold.');
    expect(text).toContain('Live transfers (Your negotiated price): 4 × $31.00 = $124.00');
    expect(text).toContain('Card: Mastercard ending in 4444 (charged automatically)');
    expect(mails[0]!.html).toContain('Mastercard ending in 4444');
    // The receipt page says the same.
    const page = await agent.get(`/api/orders/${order.id}/receipt`);
    expect(page.status).toBe(200);
    expect(page.body.automaticCharge).toBe(
      'Charged automatically by auto-rebill to Mastercard ending in 4444, when your transfer balance fell below your threshold.',
    );
    expect(page.body.priceBasis).toBe('Your negotiated price');
    // A receipt of an order the agent paid themselves says nothing of auto-rebill.
    const own = await ctx.db('orders').where({ userId: user.id, kind: 'transfer_package' }).first();
    expect((await agent.get(`/api/orders/${own.id}/receipt`)).body.automaticCharge).toBeNull();
  });

  it('a declined off-session charge sends one e-mail, not one per retry, job run, payment check or repeated event', async () => {
    const { user } = await agentWithRebill(3, '4000 0000 0000 0341', 3, 2);
    expect((await postTransferCall(ctx.app, KEY, user.id, ctx.clock.now())).status).toBe(201);
    await ctx.emulator.flush();
    const charge = await topUpCharge(user.id);
    expect(charge.status).toBe('action_needed');
    const order = await ctx.db('orders').where({ id: charge.orderId }).first();
    expect(order.status).toBe('failed');
    await drain();

    // Everything that might run again: the charge, the sweep job, the server's own check of the payment,
    // and the provider's events sent again.
    const deps = depsOf(ctx.app);
    await chargeQueued(deps, user.id);
    ctx.clock.advance(5 * 60_000);
    await chargeStaleQueued(deps);
    await checkOrderByIntent(deps, order.paymentIntentId);
    await ctx.emulator.flush();
    await drain();
    await drain();

    const mails = received(user.email);
    expect(mails.map((m) => m.subject)).toEqual(['Your TransferLine top-up needs your action']);
    expect(mails[0]!.text).toContain('your card was declined');
    expect(mails[0]!.text).toContain(`/dashboard/pay/${order.id}`);
    expect(await ctx.db('mail_outbox').where({ userId: user.id, kind: 'payment-failed' })).toHaveLength(0);
  });
});
