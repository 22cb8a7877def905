// Issue 36 point 4 (decision 251): an admin sets a buyer's own prices for leads and appointments, per kind and
// per state of a kind (GET/PUT /api/admin/users/:userId/prices, DELETE .../prices/:priceId), audited, bounded.
// Checkout charges that buyer their price (the state's over the kind's over the catalogue's), computed by the
// server whatever the client sends; only that agent's lists carry it; the order, its items, the receipt (page
// and e-mail through the real SMTP sink) and the admin's order view say what was paid and why.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import request from 'supertest';
import { loginAs, makeUser } from '../../test/harness.ts';
import { startMailTestApp } from '../../test/smtp-sink.ts';
import { insertAppointment, insertLead, payIntent } from '../../test/proof-fixtures.ts';
import { BuyerPrice, LedgerAuditEntry, Order, OrderItem } from '../../models/index.ts';
import { BUYER_PRICE_RANGE_MESSAGE } from '@tm/shared/schemas/buyer-prices';

let env: Awaited<ReturnType<typeof startMailTestApp>>;
let admin: Awaited<ReturnType<typeof loginAs>>;
let adminId: number;

beforeAll(async () => {
  env = await startMailTestApp();
  env.ctx.clock.set(new Date('2026-06-10T15:00:00Z'));
  const a = await makeUser(env.ctx.db, { isAdmin: true });
  adminId = a.id;
  admin = await loginAs(env.ctx.app, a.email, a.password);
});
afterAll(() => env.close());

async function agent(firstName = 'Pat') {
  const user = await makeUser(env.ctx.db, { firstName });
  return { user, session: await loginAs(env.ctx.app, user.email, user.password) };
}
const setPrice = (userId: number, body: object) => admin.put(`/api/admin/users/${userId}/prices`).send(body);

async function paid(session: Awaited<ReturnType<typeof loginAs>>, path: string, body: object) {
  const res = await session.post(path).send(body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await payIntent(env.ctx, res.body.clientSecret);
  await env.ctx.emulator.flush();
  return res.body as { orderId: number; amount: number };
}

describe('the admin sets, edits and removes a buyer price', () => {
  it('sets a kind price and a state price, replaces one, removes one; each change is one audit entry by the admin', async () => {
    const { user } = await agent();
    const kind = await setPrice(user.id, { kind: 'aged_lead', priceCents: 800 });
    expect(kind.status, JSON.stringify(kind.body)).toBe(200);
    const tx = await setPrice(user.id, { kind: 'aged_lead', state: 'tx', priceCents: 725 });
    expect(tx.body.prices).toEqual([
      expect.objectContaining({ kind: 'aged_lead', state: null, priceCents: 800 }),
      expect.objectContaining({ kind: 'aged_lead', state: 'TX', priceCents: 725 }),
    ]);
    // The same kind and state again replaces the price (one row), and is audited with before and after.
    const again = await setPrice(user.id, { kind: 'aged_lead', state: 'TX', priceCents: 700 });
    expect(again.body.prices).toHaveLength(2);
    expect(await BuyerPrice.query(env.ctx.db).where({ userId: user.id })).toHaveLength(2);
    const got = await admin.get(`/api/admin/users/${user.id}/prices`);
    expect(got.body.prices.map((p: { state: string | null; priceCents: number }) => [p.state, p.priceCents])).toEqual([
      [null, 800],
      ['TX', 700],
    ]);

    const txId = got.body.prices[1].id as number;
    const removed = await admin.delete(`/api/admin/users/${user.id}/prices/${txId}`);
    expect(removed.status).toBe(200);
    expect(removed.body.prices).toEqual([expect.objectContaining({ state: null, priceCents: 800 })]);

    const entries = await LedgerAuditEntry.query(env.ctx.db).where({ userId: user.id }).orderBy('id');
    expect(entries.map((e) => [e.action, e.actorType, e.actorId])).toEqual([
      ['user.buyer_price_set', 'admin', adminId],
      ['user.buyer_price_set', 'admin', adminId],
      ['user.buyer_price_set', 'admin', adminId],
      ['user.buyer_price_removed', 'admin', adminId],
    ]);
    expect(JSON.parse(entries[2]!.beforeJson!)).toEqual({ kind: 'aged_lead', state: 'TX', priceCents: 725 });
    expect(JSON.parse(entries[2]!.afterJson!)).toEqual({ kind: 'aged_lead', state: 'TX', priceCents: 700 });
    expect(JSON.parse(entries[3]!.afterJson!)).toEqual({ kind: 'aged_lead', state: 'TX', priceCents: null });
    // The audit log reads it as a sentence.
    const log = await admin.get('/api/admin/audit').query({ user: user.email });
    expect(log.body.items.map((i: { summary: string }) => i.summary)).toContain(
      `Set the price of aged leads in TX for ${user.firstName} ${user.lastName} to $7.00`,
    );
  });

  it('refuses bad input with 400 naming the field, an unknown user or price with 404, and an agent with 403', async () => {
    const { user, session } = await agent();
    const cases: Array<[object, string]> = [
      [{ kind: 'aged_lead', priceCents: 99 }, 'priceCents'],
      [{ kind: 'aged_lead', priceCents: 100_001 }, 'priceCents'],
      [{ kind: 'aged_lead', priceCents: 7.5 }, 'priceCents'],
      [{ kind: 'aged_lead', priceCents: '700' }, 'priceCents'],
      [{ kind: 'aged_lead' }, 'priceCents'],
      [{ kind: 'transfer', priceCents: 700 }, 'kind'],
      [{ kind: 'appointment', state: 'ZZ', priceCents: 700 }, 'state'],
    ];
    for (const [body, field] of cases) {
      const res = await setPrice(user.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.fields ?? {}), JSON.stringify(res.body)).toContain(field);
    }
    expect((await setPrice(user.id, { kind: 'aged_lead', priceCents: 99 })).body.fields.priceCents).toBe(BUYER_PRICE_RANGE_MESSAGE);
    expect((await setPrice(999_999, { kind: 'aged_lead', priceCents: 700 })).status).toBe(404);
    expect((await admin.delete(`/api/admin/users/${user.id}/prices/999999`)).status).toBe(404);
    expect((await session.put(`/api/admin/users/${user.id}/prices`).send({ kind: 'aged_lead', priceCents: 100 })).status).toBe(403);
    expect(await BuyerPrice.query(env.ctx.db).where({ userId: user.id })).toHaveLength(0);
    expect(await LedgerAuditEntry.query(env.ctx.db).where({ userId: user.id })).toHaveLength(0);

    // Another buyer's price cannot be removed through this buyer's page.
    const other = await agent();
    const set = await setPrice(other.user.id, { kind: 'fresh_lead', priceCents: 500 });
    expect((await admin.delete(`/api/admin/users/${user.id}/prices/${set.body.prices[0].id}`)).status).toBe(404);
    expect(await BuyerPrice.query(env.ctx.db).where({ userId: other.user.id })).toHaveLength(1);
  });
});

describe('only that agent sees their prices', () => {
  it('their lists carry their price (the state over the kind); another agent sees the catalogue; a visitor sees nothing', async () => {
    const me = await agent();
    const other = await agent();
    const tx = await insertLead(env.ctx.db, { customerState: 'TX', zipCode: '79901', priceCents: 900 });
    const fl = await insertLead(env.ctx.db, { customerState: 'FL', zipCode: '79901', priceCents: null });
    const fresh = await insertLead(env.ctx.db, { kind: 'fresh', ageDays: 1, customerState: 'TX', zipCode: '79901', priceCents: 1200 });
    const appt = await insertAppointment(env.ctx.db, { customerState: 'TX', customerName: 'Zed Price' });
    await setPrice(me.user.id, { kind: 'aged_lead', priceCents: 600 });
    await setPrice(me.user.id, { kind: 'aged_lead', state: 'TX', priceCents: 725 });
    await setPrice(me.user.id, { kind: 'appointment', priceCents: 850 });

    const priceOf = (items: Array<{ id: number; priceCents: number }>, id: number) => items.find((i) => i.id === id);
    const mine = (await me.session.get('/api/aged-leads').query({ zip: '79901' })).body.items;
    expect(priceOf(mine, tx)).toMatchObject({ priceCents: 725 });
    expect(priceOf(mine, fl)).toMatchObject({ priceCents: 600 });
    // Aged-lead prices do not touch fresh leads.
    expect(priceOf((await me.session.get('/api/leads').query({ zip: '79901' })).body.items, fresh)).toMatchObject({ priceCents: 1200 });
    const theirs = (await other.session.get('/api/aged-leads').query({ zip: '79901' })).body.items;
    expect(priceOf(theirs, tx)).toMatchObject({ priceCents: 900 });
    expect(priceOf(theirs, fl)).toMatchObject({ priceCents: 1000 });

    const myAppts = (await me.session.get('/api/vapi/available-appointments').query({ pageSize: 100 })).body.items;
    expect(priceOf(myAppts, appt)).toMatchObject({ priceCents: 850 });
    const theirAppts = (await other.session.get('/api/vapi/available-appointments').query({ pageSize: 100 })).body.items;
    expect(priceOf(theirAppts, appt)).toMatchObject({ priceCents: 1000 });

    expect((await request(env.ctx.app).get('/api/aged-leads')).status).toBe(401);
    expect((await request(env.ctx.app).get('/api/vapi/available-appointments')).status).toBe(401);
  });
});

describe('checkout charges the buyer their own price', () => {
  it('the state price over the kind price; a client-sent price is ignored; the order, receipt, e-mail and admin view show it', async () => {
    const me = await agent('Tess');
    const tx = await insertLead(env.ctx.db, { customerState: 'TX', priceCents: 900 });
    const fl = await insertLead(env.ctx.db, { customerState: 'FL', priceCents: 900 });
    await setPrice(me.user.id, { kind: 'aged_lead', priceCents: 600 });
    await setPrice(me.user.id, { kind: 'aged_lead', state: 'TX', priceCents: 725 });

    env.sink.received.length = 0;
    // A tampered body: a price and an amount the client made up are never read.
    const order = await paid(me.session, '/api/bulk-purchase-leads', { leadIds: [tx, fl], priceCents: 1, price: '0.01', amount: 0.01 });
    expect(order.amount).toBe(725 + 600);
    const row = await Order.query(env.ctx.db).findById(order.orderId);
    expect(row).toMatchObject({ amountCents: 1325, status: 'paid' });
    const items = await OrderItem.query(env.ctx.db).where({ orderId: order.orderId }).orderBy('itemId');
    expect(items.map((i) => [Number(i.itemId), i.unitPriceCents, i.priceSource])).toEqual([
      [tx, 725, 'buyer:TX'],
      [fl, 600, 'buyer'],
    ]);
    // The Stripe intent was for the server's amount.
    expect((await env.ctx.stripe.paymentIntents.retrieve(row!.paymentIntentId!)).amount).toBe(1325);

    const receipt = await me.session.get(`/api/orders/${order.orderId}/receipt`);
    expect(receipt.status).toBe(200);
    expect(receipt.body.lines).toEqual([
      { label: 'Leads', count: 1, rateCents: 725, amountCents: 725, basis: 'Your price for TX' },
      { label: 'Leads', count: 1, rateCents: 600, amountCents: 600, basis: 'Your price' },
    ]);

    await env.drain();
    const mail = env.sink.to(me.user.email).find((m) => m.subject === `Receipt for your TransferLine order #${order.orderId}`);
    expect(mail, 'receipt mail').toBeTruthy();
    expect(mail!.text).toContain('Leads (your price for TX): 1 × $7.25 = $7.25');
    expect(mail!.text).toContain('Leads (your price): 1 × $6.00 = $6.00');
    expect(mail!.text).toContain('Total: $13.25');

    const view = await admin.get(`/api/admin/orders/${order.orderId}`);
    expect(view.body.items.map((i: { unitPriceCents: number; priceBasis: string | null }) => [i.unitPriceCents, i.priceBasis])).toEqual([
      [725, "Buyer's own price for TX"],
      [600, "Buyer's own price"],
    ]);
  });

  it('another agent pays the catalogue for the same kind of lead', async () => {
    const me = await agent();
    const other = await agent();
    await setPrice(me.user.id, { kind: 'aged_lead', priceCents: 300 });
    const lead = await insertLead(env.ctx.db, { customerState: 'TX', priceCents: 900 });
    const res = await other.session.post('/api/bulk-purchase-leads').send({ leadIds: [lead] });
    expect(res.status).toBe(201);
    expect(res.body.amount).toBe(900);
    expect((await OrderItem.query(env.ctx.db).where({ orderId: res.body.orderId }).first())!.priceSource).toBeNull();
  });

  it('appointments: their price, checked against the cart amount the server computes; removing it brings back the catalogue', async () => {
    const me = await agent();
    await setPrice(me.user.id, { kind: 'appointment', priceCents: 850 });
    const a = await insertAppointment(env.ctx.db, { customerState: 'TX' });
    // The cart's amount at the catalogue price disagrees with the buyer's price: refused, nothing held.
    const wrong = await me.session.post('/api/vapi/create-appointment-payment').send({ appointmentIds: [a], amount: 10 });
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body.fields ?? {})).toContain('amount');
    const order = await paid(me.session, '/api/vapi/create-appointment-payment', { appointmentIds: [a], amount: 8.5 });
    expect(order.amount).toBe(850);
    const receipt = await me.session.get(`/api/orders/${order.orderId}/receipt`);
    expect(receipt.body.lines).toEqual([{ label: 'AI-set appointments', count: 1, rateCents: 850, amountCents: 850, basis: 'Your price' }]);
    // My Appointments says what they paid for it, not the catalogue's price.
    const mine = (await me.session.get('/api/vapi/my-appointments')).body.items.find((i: { id: number }) => i.id === a);
    expect(mine).toMatchObject({ priceCents: 850 });
    expect((await me.session.get(`/api/vapi/my-appointments/${a}`)).body).toMatchObject({ priceCents: 850 });

    const prices = await admin.get(`/api/admin/users/${me.user.id}/prices`);
    await admin.delete(`/api/admin/users/${me.user.id}/prices/${prices.body.prices[0].id}`).expect(200);
    const b = await insertAppointment(env.ctx.db, { customerState: 'TX' });
    const res = await me.session.post('/api/vapi/create-appointment-payment').send({ appointmentIds: [b] });
    expect(res.body.amount).toBe(1000);
  });
});
