// Redis configured but unreachable: requests are neither held nor failed by the rate limiter; they go
// on unthrottled (decision 055). Needs no Redis at all (it connects to a closed port).
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import request from 'supertest';
import { createTestApp, makeUser, type TestContext } from '../test/harness.ts';
import { createApp } from '../app.ts';
import { connectRedis, type Redis } from './redis.ts';
import type { Express } from 'express';
import pino from 'pino';

let ctx: TestContext;
let redis: Redis;
let app: Express;
beforeAll(async () => {
  ctx = await createTestApp();
  redis = connectRedis('redis://127.0.0.1:1');
  redis.on('error', () => undefined);
  app = createApp({ db: ctx.db, config: ctx.config, clock: ctx.clock, stripe: ctx.stripe, web: false, redis, logger: pino({ level: 'silent' }) });
});
afterAll(async () => {
  redis.disconnect();
  await ctx.close();
});

describe('rate limits with Redis down', () => {
  it('a login answers as usual (401 for a wrong password, 200 for the right one) within a few seconds', async () => {
    const user = await makeUser(ctx.db);
    const t0 = Date.now();
    const wrong = await request(app).post('/api/login').send({ identifier: user.email, password: 'wrong-password-1' });
    expect(wrong.status).toBe(401);
    const right = await request(app).post('/api/login').send({ identifier: user.email, password: user.password });
    expect(right.status).toBe(200);
    expect(Date.now() - t0).toBeLessThan(8000);
  }, 15_000);
});
