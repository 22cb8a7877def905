// Many processes, one database: each process's short read caches (the session's user, lead pages;
// db/write-watch.ts) are invalidated by its own writes at once, and by other processes' writes within
// their TTL. With Redis, each process also publishes the tables it writes (and the ends of its
// transactions) on one channel and marks what the others publish as written: a password change on one
// process ends the user's sessions on every process at once. Notices are batched per event-loop turn.
import crypto from 'node:crypto';
import type { Redis } from './redis.ts';
import { onLocalWrite, noteRemoteWrite } from '../db/write-watch.ts';

export interface SharedWrites {
  close(): Promise<void>;
}

export async function shareWrites(
  redis: Redis,
  prefix: string,
  hooks: { onLocal?: typeof onLocalWrite; applyRemote?: (table: string) => void } = {},
): Promise<SharedWrites> {
  const channel = `${prefix}writes`;
  const me = crypto.randomBytes(8).toString('hex');
  const applyRemote = hooks.applyRemote ?? noteRemoteWrite;
  const sub = redis.duplicate();
  sub.on('message', (_ch: string, message: string) => {
    const [from, tables] = message.split('|');
    if (from === me || !tables) return;
    for (const t of tables.split(',')) applyRemote(t);
  });
  sub.on('error', () => undefined);
  await sub.subscribe(channel);
  let batch: Set<string> | null = null;
  const stop = (hooks.onLocal ?? onLocalWrite)((table) => {
    if (!batch) {
      batch = new Set();
      setImmediate(() => {
        const tables = [...batch!];
        batch = null;
        redis.publish(channel, `${me}|${tables.join(',')}`).catch(() => undefined);
      });
    }
    batch.add(table);
  });
  return {
    async close() {
      stop();
      await sub.quit().catch(() => undefined);
    },
  };
}
