import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import request from 'supertest';
import { createTestApp, makeUser, loginAs, type TestContext } from '../../test/harness.ts';
import { toDbDate } from '../../db/dates.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

describe('GET /api/user-survey', () => {
  it('needs a logged-in agent', async () => {
    expect((await request(ctx.app).get('/api/user-survey')).status).toBe(401);
  });

  it('answers the newest survey of the session user only', async () => {
    const u = await makeUser(ctx.db, { phone: '5125550111' });
    const other = await makeUser(ctx.db);
    const base = { firstName: 'A', lastName: 'B', email: u.email, leadType: 'Live Transfers' };
    await ctx.db('onboardingSurveys').insert([
      {
        ...base,
        userId: u.id,
        totalTransfers: 10,
        callsPerDay: 2,
        transfersPerDay: 2,
        transferHours: 'old',
        workingStates: 'TX',
        createdAt: toDbDate(new Date('2026-01-01T00:00:00Z')),
      },
      {
        ...base,
        userId: u.id,
        totalTransfers: 40,
        callsPerDay: 4,
        transfersPerDay: 5,
        transferHours: '9am-5pm CST',
        workingStates: 'TX, OK',
        createdAt: toDbDate(new Date('2026-02-01T00:00:00Z')),
      },
      { ...base, email: other.email, userId: other.id, totalTransfers: 999, workingStates: 'CA', createdAt: toDbDate(new Date('2026-03-01T00:00:00Z')) },
    ]);
    const agent = await loginAs(ctx.app, u.email, u.password);
    const res = await agent.get('/api/user-survey');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      totalTransfers: 40,
      transfersPerDay: 5,
      callsPerDay: 4,
      transferHours: '9am-5pm CST',
      workingStates: 'TX, OK',
      phone: '5125550111',
    });
  });

  it('answers nulls (and the account phone) when the agent has no survey', async () => {
    const u = await makeUser(ctx.db, { phone: '5125550122' });
    const agent = await loginAs(ctx.app, u.email, u.password);
    const res = await agent.get('/api/user-survey');
    expect(res.body).toEqual({ totalTransfers: null, transfersPerDay: null, callsPerDay: null, transferHours: null, workingStates: null, phone: '5125550122' });
  });
});
