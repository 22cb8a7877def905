// Results' statements on the big-buyer database (decision 272): every statement one `GET /api/results`
// sends (session, user, period, cells), each with MariaDB's ANALYZE time and rows, and the median time of
// whole requests served in this process (no load). Profiling help, not a target: the bench is big-buyer.
// Run: npm run bench -- big-buyer (once), then BENCH_DATABASE_URL=... npx tsx bench/results-profile.ts
import http from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { createApp } from '../api/src/app.ts';
import { createDb } from '../api/src/db/index.ts';
import { testConfig } from '../api/src/config.ts';

import { benchDatabaseUrl } from './million-leads.ts';

const { url } = benchDatabaseUrl('tm_bench_buyer');
const db = createDb(url);
const config = testConfig();
// Results never reaches Stripe: no client (nor its emulator) is needed to profile it.
const app = createApp({ db, config, stripe: undefined as never, web: false });
const server = http.createServer(app);
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const login = await fetch(`${base}/api/login`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ identifier: 'agent@example.com', password: 'demo-agent-pass' }),
});
if (!login.ok) throw new Error(`login ${login.status}`);
const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
const get = () =>
  fetch(`${base}/api/results`, { headers: { cookie } }).then(async (r) => (r.ok ? r.json() : Promise.reject(new Error(`${r.status} ${await r.text()}`))));
await get();
const sent: string[] = [];
const onQuery = (q: { sql: string; bindings?: readonly unknown[] }) => sent.push(db.raw(q.sql, (q.bindings ?? []) as never).toString());
db.on('query', onQuery);
await get();
db.off('query', onQuery);
console.log(`${sent.length} statements per request:`);
for (const sql of sent) {
  const times: number[] = [];
  let rows = '';
  for (let i = 0; i < 7; i++) {
    const [r] = (await db.raw(`ANALYZE FORMAT=JSON ${sql}`)) as unknown as [Array<{ ANALYZE: string }>];
    const plan = JSON.parse(r[0]!.ANALYZE) as { query_block: { r_total_time_ms?: number } };
    let ms = 0;
    const top = (n: unknown): void => {
      if (Array.isArray(n)) return n.forEach(top);
      if (!n || typeof n !== 'object') return;
      const o = n as Record<string, unknown>;
      if (typeof o.r_total_time_ms === 'number') ms = Math.max(ms, o.r_total_time_ms);
      Object.values(o).forEach(top);
    };
    top(plan);
    times.push(ms);
    if (i === 0) {
      const read: string[] = [];
      const walk = (n: unknown): void => {
        if (Array.isArray(n)) return n.forEach(walk);
        if (!n || typeof n !== 'object') return;
        const o = n as Record<string, unknown>;
        if (typeof o.table_name === 'string' && typeof o.r_rows === 'number') read.push(`${o.table_name}:${Math.round(Number(o.r_loops ?? 1) * o.r_rows)}`);
        Object.values(o).forEach(walk);
      };
      walk(plan);
      rows = read.join(' ');
    }
  }
  times.sort((a, b) => a - b);
  const wall: number[] = [];
  for (let i = 0; i < 11; i++) {
    const t = performance.now();
    await db.raw(sql);
    wall.push(performance.now() - t);
  }
  wall.sort((a, b) => a - b);
  console.log(`  analyze ${times[3]!.toFixed(2)} ms, sent ${wall[5]!.toFixed(2)} ms  [${rows}]  ${sql.replace(/\s+/g, ' ').slice(0, 160)}`);
}
const req: number[] = [];
for (let i = 0; i < 41; i++) {
  const t = performance.now();
  await get();
  req.push(performance.now() - t);
}
req.sort((a, b) => a - b);
console.log(`/api/results in process, 41 requests: median ${req[20]!.toFixed(1)} ms, p90 ${req[36]!.toFixed(1)} ms; load ${os.loadavg()[0]!.toFixed(1)}`);
server.close();
server.closeAllConnections();
await db.destroy();
