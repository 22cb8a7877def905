// What the cluster proof, the production rehearsal and the restore drill share: waiting for a process
// to answer its health check, stopping the processes they started, and leaving no database or Redis
// keys behind.
import type { ChildProcess } from 'node:child_process';
import knexFactory from 'knex';
import type { Db } from '../../api/src/db/index.ts';
import { Redis } from 'ioredis';
import { knexConfig } from '../../knexfile.ts';
import { deleteKeys } from '../../api/src/infra/redis.ts';
import { createUser } from '../../api/src/services/accounts/users.service.ts';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resolves when `url` answers 2xx; throws after `ms`. */
export async function waitHealthy(url: string, ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    if (Date.now() > until) throw new Error(`${url} did not become healthy`);
    await sleep(250);
  }
}

/** SIGTERM to every child still running, then SIGKILL to those that did not stop within `graceMs`. */
export async function stopChildren(children: ChildProcess[], graceMs = 1500): Promise<void> {
  const running = () => children.filter((c) => c.exitCode === null && c.signalCode === null);
  for (const c of running()) c.kill('SIGTERM');
  await sleep(graceMs);
  for (const c of running()) c.kill('SIGKILL');
}

/** Drops the named databases on the MariaDB server of `mysqlUrl` (quietly: the server may be gone). */
export async function dropDatabases(mysqlUrl: string, names: string[]): Promise<void> {
  try {
    const admin = knexFactory(knexConfig(mysqlUrl));
    for (const name of names) await admin.raw(`DROP DATABASE IF EXISTS \`${name}\``);
    await admin.destroy();
  } catch {
    /* MariaDB not reachable: nothing to drop */
  }
}

/** Deletes every key under `prefix` (quietly: Redis may be gone). */
export async function clearRedisPrefix(redisUrl: string, prefix: string): Promise<void> {
  try {
    const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
    await deleteKeys(redis, prefix);
    await redis.quit();
  } catch {
    /* Redis not reachable */
  }
}

/** The proofs' buyers: `count` agents `buyer<i>-<run>@example.com`, password `proof-buyer-pass`, made in order. */
export async function createProofBuyers(db: Db, run: string, count: number, now: Date): Promise<Array<Awaited<ReturnType<typeof createUser>>>> {
  const buyers: Array<Awaited<ReturnType<typeof createUser>>> = [];
  for (let i = 0; i < count; i++) {
    buyers.push(
      await createUser(
        db,
        {
          email: `buyer${i}-${run}@example.com`,
          username: `buyer${i}${run}`,
          firstName: 'Buyer',
          lastName: `N${i}`,
          agencyName: 'Proof',
          role: 'Insurance Agent',
          phone: '5550000001',
          password: 'proof-buyer-pass',
        },
        now,
      ),
    );
  }
  return buyers;
}
