// GET / and GET /standard-pricing on the real server (express.static and express-static-gzip) beside a
// bare node:http server sending the same file from memory, measured in turns in the same run (issue 28:
// each page at least 35% of the bare server's req/s, and at least 90% of express.static alone: decision 206's
// regression row; FAIL and exit 1 when not), and GET
// /api/current-user logged in (not a target).
// Run: npm run bench (BENCH_SECONDS per target, default 12, in BENCH_ROUNDS turns, default 4). Needs `npm run build` first.
import path from 'node:path';
import fs from 'node:fs';
import { type Figures, ROOT, startServer, startBare, startStaticFloor, measure, measureInTurns, printTable, freePort } from './lib.ts';

const dist = path.join(ROOT, 'marketing', 'dist');
if (!fs.existsSync(path.join(dist, 'index.html'))) {
  console.error('Build first: npm run build');
  process.exit(1);
}
const seconds = Number(process.env.BENCH_SECONDS ?? 12);
/** The app's static pages against Express with express.static alone over the same folder (decision 206's regression row). */
const STATIC_FLOOR_SHARE = 0.9;
const rounds = Number(process.env.BENCH_ROUNDS ?? 4);
/** Issue 28: a page through the static middleware at least this share of the bare server's req/s. */
const TARGET = 0.35;
const app = await startServer(await freePort());
const bareIndex = await startBare(await freePort(), path.join(dist, 'index.html'));
const barePricing = await startBare(await freePort(), path.join(dist, 'standard-pricing.html'));
const floor = await startStaticFloor(await freePort(), dist);
let failed = false;
try {
  const pages = await measureInTurns(
    [
      { name: 'bare node:http, index.html', opts: { url: `${bareIndex.url}/` } },
      { name: 'GET / (app)', opts: { url: `${app.url}/` } },
      { name: 'bare node:http, standard-pricing.html', opts: { url: `${barePricing.url}/` } },
      { name: 'GET /standard-pricing (app)', opts: { url: `${app.url}/standard-pricing` } },
      { name: 'express.static alone, /index.html (floor)', opts: { url: `${floor.url}/index.html` } },
      { name: 'express.static alone, /standard-pricing (floor)', opts: { url: `${floor.url}/standard-pricing` } },
    ],
    rounds,
    seconds,
  );
  const login = await fetch(`${app.url}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ identifier: 'agent@example.com', password: 'demo-agent-pass' }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const user = await measure('GET /api/current-user (logged in, not a target)', { url: `${app.url}/api/current-user`, headers: { cookie } });
  printTable([...pages, user]);
  const [bareI, appI, bareP, appP, floorI, floorP] = pages as [Figures, Figures, Figures, Figures, Figures, Figures];
  console.log(
    `\n${rounds} turns of ${(seconds / rounds).toFixed(1)} s per target, 100 connections; the bare servers, the app and autocannon share this machine.`,
  );
  for (const [page, bare, own, alone] of [
    ['GET /', bareI, appI, floorI],
    ['GET /standard-pricing', bareP, appP, floorP],
  ] as const) {
    const ok = own.requestsPerSec >= bare.requestsPerSec * TARGET && own.errors + own.non2xx === 0;
    failed ||= !ok;
    console.log(
      `${ok ? 'PASS' : 'FAIL'}  ${page} at ${Math.round((own.requestsPerSec / bare.requestsPerSec) * 100)}% of the bare server (target at least ${TARGET * 100}%, no errors)`,
    );
    // The floor: Express with express.static alone does the same disk work; the app cannot beat it by design.
    console.log(
      `      express.static alone at ${Math.round((alone.requestsPerSec / bare.requestsPerSec) * 100)}% of the bare server (decision 206: blocked at 35%)`,
    );
    // The regression row (issue 38 point 4, decision 256): the app keeps at least 90% of express.static alone.
    const held = own.requestsPerSec >= alone.requestsPerSec * STATIC_FLOOR_SHARE && own.errors + own.non2xx === 0;
    failed ||= !held;
    console.log(
      `${held ? 'PASS' : 'FAIL'}  ${page} at ${Math.round((own.requestsPerSec / alone.requestsPerSec) * 100)}% of express.static alone (target at least ${STATIC_FLOOR_SHARE * 100}%)`,
    );
  }
} finally {
  await floor.stop();
  await barePricing.stop();
  await bareIndex.stop();
  await app.stop();
}
if (failed) process.exit(1);
