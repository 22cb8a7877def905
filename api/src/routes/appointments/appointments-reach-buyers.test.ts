// Issue 13 item 5: a voice-AI callback (the webhook) and an admin-created appointment become an
// appointment for sale in Buy Appointments at the catalogue's price, unless the admin assigns it to one
// agent, who then has it in My Appointments (and nobody else sees it). Both paths end at an agent.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import request from 'supertest';
import { APPOINTMENT_PRICE_CENTS } from '@tm/shared';
import { createTestApp, makeUser, loginAs, type TestContext } from '../../test/harness.ts';
import { UNKNOWN_AGENT_MESSAGE } from '../../services/brightcall/callbacks.service.ts';

const KEY = 'bc_reach_key_0123456789';
let ctx: TestContext;
let admin: Awaited<ReturnType<typeof loginAs>>;
let agentA: Awaited<ReturnType<typeof loginAs>>;
let agentAId: number;
let agentAEmail: string;
let agentB: Awaited<ReturnType<typeof loginAs>>;

beforeAll(async () => {
  ctx = await createTestApp({ config: { brightcall: { apiKey: KEY, widgetKey: 'widget-1' } } });
  const a = await makeUser(ctx.db, { isAdmin: true });
  admin = await loginAs(ctx.app, a.email, a.password);
  const ua = await makeUser(ctx.db);
  agentAId = ua.id;
  agentAEmail = ua.email;
  agentA = await loginAs(ctx.app, ua.email, ua.password);
  const ub = await makeUser(ctx.db);
  agentB = await loginAs(ctx.app, ub.email, ub.password);
});
afterAll(() => ctx.close());

type ForSale = {
  id: number;
  customerName: string;
  customerPhone: string;
  priceCents: number;
  transcriptPreview: string;
  extractedAppointmentDateTime: string | null;
};
async function forSale(agent: typeof agentA): Promise<ForSale[]> {
  const res = await agent.get('/api/vapi/available-appointments').query({ pageSize: 50 });
  expect(res.status).toBe(200);
  return (res.body.items ?? res.body.appointments) as ForSale[];
}
async function mine(agent: typeof agentA) {
  const res = await agent.get('/api/vapi/my-appointments');
  expect(res.status).toBe(200);
  return (res.body.items ?? res.body.appointments) as { id: number; customerName: string; customerPhone: string; priceCents: number }[];
}

describe('a voice-AI callback', () => {
  it('becomes an appointment for sale in Buy Appointments at the catalogue price, masked, and can be bought', async () => {
    const res = await request(ctx.app).post('/api/callbacks/brightcall').set('x-api-key', KEY).send({
      first_name: 'Walter',
      last_name: 'Webhook',
      phone_number: '(305) 555-0142',
      state: 'FL',
      transcript: 'AI: When suits you? Walter: Tuesday at 3pm works.',
      callback_time: 'Tuesday 3pm',
      lead_quality: 'hot',
      call_outcome: 'appointment_set',
    });
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    const listed = (await forSale(agentA)).find((a) => a.customerName.startsWith('W') && a.extractedAppointmentDateTime === 'Tuesday 3pm');
    expect(listed).toBeDefined();
    expect(listed!.priceCents).toBe(APPOINTMENT_PRICE_CENTS);
    expect(listed).not.toHaveProperty('price');
    expect(listed!.customerName).not.toContain('Webhook');
    expect(listed!.customerPhone).toBe('***-***-0142');
    // Every agent sees it for sale; the admin's list links the callback to it.
    expect((await forSale(agentB)).some((a) => a.id === listed!.id)).toBe(true);
    const adminList = await admin.get('/api/admin/appointments/brightcall/search').query({ q: 'Webhook' });
    expect(adminList.body.items[0]).toMatchObject({ appointmentId: listed!.id, appointmentStatus: 'available', agentEmail: null, source: 'webhook' });

    // Agent A buys it through the one purchase path: then it is in A's My Appointments with everything.
    const order = await agentA.post('/api/vapi/create-appointment-payment').send({ appointmentIds: [listed!.id] });
    expect(order.status, JSON.stringify(order.body)).toBeLessThan(300);
    expect(order.body.amount ?? order.body.amountCents ?? APPOINTMENT_PRICE_CENTS).toBe(APPOINTMENT_PRICE_CENTS);
    const pay = await request(ctx.app)
      .post('/api/test-payments/confirm')
      .send({ clientSecret: order.body.clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' });
    expect(pay.status).toBe(200);
    const intentId = String(order.body.clientSecret).split('_secret_')[0];
    await ctx.emulator.flush(); // the signed webhook pays it (by-intent only reads)
    expect((await request(ctx.app).get(`/api/orders/by-intent/${intentId}`)).body.status).toBe('paid');
    const own = (await mine(agentA)).find((a) => a.id === listed!.id);
    expect(own).toMatchObject({ customerName: 'Walter Webhook', customerPhone: '(305) 555-0142', priceCents: APPOINTMENT_PRICE_CENTS });
    expect((await forSale(agentB)).some((a) => a.id === listed!.id)).toBe(false);
  });
});

describe('an admin-created appointment', () => {
  it('without an agent is for sale in Buy Appointments', async () => {
    const res = await admin
      .post('/api/admin/appointments/brightcall')
      .send({ firstName: 'Sally', lastName: 'Forsale', phone: '5125550199', state: 'TX', callbackTime: 'Friday 10am' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.appointment).toMatchObject({ appointmentStatus: 'available', agentEmail: null, source: 'admin' });
    const id = res.body.appointment.appointmentId as number;
    const listed = (await forSale(agentB)).find((a) => a.id === id);
    expect(listed).toMatchObject({ priceCents: APPOINTMENT_PRICE_CENTS, extractedAppointmentDateTime: 'Friday 10am' });
  });

  it('assigned to an agent is in that agent’s My Appointments only, never for sale', async () => {
    const res = await admin
      .post('/api/admin/appointments/brightcall')
      .send({ firstName: 'Arthur', lastName: 'Assigned', phone: '5125550177', agentId: agentAId });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.appointment).toMatchObject({ appointmentStatus: 'sold', agentEmail: agentAEmail });
    const id = res.body.appointment.appointmentId as number;
    expect((await mine(agentA)).find((a) => a.id === id)).toMatchObject({ customerName: 'Arthur Assigned', customerPhone: '5125550177' });
    expect((await mine(agentB)).some((a) => a.id === id)).toBe(false);
    expect((await forSale(agentB)).some((a) => a.id === id)).toBe(false);
    expect((await agentB.get(`/api/vapi/my-appointments/${id}`)).status).toBe(404);
  });

  it('refuses an unknown agent with 400 naming agentId and stores nothing', async () => {
    const before = Number((await ctx.db('brightcallCallbacks').count({ n: '*' }).first())?.n);
    const res = await admin.post('/api/admin/appointments/brightcall').send({ firstName: 'No', lastName: 'Body', phone: '5125550100', agentId: 999999 });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ agentId: UNKNOWN_AGENT_MESSAGE });
    const bad = await admin.post('/api/admin/appointments/brightcall').send({ firstName: 'No', lastName: 'Body', phone: '5125550100', agentId: 'abc' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('agentId');
    expect(Number((await ctx.db('brightcallCallbacks').count({ n: '*' }).first())?.n)).toBe(before);
  });
});
