// Runs a transaction again when MariaDB picked it as a deadlock victim (or SQLite was busy): used by
// the order and transfer-ledger writes.
function isTransient(err: unknown): boolean {
  // Objection wraps the driver's error (db-errors): its code is on nativeError.
  const e = err as { code?: string; nativeError?: { code?: string } };
  const code = e?.code ?? e?.nativeError?.code;
  return code === 'ER_LOCK_DEADLOCK' || code === 'ER_LOCK_WAIT_TIMEOUT' || code === 'SQLITE_BUSY';
}

export async function withRetry<T>(fn: () => Promise<T>, attempts = 5): Promise<T> {
  for (let i = 1; ; i += 1) {
    try {
      return await fn();
    } catch (err) {
      if (i >= attempts || !isTransient(err)) throw err;
      await new Promise((r) => setTimeout(r, 10 * i + Math.floor(Math.random() * 20)));
    }
  }
}
