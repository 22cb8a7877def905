import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import request from 'supertest';
import { createTestApp, makeUser, type TestContext } from '../test/harness.ts';
import { verifyPassword } from '../services/accounts/passwords.ts';
import { ACCOUNT_FORM_LIMIT, ACCOUNT_FORM_RATE_MESSAGE } from '../services/funnel/limits.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

let n = 0;
function survey(over: Record<string, unknown> = {}) {
  n += 1;
  const tag = `${Date.now().toString(36)}${n}`;
  return {
    firstName: 'Rita',
    lastName: 'Cloud',
    agencyName: 'Cloud Agency',
    role: 'Agency Owner',
    phone: '(555) 010-0199',
    email: `Rita.${tag}@Example.com`,
    username: `rita${tag}`,
    password: 'secret-pass',
    leadType: 'Live Transfers',
    workingStates: 'TX, FL',
    totalTransfers: 40,
    callsPerDay: 5,
    transferHours: '9am-5pm CST',
    totalCallbacks: 99,
    callbackPreference: 'mornings',
    ageRange: '30-60',
    salesperson: 'someone else',
    ...over,
  };
}

async function counts() {
  const u = await ctx.db('users').count({ n: '*' }).first();
  const s = await ctx.db('onboarding_surveys').count({ n: '*' }).first();
  return { users: Number(u?.n), surveys: Number(s?.n) };
}

describe('POST /api/ringcloud-survey', () => {
  it('creates the account (hashed password) and the linked survey, and logs the agent in', async () => {
    const body = survey();
    const agent = request.agent(ctx.app);
    const res = await agent.post('/api/ringcloud-survey').send(body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ok: true });
    const { surveyId } = res.body;
    expect(Object.keys(res.body).sort()).toEqual(['ok', 'surveyId']);
    const user = await ctx.db('users').where({ email: body.email.toLowerCase() }).first();
    const userId = user.id;
    expect(user).toMatchObject({
      email: body.email.toLowerCase(),
      username: body.username,
      firstName: 'Rita',
      role: 'Agency Owner',
      agencyName: 'Cloud Agency',
    });
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(user.passwordHash, 'secret-pass')).toBe(true);
    const row = await ctx.db('onboarding_surveys').where({ id: surveyId }).first();
    expect(row).toMatchObject({
      userId,
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
    const me = await agent.get('/api/current-user');
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(userId);
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

  it('answers a taken e-mail as a new account (no account created or logged in, nothing linked to the owner); 409 for a taken username', async () => {
    const existing = await makeUser(ctx.db);
    const before = await counts();
    const fresh = await request(ctx.app).post('/api/ringcloud-survey').send(survey());
    const asOwner = request.agent(ctx.app);
    const email = await asOwner.post('/api/ringcloud-survey').send(survey({ email: existing.email.toUpperCase() }));
    // The same status, the same body keys and a session cookie, as for the new account just made.
    expect(email.status).toBe(fresh.status);
    expect(Object.keys(email.body).sort()).toEqual(Object.keys(fresh.body).sort());
    expect(email.body.ok).toBe(true);
    expect(Boolean(email.headers['set-cookie'])).toBe(Boolean(fresh.headers['set-cookie']));
    expect((await asOwner.get('/api/current-user')).status).toBe(401);
    const kept = await ctx.db('onboarding_surveys').where({ id: email.body.surveyId }).first();
    expect(kept.userId).toBeNull();
    expect(await ctx.db('onboarding_surveys').where({ userId: existing.id }).count({ n: '*' }).first()).toMatchObject({ n: 0 });
    expect(await counts()).toEqual({ users: before.users + 1, surveys: before.surveys + 2 });
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
