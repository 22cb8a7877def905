// GET /api/aged-leads with two filters (two states and an age range) over 1,000,000 leads on MariaDB:
// p50/p99 under load, and EXPLAIN of every query the list runs, which must each use an index.
// Run: npm run bench aged-leads   (BENCH_DATABASE_URL=mysql://root@127.0.0.1:3306/tm_bench_aged_leads,
// BENCH_SECONDS=20, BENCH_FRESH=1 to rebuild the table). Needs MariaDB; the first run inserts the rows.
import { explainLeadList } from './explain-leads.ts';
import { startServer, measure, printTable, type Figures, loginCookie } from './lib.ts';
import { benchDatabaseUrl, prepareMillionLeads } from './million-leads.ts';

const { url, dbName } = benchDatabaseUrl('tm_bench_aged_leads');

const db = await prepareMillionLeads(url, dbName);
const total = Number(((await db('leads').where({ kind: 'aged' }).count({ n: '*' }).first()) as { n: number }).n);
console.log(`aged leads in ${dbName}: ${total.toLocaleString('en-US')}`);

const FILTERED = 'state=TX,FL&age=30-60';
// Every query the list runs for this filter, at page 1 and page 20.
const okPage1 = await explainLeadList(db, `${FILTERED}&page=1`);
const okPage20 = await explainLeadList(db, `${FILTERED}&page=20`);
await db.destroy();

const app = await startServer(3911, { DATABASE_URL: url, DATABASE_POOL_MAX: '10' });
const rows: Figures[] = [];
try {
  const cookie = await loginCookie(app.url);
  const probe = (await (await fetch(`${app.url}/api/aged-leads?${FILTERED}`, { headers: { cookie } })).json()) as { total: number; items: unknown[] };
  console.log(`\n${FILTERED}: ${probe.total.toLocaleString('en-US')} matching leads, ${probe.items.length} on page 1`);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
  // One client first (the latency of a request alone), then `connections` clients at once (under load).
  rows.push(
    await measure(`aged-leads ${FILTERED}, page 1, 1 client`, { url: `${app.url}/api/aged-leads?${FILTERED}&page=1`, headers: { cookie }, connections: 1 }),
  );
  rows.push(
    await measure(`aged-leads ${FILTERED}, page 1, ${connections} clients`, {
      url: `${app.url}/api/aged-leads?${FILTERED}&page=1`,
      headers: { cookie },
      connections,
    }),
  );
  rows.push(
    await measure(`aged-leads ${FILTERED}, page 20, ${connections} clients`, {
      url: `${app.url}/api/aged-leads?${FILTERED}&page=20`,
      headers: { cookie },
      connections,
    }),
  );
  rows.push(
    await measure(`aged-leads, no filters (all match), page 1, ${connections} clients`, {
      url: `${app.url}/api/aged-leads?page=1`,
      headers: { cookie },
      connections,
    }),
  );
  rows.push(
    await measure(`aged-leads state=TX,FL&zip=(10 zips), ${connections} clients`, {
      url: `${app.url}/api/aged-leads?state=TX,FL&zip=10000,17919,25838,33757,41676,49595,57514,65433,73352,81271`,
      headers: { cookie },
      connections,
    }),
  );
  printTable(rows);
} finally {
  await app.stop();
}
console.log(`\nIndex used by every query: page 1 ${okPage1 ? 'yes' : 'NO'}, page 20 ${okPage20 ? 'yes' : 'NO'}.`);
if (!okPage1 || !okPage20 || rows.some((r) => r.errors > 0 || r.non2xx > 0)) process.exit(1);
