// The database error helpers see the driver's error whether Knex threw it as is or Objection wrapped it
// (db-errors' DBError keeps it as nativeError): a duplicate key through a model is still a unique
// violation, a deadlock still worth retrying. Real SQLite, or MariaDB with TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DBError } from 'objection';
import { createTestDb, type Db } from './index.ts';
import { driverError, isDatabaseUnavailable, isTransientConflict, isUniqueViolation } from './errors.ts';
import { withRetry } from './retry.ts';
import { TrainingAdmin } from '../models/index.ts';

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
    let tries = 0;
    const result = await withRetry(async () => {
      tries += 1;
      if (tries < 3) throw wrap('ER_LOCK_DEADLOCK');
      return 'done';
    });
    expect([result, tries]).toEqual(['done', 3]);
  });
});
