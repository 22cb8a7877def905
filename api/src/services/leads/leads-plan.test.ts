// How the for-sale list reads (decision 115): the total is summed from the count table, each state's page
// is read newest first from leads_for_sale_state_id (index only, no filesort of the matches, no primary-key
// scan), and the leads themselves only by the page's ids. Checked with the database's own plan
// (EXPLAIN on MariaDB, EXPLAIN QUERY PLAN on SQLite) of every statement the list sends, and on MariaDB
// with the rows the storage engine read (Handler_read_* of the connection).
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { createTestDb, isMysql, type Db } from '../../db/index.ts';
import { leadsQuerySchema } from '@tm/shared/schemas/leads';
import { listLeadsForSale } from './leads.service.ts';

let db: Db;
let destroy: () => Promise<void>;
const STATES = ['TX', 'FL', 'GA', 'OH'];
beforeAll(async () => {
  ({ db, destroy } = await createTestDb());
  // 8,000 leads: 4 states, ages 30-129, spread so that a 10-day window holds about one lead in ten.
  const rows = Array.from({ length: 8000 }, (_, i) => ({
    kind: 'aged',
    customerName: `Plan Lead ${i}`,
    customerState: STATES[i % 4]!,
    zipCode: String(10000 + (i % 900)),
    ageDays: 30 + ((i * 7) % 100),
    status: 'available',
  }));
  for (let i = 0; i < rows.length; i += 500) await db.insert(rows.slice(i, i + 500)).into('leads');
  await db.raw(isMysql(db) ? 'ANALYZE TABLE leads, leads_for_sale_counts' : 'ANALYZE');
});
afterAll(async () => {
  await destroy();
});

const now = new Date('2026-11-25T12:00:00Z');

/** Every statement one list call sends, with its bindings in place. */
async function statements(query: string): Promise<string[]> {
  const captured: string[] = [];
  const onQuery = (q: { sql: string; bindings?: readonly unknown[] }) => captured.push(db.raw(q.sql, (q.bindings ?? []) as never).toString());
  db.on('query', onQuery);
  try {
    await listLeadsForSale(db, 'aged', leadsQuerySchema.parse(Object.fromEntries(new URLSearchParams(query))), now);
  } finally {
    db.off('query', onQuery);
  }
  return captured;
}

interface PlanRow {
  table: string;
  type: string;
  key: string | null;
  Extra: string | null;
}

describe('the for-sale list reads by its indexes', () => {
  const FILTER = 'state=TX,FL&age=60-69';

  it('counts from the count table and reads each state from leads_for_sale_state_id, the rows only by id', async () => {
    for (const page of [1, 3]) {
      const sql = await statements(`${FILTER}&page=${page}`);
      expect(sql).toHaveLength(2);
      const [count, list] = sql as [string, string];
      expect(count).toMatch(/leads_for_sale_counts/);
      if (isMysql(db)) {
        const explain = async (s: string) => ((await db.raw(`EXPLAIN ${s}`)) as unknown as [PlanRow[]])[0];
        const plan = await explain(list);
        const perState = plan.filter((r) => r.table === 'leads' && r.key === 'leads_for_sale_state_id');
        expect(perState.length, JSON.stringify(plan)).toBe(2);
        for (const r of perState) {
          expect(r.type).toBe('ref');
          expect(r.Extra).toMatch(/Using index/);
          expect(r.Extra).not.toMatch(/filesort/);
        }
        // The rows themselves: by the page's ids only (eq_ref on the primary key), never a scan.
        expect(plan.filter((r) => r.key === 'PRIMARY').map((r) => r.type)).toEqual(['eq_ref']);
        for (const r of [...plan, ...(await explain(count))].filter((p) => p.table === 'leads')) expect(r.type, JSON.stringify(r)).not.toBe('ALL');
      } else {
        const explain = async (s: string) => ((await db.raw(`EXPLAIN QUERY PLAN ${s}`)) as Array<{ detail: string }>).map((r) => r.detail).join('\n');
        expect(await explain(count)).toMatch(/SEARCH leads_for_sale_counts USING (INDEX|PRIMARY KEY)/);
        const plan = await explain(list);
        expect(plan.match(/SEARCH leads USING COVERING INDEX leads_for_sale_state_id/g)?.length, plan).toBe(2);
        expect(plan, plan).toMatch(/SEARCH leads USING INTEGER PRIMARY KEY \(rowid=\?\)/);
        expect(plan, plan).not.toMatch(/SCAN leads\b/);
      }
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)('reads about the rows it returns (MariaDB: Handler_read_* per list call)', async () => {
    const reads = async (query: string) =>
      db.transaction(async (trx) => {
        const stat = async () => {
          const [rows] = (await trx.raw("SHOW SESSION STATUS LIKE 'Handler_read%'")) as unknown as [Array<{ Variable_name: string; Value: string }>];
          return rows.reduce((s, r) => s + Number(r.Value), 0);
        };
        const before = await stat();
        await listLeadsForSale(trx as unknown as Db, 'aged', leadsQuerySchema.parse(Object.fromEntries(new URLSearchParams(query))), now);
        return (await stat()) - before - 1; // the first SHOW itself
      });
    // 2 states x 2,000 leads, 40 of 100 ages: 1,600 match; page 1 needs ~125 index entries per state.
    // Counting the matches, or sorting them for the page, would read each of the 1,600 at least once.
    const wide = 'state=TX,FL&age=60-99';
    expect(await reads(`${wide}&page=1`)).toBeLessThan(1_000);
    expect(await reads(`${wide}&after=4000`)).toBeLessThan(1_000);
  });
});
