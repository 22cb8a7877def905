// Issue 36 point 7: abandoned checkouts. The admin lists unpaid orders (pending, or expired without a
// payment) with their expiry, the buyer's e-mail and the product, and re-sends a checkout link: one
// e-mail (checked in the real outbox) to the product's checkout, at most one per buyer per 24 hours,
// audited. The pending order is a real funnel checkout left unpaid.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import request from 'supertest';
import { CHECKOUT_RESEND_WINDOW_MS, NOT_ABANDONED_MESSAGE, type AbandonedCheckout } from '@tm/shared/schemas/abandoned-checkouts';
import { createTestAppWithAdmin, loginAs, makeUser, type TestContext } from '../../test/harness.ts';
import { insertPaidOrder } from '../../test/transfers-testing.ts';
import { LedgerAuditEntry, OutboxMail } from '../../models/index.ts';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof loginAs>>;
const ORIGIN = 'https://shop.example.com';
beforeAll(async () => {
  ({ ctx, admin } = await createTestAppWithAdmin({ config: { publicOrigin: ORIGIN, publicOriginConfigured: true } }));
  ctx.clock.set(new Date('2026-11-20T15:00:00Z'));
});
afterAll(() => ctx.close());

let seq = 0;
/** A funnel buyer who proceeded to payment and never paid: a pending order on a new account. */
async function leftAtPayment(callCount = 30, email = `left.${process.pid}.${++seq}@example.com`) {
  const res = await request(ctx.app)
    .post('/api/create-payment-intent')
    .send({ callCount, tier: 'standard', firstName: 'Lena', lastName: 'Left', email, phone: '(555) 010-0188' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const row = (await ctx
    .db('orders')
    .where({ paymentIntentId: res.body.paymentIntentId ?? res.body.clientSecret?.split('_secret_')[0] })
    .first()) as {
    id: number;
    userId: number | null;
  };
  // No account yet: the funnel makes it at payment; the e-mail typed at checkout names the buyer.
  expect(row.userId).toBeNull();
  return { email, orderId: Number(row.id) };
}
const list = async (q = '') => {
  const res = await admin.get('/api/admin/abandoned-checkouts').query({ q, pageSize: 100 });
  expect(res.status).toBe(200);
  return res.body.items as AbandonedCheckout[];
};
const resend = (orderId: number) => admin.post(`/api/admin/abandoned-checkouts/${orderId}/resend`);
const reminders = (toEmail: string) => OutboxMail.query(ctx.db).where({ toEmail, kind: 'checkout-reminder' });

describe('GET /api/admin/abandoned-checkouts', () => {
  it('lists unpaid orders with expiry, e-mail and product; not paid or canceled ones; searchable by e-mail', async () => {
    const left = await leftAtPayment(30);
    const expiredBuyer = await makeUser(ctx.db);
    const expired = await insertPaidOrder(ctx.db, expiredBuyer.id, { kind: 'transfer_package', tier: 'premium', count: 20 }, ctx.clock.now(), 'expired');
    const paid = await insertPaidOrder(ctx.db, expiredBuyer.id, { kind: 'transfer_package', tier: 'standard', count: 5 }, ctx.clock.now());
    const canceled = await insertPaidOrder(ctx.db, expiredBuyer.id, { kind: 'transfer_package', tier: 'standard', count: 5 }, ctx.clock.now(), 'canceled');

    const items = await list();
    const ids = items.map((i) => i.orderId);
    expect(ids).toContain(left.orderId);
    expect(ids).toContain(expired);
    expect(ids).not.toContain(paid);
    expect(ids).not.toContain(canceled);
    const row = items.find((i) => i.orderId === left.orderId)!;
    expect(row).toMatchObject({
      status: 'pending',
      email: left.email,
      userId: null,
      amountCents: 30 * 4000,
      checkoutUrl: `${ORIGIN}/checkout`,
      lastLinkSentAt: null,
    });
    expect(row.product).toMatch(/30/);
    expect(Date.parse(row.expiresAt) - Date.parse(row.createdAt)).toBe(ctx.config.pendingOrderTtlMs);
    expect(items.find((i) => i.orderId === expired)).toMatchObject({ status: 'expired', email: expiredBuyer.email, checkoutUrl: `${ORIGIN}/checkout-premium` });

    expect((await list(left.email)).map((i) => i.orderId)).toEqual([left.orderId]);
  });
});

describe('POST /api/admin/abandoned-checkouts/:orderId/resend', () => {
  it('sends one e-mail with the checkout link, audited; the same buyer again within 24 hours is refused, after it allowed', async () => {
    const left = await leftAtPayment(10);
    const res = await resend(left.orderId);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({ sentTo: left.email, checkoutUrl: `${ORIGIN}/checkout` });
    const mails = await reminders(left.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.toEmail).toBe(left.email);
    expect(mails[0]!.subject).toBe('Finish your TransferLine order');
    expect(mails[0]!.textBody).toContain(`${ORIGIN}/checkout`);
    expect(mails[0]!.textBody).toContain(`#${left.orderId}`);
    const audit = await LedgerAuditEntry.query(ctx.db).where({ action: 'order.checkout_link_sent', entityId: left.orderId });
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorType).toBe('admin');
    expect((await list(left.email))[0]!.lastLinkSentAt).toBe(ctx.clock.now().toISOString());

    // Another unpaid checkout of the same buyer, an hour later: still the same buyer's limit.
    ctx.clock.set(new Date(ctx.clock.now().getTime() + 3600_000));
    const { orderId: second } = await leftAtPayment(3, left.email);
    const again = await resend(second);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatch(/^A checkout link was already sent to this buyer in the last 24 hours/);
    expect(await reminders(left.email)).toHaveLength(1);

    ctx.clock.set(new Date(ctx.clock.now().getTime() + CHECKOUT_RESEND_WINDOW_MS));
    expect((await resend(second)).status).toBe(201);
    expect(await reminders(left.email)).toHaveLength(2);
  });

  it('two admins at once send one e-mail', async () => {
    const left = await leftAtPayment(7);
    const [a, b] = await Promise.all([resend(left.orderId), resend(left.orderId)]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect(await reminders(left.email)).toHaveLength(1);
  });

  it('sends to the account of an order that has one', async () => {
    const buyer = await makeUser(ctx.db);
    const pending = await insertPaidOrder(ctx.db, buyer.id, { kind: 'transfer_package', tier: 'ultimate', count: 5 }, ctx.clock.now(), 'pending');
    const res = await resend(pending);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ sentTo: buyer.email, checkoutUrl: `${ORIGIN}/checkout-ultimate` });
    expect((await reminders(buyer.email))[0]!.userId).toBe(buyer.id);
  });

  it('refuses a paid order (409), an unknown one (404) and an agent (403)', async () => {
    const buyer = await makeUser(ctx.db);
    const paid = await insertPaidOrder(ctx.db, buyer.id, { kind: 'transfer_package', tier: 'standard', count: 5 }, ctx.clock.now());
    const res = await resend(paid);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(NOT_ABANDONED_MESSAGE);
    expect((await resend(99_999_999)).status).toBe(404);
    const agent = await loginAs(ctx.app, buyer.email, buyer.password);
    expect((await agent.post(`/api/admin/abandoned-checkouts/${paid}/resend`)).status).toBe(403);
    expect((await agent.get('/api/admin/abandoned-checkouts')).status).toBe(403);
  });
});
