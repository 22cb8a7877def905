// What a database error means, on SQLite and MariaDB alike: which constraint it broke (a unique key, a
// foreign key, a CHECK), a database that cannot be reached, a transaction worth running again. Services
// decide with these (the sale of an exclusive consumer relies on the three constraint helpers); the error
// handler maps them to 409 and 503. Objection wraps the driver's error (db-errors' DBError, with the
// driver's error as `nativeError` and no `code`; on a constraint a subclass such as UniqueViolationError),
// Knex does not: every helper looks at the driver's error either way.
import { CheckViolationError, ForeignKeyViolationError, UniqueViolationError } from 'objection';

interface DbError extends Error {
  code?: string;
  /** mysql2: the connection itself broke (closed, lost); nothing more can run on it. */
  fatal?: boolean;
  errno?: number;
  sqlMessage?: string;
  nativeError?: unknown;
}

/** The driver's own error under any wrapping (Objection's DBError keeps it as nativeError). */
export function driverError(err: unknown): DbError | undefined {
  let e = err as DbError | undefined;
  for (let depth = 0; e?.nativeError && depth < 5; depth += 1) e = e.nativeError as DbError;
  return e;
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
  // A server shutting down (a replica stopped for maintenance, decision 238): queries in flight get 1053,
  // its connections are killed (MariaDB 1927), and a pooled connection it closed refuses new commands.
  'ER_SERVER_SHUTDOWN',
  'PROTOCOL_ENQUEUE_AFTER_FATAL_ERROR',
  // Node's write to a socket the server ended (mysql2 writing a query just as the server went away).
  'EPIPE',
]);
/** MariaDB's ER_CONNECTION_KILLED, which mysql2 knows by number only. */
const CONNECTION_KILLED_ERRNO = 1927;

/** The database is unreachable, timed out or out of connections: a 503, not a 500. */
export function isDatabaseUnavailable(err: unknown): boolean {
  const e = driverError(err);
  // KnexTimeoutError: a query past DB_TIMEOUT_MS (knexfile.ts) or no pooled connection in time.
  return Boolean(
    (e?.code && DB_DOWN_CODES.has(e.code)) ||
    e?.errno === CONNECTION_KILLED_ERRNO ||
    (e?.fatal === true && /closed state|connection/i.test(String(e.message))) ||
    e?.name === 'KnexTimeoutError' ||
    /Knex: Timeout acquiring a connection/.test(String(e?.message)),
  );
}

/** A unique index or primary key refused the row (MariaDB ER_DUP_ENTRY 1062, SQLite SQLITE_CONSTRAINT_UNIQUE / PRIMARYKEY). */
export function isUniqueViolation(err: unknown): boolean {
  if (err instanceof UniqueViolationError) return true;
  const e = driverError(err);
  return (
    e?.code === 'ER_DUP_ENTRY' ||
    e?.errno === 1062 ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    /UNIQUE constraint failed/.test(String(e?.message))
  );
}

/** A foreign key broken: no parent row, or a parent still referenced (SQLite SQLITE_CONSTRAINT_FOREIGNKEY, MariaDB 1452 / 1451). */
export function isForeignKeyViolation(err: unknown): boolean {
  if (err instanceof ForeignKeyViolationError) return true;
  const e = driverError(err);
  return e?.code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || e?.errno === 1452 || e?.errno === 1451;
}

/** A CHECK constraint refused the row (SQLite SQLITE_CONSTRAINT_CHECK, MariaDB 4025, MySQL 3819). */
export function isCheckViolation(err: unknown): boolean {
  if (err instanceof CheckViolationError) return true;
  const e = driverError(err);
  return e?.code === 'SQLITE_CONSTRAINT_CHECK' || e?.errno === 4025 || e?.errno === 3819;
}

/** MariaDB picked the transaction as a deadlock victim or timed out its lock wait, or SQLite was busy. */
export function isTransientConflict(err: unknown): boolean {
  const code = driverError(err)?.code;
  return code === 'ER_LOCK_DEADLOCK' || code === 'ER_LOCK_WAIT_TIMEOUT' || code === 'SQLITE_BUSY';
}
