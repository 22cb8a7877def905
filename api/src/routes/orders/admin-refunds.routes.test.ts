// Refunds as the agent and the admin see them (issue 26 items 2, 3 and 8; issue 27 L4), through the API on
// a real database, the payment emulator and a real SMTP server: the receipt of a partly refunded order
// (status, each refund line, net paid), My Transfers' lot lines and the ledger, the agent's e-mail about
// each refund (whole or partial) sent from the outbox, money-only (goodwill) refunds once transfers are
// used, and an admin who cannot refund their own order.
import { describe, it, expect, beforeAll, afterAll, beforeEach } from 'vitest';
import crypto from 'node:crypto';
import { TIERS } from '@tm/shared';
import { makeUser, loginAs, type TestContext } from '../../test/harness.ts';
import { startMailTestApp, type SmtpSink } from '../../test/smtp-sink.ts';
import { buyStandardTransfers } from '../../test/proof-fixtures.ts';
import { moneyOnlyCapMessage, OWN_ORDER_REFUND_MESSAGE } from '../../services/orders/admin-refunds.service.ts';
import { REFUND_REASON_REQUIRED } from '@tm/shared/schemas/admin-business';

const key = () => `k-${crypto.randomUUID()}`;
const RATE = TIERS.standard.rateCents;

let ctx: TestContext;
let sink: SmtpSink;
let drain: () => Promise<unknown>;
let close: () => Promise<void>;
let admin: Awaited<ReturnType<typeof loginAs>>;
let adminId: number;

beforeAll(async () => {
  ({ ctx, sink, drain, close } = await startMailTestApp());
  const a = await makeUser(ctx.db, { isAdmin: true, firstName: 'Rhea', lastName: 'Refunder' });
  adminId = a.id;
  admin = await loginAs(ctx.app, a.email, a.password);
});
afterAll(() => close());
beforeEach(() => {
  sink.received.length = 0;
});

/** An agent who bought `count` standard transfers through the real checkout and the emulator. */
async function paidPackage(count: number, agentOf?: { id: number; email: string; password: string }) {
  const { user, agent, orderId } = await buyStandardTransfers(ctx, count, agentOf ?? (await makeUser(ctx.db, { firstName: 'Paula' })));
  await drain(); // the order's receipt e-mail goes out now, so the tests below see only refund mail
  sink.received.length = 0;
  return { user, agent, orderId };
}

/** Marks `used` transfers of the order as delivered (as calls would). */
async function use(orderId: number, userId: number, used: number) {
  const row = await ctx.db('transfer_order_usage').where({ orderId }).first();
  if (row) await ctx.db('transfer_order_usage').where({ orderId }).update({ used });
  else
    await ctx
      .db('transfer_order_usage')
      .insert({ orderId, userId, capacity: (await ctx.db('orders').where({ id: orderId }).first('count')).count, used, bufferSeconds: 60 });
}

describe('a partly refunded order as the agent sees it', () => {
  it('the receipt says "partially refunded", lists each refund with the transfers taken back, and gives the net paid; My Transfers and the ledger follow', async () => {
    const { user, agent, orderId } = await paidPackage(10);
    await use(orderId, user.id, 2);
    const first = await admin.post(`/api/admin/orders/${orderId}/refunds`).send({ amountCents: 3 * RATE, idempotencyKey: key() });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const second = await admin.post(`/api/admin/orders/${orderId}/refunds`).send({ amountCents: 2 * RATE, idempotencyKey: key() });
    expect(second.status).toBe(201);

    const receipt = (await agent.get(`/api/orders/${orderId}/receipt`)).body;
    expect(receipt).toMatchObject({
      status: 'partially_refunded',
      amountCents: 10 * RATE,
      refundedCents: 5 * RATE,
      netPaidCents: 5 * RATE,
      transfers: { used: 2, remaining: 3, credits: 0, refunded: 5 },
    });
    expect(receipt.refunds).toEqual([
      expect.objectContaining({ amountCents: 3 * RATE, transfers: 3, moneyOnly: false, at: expect.any(String) }),
      expect.objectContaining({ amountCents: 2 * RATE, transfers: 2, moneyOnly: false }),
    ]);

    const lots = (await agent.get('/api/transfers/balance')).body.lots as {
      orderId: number;
      used: number;
      remaining: number;
      refunded: number;
      bought: number;
    }[];
    expect(lots.find((l) => l.orderId === orderId)).toMatchObject({ bought: 10, used: 2, remaining: 3, refunded: 5 });

    const ledger = (await agent.get('/api/ledger')).body.entries as { type: string; transfers: number; amountCents: number; description: string }[];
    expect(ledger.filter((e) => e.type === 'refund').map((e) => [e.transfers, e.amountCents, e.description])).toEqual([
      [-2, 2 * RATE, `Order #${orderId} partially refunded: 2 transfers taken back`],
      [-3, 3 * RATE, `Order #${orderId} partially refunded: 3 transfers taken back`],
    ]);

    // The admin's order shows the same: each refund's transfers and the net paid.
    const detail = (await admin.get(`/api/admin/orders/${orderId}`)).body;
    expect(detail.refunds.map((r: { transfersTakenBack: number }) => r.transfersTakenBack)).toEqual([3, 2]);
    expect(detail).toMatchObject({ netPaidCents: 5 * RATE, transfers: { count: 10, used: 2, refunded: 5, remaining: 3 } });
  });

  it('a fully refunded order\'s receipt says "refunded" with net paid $0', async () => {
    const { agent, orderId } = await paidPackage(2);
    expect((await admin.post(`/api/admin/orders/${orderId}/refunds`).send({ idempotencyKey: key() })).status).toBe(201);
    const receipt = (await agent.get(`/api/orders/${orderId}/receipt`)).body;
    expect(receipt).toMatchObject({ status: 'refunded', refundedCents: 2 * RATE, netPaidCents: 0 });
    expect(receipt.refunds).toEqual([expect.objectContaining({ amountCents: 2 * RATE, transfers: 2 })]);
  });
});

describe('the refund e-mail', () => {
  it('every refund, partial then whole, e-mails the agent the amount, the transfers taken back and the new balance', async () => {
    const { user, orderId } = await paidPackage(10);
    expect((await admin.post(`/api/admin/orders/${orderId}/refunds`).send({ amountCents: 4 * RATE, idempotencyKey: key() })).status).toBe(201);
    await drain();
    let mails = sink.to(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Partial refund of $${((4 * RATE) / 100).toFixed(2)} for your TransferLine order #${orderId}`);
    expect(mails[0]!.text).toContain(`Refunded now: $${((4 * RATE) / 100).toFixed(2)}`);
    expect(mails[0]!.text).toContain('Transfers taken back: 4 transfers');
    expect(mails[0]!.text).toContain('Transfers left on your balance: 6');
    expect(mails[0]!.text).toContain(`Net paid: $${((6 * RATE) / 100).toFixed(2)}`);
    expect(mails[0]!.text).toContain(`/dashboard/receipts/${orderId}`);

    sink.received.length = 0;
    expect((await admin.post(`/api/admin/orders/${orderId}/refunds`).send({ idempotencyKey: key() })).status).toBe(201);
    await drain();
    mails = sink.to(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Refund of $${((6 * RATE) / 100).toFixed(2)} for your TransferLine order #${orderId}`);
    expect(mails[0]!.text).toContain('the order is now refunded in full');
    expect(mails[0]!.text).toContain('Transfers taken back: 6 transfers');
    expect(mails[0]!.text).toContain('Transfers left on your balance: 0');
    expect(mails[0]!.text).toContain('Net paid: $0.00');
  });

  it('a repeat of the same refund (same key) sends nothing more', async () => {
    const { user, orderId } = await paidPackage(2);
    const k = key();
    await admin.post(`/api/admin/orders/${orderId}/refunds`).send({ amountCents: RATE, idempotencyKey: k });
    await admin.post(`/api/admin/orders/${orderId}/refunds`).send({ amountCents: RATE, idempotencyKey: k });
    await drain();
    expect(sink.to(user.email)).toHaveLength(1);
    expect(await ctx.db('mail_outbox').where({ kind: 'order-refund', userId: user.id })).toHaveLength(1);
  });
});

describe('money-only (goodwill) refunds', () => {
  it('once transfers are used: money back, no transfers taken back, a reason required, never above what the used transfers are worth', async () => {
    const { user, agent, orderId } = await paidPackage(5);
    await use(orderId, user.id, 5);
    // Taking transfers back is impossible: all are used.
    const plain = await admin.post(`/api/admin/orders/${orderId}/refunds`).send({ amountCents: RATE, idempotencyKey: key() });
    expect(plain.status).toBe(409);
    // Money only, without a reason: 400 naming reason.
    const noReason = await admin.post(`/api/admin/orders/${orderId}/refunds`).send({ amountCents: RATE, moneyOnly: true, idempotencyKey: key() });
    expect(noReason.status).toBe(400);
    expect(noReason.body.fields).toEqual({ reason: REFUND_REASON_REQUIRED });
    const blank = await admin.post(`/api/admin/orders/${orderId}/refunds`).send({ amountCents: RATE, moneyOnly: true, reason: '   ', idempotencyKey: key() });
    expect(blank.status).toBe(400);
    expect(blank.body.fields).toHaveProperty('reason');

    const ok = await admin
      .post(`/api/admin/orders/${orderId}/refunds`)
      .send({ amountCents: RATE + 50, moneyOnly: true, reason: 'Two calls were poor quality', idempotencyKey: key() });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.refund).toMatchObject({ amountCents: RATE + 50, moneyOnly: true, transfersTakenBack: 0, reason: 'Two calls were poor quality' });
    expect(ok.body.order).toMatchObject({ status: 'partially_refunded', transfers: { used: 5, refunded: 0, remaining: 0 } });
    expect((await agent.get('/api/transfers/balance')).body.lots.find((l: { orderId: number }) => l.orderId === orderId)).toMatchObject({
      used: 5,
      refunded: 0,
    });
    const ledger = (await agent.get('/api/ledger')).body.entries as { type: string; transfers: number; description: string }[];
    expect(ledger.find((e) => e.type === 'refund')).toMatchObject({
      transfers: 0,
      description: `Order #${orderId} partially refunded: money only, no transfers taken back`,
    });
    await drain();
    expect(sink.to(user.email)[0]!.text).toContain('Transfers taken back: None (money only)');

    // Never above what remains refundable.
    const left = 5 * RATE - (RATE + 50);
    const over = await admin.post(`/api/admin/orders/${orderId}/refunds`).send({ amountCents: left + 1, moneyOnly: true, reason: 'x', idempotencyKey: key() });
    expect(over.status).toBe(409);
    expect(over.body.fields).toHaveProperty('amountCents');
    const rest = await admin
      .post(`/api/admin/orders/${orderId}/refunds`)
      .send({ amountCents: left, moneyOnly: true, reason: 'Every call was poor', idempotencyKey: key() });
    expect(rest.status).toBe(201);
    expect(rest.body.order).toMatchObject({ status: 'refunded', refundedCents: 5 * RATE });
  });

  it('cannot give away the unused transfers: at most the value of the used ones; the unused are refunded with their transfers', async () => {
    const { user, orderId } = await paidPackage(10);
    await use(orderId, user.id, 4);
    const detail = (await admin.get(`/api/admin/orders/${orderId}`)).body;
    expect(detail.moneyOnlyRefundableCents).toBe(4 * RATE);
    const over = await admin
      .post(`/api/admin/orders/${orderId}/refunds`)
      .send({ amountCents: 4 * RATE + 1, moneyOnly: true, reason: 'Bad calls', idempotencyKey: key() });
    expect(over.status).toBe(409);
    expect(over.body.error).toBe(moneyOnlyCapMessage(4 * RATE, 6));
    expect(
      (await admin.post(`/api/admin/orders/${orderId}/refunds`).send({ amountCents: 4 * RATE, moneyOnly: true, reason: 'Bad calls', idempotencyKey: key() }))
        .status,
    ).toBe(201);
    // The rest takes back the 6 unused transfers; the money-only refund took none.
    const rest = await admin.post(`/api/admin/orders/${orderId}/refunds`).send({ idempotencyKey: key() });
    expect(rest.status, JSON.stringify(rest.body)).toBe(201);
    expect(rest.body.refund).toMatchObject({ transfersTakenBack: 6, moneyOnly: false });
    expect(rest.body.order.status).toBe('refunded');
  });

  it('with nothing used yet, a money-only refund is refused (take the transfers back instead)', async () => {
    const { orderId } = await paidPackage(3);
    const res = await admin.post(`/api/admin/orders/${orderId}/refunds`).send({ amountCents: 100, moneyOnly: true, reason: 'Sorry', idempotencyKey: key() });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(moneyOnlyCapMessage(0, 3));
    expect(await ctx.db('refunds').where({ orderId })).toHaveLength(0);
  });
});

describe('separation of duties', () => {
  it('an admin cannot refund their own order (403, nothing refunded); another admin can', async () => {
    const self = await makeUser(ctx.db, { isAdmin: true, firstName: 'Selma' });
    const { orderId } = await paidPackage(2, self);
    const selfAgent = await loginAs(ctx.app, self.email, self.password);
    const res = await selfAgent.post(`/api/admin/orders/${orderId}/refunds`).send({ idempotencyKey: key() });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe(OWN_ORDER_REFUND_MESSAGE);
    expect(await ctx.db('refunds').where({ orderId })).toHaveLength(0);
    expect((await ctx.db('orders').where({ id: orderId }).first('refundedCents')).refundedCents).toBe(0);
    const other = await admin.post(`/api/admin/orders/${orderId}/refunds`).send({ idempotencyKey: key() });
    expect(other.status).toBe(201);
    expect((await ctx.db('refunds').where({ orderId }).first('createdByUserId')).createdByUserId).toBe(adminId);
  });
});

describe('the refund dialog offers only what the server refunds (issue 34 item 6)', () => {
  it('a partly used order: the take-back maximum is the unused transfers, refunded whole; a cent more is refused', async () => {
    const { user, orderId } = await paidPackage(10);
    await use(orderId, user.id, 4);
    const detail = (await admin.get(`/api/admin/orders/${orderId}`)).body;
    expect(detail).toMatchObject({ refundableCents: 10 * RATE, transferRefundableCents: 6 * RATE, moneyOnlyRefundableCents: 4 * RATE });
    expect(detail.transfers).toMatchObject({ used: 4, remaining: 6 });
    // The old default, the whole remaining amount, is what the server refuses.
    expect((await admin.post(`/api/admin/orders/${orderId}/refunds`).send({ idempotencyKey: key() })).status).toBe(409);
    expect((await admin.post(`/api/admin/orders/${orderId}/refunds`).send({ amountCents: 6 * RATE + 1, idempotencyKey: key() })).status).toBe(409);
    const ok = await admin.post(`/api/admin/orders/${orderId}/refunds`).send({ amountCents: detail.transferRefundableCents, idempotencyKey: key() });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.refund.transfersTakenBack).toBe(6);
    const after = (await admin.get(`/api/admin/orders/${orderId}`)).body;
    expect(after).toMatchObject({ refundableCents: 4 * RATE, transferRefundableCents: 0, moneyOnlyRefundableCents: 4 * RATE });
  });

  it('after a part refund that took a transfer back for less than its price, the rest of that transfer is still offered', async () => {
    const { user, orderId } = await paidPackage(5);
    await use(orderId, user.id, 2);
    expect((await admin.post(`/api/admin/orders/${orderId}/refunds`).send({ amountCents: 1000, idempotencyKey: key() })).status).toBe(201);
    const detail = (await admin.get(`/api/admin/orders/${orderId}`)).body;
    // One transfer was taken back for $10.00; two unused remain: $30.00 + 2 x rate.
    expect(detail.transferRefundableCents).toBe(3 * RATE - 1000);
    expect(
      (await admin.post(`/api/admin/orders/${orderId}/refunds`).send({ amountCents: detail.transferRefundableCents + 1, idempotencyKey: key() })).status,
    ).toBe(409);
    expect((await admin.post(`/api/admin/orders/${orderId}/refunds`).send({ amountCents: detail.transferRefundableCents, idempotencyKey: key() })).status).toBe(
      201,
    );
  });
});
