import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import request from 'supertest';
import { createTestApp, makeUser, type TestContext } from '../../test/harness.ts';
import { verifyPassword } from '../../services/accounts/passwords.ts';
import { ACCOUNT_FORM_LIMIT, ACCOUNT_FORM_RATE_MESSAGE } from '../../services/funnel/limits.ts';
import { ringcloudSurveyBody, uniq, userAndSurveyCounts } from '../../test/proof-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

/** A valid survey (mixed-case e-mail: it is stored lowercased) with every optional answer given. */
function survey(over: Record<string, unknown> = {}) {
  return ringcloudSurveyBody({
    email: `Rita.${uniq()}@Example.com`,
    totalCallbacks: 99,
    callbackPreference: 'mornings',
    ageRange: '30-60',
    salesperson: 'someone else',
    ...over,
  });
}
const counts = () => userAndSurveyCounts(ctx.db);

describe('POST /api/ringcloud-survey', () => {
  it('stores the survey and the hashed password, makes no account and sends nothing; the payment makes the account with that password', async () => {
    const body = survey();
    const agent = request.agent(ctx.app);
    const before = await counts();
    const res = await agent.post('/api/ringcloud-survey').send(body);
    expect(res.status).toBe(201);
    const { surveyId } = res.body;
    expect(Object.keys(res.body).sort()).toEqual(['ok', 'surveyId']);
    // Issue 25 item 4: no account and no e-mail before a payment.
    expect(await counts()).toEqual({ users: before.users, surveys: before.surveys + 1 });
    expect(await ctx.db('mailOutbox').where({ toEmail: body.email.toLowerCase() }).first()).toBeUndefined();
    const row = await ctx.db('onboarding_surveys').where({ id: surveyId }).first();
    expect(row).toMatchObject({
      userId: null,
      email: body.email.toLowerCase(),
      username: body.username,
      leadType: 'Live Transfers',
      workingStates: 'TX, FL',
      totalTransfers: 40,
      callsPerDay: 5,
      transferHours: '9am-5pm CST',
      totalCallbacks: null,
      callbackPreference: null,
      ageRange: null,
      salesperson: 'RingCloud',
      onboardingForm: 'ringcloud',
    });
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect((await agent.get('/api/current-user')).status).toBe(401);

    // The browser's session names the survey: its checkout pays for it.
    const order = await agent
      .post('/api/create-payment-intent')
      .send({ tier: 'ringcloud', callCount: 1, packageType: 'RingCloud Live Transfers', calls: 40, amount: 1480 });
    expect(order.status).toBe(200);
    expect((await ctx.db('orders').where({ id: order.body.orderId }).first()).userId).toBeNull();
    // Another browser cannot pay for it.
    const stranger = await request(ctx.app)
      .post('/api/create-payment-intent')
      .send({ tier: 'ringcloud', callCount: 1, packageType: 'RingCloud Live Transfers', calls: 40, surveyId });
    expect(stranger.status).toBe(400);
    const paid = await request(ctx.app)
      .post('/api/test-payments/confirm')
      .send({ clientSecret: order.body.clientSecret, cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' });
    expect(paid.status).toBe(200);
    await ctx.emulator.flush();
    const user = await ctx.db('users').where({ email: body.email.toLowerCase() }).first();
    expect(user).toMatchObject({ username: body.username, firstName: 'Rita', role: 'Agency Owner', agencyName: 'Cloud Agency' });
    expect(await verifyPassword(user.passwordHash, 'secret-pass')).toBe(true);
    expect(await ctx.db('onboarding_surveys').where({ id: surveyId }).first()).toMatchObject({ userId: user.id, passwordHash: null });
    expect((await ctx.db('mailOutbox').where({ userId: user.id }).pluck('kind')).sort()).toEqual(['account-created', 'order-receipt']);
    expect((await request(ctx.app).post('/api/login').send({ identifier: body.username, password: 'secret-pass' })).status).toBe(200);
  });

  it('keeps only the fields of the chosen lead type', async () => {
    const cb = await request(ctx.app)
      .post('/api/ringcloud-survey')
      .send(survey({ leadType: 'Call-Backs' }));
    expect(cb.status).toBe(201);
    expect(await ctx.db('onboarding_surveys').where({ id: cb.body.surveyId }).first()).toMatchObject({
      totalCallbacks: 99,
      callbackPreference: 'mornings',
      totalTransfers: null,
      ageRange: null,
    });
    const aged = await request(ctx.app)
      .post('/api/ringcloud-survey')
      .send(survey({ leadType: 'Aged Leads', ageRange: '60-90' }));
    expect(aged.status).toBe(201);
    expect(await ctx.db('onboarding_surveys').where({ id: aged.body.surveyId }).first()).toMatchObject({
      ageRange: '60-90',
      totalTransfers: null,
      totalCallbacks: null,
    });
  });

  it.each([
    ['firstName', '', 'First name is required'],
    ['lastName', '  ', 'Last name is required'],
    ['agencyName', undefined, 'Agency name is required'],
    ['role', 'Manager', 'Please select your role'],
    ['phone', '555-0199', 'Phone number must be at least 10 digits'],
    ['email', 'not-an-email', 'Invalid email address'],
    ['username', 'ab', 'Username must be at least 3 characters'],
    ['password', '12345', 'Password must be at least 6 characters'],
    ['leadType', 'Cold Calls', 'Please select a lead type'],
    ['workingStates', '', 'Please specify your working states'],
  ])('refuses a bad %s with its message and writes nothing', async (field, value, message) => {
    const before = await counts();
    const res = await request(ctx.app)
      .post('/api/ringcloud-survey')
      .send(survey({ [field]: value }));
    expect(res.status).toBe(400);
    expect(res.body.fields[field]).toBe(message);
    expect(res.body.error).toContain(message);
    expect(await counts()).toEqual(before);
  });

  it('asks for the priced field of the chosen lead type', async () => {
    const aged = await request(ctx.app)
      .post('/api/ringcloud-survey')
      .send(survey({ leadType: 'Aged Leads', ageRange: '' }));
    expect(aged.status).toBe(400);
    expect(aged.body.fields.ageRange).toBe('Please select an age range');
    const live = await request(ctx.app)
      .post('/api/ringcloud-survey')
      .send(survey({ totalTransfers: '' }));
    expect(live.status).toBe(400);
    expect(live.body.fields.totalTransfers).toBe('Total transfers must be at least 1');
  });

  it('refuses a fraction of a transfer and a state outside the 50 states and DC, naming the field, and writes nothing (issue 18)', async () => {
    const before = await counts();
    const frac = await request(ctx.app)
      .post('/api/ringcloud-survey')
      .send(survey({ totalTransfers: 2.5 }));
    expect(frac.status).toBe(400);
    expect(frac.body.fields.totalTransfers).toBe('Total transfers must be a whole number');
    const state = await request(ctx.app)
      .post('/api/ringcloud-survey')
      .send(survey({ workingStates: 'TX, ZZZZ' }));
    expect(state.status).toBe(400);
    expect(state.body.fields.workingStates).toBe('ZZZZ is not a US state (choose from the 50 states and DC)');
    expect(await counts()).toEqual(before);
    // The state choice sends a list; it is stored as text.
    const list = await request(ctx.app)
      .post('/api/ringcloud-survey')
      .send(survey({ workingStates: ['fl', 'TX'] }));
    expect(list.status).toBe(201);
    expect(await ctx.db('onboarding_surveys').where({ id: list.body.surveyId }).first()).toMatchObject({ workingStates: 'FL, TX' });
  });

  it('answers a taken e-mail exactly as a new one, Set-Cookie included, and mails nobody (issue 27 M5); 409 for a taken username', async () => {
    const existing = await makeUser(ctx.db);
    const mailsBefore = await ctx.db('mailOutbox').count({ n: '*' }).first();
    const before = await counts();
    const fresh = await request(ctx.app).post('/api/ringcloud-survey').send(survey());
    const asOwner = request.agent(ctx.app);
    const taken = await asOwner.post('/api/ringcloud-survey').send(survey({ email: existing.email.toUpperCase() }));
    expect(taken.status).toBe(fresh.status);
    expect(Object.keys(taken.body).sort()).toEqual(Object.keys(fresh.body).sort());
    // The cookie carries the same session (a survey id) for both: the same attributes, and the same length
    // but for the survey id's digits (the seal of a one-digit-longer id may be a character or two longer).
    const cookieShape = (r: request.Response) => {
      const c = ([] as string[]).concat(r.headers['set-cookie'] ?? [])[0] ?? '';
      return {
        length: c.length,
        attrs: c
          .split(';')
          .slice(1)
          .map((p) => p.trim().split('=')[0]),
      };
    };
    expect(cookieShape(taken).attrs).toEqual(cookieShape(fresh).attrs);
    expect(Math.abs(cookieShape(taken).length - cookieShape(fresh).length)).toBeLessThanOrEqual(2);
    expect((await asOwner.get('/api/current-user')).status).toBe(401);
    const kept = await ctx.db('onboarding_surveys').where({ id: taken.body.surveyId }).first();
    expect(kept.userId).toBeNull();
    expect(await ctx.db('onboarding_surveys').where({ userId: existing.id }).count({ n: '*' }).first()).toMatchObject({ n: 0 });
    expect(await counts()).toEqual({ users: before.users, surveys: before.surveys + 2 });
    // Nothing is sent to the owner (or anyone) for an unpaid attempt.
    expect(await ctx.db('mailOutbox').count({ n: '*' }).first()).toEqual(mailsBefore);
    const beforeUsername = await counts();
    const username = await request(ctx.app)
      .post('/api/ringcloud-survey')
      .send(survey({ username: existing.username }));
    expect(username.status).toBe(409);
    expect(username.body.error).toBe('This username is already taken');
    expect(username.body.fields.username).toBe('This username is already taken');
    expect(await counts()).toEqual(beforeUsername);
  });

  it('rate limits account creation per address with 429', async () => {
    const own = await createTestApp();
    try {
      for (let i = 0; i < ACCOUNT_FORM_LIMIT; i += 1) {
        const r = await request(own.app).post('/api/ringcloud-survey').send({});
        expect(r.status).toBe(400);
      }
      const limited = await request(own.app).post('/api/ringcloud-survey').send(survey());
      expect(limited.status).toBe(429);
      expect(limited.body.error).toBe(ACCOUNT_FORM_RATE_MESSAGE);
      expect(Number((await own.db('users').count({ n: '*' }).first())?.n)).toBe(0);
    } finally {
      await own.close();
    }
  });
});
