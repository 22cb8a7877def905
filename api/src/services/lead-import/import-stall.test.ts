// A stall of the server longer than a request's statement bound (DB_TIMEOUT_MS) does not undo a lead import
// (decision 281): the import job's statements are bounded by JOB_STATEMENT_TIMEOUT_MS through
// withStatementTimeout, while the app's other statements keep the short bound. MariaDB only: the bound is
// Knex's query timeout, applied on MariaDB alone (knexfile.ts).
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { createDb, createTestDb, withStatementTimeout, type Db } from '../../db/index.ts';
import { dbStorage } from '../../storage/index.ts';
import { createUser } from '../accounts/users.service.ts';
import { Lead } from '../../models/index.ts';
import { claimImportRun, runClaimedImport, uploadImport } from './imports.service.ts';

const MARIADB = process.env.TEST_DATABASE_URL;
const REQUEST_BOUND_MS = 300;
const STALL_MS = 1500;

describe.skipIf(!MARIADB)('a lead import through a stall of the server (needs TEST_DATABASE_URL)', () => {
  let owner: Awaited<ReturnType<typeof createTestDb>>;
  let db: Db;
  let adminId: number;
  const clock = { now: () => new Date('2026-04-01T12:00:00Z') };

  beforeAll(async () => {
    owner = await createTestDb();
    // The app's handle with a short request bound, as DB_TIMEOUT_MS would give it.
    db = createDb(owner.url, undefined, { timeoutMs: REQUEST_BOUND_MS });
    adminId = (await createUser(db, { email: 'stall.admin@example.com', password: 'a-long-password-1', firstName: 'Stall', lastName: 'Admin', isAdmin: true }))
      .id;
  });
  afterAll(async () => {
    await db?.destroy();
    await owner?.destroy();
  });

  it('bounds a statement by the longer of the two through withStatementTimeout, and by the request bound otherwise', async () => {
    await expect(db.raw('SELECT SLEEP(0.8)')).rejects.toThrow(/timeout/i);
    const job = withStatementTimeout(db, 5000);
    await expect(job.raw('SELECT SLEEP(0.8)')).resolves.toBeTruthy();
    await expect(job.transaction(async (trx) => trx.raw('SELECT SLEEP(0.8)'))).resolves.toBeTruthy();
    // The clone leaves the handle it came from as it was.
    await expect(db.raw('SELECT SLEEP(0.8)')).rejects.toThrow(/timeout/i);
  });

  it('imports every lead when `leads` is locked for longer than a request would wait', async () => {
    const deps = { db, storage: dbStorage(db), clock };
    const lines = Array.from({ length: 50 }, (_, i) => `Stalled ${i},6${String(700_000 + i).padStart(9, '0')},TX,78701`);
    const body = Readable.from([['Full Name,Phone,State,Zip', ...lines].join('\n')]);
    const up = await uploadImport(deps, { adminId, target: 'sale', kind: 'aged', filename: 'stall.csv', body }, clock.now());
    const job = await claimImportRun(deps, up.import.id, up.suggestedMapping, false);

    // Another session holds `leads` for STALL_MS: the run's duplicate check and its copy wait on it.
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    const holder = owner.db.transaction(async (trx) => {
      await trx.raw('LOCK TABLES leads WRITE');
      locked();
      await sleep(STALL_MS);
      await trx.raw('UNLOCK TABLES');
    });
    await isLocked;
    // A request's statement gives up on the lock (the stall is real).
    await expect(db('leads').count({ n: '*' })).rejects.toThrow(/timeout/i);
    const started = Date.now();
    const summary = await runClaimedImport(deps, job);
    const took = Date.now() - started;
    await holder;

    expect(summary.status, JSON.stringify(summary)).toBe('imported');
    expect(summary.importedRows).toBe(50);
    expect(took).toBeGreaterThan(STALL_MS - REQUEST_BOUND_MS - 200);
    expect(await Lead.query(owner.db).where('customerName', 'like', 'Stalled %').resultSize()).toBe(50);
  });
});
