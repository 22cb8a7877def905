// Load benchmark (issue 9): autocannon, 100 connections, BENCH_SECONDS (20) each, against the real server
// on MariaDB with 1,000,000 leads, beside a bare node:http server serving the same static files:
//   GET /, GET /standard-pricing (app and bare), GET /api/aged-leads with filters (logged in),
//   POST /api/create-payment-intent (test-payment mode: order row + PaymentIntent at the embedded emulator).
// Prints req/s, p50, p99, errors, 5xx, EXPLAIN of every query the filtered list runs, and checks issue 28's
// targets, each a ratio in this run: static pages through the static middleware at least 35% of the bare
// node:http server's req/s; the lead list with a different filter and page per request at 50 connections
// at least 50% of its same-work floor (bench/bare-leads.ts); the same list offered 100 requests per second
// with Poisson arrivals, open loop (bench/poisson.ts), after a 5 s warm-up: p99 under 50 ms; no errors.
// (Issue 16's 1,500 req/s and p99 100 ms are withdrawn: this machine's floor for that work is ~1,000 req/s.)
// The app runs as ONE process (api/src/server.ts, pool of 10) for every row, and the issue's lead-list row
// also as one process per core (BENCH_PROCESSES, default os.availableParallelism(): node:cluster sharing
// the port, bench/cluster.mjs), as production runs several processes behind a load balancer; MariaDB
// and autocannon on the same machine.
//
// Run: npm run build && npm run bench -- load
// Env: BENCH_DATABASE_URL (mysql://root@127.0.0.1:3306/tm_bench), BENCH_SECONDS (20), BENCH_LEADS (1000000),
//      BENCH_FRESH=1 (rebuild the table), BENCH_CONNECTIONS (100), BENCH_ONLY=leads (only the bare server and
//      the lead-list rows, with their checks), BENCH_PROCESSES (processes of the lead-list target rows),
//      BENCH_POISSON_SECONDS (30: the measured part of the open-loop row, after its 5 s warm-up).
//      Not part of `npm test`.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { explainLeadList, statementsOf } from './explain-leads.ts';
import { TIERS } from '@tm/shared';
import { ROOT, startServer, startBare, startReadyProcess, loginCookie, freePort } from './lib.ts';
import { openLoop, type OpenLoopResult } from './poisson.ts';
import { benchDatabaseUrl, prepareMillionLeads } from './million-leads.ts';
import { STATEMENTS } from './bare-leads.ts';
import { listLeadsForSale } from '../api/src/services/leads/leads.service.ts';
import { liveSessionUser } from '../api/src/services/accounts/sessions.service.ts';
import { leadsQuerySchema } from '@tm/shared/schemas/leads';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const { url, dbName } = benchDatabaseUrl('tm_bench');
const FILTER = 'state=TX,FL&age=30-60';
/** Issue 16's lead-list row: 50 buyers at once, each request its own filter and page. */
const LEAD_CONNECTIONS = 50;
/** BENCH_ONLY=leads: the bare server's row and the issue's lead-list row only (a quick run). */
const ONLY_LEADS = process.env.BENCH_ONLY === 'leads';
/** The lead-list target row's app: one process per core, as a production machine runs it. */
const PROCESSES = Number(process.env.BENCH_PROCESSES ?? os.availableParallelism());
/** The open-loop row: offered rate, warm-up, measured seconds, and its p99 target. */
const POISSON = { rate: 100, warmupSeconds: 5, seconds: Number(process.env.BENCH_POISSON_SECONDS ?? 30), p99TargetMs: 50 };
/** The static pages' and the lead list's targets, as ratios of the same run's bare servers. */
const STATIC_RATIO = 0.35;
const FLOOR_RATIO = 0.5;
/** The app's and the floor server's session secret (the floor opens the app's seals). */
const SESSION_SECRET = 'bench-session-secret-0123456789abcdef0123456789';

for (const f of ['index.html', 'standard-pricing.html']) {
  if (!fs.existsSync(path.join(ROOT, 'marketing', 'dist', f))) {
    console.error('Build first: npm run build');
    process.exit(1);
  }
}

// ---------------------------------------------------------------------------------------------
// 1,000,000 aged leads on MariaDB (INSERT ... SELECT from the SEQUENCE engine, 100,000 rows a statement)

// ---------------------------------------------------------------------------------------------
// Measuring

/**
 * A different filter on (almost) every request: two of the 20 states, a 30-day age window and one of the
 * first five pages (190 x 306 x 5 = 290,700 combinations), so requests rarely repeat and the figure
 * is the database's own cost under load.
 */
const BENCH_STATES = ['TX', 'FL', 'CA', 'GA', 'NC', 'OH', 'PA', 'AZ', 'TN', 'MI', 'IL', 'NY', 'SC', 'AL', 'MO', 'IN', 'KY', 'LA', 'OK', 'VA'];
function randomFilterPath(): string {
  const a = Math.floor(Math.random() * 20);
  const b = (a + 1 + Math.floor(Math.random() * 19)) % 20;
  const from = 30 + Math.floor(Math.random() * 306);
  return `/api/aged-leads?state=${BENCH_STATES[a]},${BENCH_STATES[b]}&age=${from}-${from + 30}&page=${1 + Math.floor(Math.random() * 5)}`;
}

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  s5xx: number;
  non2xx: number;
  total: number;
}

async function measure(name: string, opts: autocannon.Options): Promise<Row> {
  const r = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...opts });
  const counts = r as unknown as Record<'2xx' | '4xx' | '5xx', number>;
  const row = {
    name,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    s5xx: counts['5xx'],
    non2xx: r.non2xx,
    total: r.requests.total,
  };
  console.log(`  ${name}: ${row.rps} req/s, p99 ${row.p99} ms`);
  return row;
}

/**
 * The checkout is rate limited per address (100 per 15 minutes). Load comes from many buyers, not one:
 * this forwarder gives every incoming connection its own loopback source address (127.0.x.y), and the
 * checkout run reconnects every 50 requests, so no address goes over the limit.
 */
async function startSpreadForwarder(targetPort: number): Promise<{ port: number; stop: () => Promise<void> }> {
  let n = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    n += 1;
    const upstream = net.connect({ port: targetPort, host: '127.0.0.1', localAddress: `127.0.${1 + Math.floor(n / 250)}.${1 + (n % 250)}` });
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as net.AddressInfo).port,
    stop: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}

// ---------------------------------------------------------------------------------------------

const db = await prepareMillionLeads(url, dbName);
const total = Number(((await db('leads').where({ kind: 'aged' }).count({ n: '*' }).first()) as { n: number }).n);
console.log(`aged leads in ${dbName}: ${total.toLocaleString('en-US')}`);
const indexed = (await explainLeadList(db, `${FILTER}&page=1`)) && (await explainLeadList(db, `${FILTER}&page=5`));
// The floor server (bench/bare-leads.ts) must send the app's own statements: the text the app sends for
// a two-state, one-window page, as captured from its services, against the floor's.
const { sent: appStatements } = await statementsOf(db, async () => {
  await liveSessionUser(db, 'no-such-session', 1, new Date(), 60_000);
  await listLeadsForSale(db, 'aged', leadsQuerySchema.parse({ state: 'TX,FL', age: '40-70', page: '3' }), new Date());
});
const sent = appStatements.map((s) => s.sql);
const floorStatements = [STATEMENTS.session, STATEMENTS.total, STATEMENTS.page];
if (sent.length !== 3 || !floorStatements.every((sql) => sent.includes(sql))) {
  console.error(`bench/bare-leads.ts does not send the app's statements; the app sent:\n${sent.join('\n')}`);
  process.exit(1);
}
await db.destroy();

const appEnv = { DATABASE_URL: url, DATABASE_POOL_MAX: '10', SESSION_SECRET };
// Free ports: other benchmarks may run on this machine at the same time.
const [appPort, appNPort, floorPort, bareIndexPort, barePricingPort] = [
  await freePort(),
  await freePort(),
  await freePort(),
  await freePort(),
  await freePort(),
];
const app = await startServer(appPort, appEnv);
const appN = PROCESSES > 1 ? await startServer(appNPort, appEnv, PROCESSES) : app;
const floor = await startReadyProcess(floorPort, ['--import', 'tsx', 'bench/bare-leads.ts'], {
  PORT: String(floorPort),
  BENCH_DATABASE_URL: url,
  SESSION_SECRET,
  DATABASE_POOL_MAX: '10',
});
console.log(
  `\nApp: one process (api/src/server.ts), DATABASE_POOL_MAX 10; the lead-list target row: ${PROCESSES} process(es) sharing one port. MariaDB, autocannon and the bare servers share this machine (${os.availableParallelism()} cores).`,
);
const bareIndex = await startBare(bareIndexPort, path.join(ROOT, 'marketing', 'dist', 'index.html'));
const barePricing = await startBare(barePricingPort, path.join(ROOT, 'marketing', 'dist', 'standard-pricing.html'));
const forwarder = await startSpreadForwarder(appPort);
const rows: Row[] = [];
const cookie = await loginCookie(app.url);
const cookieN = appN === app ? cookie : await loginCookie(appN.url);
const callCount = 5;
const buyer = { firstName: 'Bench', lastName: 'Buyer', email: 'bench-buyer@example.com', phone: '5550100000' };
const body = JSON.stringify({ callCount, tier: 'standard', amount: (callCount * TIERS.standard.rateCents) / 100, ...buyer });

/** Issue 16's row. What buyers do: every request its own filter and page (nothing is cached, decision 080). */
const LEADS_LABEL = `${(Number(process.env.BENCH_LEADS ?? 1_000_000) / 1_000_000).toLocaleString('en-US')}M leads`;
const LEAD_ROW = `GET /api/aged-leads, a different filter and page per request, ${LEAD_CONNECTIONS} connections (${LEADS_LABEL}), ${PROCESSES} process(es)`;
const LEAD_ROW_1 = `GET /api/aged-leads, a different filter and page per request, ${LEAD_CONNECTIONS} connections (${LEADS_LABEL}), 1 process (not a target)`;
const leadRow = (name: string, target: { url: string }, sessionCookie: string) =>
  measure(name, {
    url: target.url,
    headers: { cookie: sessionCookie },
    connections: LEAD_CONNECTIONS,
    requests: [{ setupRequest: (req) => ({ ...req, path: randomFilterPath() }) }],
  });
/** The same requests answered by bench/bare-leads.ts: the least any server does for them on this machine. */
const FLOOR_ROW = `bare node:http + mysql2, the same seal, statements and JSON, ${LEAD_CONNECTIONS} connections (the row's floor, not a target)`;
const leadRows = async () => {
  // The floor answers what the app answers, byte for byte.
  const probe = `/api/aged-leads?state=GA,OH&age=100-130&page=4`;
  const [fromApp = '', fromFloor = ''] = await Promise.all(
    [app.url, floor.url].map(async (base) => (await fetch(base + probe, { headers: { cookie } })).text()),
  );
  if (fromApp !== fromFloor) {
    let at = 0;
    while (fromApp[at] === fromFloor[at]) at += 1;
    const near = (s: string) => s.slice(Math.max(0, at - 120), at + 180);
    throw new Error(`the floor server's answer differs from the app's at character ${at}:\napp:   ${near(fromApp)}\nfloor: ${near(fromFloor)}`);
  }
  rows.push(await leadRow(FLOOR_ROW, floor, cookie));
  if (appN !== app) rows.push(await leadRow(LEAD_ROW_1, app, cookie));
  rows.push(await leadRow(LEAD_ROW, appN, cookieN));
  // Issue 28's latency row: buyers arriving at random, 100 a second on average, each a new filter and page.
  console.log(`  open loop: ${POISSON.rate} req/s offered (Poisson), ${POISSON.warmupSeconds} s warm-up, ${POISSON.seconds} s measured...`);
  poisson = await openLoop({ url: appN.url, ...POISSON, path: randomFilterPath, headers: { cookie: cookieN } });
  console.log(`  open loop: p50 ${poisson.p50} ms, p99 ${poisson.p99} ms over ${poisson.total} requests`);
};
let poisson: OpenLoopResult | undefined;

try {
  console.log(`\nautocannon: ${CONNECTIONS} connections, ${SECONDS} s each`);
  rows.push(await measure('bare node:http, index.html', { url: `${bareIndex.url}/` }));
  if (ONLY_LEADS) {
    await leadRows();
  } else {
    const probe = await fetch(`${app.url}/api/create-payment-intent`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
    if (probe.status !== 200) throw new Error(`create-payment-intent probe: ${probe.status} ${await probe.text()}`);
    rows.push(await measure('GET / (app)', { url: `${app.url}/` }));
    rows.push(await measure('bare node:http, standard-pricing.html', { url: `${barePricing.url}/` }));
    rows.push(await measure('GET /standard-pricing (app)', { url: `${app.url}/standard-pricing` }));
    rows.push(await measure(`GET /api/aged-leads?${FILTER} (${LEADS_LABEL})`, { url: `${app.url}/api/aged-leads?${FILTER}&page=1`, headers: { cookie } }));
    // The same from one connection: the request's own latency, without queueing behind 99 others.
    rows.push(
      await measure(`GET /api/aged-leads?${FILTER}, 1 connection`, {
        url: `${app.url}/api/aged-leads?${FILTER}&page=1`,
        headers: { cookie },
        connections: 1,
      }),
    );
    await leadRows();
    rows.push(
      await measure('POST /api/create-payment-intent (test-payment mode)', {
        url: `http://127.0.0.1:${forwarder.port}/api/create-payment-intent`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        reconnectRate: 50,
      }),
    );
  }
} finally {
  await forwarder.stop();
  await bareIndex.stop();
  await barePricing.stop();
  await app.stop();
  if (appN !== app) await appN.stop();
  await floor.stop();
}

console.log('\n| target | req/s | p50 ms | p99 ms | errors | 5xx | non-2xx | requests |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
for (const r of rows) console.log(`| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.s5xx} | ${r.non2xx} | ${r.total} |`);

const row = (name: string) => rows.find((r) => r.name === name);
const bareI = row('bare node:http, index.html')!;
const mixed = row(LEAD_ROW)!;
// The issue's row printed beside the bare server of the same run (the machine's speed at that moment).
console.log(`\n| same run | req/s | p50 ms | p99 ms | errors |\n|---|---:|---:|---:|---:|`);
const floorRow = row(FLOOR_ROW)!;
for (const r of [bareI, floorRow, row(LEAD_ROW_1), mixed].filter((r) => r !== undefined))
  console.log(`| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors + r.non2xx} |`);
const checks: Array<[string, boolean]> = [];
const appI = row('GET / (app)');
const bareP = row('bare node:http, standard-pricing.html');
const appP = row('GET /standard-pricing (app)');
if (appI && appP && bareP) {
  checks.push([`GET / at ${Math.round((appI.rps / bareI.rps) * 100)}% of the bare server (target at least 35%)`, appI.rps >= bareI.rps * STATIC_RATIO]);
  checks.push([
    `GET /standard-pricing at ${Math.round((appP.rps / bareP.rps) * 100)}% of the bare server (target at least 35%)`,
    appP.rps >= bareP.rps * STATIC_RATIO,
  ]);
}
const leads = row(`GET /api/aged-leads?${FILTER} (${LEADS_LABEL})`);
const leads1 = row(`GET /api/aged-leads?${FILTER}, 1 connection`);
checks.push(
  [
    `lead list, a different filter and page per request over ${total.toLocaleString('en-US')} leads at ${LEAD_CONNECTIONS} connections: ${mixed.rps} req/s, ${Math.round((mixed.rps / floorRow.rps) * 100)}% of the same work on a bare server (${floorRow.rps} req/s, p99 ${floorRow.p99} ms), ${mixed.errors + mixed.non2xx} errors (targets: at least 50% of the floor, none; p99 ${mixed.p99} ms and bare node:http ${bareI.rps} req/s in this run${leads && leads1 ? `; the same filter at ${CONNECTIONS} connections ${leads.rps} req/s p99 ${leads.p99} ms, from 1 connection p99 ${leads1.p99} ms, not targets` : ''})`,
    mixed.rps >= floorRow.rps * FLOOR_RATIO && mixed.errors === 0 && mixed.non2xx === 0,
  ],
  [
    poisson
      ? `lead list offered ${POISSON.rate} req/s with Poisson arrivals, open loop, after a ${POISSON.warmupSeconds} s warm-up (${poisson.offeredRate} req/s over ${POISSON.seconds} s, ${poisson.total} requests): p50 ${poisson.p50} ms, p90 ${poisson.p90} ms, p99 ${poisson.p99} ms, max ${poisson.max} ms, ${poisson.errors + poisson.non2xx} errors (target: p99 under ${POISSON.p99TargetMs} ms, none)`
      : 'the open-loop lead-list row ran',
    !!poisson && poisson.p99 < POISSON.p99TargetMs && poisson.errors + poisson.non2xx === 0,
  ],
  ['every query of the filtered list uses an index', indexed],
  [
    `errors ${rows.reduce((s, r) => s + r.errors, 0)}, 5xx ${rows.reduce((s, r) => s + r.s5xx, 0)}, other non-2xx ${rows.reduce((s, r) => s + r.non2xx - r.s5xx, 0)} (target 0)`,
    rows.every((r) => r.errors === 0 && r.non2xx === 0),
  ],
);
const pay = row('POST /api/create-payment-intent (test-payment mode)');
if (pay) console.log(`\nPaymentIntents created: ${pay.total.toLocaleString('en-US')} (${pay.rps}/s).`);
for (const [text, ok] of checks) console.log(`${ok ? 'PASS' : 'FAIL'}  ${text}`);
if (checks.some(([, ok]) => !ok)) process.exit(1);
