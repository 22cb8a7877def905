// The dashboard's purchases: leads, appointments and live transfers go through an order and are
// granted only after the server itself has verified the payment.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import request from 'supertest';
import { createTestApp, makeUser, loginAs, type TestContext } from '../../test/harness.ts';

let ctx: TestContext;
let me: Awaited<ReturnType<typeof makeUser>>;
let other: Awaited<ReturnType<typeof makeUser>>;
let agent: Awaited<ReturnType<typeof loginAs>>;
let otherAgent: Awaited<ReturnType<typeof loginAs>>;

async function insertLead(priceCents: number | null, state = 'TX'): Promise<number> {
  const [id] = await ctx.db('leads').insert({
    kind: 'aged',
    customerName: 'Ruth Walker',
    customerPhone: '5125550100',
    customerState: state,
    zipCode: '73301',
    ageDays: 45,
    priceCents,
    status: 'available',
  });
  return Number(id);
}
async function insertAppointment(): Promise<number> {
  const [id] = await ctx
    .db('appointments')
    .insert({ customerName: 'Frank Miller', customerPhone: '5125550123', callStatus: 'completed', transcript: 'AI: hello', status: 'available' });
  return Number(id);
}
/** What the card form does in the browser: confirms the intent at the provider. */
async function pay(clientSecret: string, pm = 'pm_card_visa') {
  const id = clientSecret.split('_secret_')[0]!;
  return ctx.stripe.paymentIntents.confirm(id, { payment_method: pm }).catch((err: unknown) => err);
}
const ids = (items: Array<{ id: number }>) => items.map((i) => i.id);

beforeAll(async () => {
  ctx = await createTestApp();
  // Webhooks are held back: the confirmations below must verify the intent themselves.
  ctx.emulator.holdWebhooks();
  me = await makeUser(ctx.db);
  other = await makeUser(ctx.db);
  agent = await loginAs(ctx.app, me.email, me.password);
  otherAgent = await loginAs(ctx.app, other.email, other.password);
});
afterAll(async () => {
  await ctx.close();
});

describe('bulk lead purchase', () => {
  it('refuses an empty selection with the spec message', async () => {
    const res = await agent.post('/api/bulk-purchase-leads').send({ leadIds: [] });
    expect(res.status).toBe(400);
    expect(res.body.fields.leadIds).toBe('Please select at least one lead to purchase.');
    expect(
      (
        await request(ctx.app)
          .post('/api/bulk-purchase-leads')
          .send({ leadIds: [1] })
      ).status,
    ).toBe(401);
  });

  it('creates an order priced by the server, grants nothing until the payment is verified, then grants the leads', async () => {
    const leadIds = [await insertLead(null), await insertLead(450), await insertLead(null)];
    const res = await agent.post('/api/bulk-purchase-leads').send({ leadIds, amount: 1 });
    expect(res.status).toBe(201);
    expect(res.body.amount).toBe(1000 + 450 + 1000);
    expect(res.body.clientSecret).toMatch(/^pi_.+_secret_/);
    // Reserved: gone from the list for everyone, not yet the buyer's.
    const list = await otherAgent.get('/api/aged-leads?state=TX');
    for (const id of leadIds) expect(ids(list.body.items)).not.toContain(id);
    expect((await agent.get('/api/my-leads')).body.total).toBe(0);
    const early = await agent.post('/api/bulk-purchase-leads/confirm').send({ payment_intent_id: res.body.paymentIntentId });
    expect(early.status).toBe(409);
    expect((await agent.get('/api/my-leads')).body.total).toBe(0);
    // Someone else racing for the same leads loses.
    const race = await otherAgent.post('/api/bulk-purchase-leads').send({ leadIds: [leadIds[0]] });
    expect(race.status).toBe(409);

    await pay(res.body.clientSecret);
    expect((await otherAgent.post('/api/bulk-purchase-leads/confirm').send({ payment_intent_id: res.body.paymentIntentId })).status).toBe(404);
    const ok = await agent.post('/api/bulk-purchase-leads/confirm').send({ payment_intent_id: res.body.paymentIntentId });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ success: true, recorded: true, status: 'paid', itemIds: [...leadIds].sort((a, b) => a - b) });
    const mine = await agent.get('/api/my-leads');
    expect(mine.body.total).toBe(3);
    expect(mine.body.items[0]).toMatchObject({ source: 'purchased', name: 'Ruth Walker', phone: '5125550100' });
  });
});

describe('appointment checkout', () => {
  it('refuses an empty cart and an amount that disagrees with the server', async () => {
    const empty = await agent.post('/api/vapi/create-appointment-payment').send({ appointmentIds: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.fields.appointmentIds).toBe('Please add appointments to cart before checkout.');
    const a = await insertAppointment();
    const wrong = await agent.post('/api/vapi/create-appointment-payment').send({ appointmentIds: [a], amount: 25 });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toHaveProperty('amount');
  });

  it('records the appointments only after a verified payment, for the buyer, ignoring a user_id in the body', async () => {
    const appts = [await insertAppointment(), await insertAppointment()];
    const res = await agent.post('/api/vapi/create-appointment-payment').send({ appointmentIds: appts, amount: 20 });
    expect(res.status).toBe(201);
    expect(res.body.amount).toBe(2000);
    const avail = await otherAgent.get('/api/vapi/available-appointments');
    for (const id of appts) expect(ids(avail.body.items)).not.toContain(id);

    // Not paid: nothing is recorded whatever the body claims.
    const claim = await agent
      .post('/api/vapi/confirm-appointment-purchase')
      .send({ payment_intent_id: res.body.paymentIntentId, appointment_ids: appts, user_id: me.id });
    expect(claim.status).toBe(409);
    expect(claim.body.error).toBe('Failed to record purchase');
    expect((await agent.get('/api/vapi/my-appointments')).body.total).toBe(0);

    await pay(res.body.clientSecret);
    // Another agent cannot claim this intent, even naming themselves.
    const theft = await otherAgent.post('/api/vapi/confirm-appointment-purchase').send({ payment_intent_id: res.body.paymentIntentId, user_id: other.id });
    expect(theft.status).toBe(404);
    const ok = await agent.post('/api/vapi/confirm-appointment-purchase').send({ payment_intent_id: res.body.paymentIntentId, user_id: other.id });
    expect(ok.status).toBe(200);
    expect(ok.body.itemIds).toEqual([...appts].sort((a, b) => a - b));
    expect(ids((await agent.get('/api/vapi/my-appointments')).body.items).sort()).toEqual([...appts].sort());
    expect((await otherAgent.get('/api/vapi/my-appointments')).body.total).toBe(0);
    // Asking again changes nothing.
    const again = await agent.post('/api/vapi/confirm-appointment-purchase').send({ payment_intent_id: res.body.paymentIntentId });
    expect(again.body.itemIds).toEqual(ok.body.itemIds);
    expect((await agent.get('/api/vapi/all-appointments')).body.purchasedCount).toBe(2);
  });

  it('records nothing when the card is declined', async () => {
    const a = await insertAppointment();
    const res = await agent.post('/api/vapi/create-appointment-payment').send({ appointmentIds: [a] });
    await pay(res.body.clientSecret, 'pm_card_chargeDeclined');
    const confirm = await agent.post('/api/vapi/confirm-appointment-purchase').send({ payment_intent_id: res.body.paymentIntentId });
    expect(confirm.status).toBe(409);
    expect(ids((await agent.get('/api/vapi/my-appointments')).body.items)).not.toContain(a);
  });

  it('puts the cart back on sale when the buyer cancels the payment, only for their own order', async () => {
    const a = await insertAppointment();
    const res = await agent.post('/api/vapi/create-appointment-payment').send({ appointmentIds: [a] });
    expect(ids((await agent.get('/api/vapi/available-appointments')).body.items)).not.toContain(a);
    expect((await otherAgent.post('/api/vapi/cancel-appointment-payment').send({ payment_intent_id: res.body.paymentIntentId })).status).toBe(404);
    const cancel = await agent.post('/api/vapi/cancel-appointment-payment').send({ payment_intent_id: res.body.paymentIntentId });
    expect(cancel.status).toBe(200);
    expect(cancel.body.status).toBe('canceled');
    expect(ids((await agent.get('/api/vapi/available-appointments')).body.items)).toContain(a);
    // A canceled intent cannot be paid any more.
    const late = await pay(res.body.clientSecret);
    expect(late).toBeInstanceOf(Error);
    expect((await agent.post('/api/vapi/confirm-appointment-purchase').send({ payment_intent_id: res.body.paymentIntentId })).status).toBe(409);
  });

  it('does not cancel a paid order', async () => {
    const leadId = await insertLead(null, 'OK');
    const res = await agent.post('/api/bulk-purchase-leads').send({ leadIds: [leadId] });
    await pay(res.body.clientSecret);
    const cancel = await agent.post('/api/bulk-purchase-leads/cancel').send({ payment_intent_id: res.body.paymentIntentId });
    expect(cancel.status).toBe(200);
    expect(cancel.body.status).toBe('pending');
    const ok = await agent.post('/api/bulk-purchase-leads/confirm').send({ payment_intent_id: res.body.paymentIntentId });
    expect(ok.body.itemIds).toEqual([leadId]);
  });

  it('answers 404 for an unknown or malformed intent and 400 without one', async () => {
    expect((await agent.post('/api/vapi/confirm-appointment-purchase').send({ payment_intent_id: 'pi_unknown123' })).status).toBe(404);
    expect((await agent.post('/api/vapi/confirm-appointment-purchase').send({})).status).toBe(400);
  });
});

describe('POST /api/call-transfer-order', () => {
  it('validates with the spec messages', async () => {
    const res = await agent
      .post('/api/call-transfer-order')
      .send({ totalTransfers: 0, callsPerDay: 0, transferHours: '', transferPhone: '123', workingStates: '' });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({
      totalTransfers: 'Must be at least 1 transfer',
      callsPerDay: 'Must be at least 1 call per day',
      transferHours: 'Please specify transfer hours',
      transferPhone: 'Phone number must be at least 10 digits',
      workingStates: 'Please specify working states',
    });
  });

  const order = {
    totalTransfers: 40,
    callsPerDay: 5,
    transferHours: '9am-5pm EST',
    transferPhone: '5125550123',
    workingStates: 'TX, FL',
    leadType: 'Live Transfers',
    price: 1,
  };

  it('prices at the default 35.00 per transfer, ignoring the browser price', async () => {
    const res = await agent.post('/api/call-transfer-order').send(order);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ amount: 140000, unitPriceCents: 3500, totalPrice: '1400.00' });
    expect(res.body.clientSecret).toMatch(/_secret_/);
    const row = await ctx.db('orders').where({ id: res.body.orderId }).first();
    expect(row).toMatchObject({ userId: me.id, kind: 'live_transfer', count: 40, amountCents: 140000, status: 'pending' });
    expect(JSON.parse(row.metadata).details).toEqual({ callsPerDay: 5, transferHours: '9am-5pm EST', transferPhone: '5125550123', workingStates: 'TX, FL' });
  });

  it("prices at the user's own liveTransferPrice", async () => {
    const vip = await makeUser(ctx.db, { liveTransferPriceCents: 3000 });
    const vipAgent = await loginAs(ctx.app, vip.email, vip.password);
    const res = await vipAgent.post('/api/call-transfer-order').send(order);
    expect(res.body).toMatchObject({ amount: 120000, unitPriceCents: 3000, totalPrice: '1200.00' });
  });

  it('takes working states chosen from the 50 states and DC, as a list or as text, kept as "TX, FL"', async () => {
    const res = await agent.post('/api/call-transfer-order').send({ ...order, workingStates: ['tx', 'DC', 'TX'] });
    expect(res.status).toBe(201);
    const row = await ctx.db('orders').where({ id: res.body.orderId }).first();
    expect(JSON.parse(row.metadata).details.workingStates).toBe('TX, DC');
  });

  it('refuses any other working state with a 400 naming the field, and makes no order', async () => {
    const before = await ctx.db('orders').count({ n: '*' }).first();
    for (const [workingStates, message] of [
      ['TX, PR', 'PR is not a US state (choose from the 50 states and DC)'],
      [['FL', 'Texas'], 'TEXAS is not a US state (choose from the 50 states and DC)'],
      [['ZZ'], 'ZZ is not a US state (choose from the 50 states and DC)'],
      [[], 'Please specify working states'],
      [[7], 'Please specify working states'],
      [{ TX: true }, 'Please specify working states'],
    ] as const) {
      const res = await agent.post('/api/call-transfer-order').send({ ...order, workingStates });
      expect(res.status, JSON.stringify(workingStates)).toBe(400);
      expect(res.body.fields).toEqual({ workingStates: message });
    }
    expect(await ctx.db('orders').count({ n: '*' }).first()).toEqual(before);
  });
});
