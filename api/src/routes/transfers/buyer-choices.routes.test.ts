// Issue 25 items 2 and 3: what the buyer chose reaches delivery. A paid Buy Call Transfers order's working
// states, hours and calls per day become the agent's Transfer Controls (and the transfer callback's check
// enforces them); the first-party onboarding survey saves the same to the buyer's account, for a logged-in
// agent or a funnel buyer named by their paid order's signed survey link (decision 245; survey-link.routes.test.ts).
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import request from 'supertest';
import { createTestApp, makeUser, loginAs, type TestContext } from '../../test/harness.ts';

const KEY = 'buyer-choices-transfer-key-0123456789';
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ config: { transferApiKey: KEY } });
  // A Wednesday, 15:00 UTC = 10:00 in New York.
  ctx.clock.set(new Date('2026-12-02T15:00:00Z'));
});
afterAll(async () => {
  await ctx.close();
});

const pay = async (clientSecret: string) => {
  const res = await request(ctx.app).post('/api/test-payments/confirm').send({ clientSecret, cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' });
  await ctx.emulator.flush();
  return res;
};
/** The signed survey link the return page asks for, with the payment's intent id and client secret; its token. */
const surveyToken = async (clientSecret: string) => {
  const res = await request(ctx.app)
    .post('/api/survey-link')
    .send({ paymentIntentId: clientSecret.split('_secret_')[0], clientSecret });
  return { status: res.status, token: res.status === 200 ? new URL(res.body.url, 'http://x').searchParams.get('token')! : '' };
};
const check = (body: object) => request(ctx.app).post('/api/callbacks/transfer/check').set('x-api-key', KEY).send(body);

describe("a paid transfer order becomes the agent's delivery settings (item 2)", () => {
  it('states, hours (with the zone they name) and calls per day reach Transfer Controls only once paid, and the check enforces them', async () => {
    const u = await makeUser(ctx.db);
    const agent = await loginAs(ctx.app, u.email, u.password);
    const order = await agent
      .post('/api/call-transfer-order')
      .send({ totalTransfers: 10, callsPerDay: 1, transferHours: '9am-5pm CST', transferPhone: '5125550123', workingStates: ['FL', 'TX'] });
    expect(order.status).toBe(201);
    // Not paid yet: the controls are as they were (none ticked: every state).
    expect((await agent.get('/api/transfers/settings')).body).toMatchObject({ workingStates: [], hoursStart: null, callsPerDay: null });
    expect((await pay(order.body.clientSecret)).status).toBe(200);
    const settings = await agent.get('/api/transfers/settings');
    expect(settings.body).toMatchObject({ workingStates: ['FL', 'TX'], hoursStart: '09:00', hoursEnd: '17:00', timeZone: 'America/Chicago', callsPerDay: 1 });
    // 10:00 in New York is 09:00 in Chicago: inside the hours; a call from Ohio is refused, Texas is taken.
    expect((await check({ agentId: u.id, state: 'OH' })).body.reason).toBe('state_not_allowed');
    expect((await check({ agentId: u.id, state: 'TX' })).body).toMatchObject({ ok: true });
    ctx.clock.set(new Date('2026-12-02T13:30:00Z')); // 07:30 in Chicago
    expect((await check({ agentId: u.id, state: 'TX' })).body.reason).toBe('outside_hours');
    ctx.clock.set(new Date('2026-12-02T15:00:00Z'));
    const audit = await ctx.db('ledgerAuditLog').where({ userId: u.id, action: 'settings.from_order' });
    expect(audit).toHaveLength(1);
  });

  it('refuses hours that name no start and end, naming the field', async () => {
    const u = await makeUser(ctx.db);
    const agent = await loginAs(ctx.app, u.email, u.password);
    const res = await agent
      .post('/api/call-transfer-order')
      .send({ totalTransfers: 10, callsPerDay: 1, transferHours: 'Business Hours', transferPhone: '5125550123', workingStates: 'FL' });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ transferHours: 'Enter your hours as a start and an end, such as 9am-5pm EST' });
  });
});

describe('POST /api/onboarding-survey: the first-party onboarding survey (item 3)', () => {
  const answers = {
    workingStates: ['GA', 'AL'],
    transferHours: '10am-4pm',
    callsPerDay: 4,
    deliveryPhone: '(404) 555-0100',
    bestTimeToReach: 'Afternoon (12pm-5pm)',
  };

  it('a logged-in agent: saved to their account as their survey and their Transfer Controls', async () => {
    const u = await makeUser(ctx.db);
    const agent = await loginAs(ctx.app, u.email, u.password);
    const res = await agent.post('/api/onboarding-survey').send(answers);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ ok: true, settings: 'applied' });
    expect((await agent.get('/api/transfers/settings')).body).toMatchObject({
      workingStates: ['AL', 'GA'],
      hoursStart: '10:00',
      hoursEnd: '16:00',
      callsPerDay: 4,
      deliveryPhone: '(404) 555-0100',
    });
    const survey = await ctx.db('onboardingSurveys').where({ userId: u.id }).orderBy('id', 'desc').first();
    expect(survey).toMatchObject({
      workingStates: 'GA, AL',
      phone: '(404) 555-0100',
      bestTimeToReach: 'Afternoon (12pm-5pm)',
      callsPerDay: 4,
      onboardingForm: 'onboarding',
    });
    // The transfer order form is prefilled from it.
    expect((await agent.get('/api/user-survey')).body).toMatchObject({ workingStates: 'GA, AL', transferHours: '10am-4pm', phone: '(404) 555-0100' });
  });

  it("a funnel buyer back from paying: named by the paid order's signed survey link; anyone else is 401", async () => {
    const email = `onb.${Date.now()}@example.com`;
    const order = await request(ctx.app)
      .post('/api/create-payment-intent')
      .send({ callCount: 3, firstName: 'Ona', lastName: 'Board', email, phone: '(555) 010-0111' });
    expect(order.status).toBe(200);
    // Unpaid: no link, no account, nothing to save to.
    expect((await surveyToken(order.body.clientSecret)).status).toBe(409);
    await pay(order.body.clientSecret);
    expect((await surveyToken(`${order.body.clientSecret}x`)).status).toBe(404);
    const nobody = await request(ctx.app).post('/api/onboarding-survey').send(answers);
    expect(nobody.status).toBe(401);
    expect(nobody.body.error).toBe('Please log in to save your onboarding answers.');
    const { token } = await surveyToken(order.body.clientSecret);
    const ok = await request(ctx.app)
      .post('/api/onboarding-survey')
      .send({ ...answers, token });
    expect(ok.status).toBe(201);
    // The order made this account: its payer owns it, the answers apply at once.
    expect(ok.body.settings).toBe('applied');
    const user = await ctx.db('users').where({ email }).first();
    const settings = await ctx.db('agentTransferSettings').where({ userId: user.id }).first();
    expect(settings).toMatchObject({ workingStates: 'AL,GA', hoursStart: '10:00', hoursEnd: '16:00', callsPerDay: 4, deliveryPhone: '(404) 555-0100' });
  });

  it("an existing account's order: the payer's answers are kept, not applied, and the agent is asked at login (issue 34 item 3)", async () => {
    const u = await makeUser(ctx.db);
    const owner = await loginAs(ctx.app, u.email, u.password);
    await owner.put('/api/transfers/settings').send({
      callsPerDay: 9,
      workingStates: ['TX'],
      hoursStart: '08:00',
      hoursEnd: '18:00',
      timeZone: 'America/Chicago',
      paused: false,
      resumeDate: null,
    });
    const before = (await owner.get('/api/transfers/settings')).body;
    expect(before).toMatchObject({ callsPerDay: 9, workingStates: ['TX'] });
    // Someone pays for a package with the agent's e-mail (anyone may), then sends answers with that payment.
    const order = await request(ctx.app)
      .post('/api/create-payment-intent')
      .send({ callCount: 3, firstName: 'Someone', lastName: 'Else', email: u.email, phone: '(555) 010-0111' });
    expect(order.status).toBe(200);
    await pay(order.body.clientSecret);
    const { token } = await surveyToken(order.body.clientSecret);
    const sent = await request(ctx.app)
      .post('/api/onboarding-survey')
      .send({ ...answers, token });
    expect(sent.status).toBe(201);
    expect(sent.body.settings).toBe('offered');
    expect((await owner.get('/api/transfers/settings')).body).toMatchObject({
      callsPerDay: 9,
      workingStates: ['TX'],
      hoursStart: '08:00',
      hoursEnd: '18:00',
      deliveryPhone: null,
    });
    const kept = await ctx.db('onboardingSurveys').where({ userId: u.id, settingsOffer: 'pending' }).first();
    expect(kept.offerOrderId).toBe(order.body.orderId);

    // At the next login the agent sees what applying would change, and decides.
    const offer = (await owner.get('/api/settings-offer')).body.offer;
    expect(offer).toMatchObject({ workingStates: 'GA, AL', callsPerDay: 4 });
    expect(offer.changes).toEqual([
      { label: 'Working states', from: 'TX', to: 'AL, GA' },
      { label: 'Transfer hours', from: '08:00-18:00', to: '10:00-16:00' },
      { label: 'Calls per day', from: '9', to: '4' },
      { label: 'Delivery phone', from: 'Your account phone', to: '(404) 555-0100' },
    ]);
    // Another agent cannot answer it.
    const other = await makeUser(ctx.db);
    const stranger = await loginAs(ctx.app, other.email, other.password);
    expect((await stranger.post('/api/settings-offer').send({ id: offer.id, apply: true })).status).toBe(404);
    expect((await owner.post('/api/settings-offer').send({ id: offer.id, apply: true })).status).toBe(200);
    expect((await owner.get('/api/transfers/settings')).body).toMatchObject({
      callsPerDay: 4,
      workingStates: ['AL', 'GA'],
      hoursStart: '10:00',
      deliveryPhone: '(404) 555-0100',
    });
    expect((await owner.get('/api/settings-offer')).body).toEqual({ offer: null });
    expect((await owner.post('/api/settings-offer').send({ id: offer.id, apply: true })).status).toBe(404);
    const audit = await ctx.db('ledgerAuditLog').where({ userId: u.id, action: 'settings.from_order' });
    expect(audit).toHaveLength(1);
  });

  it('refuses bad answers naming each field and saves nothing', async () => {
    const u = await makeUser(ctx.db);
    const agent = await loginAs(ctx.app, u.email, u.password);
    const res = await agent
      .post('/api/onboarding-survey')
      .send({ workingStates: [], transferHours: 'whenever', callsPerDay: 0, deliveryPhone: '12', bestTimeToReach: 'never' });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields).sort()).toEqual(['bestTimeToReach', 'callsPerDay', 'deliveryPhone', 'transferHours', 'workingStates']);
    expect(await ctx.db('onboardingSurveys').where({ userId: u.id }).first()).toBeUndefined();
  });
});
