// One refusal shape: every kind of refusal the API gives (validation, malformed or oversized body, not
// logged in, not an admin, unknown route, rate limit, the transfer callback's refusals, a duplicate row,
// the database down) answers { error, fields?, code? } from the one error handler. Real app, real
// database (SQLite, or MariaDB with TEST_DATABASE_URL).
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import express from 'express';
import request from 'supertest';
import pino from 'pino';
import { createTestApp, makeUser, loginAs, type TestContext } from '../test/harness.ts';
import { callPayload } from '../test/transfers-testing.ts';
import { User } from '../models/index.ts';
import { errorHandler, SERVICE_UNAVAILABLE_MESSAGE } from './error-handler.ts';

const KEY = 'test-transfer-key-refusal-shape-01';
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ config: { transferApiKey: KEY } });
});
afterAll(() => ctx.close());

/** The common shape; `reason` is tolerated only as the transfer callback's copy of `code`. */
function expectRefusal(res: request.Response, status: number, want: { code?: string; fields?: string[] } = {}) {
  const what = `${status} expected, got ${res.status} ${JSON.stringify(res.body)}`;
  expect(res.status, what).toBe(status);
  expect(res.headers['content-type'], what).toMatch(/application\/json/);
  const body = res.body as Record<string, unknown>;
  expect(typeof body.error, what).toBe('string');
  expect((body.error as string).length, what).toBeGreaterThan(0);
  for (const key of Object.keys(body)) {
    const allowed = ['error', 'fields', 'code'].includes(key) || (key === 'reason' && body.reason === body.code);
    expect(allowed, `${what}: unexpected key ${key}`).toBe(true);
  }
  if (body.fields !== undefined) {
    expect(typeof body.fields, what).toBe('object');
    for (const v of Object.values(body.fields as object)) expect(typeof v, what).toBe('string');
  }
  if (body.code !== undefined) expect(body.code, what).toMatch(/^[a-z][a-z_]*$/);
  expect(body.code, what).toBe(want.code);
  if (want.fields) expect(Object.keys((body.fields ?? {}) as object).sort(), what).toEqual([...want.fields].sort());
}

describe('one refusal shape { error, fields?, code? }', () => {
  it('validation, body parsing, authentication, authorisation and unknown routes', async () => {
    expectRefusal(await request(ctx.app).post('/api/login').send({}), 400, { fields: ['identifier', 'password'] });
    expectRefusal(await request(ctx.app).post('/api/login').set('Content-Type', 'application/json').send('{"identifier":'), 400, { fields: ['body'] });
    expectRefusal(
      await request(ctx.app)
        .post('/api/login')
        .send({ identifier: 'x'.repeat(200_000) }),
      413,
    );
    expectRefusal(await request(ctx.app).get('/api/ledger'), 401);
    const agent = await makeUser(ctx.db);
    const session = await loginAs(ctx.app, agent.email, agent.password);
    expectRefusal(await session.get('/api/admin/outbox'), 403);
    expectRefusal(await session.get('/api/no-such-endpoint'), 404);
    expectRefusal(await request(ctx.app).post('/api/login').send({ identifier: agent.email, password: 'wrong-password-9' }), 401);
  });

  it('the rate limit', async () => {
    const email = `limited${Date.now()}@example.com`;
    let last: request.Response | undefined;
    for (let i = 0; i < 6; i += 1) last = await request(ctx.app).post('/api/forgot-password').send({ email });
    expectRefusal(last!, 429);
  });

  it('the transfer callback refusals carry their reason as code', async () => {
    const agent = await makeUser(ctx.db);
    const post = (body: object, key = KEY) => request(ctx.app).post('/api/callbacks/transfer').set('x-api-key', key).send(body);
    expectRefusal(await post(callPayload({ id: agent.id }, 90, { now: ctx.clock.now() }), 'wrong-key'), 401, { code: 'unauthorized' });
    expectRefusal(await post({ ...callPayload({ id: agent.id }, 90, { now: ctx.clock.now() }), state: 'ZZ' }), 400, {
      code: 'invalid_payload',
      fields: ['state'],
    });
    expectRefusal(await post(callPayload({ id: 987_654_321 }, 90, { now: ctx.clock.now() })), 404, { code: 'unknown_agent' });
    const broke = await post(callPayload({ id: agent.id }, 90, { now: ctx.clock.now() }));
    expectRefusal(broke, 422, { code: 'no_balance' });
    expect(broke.body.reason).toBe('no_balance');
    // The admin's hand-entered call is refused the same way.
    const admin = await makeUser(ctx.db, { isAdmin: true });
    const adminSession = await loginAs(ctx.app, admin.email, admin.password);
    expectRefusal(await adminSession.post('/api/admin/transfer-calls').send(callPayload({ email: agent.email }, 200, { now: ctx.clock.now() })), 422, {
      code: 'no_balance',
    });
  });

  it('a duplicate row is a 409 and an unreachable database a 503, in the same shape', async () => {
    const app = express();
    const existing = await makeUser(ctx.db);
    app.get('/duplicate', async (_req, _res, next) => {
      try {
        const { id: _id, ...copy } = (await User.query(ctx.db).findById(existing.id))!.toJSON() as Record<string, unknown>;
        await User.query(ctx.db).insert(copy);
      } catch (err) {
        next(err);
      }
    });
    app.get('/down', (_req, _res, next) => next(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:3306'), { code: 'ECONNREFUSED' })));
    app.use(errorHandler(pino({ level: 'silent' })));
    expectRefusal(await request(app).get('/duplicate'), 409);
    const down = await request(app).get('/down');
    expectRefusal(down, 503);
    expect(down.body.error).toBe(SERVICE_UNAVAILABLE_MESSAGE);
  });
});
