// A lead import's duplicate checks across its batches and its commit's slices (decision 269): a phone repeated
// in a later batch is found among the rows already staged (no map of the file's phones in memory), with the
// same reasons as before, and the good rows are copied exactly once across the slices' boundaries. The good
// rows leave the staging table after the commit, by statements outside its transaction (decision 280).
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { Readable } from 'node:stream';
import { createTestDb, type Db } from '../../db/index.ts';
import { dbStorage } from '../../storage/index.ts';
import { createUser } from '../accounts/users.service.ts';
import { Lead, LeadImportRow } from '../../models/index.ts';
import { BATCH_ROWS, claimImportRun, listImportErrors, runClaimedImport, uploadImport } from './imports.service.ts';
import { COPY_SLICE_ROWS } from './staging.ts';

let db: Db;
let destroy: () => Promise<void>;
let adminId: number;
const clock = { now: () => new Date('2026-04-01T12:00:00Z') };

beforeAll(async () => {
  ({ db, destroy } = await createTestDb());
  adminId = (await createUser(db, { email: 'import.admin@example.com', password: 'a-long-password-1', firstName: 'Imp', lastName: 'Admin', isAdmin: true })).id;
});
afterAll(async () => destroy());

const phone = (i: number) => `6${String(i).padStart(9, '0')}`;

/** Uploads and runs a file of leads for sale; answers the summary and every per-row error by row number. */
async function importSale(lines: string[]) {
  const deps = { db, storage: dbStorage(db), clock };
  const body = Readable.from([['Full Name,Phone,State,Zip', ...lines].join('\n')]);
  const up = await uploadImport(deps, { adminId, target: 'sale', kind: 'aged', filename: 'slices.csv', body }, clock.now());
  const job = await claimImportRun(deps, up.import.id, up.suggestedMapping, false);
  const summary = await runClaimedImport(deps, job);
  return { ...(await errorsOf(up.import.id)), summary, job, deps };
}

async function errorsOf(id: number) {
  const errors = new Map<number, string>();
  for (let page = 1; ; page++) {
    const p = await listImportErrors(db, id, page, 100);
    for (const e of p.items) errors.set(e.row, e.reason);
    if (p.items.length < 100) break;
  }
  return { errors, id };
}

describe('a lead import across batches and commit slices', () => {
  it('refuses a phone repeated in a later batch or already in the database, and copies every good row once', async () => {
    const inDatabase = phone(999_999);
    await importSale([`Already There,${inDatabase},TX,78701`]);

    // Rows 2.. (row 1 is the header): six batches, two slices of row numbers.
    const n = COPY_SLICE_ROWS + BATCH_ROWS + 100;
    const lines: string[] = [];
    for (let i = 0; i < n; i++) lines.push(`Person ${i},${phone(i)},TX,78701`);
    const laterBatch = BATCH_ROWS + 10; // index of a row in the second batch
    lines[1] = `Known Person,${inDatabase},TX,78701`; // row 3: already in the database
    lines[3] = `Same Batch,${phone(2)},TX,78701`; // row 5 repeats row 4 in its own batch
    lines[laterBatch] = `Repeat First,${phone(0)},TX,78701`; // repeats row 2, a batch later
    lines[laterBatch + 1] = `Repeat Known,${inDatabase},TX,78701`; // repeats row 3, refused itself
    lines[n - 1] = `Repeat Last Batch,${phone(COPY_SLICE_ROWS)},TX,78701`; // the last batch repeats a row of the batch before
    const { summary, errors, id } = await importSale(lines);

    const row = (index: number) => index + 2;
    expect(Object.fromEntries(errors)).toEqual({
      [row(1)]: 'Duplicate: this phone number is already in the database',
      [row(3)]: `Duplicate: same phone number as row ${row(2)}`,
      [row(laterBatch)]: `Duplicate: same phone number as row ${row(0)}`,
      [row(laterBatch + 1)]: `Duplicate: same phone number as row ${row(1)}`,
      [row(n - 1)]: `Duplicate: same phone number as row ${row(COPY_SLICE_ROWS)}`,
    });
    expect(summary).toMatchObject({ status: 'imported', totalRows: n, importedRows: n - 5, rejectedRows: 5 });
    // Every good row once, those on either side of a slice boundary included; no good row left staged.
    const leads = await Lead.query(db).where('customerPhone', 'like', '6%').whereNot('customerPhone', inDatabase).select('customerPhone');
    expect(leads).toHaveLength(n - 5);
    expect(new Set(leads.map((l) => l.customerPhone)).size).toBe(n - 5);
    for (const i of [COPY_SLICE_ROWS - 3, COPY_SLICE_ROWS - 2, COPY_SLICE_ROWS - 1]) {
      expect(leads.some((l) => l.customerPhone === phone(i))).toBe(true);
    }
    expect(await LeadImportRow.query(db).where({ importId: id }).whereNull('error').resultSize()).toBe(0);
  }, 60_000);

  it('clears the good staged rows after the commit, outside its transaction, and a retried run finishes the clearing', async () => {
    // Every statement with the transaction it ran in (Knex tags a transaction's statements with its id).
    const seen: Array<{ sql: string; trx?: string }> = [];
    const onQuery = (q: { sql: string; __knexTxId?: string }) => seen.push({ sql: q.sql, trx: q.__knexTxId });
    db.on('query', onQuery);
    const lines = Array.from({ length: COPY_SLICE_ROWS + 10 }, (_, i) => `Cleared ${i},${phone(500_000 + i)},TX,78701`);
    lines.push('Refused Row,123,TX,78701');
    const { summary, errors, id, job, deps } = await importSale(lines).finally(() => db.off('query', onQuery));
    expect(summary).toMatchObject({ status: 'imported', importedRows: COPY_SLICE_ROWS + 10, rejectedRows: 1 });

    const copies = seen.filter((q) => /^insert into .?leads.? .*select/i.test(q.sql));
    const deletes = seen.filter((q) => /^delete from .?lead_import_rows/i.test(q.sql));
    expect(copies).toHaveLength(2);
    expect(copies.every((q) => q.trx)).toBe(true);
    expect(deletes.length).toBeGreaterThanOrEqual(2);
    expect(deletes.filter((q) => q.trx)).toEqual([]);
    expect(await LeadImportRow.query(db).where({ importId: id }).whereNull('error').resultSize()).toBe(0);

    // A run stopped after its commit, before the end of the clearing, leaves good rows staged: the queue's
    // retry of the job clears them, and changes nothing else.
    await LeadImportRow.query(db).insert({ importId: id, rowNumber: 5, phone: phone(600_001) });
    await LeadImportRow.query(db).insert({ importId: id, rowNumber: COPY_SLICE_ROWS + 5, phone: phone(600_002) });
    const leadsBefore = await Lead.query(db).resultSize();
    const again = await runClaimedImport(deps, job);
    expect(again).toEqual(summary);
    expect(await LeadImportRow.query(db).where({ importId: id }).whereNull('error').resultSize()).toBe(0);
    expect(await Lead.query(db).resultSize()).toBe(leadsBefore);
    expect((await errorsOf(id)).errors).toEqual(errors);
  }, 60_000);

  it('stages a phone once per import: a second staged row with it is refused by the index the checks read', async () => {
    const { id } = await importSale([`Only Row,${phone(888_888)},TX,78701`, 'Bad Row,123,TX,78701']);
    const staged = { importId: id, rowNumber: 10, phone: phone(777_777) };
    await LeadImportRow.query(db).insert(staged);
    await expect(LeadImportRow.query(db).insert({ ...staged, rowNumber: 11 })).rejects.toThrow();
    // Another import may stage the same phone, and refused rows without one are many.
    const other = await importSale([`Other Row,${phone(888_887)},TX,78701`]);
    await LeadImportRow.query(db).insert({ ...staged, importId: other.id });
    await LeadImportRow.query(db).insert({ importId: id, rowNumber: 12, error: 'x' });
    await LeadImportRow.query(db).insert({ importId: id, rowNumber: 13, error: 'y' });
  });
});
