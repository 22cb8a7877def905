// The database error helpers see the driver's error whether Knex threw it as is or Objection wrapped it
// (db-errors' DBError keeps it as nativeError): a duplicate key through a model is still a unique
// violation, a deadlock still worth retrying. Real SQLite, or MariaDB with TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DBError } from 'objection';
import { createTestDb, type Db } from './index.ts';
import { driverError, isCheckViolation, isDatabaseUnavailable, isForeignKeyViolation, isTransientConflict, isUniqueViolation } from './errors.ts';
import { withRetry } from './retry.ts';
import { ConsumerClaim, LeadSale, TrainingAdmin } from '../models/index.ts';

let db: Db;
let destroy: () => Promise<void>;
beforeAll(async () => {
  ({ db, destroy } = await createTestDb());
});
afterAll(async () => destroy());

async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (err) {
    return err;
  }
  throw new Error('expected a failure');
}

describe('database error helpers', () => {
  it('a duplicate key is a unique violation through a model and through plain Knex', async () => {
    const row = { email: `dup${Date.now()}@example.com`, passwordHash: 'x' };
    await TrainingAdmin.query(db).insert(row);
    // MariaDB's error comes wrapped in Objection's DBError; SQLite's as the driver threw it.
    const viaModel = await failure(async () => TrainingAdmin.query(db).insert(row));
    expect(isUniqueViolation(viaModel)).toBe(true);
    if (viaModel instanceof DBError) expect(driverError(viaModel)).toBe((viaModel as Error & { nativeError: unknown }).nativeError);
    const viaKnex = await failure(async () => db.insert(row).into(TrainingAdmin.tableName));
    expect(isUniqueViolation(viaKnex)).toBe(true);
    expect(isDatabaseUnavailable(viaModel)).toBe(false);
    expect(isTransientConflict(viaModel)).toBe(false);
  });

  it('sees the driver code under the wrapping: deadlocks are retried, a lost connection is unavailable', async () => {
    const Wrapped = DBError as unknown as new (args: { nativeError: Error; client: string }) => Error;
    const wrap = (code: string) => new Wrapped({ nativeError: Object.assign(new Error(code), { code }), client: 'mysql' });
    expect(isTransientConflict(wrap('ER_LOCK_DEADLOCK'))).toBe(true);
    expect(isDatabaseUnavailable(wrap('PROTOCOL_CONNECTION_LOST'))).toBe(true);
    // A server shutting down: a query in flight, a killed connection, a pooled connection it closed.
    expect(isDatabaseUnavailable(wrap('ER_SERVER_SHUTDOWN'))).toBe(true);
    expect(isDatabaseUnavailable(wrap('EPIPE'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('Connection was killed'), { errno: 1927 }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("Can't add new command when connection is in closed state"), { fatal: true }))).toBe(true);
    expect(isDatabaseUnavailable(wrap('ER_PARSE_ERROR'))).toBe(false);
    let tries = 0;
    const result = await withRetry(async () => {
      tries += 1;
      if (tries < 3) throw wrap('ER_LOCK_DEADLOCK');
      return 'done';
    });
    expect([result, tries]).toEqual(['done', 3]);
  });

  it('tells a taken primary key, a broken foreign key and a refused CHECK apart, through a model and through plain Knex', async () => {
    const key = `k${Date.now() % 1e9}`;
    const claim = { consumerKey: key, mode: 'shared' as const };
    await ConsumerClaim.query(db).insert(claim);
    const kinds = (err: unknown) => [isUniqueViolation(err), isForeignKeyViolation(err), isCheckViolation(err)];
    // The same consumer key again: its primary key (SQLite says PRIMARYKEY, not UNIQUE).
    expect(kinds(await failure(async () => ConsumerClaim.query(db).insert(claim)))).toEqual([true, false, false]);
    expect(kinds(await failure(async () => db.insert(claim).into(ConsumerClaim.tableName)))).toEqual([true, false, false]);
    // A sale of a consumer with no claim of that mode: no parent row.
    const orphan = { leadId: 1, consumerKey: `${key}x`, mode: 'shared' as const, exclusiveKey: null };
    expect(kinds(await failure(async () => LeadSale.query(db).insert(orphan)))).toEqual([false, true, false]);
    expect(kinds(await failure(async () => db.insert(orphan).into(LeadSale.tableName)))).toEqual([false, true, false]);
    // A parent still referenced: the claim of a sale cannot change its mode.
    await LeadSale.query(db).insert({ leadId: 1, consumerKey: key, mode: 'shared', exclusiveKey: null });
    expect(kinds(await failure(async () => ConsumerClaim.query(db).findById(key).patch({ mode: 'exclusive' })))).toEqual([false, true, false]);
    // A mode the CHECK does not know.
    const bad = { consumerKey: `${key}y`, mode: 'bogus' };
    expect(kinds(await failure(async () => db.insert(bad).into(ConsumerClaim.tableName)))).toEqual([false, false, true]);
    expect(kinds(await failure(async () => ConsumerClaim.query(db).insert(bad as unknown as typeof claim)))).toEqual([false, false, true]);
  });

  it('reads the MariaDB error numbers under the wrapping too', () => {
    const Wrapped = DBError as unknown as new (args: { nativeError: Error; client: string }) => Error;
    const wrap = (errno: number) => new Wrapped({ nativeError: Object.assign(new Error(`errno ${errno}`), { errno }), client: 'mysql' });
    expect([1062, 1452, 1451, 4025, 3819].map((n) => [isUniqueViolation(wrap(n)), isForeignKeyViolation(wrap(n)), isCheckViolation(wrap(n))])).toEqual([
      [true, false, false],
      [false, true, false],
      [false, true, false],
      [false, false, true],
      [false, false, true],
    ]);
  });
});
