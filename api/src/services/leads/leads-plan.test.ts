// How the for-sale list reads (decisions 115 and 140): the total is summed from the count table, and each
// state's page is one range of lead_listings' primary key (kind, state, age, id descending), read in the
// list's order and stopped after the page: no filesort of the matches, no join back to `leads`. Checked
// with the database's own plan (EXPLAIN on MariaDB, EXPLAIN QUERY PLAN on SQLite) of every statement the
// list sends, and on MariaDB with the rows the storage engine read (Handler_read_* of the connection).
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
  await db.raw(isMysql(db) ? 'ANALYZE TABLE leads, leads_for_sale_counts, lead_listings' : 'ANALYZE');
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

interface SqlitePlanRow {
  id: number;
  parent: number;
  detail: string;
}

describe('the for-sale list reads by its indexes', () => {
  const FILTER = 'state=TX,FL&age=60-69';

  it('counts from the count table and reads each state as one clustered range of lead_listings, no join back to leads', async () => {
    // A cursor inside the filter: the last lead of page 1.
    const after = (await listLeadsForSale(db, 'aged', leadsQuerySchema.parse({ state: 'TX,FL', age: '60-69' }), now)).nextCursor;
    expect(after).not.toBeNull();
    for (const query of [`${FILTER}&page=1`, `${FILTER}&page=3`, `${FILTER}&after=${after}`]) {
      const sql = await statements(query);
      // A cursor page first reads its lead's age by primary key.
      const lookup = sql.findIndex((s) => new RegExp(`from [\`"]leads[\`"] where [\`"]id[\`"] = ${after} limit 1$`).test(s));
      expect(lookup >= 0, query).toBe(query.includes('after='));
      if (lookup >= 0) sql.splice(lookup, 1);
      expect(sql, query).toHaveLength(2);
      const [count, list] = sql as [string, string];
      expect(count).toMatch(/leads_for_sale_counts/);
      expect(list).not.toMatch(/[`"]leads[`"]/);
      if (isMysql(db)) {
        const explain = async (s: string) => ((await db.raw(`EXPLAIN ${s}`)) as unknown as [PlanRow[]])[0];
        const plan = await explain(list);
        const perState = plan.filter((r) => r.table === 'lead_listings');
        expect(perState.length, JSON.stringify(plan)).toBe(2);
        for (const r of perState) {
          expect(r.key, JSON.stringify(r)).toBe('PRIMARY');
          expect(r.type).toBe('range');
          expect(r.Extra ?? '').not.toMatch(/filesort/);
        }
        // Only the page's rows (at most 2 x the window) are sorted, in the union's own temporary table.
        expect(plan.filter((r) => /filesort/.test(r.Extra ?? '')).map((r) => r.table)).toEqual(['<union1,2>']);
        for (const r of [...plan, ...(await explain(count))].filter((p) => !p.table?.startsWith('<'))) expect(r.type, JSON.stringify(r)).not.toBe('ALL');
      } else {
        const explain = async (s: string) => (await db.raw(`EXPLAIN QUERY PLAN ${s}`)) as SqlitePlanRow[];
        const text = (rows: SqlitePlanRow[]) => rows.map((r) => r.detail).join('\n');
        expect(text(await explain(count))).toMatch(/SEARCH leads_for_sale_counts USING (INDEX|PRIMARY KEY)/);
        const plan = await explain(list);
        // Each state's part: a co-routine whose one step is the primary key's range, in order (no sort of its own).
        const parts = plan.filter((r) => r.detail.startsWith('CO-ROUTINE'));
        expect(parts.length, text(plan)).toBe(2);
        for (const part of parts) {
          expect(
            plan.filter((r) => r.parent === part.id).map((r) => r.detail),
            text(plan),
          ).toEqual([expect.stringMatching(/^SEARCH lead_listings USING PRIMARY KEY \(kind=\? AND customer_state=\? AND age_days>\? AND age_days<\?\)$/)]);
        }
        expect(text(plan)).not.toMatch(/SCAN lead_listings\b|\bleads\b/);
      }
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)('reads no more rows per state than the window (MariaDB: Handler_read_* per list call)', async () => {
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
    // 2 states x 2,000 leads, 40 of 100 ages: 1,600 match. The count reads the count table's rows of the
    // filter (2 states x 40 ages) and the lapsed reservations' index (none). Each state's page reads at most
    // its window (+1 to see the range end) from lead_listings, once more from the union's temporary table,
    // and the page and the rows before it come back from its sort. Counting or sorting the matches would
    // read each of the 1,600 once at least, on every page.
    const wide = 'state=TX,FL&age=60-99';
    const countRows = 2 * 40 + 4;
    const pageRows = (window: number) => 2 * 2 * (window + 1) + window;
    expect(await reads(`${wide}&page=1`)).toBeLessThanOrEqual(countRows + pageRows(50));
    expect(await reads(`${wide}&page=3`)).toBeLessThanOrEqual(countRows + pageRows(150));
    const after = (await listLeadsForSale(db, 'aged', leadsQuerySchema.parse({ state: 'TX,FL', age: '60-99', page: '5' }), now)).nextCursor;
    expect(await reads(`${wide}&after=${after}`)).toBeLessThanOrEqual(1 + countRows + pageRows(50));
  });
});
