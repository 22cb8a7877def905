// What a database error means, on SQLite and MariaDB alike: a duplicate key, a database that cannot be
// reached. Services decide with these; the error handler maps them to 409 and 503.

interface DbError extends Error {
  code?: string;
  errno?: number;
  sqlMessage?: string;
}

const DB_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'PROTOCOL_CONNECTION_LOST',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ECONNRESET',
  'ER_CON_COUNT_ERROR',
  'SQLITE_BUSY',
  'PROTOCOL_SEQUENCE_TIMEOUT',
]);

/** The database is unreachable, timed out or out of connections: a 503, not a 500. */
export function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as DbError | undefined;
  return Boolean((e?.code && DB_DOWN_CODES.has(e.code)) || /Knex: Timeout acquiring a connection/.test(String(e?.message)));
}

/** A unique index refused the row (MariaDB ER_DUP_ENTRY, SQLite UNIQUE constraint). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as DbError;
  return e?.code === 'ER_DUP_ENTRY' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(String(e?.message));
}
