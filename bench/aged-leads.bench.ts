// GET /api/aged-leads with two filters (two states and an age range) over 1,000,000 leads on MariaDB:
// p50/p99 under load, and EXPLAIN of the page and count queries, which must use an index.
// Run: npm run bench aged-leads   (BENCH_DATABASE_URL=mysql://root@127.0.0.1:3306/tm_bench_aged_leads,
// BENCH_SECONDS=20, BENCH_FRESH=1 to rebuild the table). Needs MariaDB; the first run inserts the rows.
import type { Db } from '../api/src/db/index.ts';
import { availableLeadsQuery, filterIndex, SPARSE_MATCHES } from '../api/src/services/leads/leads.service.ts';
import { leadsQuerySchema } from '@tm/shared/schemas/leads';
import { startServer, measure, printTable, type Figures } from './lib.ts';
import { benchDatabaseUrl, prepareMillionLeads } from './million-leads.ts';

const { url, dbName } = benchDatabaseUrl('tm_bench_aged_leads');

interface ExplainRow {
  table: string;
  type: string;
  key: string | null;
  rows: number;
  Extra: string | null;
}

async function explain(db: Db, label: string, sql: string): Promise<boolean> {
  const [rows] = (await db.raw(`EXPLAIN ${sql}`)) as unknown as [ExplainRow[]];
  console.log(`\nEXPLAIN ${label}:`);
  console.log('| table | type | key | rows | Extra |\n|---|---|---|---:|---|');
  let indexed = true;
  for (const r of rows) {
    console.log(`| ${r.table} | ${r.type} | ${r.key ?? '(none)'} | ${r.rows} | ${r.Extra ?? ''} |`);
    if (!r.key || r.type === 'ALL') indexed = false;
  }
  return indexed;
}

const db = await prepareMillionLeads(url, dbName);
const total = Number(((await db('leads').where({ kind: 'aged' }).count({ n: '*' }).first()) as { n: number }).n);
console.log(`aged leads in ${dbName}: ${total.toLocaleString('en-US')}`);

const FILTERED = 'state=TX,FL&age=30-60';
const q = leadsQuerySchema.parse({ state: 'TX,FL', age: '30-60', page: '1' });
// The three queries listLeadsForSale runs for this filter: the count, the page's ids, the rows.
const index = filterIndex(q);
const count = availableLeadsQuery(db, 'aged', q, index).count({ n: '*' }).toString();
const matches = Number(((await db.raw(count)) as unknown as [Array<{ n: number }>])[0][0]!.n);
const ids = availableLeadsQuery(db, 'aged', q, matches <= SPARSE_MATCHES ? index : null)
  .select('id')
  .orderBy('id', 'desc')
  .limit(50)
  .offset(950)
  .toString();
const pageIds = ((await db.raw(ids)) as unknown as [Array<{ id: number }>])[0].map((r) => r.id);
const rowsSql = db('leads')
  .select('id', 'customerName', 'customerState', 'zipCode', 'ageDays', 'priceCents')
  .whereIn('id', pageIds.length ? pageIds : [0])
  .toString();
const okCount = await explain(db, 'count query', count);
const okPage = await explain(db, "page 20's ids", ids);
const okRows = (await explain(db, "page 20's rows by id", rowsSql)) && okPage;
await db.destroy();

const app = await startServer(3911, { DATABASE_URL: url, DATABASE_POOL_MAX: '10' });
const rows: Figures[] = [];
try {
  const login = await fetch(`${app.url}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ identifier: 'agent@example.com', password: 'demo-agent-pass' }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status}`);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
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
console.log(`\nIndex used: count ${okCount ? 'yes' : 'NO'}, page ids ${okPage ? 'yes' : 'NO'}, rows ${okRows ? 'yes' : 'NO'}.`);
if (!okPage || !okCount || !okRows || rows.some((r) => r.errors > 0 || r.non2xx > 0)) process.exit(1);
