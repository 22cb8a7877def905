// Scale benchmark (issue 38 point 3, decision 239): the lead list at two table sizes, side by side in
// one run, on MariaDB. For each size (BENCH_SCALE_SIZES, default 1,000,000 and 10,000,000 aged leads;
// each its own database, made once and reused, as bench/million-leads.ts makes it):
//   - open loop, 100 req/s offered with Poisson arrivals (5 s warm-up): p50, p90, p99 of
//     (a) a different filter and page per request (the load bench's row) and
//     (b) a broad filter (TX, FL, CA, ages 30-365) 10,000 rows deep by cursor (point 1's target);
//   - single-connection p50 of both;
//   - the rows each read (ANALYZE FORMAT=JSON), page 1 and deep;
//   - the MariaDB settings it ran with, the tables' sizes and how much of them the buffer pool holds.
// Targets at the largest size: the deep page's p99 under 20 ms; open-loop p99 under 50 ms; single-
// connection p50 at most 1.5 x that at the smallest size. Exits 1 on a miss. The machine is shared:
// the figures are noisy, compare sizes within one run only.
//
// Run: npm run bench -- scale
// Env: BENCH_SCALE_SIZES (1000000,10000000), BENCH_MYSQL_URL (mysql://root@127.0.0.1:3306), BENCH_SECONDS (10,
//      the single-connection rows), BENCH_POISSON_SECONDS (20), BENCH_SCALE_DB_PREFIX (tm_bench_scale).
import os from 'node:os';
import { startServer, loginCookie, freePort } from './lib.ts';
import { openLoop, type OpenLoopResult } from './poisson.ts';
import { prepareMillionLeads } from './million-leads.ts';
import { listRowsRead } from './analyze-rows.ts';
import { listLeadsForSale } from '../api/src/services/leads/leads.service.ts';
import { leadsQuerySchema } from '@tm/shared/schemas/leads';
import type { Db } from '../api/src/db/index.ts';

const SIZES = (process.env.BENCH_SCALE_SIZES ?? '1000000,10000000').split(',').map(Number);
const MYSQL = process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
const PREFIX = process.env.BENCH_SCALE_DB_PREFIX ?? 'tm_bench_scale';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const POISSON = { rate: 100, warmupSeconds: 5, seconds: Number(process.env.BENCH_POISSON_SECONDS ?? 20) };
const BROAD = 'state=TX,FL,CA&age=30-365';
const DEPTH = 10_000;
const TARGETS = { deepP99Ms: 20, openLoopP99Ms: 50, singleRatio: 1.5 };
const SESSION_SECRET = 'bench-session-secret-0123456789abcdef0123456789';
const STATES = ['TX', 'FL', 'CA', 'GA', 'NC', 'OH', 'PA', 'AZ', 'TN', 'MI', 'IL', 'NY', 'SC', 'AL', 'MO', 'IN', 'KY', 'LA', 'OK', 'VA'];

/** The load bench's mix: two of the 20 states, a 30-day window, one of the first five pages. */
function randomFilterPath(): string {
  const a = STATES[Math.floor(Math.random() * STATES.length)]!;
  let b = a;
  while (b === a) b = STATES[Math.floor(Math.random() * STATES.length)]!;
  const from = 30 + Math.floor(Math.random() * 306);
  return `/api/aged-leads?state=${a},${b}&age=${from}-${from + 29}&page=${1 + Math.floor(Math.random() * 5)}`;
}

/** The cursor DEPTH rows into the broad filter, followed by nextCursor 100 rows at a time. */
async function deepCursor(db: Db): Promise<string> {
  let after: string | null = null;
  for (let read = 0; read < DEPTH; read += 100) {
    const q = leadsQuerySchema.parse(Object.fromEntries(new URLSearchParams(`${BROAD}&pageSize=100${after ? `&after=${after}` : ''}`)));
    after = (await listLeadsForSale(db, 'aged', q, new Date())).nextCursor!;
  }
  return after!;
}

async function settings(db: Db, dbName: string) {
  const [vars] = (await db.raw(
    "SHOW VARIABLES WHERE Variable_name IN ('version','innodb_buffer_pool_size','innodb_flush_log_at_trx_commit','innodb_log_file_size','max_connections','innodb_io_capacity')",
  )) as unknown as [Array<{ Variable_name: string; Value: string }>];
  const [status] = (await db.raw(
    "SHOW GLOBAL STATUS WHERE Variable_name IN ('Innodb_buffer_pool_bytes_data','Innodb_buffer_pool_read_requests','Innodb_buffer_pool_reads')",
  )) as unknown as [Array<{ Variable_name: string; Value: string }>];
  const [tables] = (await db.raw(
    "SELECT table_name AS t, data_length AS d, index_length AS i FROM information_schema.tables WHERE table_schema = ? AND table_name IN ('leads','lead_listings','leads_for_sale_counts')",
    [dbName],
  )) as unknown as [Array<{ t: string; d: number; i: number }>];
  const mb = (n: number) => `${Math.round(Number(n) / 1048576).toLocaleString('en-US')} MB`;
  return {
    vars: vars.map((v) => `${v.Variable_name}=${/size$/.test(v.Variable_name) ? mb(Number(v.Value)) : v.Value}`).join(', '),
    pool: status.map((v) => `${v.Variable_name}=${v.Variable_name.endsWith('data') ? mb(Number(v.Value)) : v.Value}`).join(', '),
    tables: tables.map((t) => `${t.t} ${mb(t.d)} data + ${mb(t.i)} indexes`).join('; '),
  };
}

/**
 * One connection, one request after another for SECONDS: the median in tenths of a millisecond. autocannon
 * records whole milliseconds, too coarse for a 1.5 x ratio between 3 ms figures (3 and 5 ms read as 1.67 x).
 */
async function singleP50(url: string, cookie: string): Promise<number> {
  const times: number[] = [];
  const until = performance.now() + SECONDS * 1000;
  while (performance.now() < until) {
    const started = performance.now();
    const res = await fetch(url, { headers: { cookie } });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return Math.round(times[Math.floor(times.length / 2)]! * 10) / 10;
}

interface SizeFigures {
  size: number;
  mixed: OpenLoopResult;
  deep: OpenLoopResult;
  floor: OpenLoopResult;
  singleMixed: number;
  singleDeep: number;
  rows: { first: { page: number; counted: number }; deep: { page: number; counted: number } };
  setup: Awaited<ReturnType<typeof settings>>;
}

const figures: SizeFigures[] = [];
for (const size of SIZES) {
  const dbName = `${PREFIX}_${size >= 1_000_000 ? `${size / 1_000_000}m` : `${size / 1000}k`}`;
  const url = `${MYSQL}/${dbName}`;
  console.log(`\n== ${size.toLocaleString('en-US')} aged leads (${dbName})`);
  const db = await prepareMillionLeads(url, dbName, size);
  const cursor = await deepCursor(db);
  const parse = (q: string) => leadsQuerySchema.parse(Object.fromEntries(new URLSearchParams(q)));
  const rows = {
    first: await listRowsRead(db, () => listLeadsForSale(db, 'aged', parse(`${BROAD}&pageSize=50`), new Date())),
    deep: await listRowsRead(db, () => listLeadsForSale(db, 'aged', parse(`${BROAD}&pageSize=50&after=${cursor}`), new Date())),
  };
  const setup = await settings(db, dbName);
  await db.destroy();
  const port = await freePort();
  const app = await startServer(port, { DATABASE_URL: url, DATABASE_POOL_MAX: '10', SESSION_SECRET });
  try {
    const cookie = await loginCookie(app.url);
    const deepPath = `/api/aged-leads?${BROAD}&after=${cursor}&page=${DEPTH / 50 + 1}`;
    console.log(`  open loop ${POISSON.rate} req/s, ${POISSON.seconds} s each...`);
    const mixed = await openLoop({ url: app.url, ...POISSON, path: randomFilterPath, headers: { cookie } });
    const deep = await openLoop({ url: app.url, ...POISSON, path: () => deepPath, headers: { cookie } });
    // The floor of the open loop on this machine: the cheapest signed-in request (the session and the user, one
    // statement), offered the same way. Not a target: it says how much of a p99 is the machine's own queueing.
    const floor = await openLoop({ url: app.url, ...POISSON, path: () => '/api/current-user', headers: { cookie } });
    const singleMixed = await singleP50(`${app.url}/api/aged-leads?state=GA,OH&age=100-129&page=3`, cookie);
    const singleDeep = await singleP50(app.url + deepPath, cookie);
    figures.push({ size, mixed, deep, floor, singleMixed, singleDeep, rows, setup });
  } finally {
    await app.stop();
  }
}

const n = (x: number) => x.toLocaleString('en-US');
console.log(
  `\nOne process, DATABASE_POOL_MAX 10, MariaDB and the load on this machine (${os.availableParallelism()} cores, load average ${os.loadavg()[0]!.toFixed(1)}): noisy.`,
);
console.log(
  `\n| leads | mix open loop p50 / p90 / p99 ms | deep (row ${n(DEPTH)}) open loop p50 / p90 / p99 ms | 1-conn p50 mix / deep ms | rows read page 1 / deep (count) |`,
);
console.log('|---:|---|---|---|---|');
for (const f of figures) {
  console.log(
    `| ${n(f.size)} | ${f.mixed.p50} / ${f.mixed.p90} / ${f.mixed.p99} | ${f.deep.p50} / ${f.deep.p90} / ${f.deep.p99} | ${f.singleMixed} / ${f.singleDeep} | ${f.rows.first.page} / ${f.rows.deep.page} (${f.rows.first.counted}) |`,
  );
}
for (const f of figures) {
  console.log(
    `\n${n(f.size)} leads, the floor (not a target): GET /api/current-user offered the same, p50 / p90 / p99 ${f.floor.p50} / ${f.floor.p90} / ${f.floor.p99} ms`,
  );
}
for (const f of figures) console.log(`\n${n(f.size)} leads: ${f.setup.vars}\n  buffer pool: ${f.setup.pool}\n  tables: ${f.setup.tables}`);

const small = figures[0]!;
const large = figures.at(-1)!;
const checks: Array<[string, boolean]> = [
  [
    `${n(large.size)} leads: the broad filter's page ${n(DEPTH)} rows deep, open-loop p99 ${large.deep.p99} ms (target under ${TARGETS.deepP99Ms})`,
    large.deep.p99 < TARGETS.deepP99Ms,
  ],
  [`${n(large.size)} leads: open-loop p99 of the mix ${large.mixed.p99} ms (target under ${TARGETS.openLoopP99Ms})`, large.mixed.p99 < TARGETS.openLoopP99Ms],
  [
    `${n(large.size)} leads: single-connection p50 ${large.singleMixed} ms, ${(large.singleMixed / Math.max(small.singleMixed, 0.01)).toFixed(2)} x that at ${n(small.size)} (${small.singleMixed} ms; target at most ${TARGETS.singleRatio} x)`,
    large.singleMixed <= small.singleMixed * TARGETS.singleRatio,
  ],
  [
    `rows read do not grow with the table: deep page ${figures.map((f) => f.rows.deep.page).join(' / ')} rows at ${figures.map((f) => n(f.size)).join(' / ')} leads`,
    figures.every((f) => f.rows.deep.page <= 2 * 50 * 3 + 1),
  ],
  [`no errors`, figures.every((f) => f.mixed.errors + f.mixed.non2xx + f.deep.errors + f.deep.non2xx === 0)],
];
for (const [text, ok] of checks) console.log(`${ok ? 'PASS' : 'FAIL'}  ${text}`);
if (checks.some(([, ok]) => !ok)) process.exit(1);
