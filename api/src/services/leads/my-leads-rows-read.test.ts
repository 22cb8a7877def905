// Decision 268: My Leads by keyset reads what it shows, however deep (MariaDB's ANALYZE counts the rows each
// statement actually read). Over 30,000 leads bought by one agent, many sharing a sale time, a page 10,000
// leads deep and every batch of the CSV read about their own rows: each side seeks its ids on its index,
// then reads those rows by primary key. Asked for every column in the seek, MariaDB read the buyer's index
// from the newest lead and dropped every lead before the place. SQLite has no ANALYZE of a statement.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { createTestDb, isMysql, type Db } from '../../db/index.ts';
import { makeUser } from '../../test/harness.ts';
import { listRowsRead } from '../../../../bench/analyze-rows.ts';
import { listMyLeads, myLeadsCsv } from './my-leads.service.ts';

const LEADS = 30_000;
const SEED_TIMEOUT_MS = 120_000;
let db: Db;
let destroy: () => Promise<void>;
let agentId: number;

describe.runIf(process.env.TEST_DATABASE_URL)('My Leads rows read by keyset (MariaDB ANALYZE)', () => {
  beforeAll(async () => {
    ({ db, destroy } = await createTestDb());
    expect(isMysql(db)).toBe(true);
    agentId = (await makeUser(db)).id;
    // Ten leads per sale time (a bulk purchase), a sale every minute.
    await db
      .raw(
        `INSERT INTO leads (kind, customer_name, customer_phone, customer_state, zip_code, age_days, status, buyer_id, sold_at, created_at)
       SELECT 'aged', CONCAT('Keyset Lead', seq), CONCAT('557', LPAD(seq, 7, '0')), 'TX', '73301', 45, 'sold', ?,
              TIMESTAMP('2026-01-01') + INTERVAL (seq DIV 10) MINUTE, UTC_TIMESTAMP(3)
       FROM seq_1_to_${LEADS}`,
        [agentId],
      )
      // Past the requests' 5 s statement bound: each row also fires the summary tables' triggers.
      .timeout(SEED_TIMEOUT_MS);
    await db.raw('ANALYZE TABLE leads, lead_assignments').timeout(SEED_TIMEOUT_MS);
  }, SEED_TIMEOUT_MS);
  afterAll(async () => {
    await destroy?.();
  });

  it('a page 10,000 leads deep reads about a page of leads, and the CSV about its rows', async () => {
    let after: string | undefined;
    for (let seen = 0; seen < 10_000; seen += 100) after = (await listMyLeads(db, agentId, { after, pageSize: 100 })).nextCursor!;
    const { page } = await listRowsRead(db, () => listMyLeads(db, agentId, { after, pageSize: 50 }));
    // The cursor's own lead, the page's ids on each side and its rows by key; 2x headroom.
    expect(page).toBeGreaterThanOrEqual(50);
    expect(page).toBeLessThanOrEqual(2 * (1 + 2 * 51));

    const lines = async () => {
      let n = 0;
      for await (const chunk of myLeadsCsv(db, agentId)) n += chunk.split('\n').length - 1;
      return n;
    };
    let rows = 0;
    const read = await listRowsRead(db, async () => (rows = await lines()));
    expect(rows).toBe(LEADS + 1);
    expect(read.page).toBeLessThanOrEqual(3 * LEADS);
  }, 300_000);
});
