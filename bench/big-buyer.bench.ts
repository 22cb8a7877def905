// Big-buyer benchmark (issue 38 point 4, decision 239): the demo agent with 100,000 purchased leads,
// 5,000 transfers and 2,000 appointments (made once in its own MariaDB database and reused), and the
// agent's screens offered 100 req/s each with Poisson arrivals (5 s warm-up): home, My Leads (page 1, its
// deepest numbered page and the page after a cursor 40,000 deep), My Transfers, My Appointments and
// Results. Target: p99 under 50 ms each. Prints the figures; exits 1 on a miss, and says so if the server
// ends on its own (its exit code, signal and last lines; decision 267). The machine is shared: noisy.
//
// Run: npm run bench -- big-buyer
// Env: BENCH_DATABASE_URL (mysql://root@127.0.0.1:3306/tm_bench_buyer), BENCH_POISSON_SECONDS (15).
import os from 'node:os';
import { startServer, loginCookie, freePort } from './lib.ts';
import { openLoop, type OpenLoopResult } from './poisson.ts';
import { benchDatabaseUrl, prepareMillionLeads } from './million-leads.ts';

const { url, dbName } = benchDatabaseUrl('tm_bench_buyer');
const LEADS = 150_000;
const BOUGHT = 100_000;
const TRANSFERS = 5_000;
const APPOINTMENTS = 2_000;
const POISSON = { rate: 100, warmupSeconds: 5, seconds: Number(process.env.BENCH_POISSON_SECONDS ?? 15) };
const P99_TARGET_MS = 50;
const SESSION_SECRET = 'bench-session-secret-0123456789abcdef0123456789';
const BULK_TIMEOUT_MS = 600_000;

const db = await prepareMillionLeads(url, dbName, LEADS);
const agent = (await db('users').where({ email: 'agent@example.com' }).first('id')) as { id: number };
const count = async (table: string, where: Record<string, unknown>) => Number(((await db(table).where(where).count({ n: '*' }).first()) as { n: number }).n);
if ((await count('leads', { buyerId: agent.id, status: 'sold' })) < BOUGHT) {
  console.log(`Selling ${BOUGHT.toLocaleString('en-US')} leads, and making ${TRANSFERS} transfers and ${APPOINTMENTS} appointments for agent #${agent.id}...`);
  for (let sold = 0; sold < BOUGHT; sold += 20_000) {
    await db
      .raw(
        `UPDATE leads SET status = 'sold', buyer_id = ?, sold_at = UTC_TIMESTAMP(3) - INTERVAL (id % 365) DAY
         WHERE kind = 'aged' AND status = 'available' ORDER BY id LIMIT 20000`,
        [agent.id],
      )
      .timeout(BULK_TIMEOUT_MS);
  }
  await db
    .raw(
      `INSERT INTO transfer_calls (external_call_id, user_id, caller_name, caller_phone, caller_phone_key, state, started_at, ended_at, duration_seconds, buffer_seconds, billable, status)
       SELECT CONCAT('bench-buyer-', seq), ?, CONCAT('Caller ', seq), CONCAT('555', LPAD(seq, 7, '0')), CONCAT('555', LPAD(seq, 7, '0')),
              ELT(1 + seq % 5, 'TX', 'FL', 'CA', 'GA', 'OH'), UTC_TIMESTAMP(3) - INTERVAL seq * 100 MINUTE,
              UTC_TIMESTAMP(3) - INTERVAL seq * 100 MINUTE + INTERVAL 300 SECOND, 300, 120, 1, 'billed'
       FROM seq_1_to_${TRANSFERS}`,
      [agent.id],
    )
    .timeout(BULK_TIMEOUT_MS);
  await db
    .raw(
      `INSERT INTO appointments (customer_name, customer_phone, customer_state, status, buyer_id, purchased_at, created_at)
       SELECT CONCAT('Appointment ', seq), CONCAT('556', LPAD(seq, 7, '0')), ELT(1 + seq % 5, 'TX', 'FL', 'CA', 'GA', 'OH'), 'sold', ?,
              UTC_TIMESTAMP(3) - INTERVAL seq * 4 HOUR, UTC_TIMESTAMP(3) - INTERVAL seq * 4 HOUR
       FROM seq_1_to_${APPOINTMENTS}`,
      [agent.id],
    )
    .timeout(BULK_TIMEOUT_MS);
  await db.raw('ANALYZE TABLE leads, transfer_calls, appointments').timeout(BULK_TIMEOUT_MS);
}
const held = {
  leads: await count('leads', { buyerId: agent.id, status: 'sold' }),
  transfers: await count('transfer_calls', { userId: agent.id }),
  appointments: await count('appointments', { buyerId: agent.id, status: 'sold' }),
};
// A My Leads cursor 40,000 leads deep (the lead the page after it follows): any depth costs what page 1 does.
const DEEP = 40_000;
const deep = (await db('leads')
  .where({ buyerId: agent.id, status: 'sold' })
  .orderBy([
    { column: 'soldAt', order: 'desc' },
    { column: 'id', order: 'desc' },
  ])
  .offset(DEEP - 1)
  .first('id')) as { id: number };
await db.destroy();

const SCREENS: Array<[string, string]> = [
  ['home', '/api/dashboard/home'],
  ['My Leads, page 1', '/api/my-leads'],
  ['My Leads, page 200 (the deepest numbered page)', '/api/my-leads?page=200'],
  [`My Leads, the page after a cursor ${DEEP.toLocaleString('en-US')} deep`, `/api/my-leads?after=purchased-${deep.id}&page=${DEEP / 50 + 1}`],
  ['My Transfers', '/api/transfers'],
  ['My Appointments', '/api/vapi/my-appointments'],
  ['Results (this month)', '/api/results'],
];

const port = await freePort();
const app = await startServer(port, { DATABASE_URL: url, DATABASE_POOL_MAX: '10', SESSION_SECRET });
const rows: Array<{ name: string; r: OpenLoopResult }> = [];
try {
  const cookie = await loginCookie(app.url);
  for (const [name, path] of SCREENS) {
    // The screen before may have left a backlog (a pool of 10 under 100 req/s it could not serve): wait up
    // to 60 s for the server to answer this one before offering it load.
    let probe = await fetch(app.url + path, { headers: { cookie } }).catch(() => null);
    for (let i = 0; i < 30 && !probe?.ok && !app.died(); i++) {
      await new Promise((r) => setTimeout(r, 2000));
      probe = await fetch(app.url + path, { headers: { cookie } }).catch(() => null);
    }
    if (!probe?.ok) throw new Error(app.died() ?? `${path}: ${probe?.status ?? 'no answer'} ${probe ? await probe.text() : ''}`);
    console.log(`  ${name}: open loop ${POISSON.rate} req/s, ${POISSON.seconds} s...`);
    rows.push({ name, r: await openLoop({ url: app.url, ...POISSON, path: () => path, headers: { cookie } }) });
    if (app.died()) throw new Error(`${app.died()!}, during ${name}`);
  }
} finally {
  await app.stop();
}

console.log(
  `\nAgent with ${held.leads.toLocaleString('en-US')} purchased leads, ${held.transfers.toLocaleString('en-US')} transfers, ${held.appointments.toLocaleString('en-US')} appointments; one process; ${os.availableParallelism()} cores, load average ${os.loadavg()[0]!.toFixed(1)} (noisy).`,
);
console.log('\n| screen | p50 ms | p90 ms | p99 ms | errors |\n|---|---:|---:|---:|---:|');
for (const { name, r } of rows) console.log(`| ${name} | ${r.p50} | ${r.p90} | ${r.p99} | ${r.errors + r.non2xx} |`);
let failed = false;
for (const { name, r } of rows) {
  const ok = r.p99 < P99_TARGET_MS && r.errors + r.non2xx === 0;
  failed ||= !ok;
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}: p99 ${r.p99} ms (target under ${P99_TARGET_MS}), ${r.errors + r.non2xx} errors`);
}
if (failed) process.exit(1);
