// The job runner's one API on both runners: BullMQ against the real Redis (REDIS_URL, own queue prefix
// per run) and the in-process runner. Skipped with a message for BullMQ when REDIS_URL is unset.
import { describe, it, expect, afterAll } from 'vitest';
import crypto from 'node:crypto';
import { connectRedis, deleteKeys, type Redis } from '../infra/redis.ts';
import { bullRunner, inProcessRunner, type JobRunner } from './runner.ts';

const REDIS_URL = process.env.REDIS_URL;
if (!REDIS_URL) console.warn('REDIS_URL is unset: the BullMQ job tests are skipped (.ci/run sets it and starts Redis).');

const until = async (cond: () => boolean | Promise<boolean>, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('in-process runner', () => {
  it('runs an enqueued job at once, retries a failing one as asked, and runs a job id only once while it exists', async () => {
    const jobs = inProcessRunner();
    const seen: Array<{ data: unknown; attempt: number }> = [];
    jobs.register<{ n: number }>('flaky', async (data, ctx) => {
      seen.push({ data, attempt: ctx.attemptsMade });
      if (ctx.attemptsMade < 2) throw new Error('not yet');
    });
    await jobs.enqueue('flaky', { n: 1 }, { jobId: 'one', attempts: 3, backoffMs: 5 });
    await jobs.enqueue('flaky', { n: 1 }, { jobId: 'one', attempts: 3, backoffMs: 5 });
    await until(() => seen.length === 3);
    await new Promise((r) => setTimeout(r, 50));
    expect(seen).toEqual([
      { data: { n: 1 }, attempt: 0 },
      { data: { n: 1 }, attempt: 1 },
      { data: { n: 1 }, attempt: 2 },
    ]);
    await jobs.close();
  });

  it('starts repeatable jobs only with start(), every period, and stops them on close()', async () => {
    const jobs = inProcessRunner();
    let runs = 0;
    jobs.register('tick', async () => void (runs += 1));
    jobs.repeat('tick', 30);
    await new Promise((r) => setTimeout(r, 100));
    expect(runs).toBe(0);
    await jobs.start();
    await until(() => runs >= 3);
    await jobs.close();
    const after = runs;
    await new Promise((r) => setTimeout(r, 100));
    expect(runs).toBe(after);
  });
});

describe.skipIf(!REDIS_URL)('BullMQ runner on the real Redis', () => {
  const prefix = `tm-test-17b-${crypto.randomBytes(4).toString('hex')}:`;
  const conns: Redis[] = [];
  const runners: JobRunner[] = [];
  // One queue per test: every process of a fleet registers the same handlers (the same code).
  const fleet = (n: number, queueName: string) =>
    Array.from({ length: n }, () => {
      const redis = connectRedis(REDIS_URL!, { queue: true });
      conns.push(redis);
      const r = bullRunner({ redis, prefix: `${prefix}bull`, queueName });
      runners.push(r);
      return r;
    });
  afterAll(async () => {
    for (const r of runners) await r.close();
    if (conns[0]) await deleteKeys(conns[0], prefix);
    for (const c of conns) await c.quit();
  });

  it('a job enqueued by one process runs once, on a process that registered its handler', async () => {
    const [a, b, c] = fleet(3, 'once') as [JobRunner, JobRunner, JobRunner];
    const ranOn: string[] = [];
    // a only enqueues (not started: no worker); b and c are workers.
    a.register<{ v: number }>('work', async (d) => void ranOn.push(`a:${d.v}`));
    b.register<{ v: number }>('work', async (d) => void ranOn.push(`b:${d.v}`));
    c.register<{ v: number }>('work', async (d) => void ranOn.push(`c:${d.v}`));
    await b.start();
    await c.start();
    for (let v = 0; v < 20; v++) await a.enqueue('work', { v });
    await until(() => ranOn.length >= 20);
    await new Promise((r) => setTimeout(r, 300));
    expect(ranOn).toHaveLength(20);
    expect(new Set(ranOn.map((s) => s.split(':')[1])).size).toBe(20);
    expect(ranOn.filter((s) => s.startsWith('a:'))).toEqual([]);
  });

  it('retries a failing job with backoff until it succeeds', async () => {
    const [w] = fleet(1, 'retry') as [JobRunner];
    const attempts: number[] = [];
    w.register('fails-twice', async (_d, ctx) => {
      attempts.push(ctx.attemptsMade);
      if (ctx.attemptsMade < 2) throw new Error('provider down');
    });
    await w.start();
    await w.enqueue('fails-twice', {}, { attempts: 3, backoffMs: 20 });
    await until(() => attempts.length === 3);
    expect(attempts).toEqual([0, 1, 2]);
  });

  it('a repeatable job runs once per period for the whole fleet, not once per process', async () => {
    const workers = fleet(3, 'repeat');
    const runs: number[] = [];
    for (const w of workers) {
      w.register('sweep', async () => void runs.push(Date.now()));
      w.repeat('sweep', 250);
    }
    for (const w of workers) await w.start();
    const t0 = Date.now();
    await new Promise((r) => setTimeout(r, 2600));
    const elapsed = Date.now() - t0;
    const periods = elapsed / 250;
    console.log(`repeatable job: ${runs.length} runs in ${elapsed} ms with 3 workers (${periods.toFixed(1)} periods)`);
    // Three independent timers would give about 3 x periods runs.
    expect(runs.length).toBeGreaterThanOrEqual(Math.floor(periods) - 2);
    expect(runs.length).toBeLessThanOrEqual(Math.ceil(periods) + 1);
  });
});
