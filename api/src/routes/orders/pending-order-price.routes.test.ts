// Decision 270: an admin changes a buyer's price (decision 251 for leads and appointments, decision 186 for
// live transfers) while that buyer has an unpaid order. The order keeps the price it was quoted until its hold
// ends: the buyer's own confirmation and the webhook both pay it at that price, and the charge, the order's
// lines, the ledger, the receipt (page and e-mail, through the real SMTP sink) agree. The change's audit entry
// names the orders that keep their quote; the next order is priced anew; once the hold lapsed the quote is gone.
import { describe, it, expect, beforeAll, afterEach } from 'vitest';
import { RESERVATION_MINUTES } from '@tm/shared';
import { loginAs, makeUser } from '../../test/harness.ts';
import { useMailTestApp } from '../../test/smtp-sink.ts';
import { insertLead, payIntent } from '../../test/proof-fixtures.ts';
import { LedgerAuditEntry, Order, OrderItem, PaymentEvent } from '../../models/index.ts';

const mail = useMailTestApp();
let admin: Awaited<ReturnType<typeof loginAs>>;

beforeAll(async () => {
  mail.ctx.clock.set(new Date('2026-06-10T15:00:00Z'));
  const a = await makeUser(mail.ctx.db, { isAdmin: true });
  admin = await loginAs(mail.ctx.app, a.email, a.password);
});
afterEach(() => mail.ctx.emulator.releaseWebhooks());

async function agent() {
  const user = await makeUser(mail.ctx.db);
  return { user, session: await loginAs(mail.ctx.app, user.email, user.password) };
}
type Session = Awaited<ReturnType<typeof loginAs>>;

/** What was charged and recorded for one order: the intent, the order, its items, the ledger and the receipt. */
async function story(session: Session, orderId: number) {
  const order = (await Order.query(mail.ctx.db).findById(orderId))!;
  const intent = mail.ctx.emulator.getIntent(order.paymentIntentId!)!;
  const items = await OrderItem.query(mail.ctx.db).where({ orderId }).orderBy('id');
  const ledger = (await session.get('/api/ledger')).body.entries as Array<{ orderId: number | null; type: string; amountCents: number }>;
  const receipt = (await session.get(`/api/orders/${orderId}/receipt`)).body;
  return {
    charged: { status: intent.status, amount: intent.amount },
    order: { status: order.status, amountCents: Number(order.amountCents), unitPriceCents: Number(order.unitPriceCents) },
    items: items.map((i) => ({ unit: Number(i.unitPriceCents), amount: Number(i.amountCents), source: i.priceSource })),
    ledger: ledger.filter((e) => e.orderId === orderId && e.type === 'purchase').map((e) => e.amountCents),
    receipt: { amountCents: receipt.amountCents, unitPriceCents: receipt.unitPriceCents, priceBasis: receipt.priceBasis, lines: receipt.lines },
  };
}

const lastAudit = async (userId: number, action: string) =>
  (await LedgerAuditEntry.query(mail.ctx.db).where({ userId, action }).orderBy('id', 'desc').first())!;

describe('a buyer price changed while the buyer has an unpaid order', () => {
  it('leads, paid through the buyer’s confirmation: the quoted $7.25 holds against the new $9.00, the webhook after it changes nothing', async () => {
    const me = await agent();
    await admin.put(`/api/admin/users/${me.user.id}/prices`).send({ kind: 'aged_lead', state: 'TX', priceCents: 725 }).expect(200);
    const leads = [await insertLead(mail.ctx.db, { customerState: 'TX' }), await insertLead(mail.ctx.db, { customerState: 'TX' })];
    const created = await me.session.post('/api/bulk-purchase-leads').send({ leadIds: leads });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.amount).toBe(1450);
    const orderId = Number(created.body.orderId);

    // The admin raises the price while the buyer is on the payment form.
    await admin.put(`/api/admin/users/${me.user.id}/prices`).send({ kind: 'aged_lead', state: 'TX', priceCents: 900 }).expect(200);
    const audit = await lastAudit(me.user.id, 'user.buyer_price_set');
    expect(JSON.parse(audit.afterJson!)).toEqual({ kind: 'aged_lead', state: 'TX', priceCents: 900, unpaidOrdersKeepingQuote: [orderId] });
    const log = await admin.get('/api/admin/audit').query({ user: me.user.email });
    expect(log.body.items[0].summary).toContain(`to $9.00; unpaid order #${orderId} keeps the price quoted`);

    // The buyer pays; the webhook is slow, so the buyer's own confirmation records the payment.
    mail.ctx.emulator.holdWebhooks();
    await payIntent(mail.ctx, created.body.clientSecret);
    const confirmed = await me.session.post('/api/bulk-purchase-leads/confirm').send({ payment_intent_id: created.body.paymentIntentId });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body).toMatchObject({ status: 'paid', itemIds: [...leads].sort((a, b) => a - b) });

    const expected = {
      charged: { status: 'succeeded', amount: 1450 },
      order: { status: 'paid', amountCents: 1450, unitPriceCents: 725 },
      items: [
        { unit: 725, amount: 725, source: 'buyer:TX' },
        { unit: 725, amount: 725, source: 'buyer:TX' },
      ],
      ledger: [1450],
      receipt: {
        amountCents: 1450,
        unitPriceCents: 725,
        priceBasis: null, // a lead order's basis is on each line
        lines: [{ label: 'Leads', count: 2, rateCents: 725, amountCents: 1450, basis: 'Your price for TX' }],
      },
    };
    expect(await story(me.session, orderId)).toEqual(expected);

    // The webhook arrives afterwards: the order is paid once, at the same price.
    mail.ctx.emulator.releaseWebhooks();
    await mail.ctx.emulator.flush();
    expect(await story(me.session, orderId)).toEqual(expected);
    const events = await PaymentEvent.query(mail.ctx.db).where({ paymentIntentId: created.body.paymentIntentId, type: 'payment_intent.succeeded' });
    expect(events.map((e) => e.outcome)).toEqual(['ignored: order already paid']);

    await mail.drain();
    const receiptMail = mail.sink.to(me.user.email).find((m) => m.subject?.endsWith(`#${orderId}`));
    expect(receiptMail?.text).toContain('Leads (your price for TX): 2 × $7.25 = $14.50');

    // The next order is priced anew.
    const next = await me.session.post('/api/bulk-purchase-leads').send({ leadIds: [await insertLead(mail.ctx.db, { customerState: 'TX' })] });
    expect(next.body.amount).toBe(900);
  });

  it('live transfers, paid through the webhook: the quoted $29.50 holds against the new $45.00 on the charge, lines, ledger and receipt', async () => {
    const me = await agent();
    await admin.patch(`/api/admin/users/${me.user.id}`).send({ liveTransferPrice: '29.50' }).expect(200);
    const ORDER = {
      totalTransfers: 3,
      callsPerDay: 5,
      transferHours: '9am-5pm EST',
      transferPhone: '5125550123',
      workingStates: 'TX',
      leadType: 'Live Transfers',
    };
    const created = await me.session.post('/api/call-transfer-order').send(ORDER);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ amount: 8850, unitPriceCents: 2950 });
    const orderId = Number(created.body.orderId);

    await admin.patch(`/api/admin/users/${me.user.id}`).send({ liveTransferPrice: '45.00' }).expect(200);
    const audit = await lastAudit(me.user.id, 'user.price_changed');
    expect(JSON.parse(audit.afterJson!)).toEqual({ liveTransferPriceCents: 4500, unpaidOrdersKeepingQuote: [orderId] });

    await payIntent(mail.ctx, created.body.clientSecret);
    await mail.ctx.emulator.flush();
    expect(await story(me.session, orderId)).toEqual({
      charged: { status: 'succeeded', amount: 8850 },
      order: { status: 'paid', amountCents: 8850, unitPriceCents: 2950 },
      items: [{ unit: 2950, amount: 8850, source: null }],
      ledger: [8850],
      // A transfer order's receipt names its price on the order, not in item lines.
      receipt: { amountCents: 8850, unitPriceCents: 2950, priceBasis: 'Your negotiated price', lines: [] },
    });
    expect((await me.session.get('/api/transfers/balance')).body).toMatchObject({ remaining: 3 });
    await mail.drain();
    expect(mail.sink.to(me.user.email).find((m) => m.subject?.endsWith(`#${orderId}`))?.text).toContain('(Your negotiated price): 3 × $29.50 = $88.50');

    // The next order is at the new price, in the answer as in the charge.
    const next = await me.session.post('/api/call-transfer-order').send(ORDER);
    expect(next.body).toMatchObject({ amount: 13_500, unitPriceCents: 4500 });
  });

  it('the quote ends with the hold: once the reservation lapsed the order expires, its intent is canceled and a new order costs the new price', async () => {
    const me = await agent();
    await admin.put(`/api/admin/users/${me.user.id}/prices`).send({ kind: 'aged_lead', priceCents: 725 }).expect(200);
    const lead = await insertLead(mail.ctx.db, { customerState: 'FL' });
    const created = await me.session.post('/api/bulk-purchase-leads').send({ leadIds: [lead] });
    expect(created.body.amount).toBe(725);
    await admin.put(`/api/admin/users/${me.user.id}/prices`).send({ kind: 'aged_lead', priceCents: 900 }).expect(200);

    mail.ctx.clock.advance((RESERVATION_MINUTES + 1) * 60_000);
    // The next order sweeps the lapsed hold first: the old order expires and its intent is canceled.
    const again = await me.session.post('/api/bulk-purchase-leads').send({ leadIds: [lead] });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body.amount).toBe(900);
    expect((await Order.query(mail.ctx.db).findById(created.body.orderId))!.status).toBe('expired');
    await expect.poll(() => mail.ctx.emulator.getIntent(created.body.paymentIntentId)?.status).toBe('canceled');
    await expect(payIntent(mail.ctx, created.body.clientSecret)).rejects.toThrow();
  });
});
