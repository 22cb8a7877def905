// The for-sale lists' micro-cache: one read serves everyone for a moment, and no write this process
// sees (a reservation, a sale, an import, any commit) is ever hidden by it.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import knexFactory from 'knex';
import objection from 'objection';
import { createTestDb, isMysql, type Db } from '../../db/index.ts';
import { knexConfig } from '../../../../knexfile.ts';
import { leadsQuerySchema } from '@tm/shared/schemas/leads';
import { listLeadsForSale } from './leads.service.ts';
import { cachedList } from './list-cache.ts';
import { noteStatement } from '../../db/write-watch.ts';

let db: Db;
let url: string;
let destroy: () => Promise<void>;
let selects = 0;
beforeAll(async () => {
  ({ db, destroy, url } = await createTestDb());
  db.on('query', (q: { sql: string }) => {
    if (/^\s*select/i.test(q.sql) && /`leads`/.test(q.sql)) selects++;
  });
});
afterAll(async () => {
  await destroy();
});

const lead = (over: Record<string, unknown> = {}) => ({
  kind: 'aged',
  customerName: 'Cache Lead',
  customerState: 'WY',
  zipCode: '82001',
  ageDays: 50,
  status: 'available',
  ...over,
});
const wy = leadsQuerySchema.parse({ state: 'WY' });
const ids = async () => (await listLeadsForSale(db, 'aged', wy)).items.map((l) => l.id);

describe('the for-sale list cache', () => {
  it('serves repeated and concurrent reads of one page from one database read', async () => {
    await db('leads').insert([lead(), lead()]);
    const before = selects;
    const first = await ids();
    const afterFirst = selects;
    expect(afterFirst).toBeGreaterThan(before);
    const again = await Promise.all(Array.from({ length: 20 }, () => ids()));
    expect(selects).toBe(afterFirst);
    for (const list of again) expect(list).toEqual(first);
    // Another filter or page is its own entry.
    await listLeadsForSale(db, 'aged', leadsQuerySchema.parse({ state: 'WY', page: '2' }));
    expect(selects).toBeGreaterThan(afterFirst);
  });

  it('counts a filter once for every page of it', async () => {
    let counts = 0;
    const spy = (q: { sql: string }) => {
      if (/^select count\(\*\)/i.test(q.sql) && /`leads`/.test(q.sql)) counts++;
    };
    db.on('query', spy);
    try {
      for (const page of ['1', '2', '3']) await listLeadsForSale(db, 'aged', leadsQuerySchema.parse({ state: 'WY', age: '40-60', page, pageSize: '1' }));
      expect(counts).toBe(1);
      await db('leads').insert(lead({ ageDays: 45 }));
      const after = await listLeadsForSale(db, 'aged', leadsQuerySchema.parse({ state: 'WY', age: '40-60', page: '1', pageSize: '1' }));
      expect(counts).toBe(2);
      expect(after.total).toBe(
        Number(
          (await db('leads').where({ kind: 'aged', status: 'available', customerState: 'WY' }).whereBetween('ageDays', [40, 60]).count({ n: '*' }).first())?.n,
        ),
      );
    } finally {
      db.off('query', spy);
    }
  });

  it('drops every entry on a reservation or sale, so a buyer never sees what was just taken', async () => {
    const [id] = await ids();
    await db('leads').where({ id }).update({ status: 'reserved' });
    expect(await ids()).not.toContain(id);
  });

  it('shows an import committed in a transaction at once', async () => {
    const listed = await ids();
    const id = await db.transaction(async (trx) => {
      const [inserted] = await trx('leads').insert(lead());
      return Number(inserted);
    });
    const now = await ids();
    expect(now).toContain(Number(id));
    expect(now).toHaveLength(listed.length + 1);
  });

  it('shows a write made by another process after at most the time to live', async () => {
    // Another process: its own connection, outside this process's knex hooks.
    const other = isMysql(db) ? knexFactory({ client: 'mysql2', connection: url, ...objection.knexSnakeCaseMappers() }) : knexFactory(knexConfig(url));
    try {
      const ttl = 150;
      const q = leadsQuerySchema.parse({ state: 'WY', age: '50' });
      const read = async () => (await listLeadsForSale(db, 'aged', q, { cacheTtlMs: ttl })).items.map((l) => l.id);
      const before = await read();
      const [id] = await other('leads').insert(lead());
      expect(await read()).toEqual(before); // this process saw no write: the kept page
      await new Promise((r) => setTimeout(r, ttl + 20));
      expect(await read()).toContain(Number(id));
    } finally {
      await other.destroy();
    }
  });

  it('does not keep a read that raced a write', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let loads = 0;
    const load = async () => {
      loads++;
      await gate;
      return loads;
    };
    const racing = cachedList(db, 'race', load);
    noteStatement('COMMIT;'); // a commit lands while the read is in flight
    release();
    expect(await racing).toBe(1);
    expect(await cachedList(db, 'race', load)).toBe(2);
    expect(await cachedList(db, 'race', load)).toBe(2);
  });

  it('counts writes to leads and transaction ends, nothing else', async () => {
    const probe = async (sql: string) => {
      let loads = 0;
      const load = async () => ++loads;
      const key = `probe ${sql}`;
      await cachedList(db, key, load);
      noteStatement(sql);
      return (await cachedList(db, key, load)) === 2;
    };
    for (const sql of [
      'update `leads` set `status` = ?',
      'insert into `leads` (`kind`) values (?)',
      'delete from `leads` where `id` = ?',
      'COMMIT;',
      'ROLLBACK',
      'insert into leads (kind) values (?)',
    ]) {
      expect(await probe(sql), sql).toBe(true);
    }
    for (const sql of ['select * from `leads`', 'update `lead_imports` set `status` = ?', 'insert into `leads_archive` (`id`) values (?)', 'BEGIN;']) {
      expect(await probe(sql), sql).toBe(false);
    }
  });
});
