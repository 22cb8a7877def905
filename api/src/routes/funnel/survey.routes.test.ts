import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import request from 'supertest';
import { createTestApp, makeUser, type TestContext } from '../../test/harness.ts';
import { verifyPassword } from '../../services/accounts/passwords.ts';
import { agentLabPayload, CALLBACK_PREFERENCE_BY_METHOD } from '@tm/shared/schemas/funnel';
import { userAndSurveyCounts } from '../../test/proof-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

let n = 0;
function payload(over: Record<string, unknown> = {}) {
  n += 1;
  return {
    ...agentLabPayload({
      agencyName: 'Lab Agency',
      firstName: 'Jane',
      lastName: "O'Neil",
      phone: '555 010 0123',
      email: `jane.${Date.now().toString(36)}.${n}@example.com`,
      totalTransfers: 120,
      transfersPerDay: 6,
      callMethod: 'call_center',
    }),
    ...over,
  };
}

const counts = () => userAndSurveyCounts(ctx.db);

describe('POST /api/survey (agent lab)', () => {
  it('creates the account with a derived username and a hashed generated password, and the survey row', async () => {
    const body = payload({ password: 'client-chosen' });
    const res = await request(ctx.app).post('/api/survey').send(body);
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(['ok', 'surveyId']);
    expect(JSON.stringify(res.body)).not.toMatch(/password/i);
    const user = await ctx.db('users').where({ email: body.email }).first();
    expect(user).toMatchObject({ username: 'janeoneil', role: 'Insurance Agent', agencyName: 'Lab Agency', phone: '555 010 0123' });
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    // The browser never picks the password: one it sends is ignored.
    expect(await verifyPassword(user.passwordHash, 'client-chosen')).toBe(false);
    const row = await ctx.db('onboarding_surveys').where({ id: res.body.surveyId }).first();
    expect(row).toMatchObject({
      userId: user.id,
      role: 'Insurance Agent',
      leadType: 'Live Transfers',
      totalTransfers: 120,
      transfersPerDay: 6,
      workingStates: 'Multiple States',
      transferHours: 'Business Hours',
      callbackPreference: CALLBACK_PREFERENCE_BY_METHOD.call_center,
      onboardingForm: 'agentleadlab',
      salesperson: 'Agent Lead Labs',
    });
  });

  it('makes the username unique with a number', async () => {
    const a = await request(ctx.app)
      .post('/api/survey')
      .send(payload({ firstName: 'Sam', lastName: 'Lee' }));
    const b = await request(ctx.app)
      .post('/api/survey')
      .send(payload({ firstName: 'Sam', lastName: 'Lee' }));
    const c = await request(ctx.app)
      .post('/api/survey')
      .send(payload({ firstName: 'Sam', lastName: 'Lee', username: 'ignored' }));
    const names = await ctx.db('onboarding_surveys').whereIn('id', [a.body.surveyId, b.body.surveyId, c.body.surveyId]).orderBy('id').pluck('username');
    expect(names).toEqual(['samlee', 'samlee2', 'samlee3']);
  });

  it('fixes the fields the form does not choose, whatever the browser sends', async () => {
    const res = await request(ctx.app)
      .post('/api/survey')
      .send(payload({ role: 'Manager', leadType: 'Aged Leads', salesperson: 'x', onboardingForm: 'y' }));
    expect(res.status).toBe(201);
    expect(await ctx.db('onboarding_surveys').where({ id: res.body.surveyId }).first()).toMatchObject({
      role: 'Insurance Agent',
      leadType: 'Live Transfers',
      salesperson: 'Agent Lead Labs',
      onboardingForm: 'agentleadlab',
    });
  });

  it.each([
    ['agencyName', '', 'Agency name is required'],
    ['firstName', '', 'First name is required'],
    ['lastName', undefined, 'Last name is required'],
    ['phone', '12345', 'Phone number must be at least 10 digits'],
    ['email', 'jane@', 'Invalid email address'],
    ['totalTransfers', 0, 'Total transfers must be at least 1'],
    ['transfersPerDay', '', 'Transfers per day must be at least 1'],
    ['callbackPreference', 'whenever', 'Please select how you would like to accept calls'],
  ])('refuses a bad %s with its message and writes nothing', async (field, value, message) => {
    const before = await counts();
    const res = await request(ctx.app)
      .post('/api/survey')
      .send(payload({ [field]: value }));
    expect(res.status).toBe(400);
    expect(res.body.fields[field]).toBe(message);
    expect(await counts()).toEqual(before);
  });

  it('answers a taken e-mail exactly as a new one (never 409, issue 27 M5); the owner is told by e-mail and nothing is linked', async () => {
    const existing = await makeUser(ctx.db);
    const before = await counts();
    const fresh = await request(ctx.app).post('/api/survey').send(payload());
    const res = await request(ctx.app)
      .post('/api/survey')
      .send(payload({ email: existing.email.toUpperCase() }));
    expect(res.status).toBe(fresh.status);
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(Object.keys(fresh.body).sort());
    expect(res.headers['set-cookie']).toEqual(fresh.headers['set-cookie']);
    expect(await counts()).toEqual({ users: before.users + 1, surveys: before.surveys + 2 });
    const kept = await ctx.db('onboarding_surveys').where({ id: res.body.surveyId }).first();
    expect(kept.userId).toBeNull();
    expect(await ctx.db('mailOutbox').where({ userId: existing.id }).pluck('kind')).toContain('signup-attempt');
  });
});
