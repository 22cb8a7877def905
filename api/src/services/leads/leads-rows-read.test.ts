// The rows-read guard (issue 38 point 2, decision 237): on MariaDB, over 200,000 seeded leads, every
// SELECT the lead lists send for a page is run under ANALYZE FORMAT=JSON, which executes it and reports
// the rows each table access actually read (r_loops x r_rows, not EXPLAIN's estimates). A page may read
// only a small multiple of the rows it shows, at page 1 and deep (10,000 rows in, by cursor, backwards
// and by the jump), for the agent's for-sale list and the admin's shop leads and pool, and My Leads of a
// buyer who owns most of the table (page 1, 40,000 deep by cursor both ways, page 200). SQLite has no
// ANALYZE of a statement: the guard runs where production runs (`.ci/run`'s MariaDB step).
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { createTestDb, isMysql, type Db } from '../../db/index.ts';
import { leadsQuerySchema } from '@tm/shared/schemas/leads';
import { adminSaleLeadsQuerySchema, poolQuerySchema } from '@tm/shared/schemas/admin';
import { listLeadsForSale } from './leads.service.ts';
import { listSaleLeads } from './admin-leads.service.ts';
import { listPool } from '../lead-import/pool.service.ts';
import { listRowsRead } from '../../../../bench/analyze-rows.ts';
import { makeUser } from '../../test/harness.ts';
import { listMyLeads } from './my-leads.service.ts';

const LEADS = 200_000;
const POOL = 50_000;
const CHUNK = 50_000;
const SEED_TIMEOUT_MS = 600_000;
const STATES = ['TX', 'FL', 'CA', 'GA', 'NC', 'OH', 'PA', 'AZ', 'TN', 'MI'];
const now = new Date();

let db: Db;
let destroy: () => Promise<void>;

describe.runIf(process.env.TEST_DATABASE_URL)('rows read per page (MariaDB ANALYZE)', () => {
  beforeAll(async () => {
    ({ db, destroy } = await createTestDb());
    expect(isMysql(db)).toBe(true);
    const states = STATES.map((s) => `'${s}'`).join(', ');
    // The bench's spread (bench/million-leads.ts): 10 states, ages 30-365 days, one lead in 13 sold.
    for (let from = 1; from <= LEADS; from += CHUNK) {
      const to = Math.min(LEADS, from + CHUNK - 1);
      await db
        .raw(
          `INSERT INTO leads (kind, customer_name, customer_phone, customer_state, zip_code, current_age_range, age_days, status, created_at)
           SELECT 'aged', CONCAT('Guard Lead', seq), CONCAT('555', LPAD(seq, 7, '0')), ELT(1 + seq % ${STATES.length}, ${states}),
                  LPAD(10000 + (seq * 7919) % 89999, 5, '0'), '30-60', 30 + (seq * 7) % 336,
                  IF(seq % 13 = 0, 'sold', 'available'), UTC_TIMESTAMP(3)
           FROM seq_${from}_to_${to}`,
        )
        .timeout(SEED_TIMEOUT_MS);
    }
    await db
      .raw(
        `INSERT INTO lead_pool (name, phone, state, created_at, assigned_at)
         SELECT CONCAT('Pool Lead', seq), CONCAT('556', LPAD(seq, 7, '0')), 'TX', UTC_TIMESTAMP(3), NULL FROM seq_1_to_${POOL}`,
      )
      .timeout(SEED_TIMEOUT_MS);
    await db.raw('ANALYZE TABLE leads, lead_listings, leads_for_sale_counts, lead_pool').timeout(SEED_TIMEOUT_MS);
  }, SEED_TIMEOUT_MS);
  afterAll(async () => {
    await destroy?.();
  });

  const measure = (run: () => Promise<unknown>) => listRowsRead(db, run);

  const parse = (q: string) => leadsQuerySchema.parse(Object.fromEntries(new URLSearchParams(q)));
  const BROAD = 'state=TX,FL,CA&age=30-365&pageSize=50';

  /** The cursor 10,000 rows into a filter, walked by nextCursor 100 rows at a time. */
  async function cursorAt(filter: string, depth: number): Promise<string> {
    let after: string | null = null;
    for (let read = 0; read < depth; read += 100) {
      const q = parse(`${filter}&pageSize=100${after ? `&after=${after}` : ''}`);
      after = (await listLeadsForSale(db, 'aged', q, now)).nextCursor!;
    }
    return after!;
  }

  it('the for-sale list reads at most a few rows per row shown, at page 1 and 10,000 rows deep, whatever the way there', async () => {
    const deep = await cursorAt('state=TX,FL,CA&age=30-365', 10_000);
    const cases: Array<[string, number]> = [
      // [query, the states read in parts (each part reads the page's worth)]
      [BROAD, 3],
      [`${BROAD}&after=${deep}`, 3],
      [`${BROAD}&before=${deep}`, 3],
      [`${BROAD}&after=${deep}&skip=150`, 3],
      [`${BROAD}&fromAge=300`, 3],
      ['age=30-365&pageSize=50', 1],
      [`age=30-365&pageSize=50&after=${deep}`, 1],
      ['state=TX&pageSize=50', 1],
    ];
    const report: string[] = [];
    for (const [query, parts] of cases) {
      const q = parse(query);
      const window = q.pageSize + (q.skip ?? 0) + (q.before !== undefined ? 1 : 0);
      const { page, counted } = await measure(() => listLeadsForSale(db, 'aged', q, now));
      report.push(
        `${query.replace(/&after=\d+|&before=\d+/, (m) => m.replace(/\d+/, 'deep'))}: page read ${page} rows (${window} x ${parts} parts), count read ${counted}`,
      );
      // Not vacuous: the page is full, so at least its rows were read.
      expect(page, report.at(-1)).toBeGreaterThanOrEqual(q.pageSize);
      // One row for the cursor's own lookup; each state's part reads its window; 2x headroom.
      expect(page, report.at(-1)).toBeLessThanOrEqual(2 * window * parts + 1);
      // The count reads the count table (states x age days), never the leads: bounded by the filter's
      // cells, not by the 200,000 leads.
      expect(counted, report.at(-1)).toBeLessThanOrEqual(STATES.length * 336 * 4 + 2 * 10_001);
    }
    // The guard bites: the same page reached by number (an offset) reads every row before it.
    const byNumber = await measure(() => listLeadsForSale(db, 'aged', parse(`${BROAD}&page=150`), now));
    expect(byNumber.page).toBeGreaterThan(2 * 50 * 3 + 1);
    report.push(`${BROAD}&page=150 (by offset, for contrast): page read ${byNumber.page} rows`);
    console.log(`rows read over ${LEADS.toLocaleString('en-US')} leads:\n  ${report.join('\n  ')}`);
  });

  it("the admin's shop leads and pool read a page's worth at page 1 and 10,000 rows deep", async () => {
    const shop = (q: Record<string, unknown>) => listSaleLeads(db, adminSaleLeadsQuerySchema.parse(q));
    const pool = (q: Record<string, unknown>) => listPool(db, poolQuerySchema.parse(q));
    const maxId = Number(((await db('leads').max({ m: 'id' }).first()) as { m: number }).m);
    const poolMin = Number(((await db('lead_pool').min({ m: 'id' }).first()) as { m: number }).m);
    const cases: Array<[string, () => Promise<unknown>]> = [
      ['shop page 1', () => shop({ status: 'all', pageSize: 50 })],
      ['shop 10,000 deep', () => shop({ status: 'all', pageSize: 50, after: maxId - 10_000 })],
      ['shop 10,000 deep backwards', () => shop({ status: 'all', pageSize: 50, before: maxId - 10_000 })],
      ['pool page 1', () => pool({ pageSize: 50 })],
      ['pool 10,000 deep', () => pool({ pageSize: 50, after: poolMin + 10_000 })],
    ];
    const report: string[] = [];
    for (const [name, run] of cases) {
      const { page, counted } = await measure(run);
      // The page (and its join to users by primary key) reads about its rows; the total stops at 10,001.
      expect(page, name).toBeGreaterThanOrEqual(50);
      expect(page, name).toBeLessThanOrEqual(4 * 51);
      report.push(`${name}: page read ${page} rows, count read ${counted}`);
      expect(counted, name).toBeLessThanOrEqual(10_001 + 10);
    }
    console.log(`admin lists, rows read:\n  ${report.join('\n  ')}`);
  });
});

// My Leads of a big buyer, in a database of its own: the buyer holds two thirds of the table, as the
// big-buyer bench's agent does (100,000 of 150,000), the distribution where MariaDB 10.11 once read every
// lead before a cursor (its ref on buyer_id chosen over the range, the seek left as a filter).
describe.runIf(process.env.TEST_DATABASE_URL)('My Leads rows read per page (MariaDB ANALYZE, decision 266)', () => {
  const BOUGHT = 60_000;
  let mine: Db;
  let drop: () => Promise<void>;
  let buyer: number;
  beforeAll(async () => {
    ({ db: mine, destroy: drop } = await createTestDb());
    buyer = (await makeUser(mine)).id;
    // Sold at one of 365 instants (about 160 leads share each, as the bench's do), 30,000 others available.
    await mine
      .raw(
        `INSERT INTO leads (kind, customer_name, customer_phone, customer_state, zip_code, current_age_range, age_days, status, buyer_id, sold_at, created_at)
         SELECT 'aged', CONCAT('Bought Lead', seq), CONCAT('557', LPAD(seq, 7, '0')), 'TX', '73301', '30-60', 40,
                IF(seq <= ${BOUGHT}, 'sold', 'available'), IF(seq <= ${BOUGHT}, ?, NULL),
                IF(seq <= ${BOUGHT}, UTC_TIMESTAMP(3) - INTERVAL (seq % 365) DAY, NULL), UTC_TIMESTAMP(3)
         FROM seq_1_to_${BOUGHT + 30_000}`,
        [buyer],
      )
      .timeout(SEED_TIMEOUT_MS);
    await mine.raw('ANALYZE TABLE leads').timeout(SEED_TIMEOUT_MS);
  }, SEED_TIMEOUT_MS);
  afterAll(async () => {
    await drop?.();
  });

  it("reads a page's worth at page 1 and 40,000 deep by cursor, both ways", async () => {
    const deep = (await mine('leads')
      .where({ buyerId: buyer, status: 'sold' })
      .orderBy([
        { column: 'soldAt', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .offset(39_999)
      .first('id')) as { id: number };
    const cases: Array<[string, Parameters<typeof listMyLeads>[2], number]> = [
      // [name, place, the keys each side reads before the page's rows]
      ['page 1', {}, 50],
      ['40,000 deep, after', { after: `purchased-${deep.id}`, page: 801 }, 50],
      ['40,000 deep, before', { before: `purchased-${deep.id}`, page: 801 }, 51],
      ['page 200 by number (its bound)', { page: 200 }, 10_000],
    ];
    const report: string[] = [];
    for (const [name, place, keys] of cases) {
      const { page, counted } = await listRowsRead(mine, () => listMyLeads(mine, buyer, place));
      report.push(`${name}: page read ${page} rows, count read ${counted}`);
      // The keys from my_lead_keys (decision 274), then the page's 50 rows by primary key. Before decision
      // 266 the page 40,000 deep read the 40,000 leads before it; before 274 page 200 read 10,000 keys of
      // each side and sorted them.
      expect(page, report.at(-1)).toBeGreaterThanOrEqual(50);
      expect(page, report.at(-1)).toBeLessThanOrEqual(keys + 50 + 1);
      expect(counted, report.at(-1)).toBeLessThanOrEqual(10_001);
    }
    console.log(`My Leads, ${BOUGHT.toLocaleString('en-US')} bought leads, rows read:\n  ${report.join('\n  ')}`);
  });
});
