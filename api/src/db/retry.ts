// Runs a transaction again when MariaDB picked it as a deadlock victim (or SQLite was busy): used by
// the order and transfer-ledger writes.
import { isTransientConflict } from './errors.ts';

export async function withRetry<T>(fn: () => Promise<T>, attempts = 5): Promise<T> {
  for (let i = 1; ; i += 1) {
    try {
      return await fn();
    } catch (err) {
      if (i >= attempts || !isTransientConflict(err)) throw err;
      await new Promise((r) => setTimeout(r, 10 * i + Math.floor(Math.random() * 20)));
    }
  }
}
