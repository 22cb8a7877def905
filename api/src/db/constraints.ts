// Which constraint a database error broke, on SQLite and MariaDB alike, whether the query went through a
// model (Objection wraps the driver's error: UniqueViolationError, ...) or through Knex (the driver's own).
// The services turn them into their own refusals; the sale of an exclusive consumer relies on all three.
import { CheckViolationError, ForeignKeyViolationError, UniqueViolationError } from 'objection';

interface DbError {
  code?: string;
  errno?: number;
  message?: string;
  nativeError?: DbError;
}
const native = (err: unknown): DbError | undefined => {
  const e = err as DbError | undefined;
  return e?.nativeError ?? e;
};

/** A unique key taken (SQLite SQLITE_CONSTRAINT_UNIQUE / PRIMARYKEY, MariaDB 1062). */
export function isUniqueKeyViolation(err: unknown): boolean {
  if (err instanceof UniqueViolationError) return true;
  const e = native(err);
  return e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || e?.errno === 1062;
}

/** A foreign key broken: no parent row, or a parent still referenced (SQLite SQLITE_CONSTRAINT_FOREIGNKEY, MariaDB 1452 / 1451). */
export function isForeignKeyViolation(err: unknown): boolean {
  if (err instanceof ForeignKeyViolationError) return true;
  const e = native(err);
  return e?.code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || e?.errno === 1452 || e?.errno === 1451;
}

/** A CHECK constraint refused the row (SQLite SQLITE_CONSTRAINT_CHECK, MariaDB 4025, MySQL 3819). */
export function isCheckViolation(err: unknown): boolean {
  if (err instanceof CheckViolationError) return true;
  const e = native(err);
  return e?.code === 'SQLITE_CONSTRAINT_CHECK' || e?.errno === 4025 || e?.errno === 3819;
}
