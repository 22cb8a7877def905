// Two API processes (two apps, each with its own Redis connection and job runner) on one database and
// the real Redis (REDIS_URL, a key prefix of this run): login throttling counts across both, and a lead
// CSV uploaded through one is imported by a job on the other (database storage). Skipped with a message
// when REDIS_URL is unset.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import crypto from 'node:crypto';
import request from 'supertest';
import type { Express } from 'express';
import { createApp } from '../app.ts';
import { createTestDb, type Db } from '../db/index.ts';
import { testConfig } from '../config.ts';
import { ManualClock } from '../clock.ts';
import { startPayments } from '@tm/stripe-emulator';
import { connectRedis, deleteKeys, type Redis } from './redis.ts';
import { createJobRunner, type JobRunner } from '../jobs/index.ts';
import { makeUser, loginAs } from '../test/harness.ts';
import pino from 'pino';

const REDIS_URL = process.env.REDIS_URL;
if (!REDIS_URL) console.warn('REDIS_URL is unset: the two-process Redis tests are skipped (.ci/run sets it and starts Redis).');

describe.skipIf(!REDIS_URL)('two processes on one Redis', () => {
  const prefix = `tm-test-17b-fleet-${crypto.randomBytes(4).toString('hex')}:`;
  let db: Db;
  let destroyDb: () => Promise<void>;
  const conns: Redis[] = [];
  const runners: JobRunner[] = [];
  const closers: Array<() => Promise<void>> = [];
  let a: Express;
  let b: Express;
  let jobsB: JobRunner;

  beforeAll(async () => {
    ({ db, destroy: destroyDb } = await createTestDb());
    const config = testConfig({ storage: 'db', redis: { url: REDIS_URL, prefix } });
    const clock = new ManualClock();
    const logger = pino({ level: 'silent' });
    const apps: Express[] = [];
    for (let i = 0; i < 2; i++) {
      const redis = connectRedis(REDIS_URL!);
      const queueRedis = connectRedis(REDIS_URL!, { queue: true });
      conns.push(redis, queueRedis);
      const jobs = createJobRunner(config, queueRedis, logger);
      runners.push(jobs);
      const payments = await startPayments(config);
      closers.push(() => payments.close());
      apps.push(createApp({ db, config, clock, stripe: payments.stripe, web: false, redis, jobs, logger }));
    }
    [a, b] = apps as [Express, Express];
    jobsB = runners[1]!;
  });
  afterAll(async () => {
    for (const r of runners) await r.close();
    for (const c of closers) await c();
    if (conns[0]) await deleteKeys(conns[0], prefix);
    for (const c of conns) await c.quit();
    await destroyDb();
  });

  it('login throttling counts failures across processes: the 11th failure for one account is 429 on either', async () => {
    const user = await makeUser(db);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await request(i % 2 ? b : a)
        .post('/api/login')
        .send({ identifier: user.email, password: 'wrong-password-1' });
      statuses.push(res.status);
    }
    expect(statuses).toEqual(Array(10).fill(401));
    for (const app of [a, b]) {
      const res = await request(app).post('/api/login').send({ identifier: user.email, password: 'wrong-password-1' });
      expect(res.status).toBe(429);
      expect(res.body.error).toMatch(/Too many/);
    }
    // The counters are in Redis under this run's prefix.
    expect((await conns[0]!.keys(`${prefix}rl:*`)).length).toBeGreaterThan(0);
    // Another account is not affected.
    const other = await makeUser(db);
    expect((await request(b).post('/api/login').send({ identifier: other.email, password: 'wrong-password-1' })).status).toBe(401);
  });

  it('a lead CSV uploaded through one process is imported by a job on the other', async () => {
    const adminUser = await makeUser(db, { isAdmin: true });
    const adminA = await loginAs(a, adminUser.email, adminUser.password);
    const up = await adminA
      .post('/api/admin/lead-imports?target=assignment')
      .set('Content-Type', 'text/csv')
      .send('name,phone\nFleet One,3125550101\nFleet Two,3125550102\n');
    expect(up.status).toBe(201);
    const id = Number(up.body.import.id);
    // The file is in the database, not on A's disk.
    const stored = (await db('leadImports').where({ id }).first('storedFile')).storedFile as string;
    expect(
      await db('blobs')
        .where({ blobKey: `lead-imports/${stored}` })
        .first(),
    ).toBeTruthy();
    // Only B works on jobs (A's runner is never started): the run waits in the queue until B's worker starts.
    const run = await adminA.post(`/api/admin/lead-imports/${id}/run`).send({ mapping: { name: 0, phone: 1 } });
    expect(run.status).toBe(202);
    await new Promise((r) => setTimeout(r, 300));
    expect((await db('leadImports').where({ id }).first('status')).status).toBe('running');
    await jobsB.start();
    await expect.poll(async () => (await db('leadImports').where({ id }).first('status')).status, { timeout: 10_000 }).toBe('imported');
    const adminB = await loginAs(b, adminUser.email, adminUser.password);
    const state = await adminB.get(`/api/admin/lead-imports/${id}`);
    expect(state.body.import).toMatchObject({ status: 'imported', importedRows: 2 });
    expect(state.body.progress.type).toBe('done');
    expect(await db('leadPool').whereIn('phone', ['3125550101', '3125550102']).count({ n: '*' }).first()).toMatchObject({ n: 2 });
  }, 30_000);
});
