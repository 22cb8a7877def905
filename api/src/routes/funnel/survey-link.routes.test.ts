// Issue 34 item 3, decision 245: /survey right after paying, through the signed link of the return page.
// The link is given only to the payer (the intent's client secret) and only once the order is paid; it is
// bound to the order and its account, expires after 24 hours, dies when the account's password changes, and
// an altered one is refused with 400 naming `token`. The survey's delivery phone reaches Transfer Controls.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import request from 'supertest';
import { SURVEY_LINK_EXPIRED, SURVEY_LINK_INVALID } from '@tm/shared/schemas/funnel';
import { createTestApp, makeUser, loginAs, type TestContext } from '../../test/harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  ctx.clock.set(new Date('2026-12-02T15:00:00Z'));
});
afterAll(async () => {
  await ctx.close();
});

const answers = {
  workingStates: ['NC'],
  transferHours: '9am-5pm EST',
  callsPerDay: 6,
  deliveryPhone: '(919) 555-0142',
  bestTimeToReach: 'Morning (8am-12pm)',
};

/** A funnel buyer's paid package order (a new account unless the e-mail has one). */
async function paidOrder(email: string) {
  const order = await request(ctx.app)
    .post('/api/create-payment-intent')
    .send({ callCount: 2, firstName: 'Lin', lastName: 'Kay', email, phone: '(555) 010-0177' });
  expect(order.status).toBe(200);
  const clientSecret = order.body.clientSecret as string;
  await request(ctx.app).post('/api/test-payments/confirm').send({ clientSecret, cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' });
  await ctx.emulator.flush();
  return { orderId: order.body.orderId as number, clientSecret, paymentIntentId: clientSecret.split('_secret_')[0]! };
}

async function linkOf(o: { clientSecret: string; paymentIntentId: string }) {
  const res = await request(ctx.app).post('/api/survey-link').send({ paymentIntentId: o.paymentIntentId, clientSecret: o.clientSecret });
  expect(res.status).toBe(200);
  const url = new URL(res.body.url as string, 'http://site');
  expect(url.pathname).toBe('/survey');
  return { token: url.searchParams.get('token')!, expiresAt: res.body.expiresAt as string };
}

const send = (token: string, over: object = {}) =>
  request(ctx.app)
    .post('/api/onboarding-survey')
    .send({ ...answers, token, ...over });

describe('POST /api/survey-link: the signed link, for the payer, once paid', () => {
  it('is 409 before the payment succeeds, 404 for a client secret that is not the intent own, and 400 naming the field for a missing one', async () => {
    const email = `sl.unpaid.${Date.now()}@example.com`;
    const order = await request(ctx.app)
      .post('/api/create-payment-intent')
      .send({ callCount: 2, firstName: 'Un', lastName: 'Paid', email, phone: '(555) 010-0178' });
    const clientSecret = order.body.clientSecret as string;
    const paymentIntentId = clientSecret.split('_secret_')[0];
    const early = await request(ctx.app).post('/api/survey-link').send({ paymentIntentId, clientSecret });
    expect(early.status).toBe(409);
    expect(early.body.error).toBe('The survey link is given once the payment has succeeded.');
    await request(ctx.app).post('/api/test-payments/confirm').send({ clientSecret, cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' });
    await ctx.emulator.flush();
    const other = await paidOrder(`sl.other.${Date.now()}@example.com`);
    // Another payment's secret, or a made-up one: the same 404 as an unknown intent.
    expect((await request(ctx.app).post('/api/survey-link').send({ paymentIntentId, clientSecret: other.clientSecret })).status).toBe(404);
    expect((await request(ctx.app).post('/api/survey-link').send({ paymentIntentId: 'pi_unknown123', clientSecret })).status).toBe(404);
    const missing = await request(ctx.app).post('/api/survey-link').send({ paymentIntentId });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({ clientSecret: 'clientSecret is required' });
    const { expiresAt } = await linkOf({ paymentIntentId: paymentIntentId!, clientSecret });
    expect(expiresAt).toBe('2026-12-03T15:00:00.000Z');
  });
});

describe('POST /api/onboarding-survey with the signed link', () => {
  it("a new account's buyer, before any password: the answers and the delivery phone become Transfer Controls", async () => {
    const email = `sl.new.${Date.now()}@example.com`;
    const o = await paidOrder(email);
    const { token } = await linkOf(o);
    const res = await send(token);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ ok: true, settings: 'applied' });
    // The buyer logs in later (here with a password set directly) and finds the phone on Transfer Controls.
    const user = await ctx.db('users').where({ email }).first();
    const u = await makeUser(ctx.db, { email: `sl.login.${Date.now()}@example.com` });
    await ctx
      .db('users')
      .where({ id: user.id })
      .update({ passwordHash: (await ctx.db('users').where({ id: u.id }).first()).passwordHash });
    const agent = await loginAs(ctx.app, email, u.password);
    expect((await agent.get('/api/transfers/settings')).body).toMatchObject({
      workingStates: ['NC'],
      hoursStart: '09:00',
      hoursEnd: '17:00',
      timeZone: 'America/New_York',
      callsPerDay: 6,
      deliveryPhone: '(919) 555-0142',
    });
    const audit = await ctx.db('ledgerAuditLog').where({ userId: user.id, action: 'settings.from_survey' }).first();
    expect(JSON.parse(audit.afterJson)).toMatchObject({ deliveryPhone: '(919) 555-0142' });
  });

  it('refuses an altered token, a token of another order, an expired one and one whose account has set a password since, each 400 naming token', async () => {
    const email = `sl.bad.${Date.now()}@example.com`;
    const o = await paidOrder(email);
    const { token } = await linkOf(o);
    const [payload, mac] = token.split('.') as [string, string];
    const [orderId, userId, exp, stamp] = Buffer.from(payload, 'base64url').toString('utf8').split('.');
    // Another order id, or a later expiry, under the old MAC: invalid.
    for (const forged of [`${Number(orderId) + 1}.${userId}.${exp}.${stamp}`, `${orderId}.${userId}.${Number(exp) + 86_400_000}.${stamp}`]) {
      const res = await send(`${Buffer.from(forged).toString('base64url')}.${mac}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: SURVEY_LINK_INVALID, fields: { token: SURVEY_LINK_INVALID } });
    }
    for (const bad of [`${payload}.${mac.slice(0, -1)}A`, `${payload}x.${mac}`, 'nonsense', `${token}.extra`]) {
      const res = await send(bad);
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual({ token: SURVEY_LINK_INVALID });
    }
    const user = await ctx.db('users').where({ email }).first();
    expect(await ctx.db('agentTransferSettings').where({ userId: user.id }).first()).toBeUndefined();

    // 24 hours later the same link has expired.
    ctx.clock.set(new Date('2026-12-03T15:00:01Z'));
    try {
      const late = await send(token);
      expect(late.status).toBe(400);
      expect(late.body).toMatchObject({ error: SURVEY_LINK_EXPIRED, fields: { token: SURVEY_LINK_EXPIRED } });
    } finally {
      ctx.clock.set(new Date('2026-12-02T15:00:00Z'));
    }
    // Within its time it works, until the account's password changes (then the buyer logs in instead).
    expect((await send(token)).status).toBe(201);
    await ctx.db('users').where({ id: user.id }).update({ passwordChangedAt: '2026-12-02 15:00:00.000' });
    const after = await send(token);
    expect(after.status).toBe(400);
    expect(after.body.fields).toEqual({ token: SURVEY_LINK_EXPIRED });
  });

  it("an existing account's order: the link changes nothing of the account's; the answers, phone included, wait for the agent's yes", async () => {
    const u = await makeUser(ctx.db);
    const owner = await loginAs(ctx.app, u.email, u.password);
    await owner.put('/api/transfers/settings').send({ callsPerDay: 3, workingStates: ['TX'], timeZone: 'America/Chicago', deliveryPhone: '(512) 555-0100' });
    // Someone pays with the agent's e-mail and uses the link of that payment.
    const o = await paidOrder(u.email);
    const { token } = await linkOf(o);
    const res = await send(token);
    expect(res.status).toBe(201);
    expect(res.body.settings).toBe('offered');
    expect((await owner.get('/api/transfers/settings')).body).toMatchObject({ callsPerDay: 3, workingStates: ['TX'], deliveryPhone: '(512) 555-0100' });
    const offer = (await owner.get('/api/settings-offer')).body.offer;
    expect(offer.changes).toContainEqual({ label: 'Delivery phone', from: '(512) 555-0100', to: '(919) 555-0142' });
    expect((await owner.post('/api/settings-offer').send({ id: offer.id, apply: true })).status).toBe(200);
    expect((await owner.get('/api/transfers/settings')).body).toMatchObject({ deliveryPhone: '(919) 555-0142' });
  });
});

describe('PUT /api/transfers/settings: the delivery phone on Transfer Controls', () => {
  it('is set, kept when the body leaves it out, cleared with an empty value, and a bad one is 400 naming deliveryPhone', async () => {
    const u = await makeUser(ctx.db);
    const agent = await loginAs(ctx.app, u.email, u.password);
    expect((await agent.put('/api/transfers/settings').send({ deliveryPhone: '615-555-0199' })).body.deliveryPhone).toBe('615-555-0199');
    expect((await agent.put('/api/transfers/settings').send({ callsPerDay: 5 })).body).toMatchObject({ callsPerDay: 5, deliveryPhone: '615-555-0199' });
    const bad = await agent.put('/api/transfers/settings').send({ deliveryPhone: '555-01' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ deliveryPhone: 'Phone number must be at least 10 digits' });
    expect((await agent.put('/api/transfers/settings').send({ deliveryPhone: '' })).body.deliveryPhone).toBeNull();
  });
});
