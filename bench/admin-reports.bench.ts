// The admin's reports over a year of big-buyer data (issue 38 point 4, decision 256): every
// /api/admin/reports/* (revenue, buyers, transfers, refunds, no-shows, campaigns) and its CSV, for the
// last 365 days, on the big-buyer database (`npm run bench -- big-buyer` makes it: an agent with 100,000
// purchased leads, 5,000 transfers and 2,000 appointments). Each is asked BENCH_REPORT_RUNS times (5)
// one after another; target: every answer under 1 s. Prints the figures; exits 1 on a miss.
//
// Run: npm run bench -- big-buyer (once), then npm run bench -- admin-reports
// Env: BENCH_DATABASE_URL (mysql://root@127.0.0.1:3306/tm_bench_buyer), BENCH_REPORT_RUNS (5).
import os from 'node:os';
import knexFactory from 'knex';
import { knexConfig } from '../knexfile.ts';
import { startServer, loginCookie, freePort } from './lib.ts';
import { benchDatabaseUrl } from './million-leads.ts';

const { url } = benchDatabaseUrl('tm_bench_buyer');
const RUNS = Number(process.env.BENCH_REPORT_RUNS ?? 5);
const TARGET_MS = 1000;
const REPORTS = ['revenue', 'buyers', 'transfers', 'refunds', 'no-shows', 'campaigns'];
const SESSION_SECRET = 'bench-session-secret-0123456789abcdef0123456789';

const db = knexFactory(knexConfig(url));
const held = (await db.raw(
  `SELECT (SELECT COUNT(*) FROM leads WHERE status = 'sold') AS leads, (SELECT COUNT(*) FROM transfer_calls) AS transfers,
          (SELECT COUNT(*) FROM appointments WHERE status = 'sold') AS appointments, (SELECT COUNT(*) FROM orders) AS orders`,
)) as [[{ leads: number; transfers: number; appointments: number; orders: number }]];
await db.destroy();
const sizes = held[0][0];
if (Number(sizes.leads) < 100_000) {
  console.error(`The database holds ${sizes.leads} sold leads: run npm run bench -- big-buyer first (same BENCH_DATABASE_URL).`);
  process.exit(1);
}

const to = new Date().toISOString().slice(0, 10);
const from = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
const port = await freePort();
const app = await startServer(port, { DATABASE_URL: url, DATABASE_POOL_MAX: '10', SESSION_SECRET });
const rows: Array<{ path: string; ms: number[]; status: number; bytes: number }> = [];
try {
  const cookie = await loginCookie(app.url, 'admin@example.com', 'demo-admin-pass');
  for (const name of REPORTS) {
    for (const ext of ['', '.csv']) {
      const path = `/api/admin/reports/${name}${ext}?from=${from}&to=${to}`;
      const ms: number[] = [];
      let status = 0;
      let bytes = 0;
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        const res = await fetch(app.url + path, { headers: { cookie } });
        bytes = (await res.arrayBuffer()).byteLength;
        ms.push(Math.round(performance.now() - t));
        status = res.status;
      }
      rows.push({ path, ms, status, bytes });
    }
  }
} finally {
  await app.stop();
}

console.log(
  `\nA year (${from} to ${to}) over ${Number(sizes.leads).toLocaleString('en-US')} sold leads, ${Number(sizes.transfers).toLocaleString('en-US')} transfers, ${Number(sizes.appointments).toLocaleString('en-US')} sold appointments, ${Number(sizes.orders).toLocaleString('en-US')} orders; ${RUNS} runs each, one at a time; ${os.availableParallelism()} cores, load average ${os.loadavg()[0]!.toFixed(1)}.`,
);
console.log('\n| report | status | bytes | median ms | max ms |\n|---|---:|---:|---:|---:|');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
let failed = false;
for (const r of rows) console.log(`| ${r.path.split('?')[0]} | ${r.status} | ${r.bytes} | ${median(r.ms)} | ${Math.max(...r.ms)} |`);
for (const r of rows) {
  const ok = r.status === 200 && Math.max(...r.ms) < TARGET_MS;
  failed ||= !ok;
  if (!ok) console.log(`FAIL  ${r.path}: ${r.status}, slowest ${Math.max(...r.ms)} ms (target under ${TARGET_MS})`);
}
if (!failed) console.log(`PASS  every report and CSV under ${TARGET_MS} ms`);
if (failed) process.exit(1);
