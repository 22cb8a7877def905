// Write notices between processes through the real Redis (REDIS_URL; skipped with a message without it).
import { describe, it, expect, afterAll } from 'vitest';
import crypto from 'node:crypto';
import { connectRedis, type Redis } from './redis.ts';
import { shareWrites, type SharedWrites } from './shared-writes.ts';

const REDIS_URL = process.env.REDIS_URL;
if (!REDIS_URL) console.warn('REDIS_URL is unset: the shared write-notice tests are skipped (.ci/run sets it and starts Redis).');

describe.skipIf(!REDIS_URL)('shared write notices', () => {
  const conns: Redis[] = [];
  const shares: SharedWrites[] = [];
  afterAll(async () => {
    for (const s of shares) await s.close();
    for (const c of conns) await c.quit();
  });

  it("one process's writes reach the other processes (batched), never itself", async () => {
    const prefix = `tm-test-17b-${crypto.randomBytes(4).toString('hex')}:`;
    const procs = Array.from({ length: 3 }, () => {
      const listeners = new Set<(t: string) => void>();
      const received: string[] = [];
      return { listeners, received, write: (t: string) => listeners.forEach((l) => l(t)) };
    });
    for (const p of procs) {
      const redis = connectRedis(REDIS_URL!);
      conns.push(redis);
      shares.push(
        await shareWrites(redis, prefix, {
          onLocal: (l) => (p.listeners.add(l), () => void p.listeners.delete(l)),
          applyRemote: (t) => void p.received.push(t),
        }),
      );
    }
    procs[0]!.write('users');
    procs[0]!.write('users');
    procs[0]!.write('*');
    await expect.poll(() => procs[1]!.received.length + procs[2]!.received.length).toBe(4);
    expect(procs[1]!.received).toEqual(['users', '*']);
    expect(procs[2]!.received).toEqual(['users', '*']);
    expect(procs[0]!.received).toEqual([]);
  });
});
