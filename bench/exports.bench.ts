// Exports in constant memory (issue 38 point 4, decision 256): the CSV generators the routes stream
// (My Leads, My Appointments, My Transfers; the admin's Transfers report, decision 277) run in this process
// over the big-buyer database (`npm run bench -- big-buyer` makes it: 100,000 purchased leads), once for a
// small export (a search matching about a tenth; the report: its last 30 days) and once for the whole list
// (the report: its last 365 days), while the live heap is sampled after a full collection every 20 chunks.
// Target: the whole export's live heap growth within BENCH_EXPORT_SLACK_MB (8) of the small one's, and
// under 64 MB: memory does not follow the rows. Prints rows, time and heap; exits 1 on a miss. (The
// big-buyer database has one buyer: the report's rows are its days, not days times many buyers.)
//
// Run: npm run bench -- big-buyer (once), then npm run bench -- exports
// Env: BENCH_DATABASE_URL (mysql://root@127.0.0.1:3306/tm_bench_buyer), BENCH_EXPORT_SLACK_MB (8).
import os from 'node:os';
import v8 from 'node:v8';
import vm from 'node:vm';
import { createDb } from '../api/src/db/index.ts';
import { myLeadsCsv } from '../api/src/services/leads/my-leads.service.ts';
import { myAppointmentsCsv } from '../api/src/services/appointments/appointments.service.ts';
import { rangeOf, reportCsv } from '../api/src/services/reports/reports.service.ts';
import { benchDatabaseUrl } from './million-leads.ts';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const { url } = benchDatabaseUrl('tm_bench_buyer');
const SLACK = Number(process.env.BENCH_EXPORT_SLACK_MB ?? 8) * 1024 * 1024;
const CEILING = 64 * 1024 * 1024;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

// A late batch of an export may outlast the app's 5 s statement timeout on a busy machine: measured without it.
process.env.DB_TIMEOUT_MS = '0';
const db = createDb(url);
const agent = (await db('users').where({ email: 'agent@example.com' }).first('id')) as { id: number };

/** Streams one export to nowhere, counting its lines; the live heap's growth over the start, sampled after a full collection. */
async function measure(chunks: AsyncGenerator<string>): Promise<{ lines: number; ms: number; growth: number }> {
  gc();
  const start = process.memoryUsage().heapUsed;
  let peak = start;
  let lines = 0;
  let n = 0;
  const t = performance.now();
  for await (const chunk of chunks) {
    for (let i = chunk.indexOf('\n'); i !== -1; i = chunk.indexOf('\n', i + 1)) lines += 1;
    if (++n % 20 === 0) {
      gc();
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    }
  }
  gc();
  peak = Math.max(peak, process.memoryUsage().heapUsed);
  return { lines: lines - 1, ms: Math.round(performance.now() - t), growth: peak - start };
}

const rows: Array<{ name: string; small: Awaited<ReturnType<typeof measure>>; whole: Awaited<ReturnType<typeof measure>> }> = [];
try {
  rows.push({ name: 'My Leads CSV', small: await measure(myLeadsCsv(db, agent.id, 'Bench Lead1')), whole: await measure(myLeadsCsv(db, agent.id)) });
  rows.push({
    name: 'My Appointments CSV',
    small: await measure(myAppointmentsCsv(db, agent.id, 'Appointment 1')),
    whole: await measure(myAppointmentsCsv(db, agent.id)),
  });
  // The admin's Transfers by day (a row per day and buyer), a month of days a statement: a month, then a year.
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const report = (days: number) => reportCsv(db, 'transfers', rangeOf(day(days - 1), day(0), 'America/New_York'));
  rows.push({ name: 'Transfers report CSV', small: await measure(report(30)), whole: await measure(report(365)) });
} finally {
  await db.destroy();
}

console.log(`\nExports streamed in process over the big-buyer database; ${os.availableParallelism()} cores, load average ${os.loadavg()[0]!.toFixed(1)}.`);
console.log('\n| export | small rows | small s | small heap growth | whole rows | whole s | whole heap growth |\n|---|---:|---:|---:|---:|---:|---:|');
for (const r of rows)
  console.log(
    `| ${r.name} | ${r.small.lines} | ${(r.small.ms / 1000).toFixed(1)} | ${mb(r.small.growth)} | ${r.whole.lines} | ${(r.whole.ms / 1000).toFixed(1)} | ${mb(r.whole.growth)} |`,
  );
let failed = false;
for (const r of rows) {
  const ok = r.whole.growth - r.small.growth < SLACK && r.whole.growth < CEILING && r.whole.lines > r.small.lines;
  failed ||= !ok;
  console.log(
    `${ok ? 'PASS' : 'FAIL'}  ${r.name}: ${r.whole.lines} rows grew the live heap ${mb(r.whole.growth)}, ${r.small.lines} rows ${mb(r.small.growth)} (within ${mb(SLACK)}, under ${mb(CEILING)})`,
  );
}
if (failed) process.exit(1);
