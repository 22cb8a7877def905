// `npm run proof:cluster`: three API processes on MariaDB and Redis behind HAProxy (round-robin,
// deploy/haproxy.cfg), and the checks an operator of several processes cares about. Prints the figures;
// exits 1 when any check fails. A fresh MariaDB database and Redis prefix per run; everything it starts is
// stopped at the end. Ports: PROOF_PORT (3260) for the load balancer, the next three for the processes.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import knexFactory from 'knex';
import { knexConfig } from '../knexfile.ts';
import { createUser } from '../api/src/services/accounts/users.service.ts';
import { clearRedisPrefix, createProofBuyers, dropDatabases, sleep, stopChildren, waitHealthy } from './lib/fleet.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LB = Number(process.env.PROOF_PORT ?? 3260);
const PORTS = [LB + 1, LB + 2, LB + 3];
const MYSQL = process.env.PROOF_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const run = crypto.randomBytes(4).toString('hex');
const dbName = `tm_proof_${run}`;
const prefix = `tm-proof-${run}:`;
const DATABASE_URL = `${MYSQL}/${dbName}`;
const SWEEP_MS = 1000;
const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-proof-'));
const base = `http://127.0.0.1:${LB}`;

const results: Array<{ name: string; ok: boolean; figures: string }> = [];
const check = (name: string, ok: boolean, figures: string) => {
  results.push({ name, ok, figures });
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}\n      ${figures}`);
};

function sh(cmd: string, args: string[]): boolean {
  return spawnSync(cmd, args, { stdio: 'ignore' }).status === 0;
}

// ---- services: Redis, MariaDB, HAProxy (from Debian's packages when missing)
async function ensureServices(): Promise<void> {
  if (!sh('redis-cli', ['-u', REDIS_URL, 'ping'])) {
    console.log('Starting Redis...');
    sh('redis-server', ['--daemonize', 'yes', '--bind', '127.0.0.1', '--port', '6379', '--save', '', '--appendonly', 'no']);
    for (let i = 0; i < 30 && !sh('redis-cli', ['-u', REDIS_URL, 'ping']); i++) await sleep(200);
  }
  if (!sh('mysqladmin', ['-h127.0.0.1', '-uroot', 'ping'])) {
    console.log('Starting MariaDB...');
    sh('start-stop-daemon', ['--start', '--oknodo', '--background', '--exec', '/usr/sbin/mariadbd']);
    for (let i = 0; i < 30 && !sh('mysqladmin', ['-h127.0.0.1', '-uroot', 'ping']); i++) await sleep(1000);
  }
  if (!sh('sh', ['-c', 'command -v haproxy'])) {
    console.log("Installing HAProxy from Debian's packages...");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const r = spawnSync('apt-get', ['install', '-y', '-qq', 'haproxy'], { stdio: 'inherit', env });
    if (r.status !== 0) throw new Error('could not install haproxy');
  }
}

// ---- processes
const children: ChildProcess[] = [];
const apis: Array<{ port: number; child: ChildProcess; log: string }> = [];

function apiEnv(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'development',
    DATABASE_URL,
    REDIS_URL,
    REDIS_PREFIX: prefix,
    STORAGE: 'db',
    SESSION_SECRET: `proof-${run}-`.padEnd(48, 'x'),
    STRIPE_WEBHOOK_SECRET: `whsec_proof_${run}`,
    PUBLIC_ORIGIN: base,
    RESERVATION_SWEEP_MS: String(SWEEP_MS),
    LOG_LEVEL: 'info',
    UPLOAD_DIR: path.join(logDir, 'uploads'),
    TRUST_PROXY: '1',
  };
}

function startApi(i: number): void {
  const port = PORTS[i]!;
  const log = path.join(logDir, `api${i + 1}.log`);
  const out = fs.openSync(log, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/dev-server.ts'], {
    cwd: root,
    env: { ...apiEnv(), PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', out, out],
  });
  children.push(child);
  apis[i] = { port, child, log };
}

// ---- a tiny cookie-keeping client; each client connects from an address of its own (127.0.0.x), as
// buyers do from their own machines: the load balancer passes it on in X-Forwarded-For (TRUST_PROXY=1).
let nextAddress = 10;
// The proof reads answers of many shapes by their fields, unchecked: it reports what it finds.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Answer = any;

class Client {
  cookie = '';
  constructor(
    readonly origin = base,
    readonly localAddress = `127.0.0.${(nextAddress++ % 240) + 10}`,
  ) {}
  req(method: string, url: string, body?: unknown, type = 'application/json'): Promise<{ status: number; json: Answer; backend: string }> {
    const headers: Record<string, string> = {};
    if (this.cookie) headers.cookie = this.cookie;
    const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
    if (payload !== undefined) {
      headers['content-type'] = type;
      headers['content-length'] = String(Buffer.byteLength(payload));
    }
    const u = new URL(this.origin + url);
    return new Promise((resolve, reject) => {
      const r = http.request(
        { host: u.hostname, port: u.port, path: u.pathname + u.search, method, headers, localAddress: this.localAddress, agent: false },
        (res) => {
          const set = res.headers['set-cookie'];
          if (set?.length) this.cookie = set.map((c) => c.split(';')[0]).join('; ');
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (text += c));
          res.on('error', reject);
          res.on('end', () => {
            let json: Answer = null;
            try {
              json = text ? JSON.parse(text) : null;
            } catch {
              json = text;
            }
            resolve({ status: res.statusCode ?? 0, json, backend: String(res.headers['x-backend'] ?? `:${u.port}`) });
          });
        },
      );
      r.setTimeout(20_000, () => r.destroy(new Error('timeout')));
      r.on('error', reject);
      r.end(payload);
    });
  }
  via(port: number): Client {
    const c = new Client(`http://127.0.0.1:${port}`, this.localAddress);
    c.cookie = this.cookie;
    return c;
  }
}

const countBy = (xs: string[]) =>
  Object.entries(xs.reduce<Record<string, number>>((m, x) => ((m[x] = (m[x] ?? 0) + 1), m), {}))
    .map(([k, v]) => `${k}=${v}`)
    .sort()
    .join(' ');
const logLines = (file: string, msg: string) =>
  fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.includes(`"msg":"${msg}"`))
    .map((l) => JSON.parse(l) as { time: number; pid: number; importId?: number });

async function main(): Promise<void> {
  await ensureServices();
  const admin = knexFactory(knexConfig(MYSQL));
  await admin.raw(`CREATE DATABASE \`${dbName}\``);
  await admin.destroy();
  console.log(`Database ${dbName}, Redis prefix ${prefix}, logs in ${logDir}`);

  // The release step: migrations once, before any process starts.
  const mig = spawnSync(process.execPath, ['--import', 'tsx', 'api/src/db/migrate.ts', 'latest'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL },
    encoding: 'utf8',
  });
  if (mig.status !== 0) throw new Error(`migrate failed: ${mig.stderr}`);
  console.log(mig.stdout.trim());

  const db = knexFactory(knexConfig(DATABASE_URL));
  const now = new Date();
  const adminUser = await createUser(
    db,
    {
      email: `admin-${run}@example.com`,
      username: `admin${run}`,
      firstName: 'Proof',
      lastName: 'Admin',
      agencyName: 'Proof',
      role: 'Admin',
      phone: '5550000000',
      password: 'proof-admin-pass',
      isAdmin: true,
    },
    now,
  );
  const buyers = await createProofBuyers(db, run, 50, now);
  const leadIds: number[] = [];
  const phone = () => `51255${String(crypto.randomInt(0, 100000)).padStart(5, '0')}`;
  for (let i = 0; i < 210; i++) {
    const [id] = await db('leads').insert({
      kind: 'aged',
      customerName: `Proof Lead ${i}`,
      customerPhone: phone(),
      customerState: 'TX',
      zipCode: '73301',
      ageDays: 45,
      status: 'available',
    });
    leadIds.push(Number(id));
  }
  const raceLeads = leadIds.slice(0, 10);
  const loadLeads = leadIds.slice(10);

  for (let i = 0; i < 3; i++) startApi(i);
  for (const a of apis) await waitHealthy(`http://127.0.0.1:${a.port}/api/health`);
  const cfg = path.join(root, 'deploy', 'haproxy.cfg');
  const lb = spawn('haproxy', ['-db', '-f', cfg], {
    env: { ...process.env, LB_PORT: String(LB), API1_PORT: String(PORTS[0]), API2_PORT: String(PORTS[1]), API3_PORT: String(PORTS[2]) },
    stdio: ['ignore', fs.openSync(path.join(logDir, 'haproxy.log'), 'a'), fs.openSync(path.join(logDir, 'haproxy.log'), 'a')],
  });
  children.push(lb);
  await waitHealthy(`${base}/api/health`);
  await sleep(1500); // every backend passes its health checks
  const spread = await Promise.all(Array.from({ length: 9 }, () => new Client().req('GET', '/api/health')));
  console.log(`HAProxy on :${LB} over ${PORTS.join(', ')}: 9 requests went to ${countBy(spread.map((s) => s.backend))}\n`);

  // 1. 50 buyers racing for 10 leads through different processes.
  const clients = buyers.map(() => new Client());
  await Promise.all(clients.map((c, i) => c.req('POST', '/api/login', { identifier: buyers[i]!.email, password: 'proof-buyer-pass' })));
  const race = await Promise.all(clients.map((c, i) => c.req('POST', '/api/bulk-purchase-leads', { leadIds: [raceLeads[i % 10]!] })));
  const won = race.filter((r) => r.status === 201);
  const refused = race.filter((r) => r.status === 409);
  const held = (await db('leads').whereIn('id', raceLeads).select('id', 'status', 'reservedOrderId')) as Array<{
    id: number;
    status: string;
    reservedOrderId: number | null;
  }>;
  const ordersPerLead = (await db('order_items')
    .whereIn('itemId', raceLeads)
    .join('orders', 'orders.id', 'order_items.orderId')
    .where('orders.status', 'pending')
    .select('order_items.itemId as leadId')) as Array<{ leadId: number }>;
  const perLead = countBy(ordersPerLead.map((o) => String(o.leadId)))
    .split(' ')
    .map((kv) => Number(kv.split('=')[1]));
  check(
    '50 buyers racing for 10 leads: each lead sold once (held by exactly one order; the rest refused 409)',
    won.length === 10 &&
      refused.length === 40 &&
      held.every((l) => l.status === 'reserved' && l.reservedOrderId) &&
      perLead.length === 10 &&
      perLead.every((n) => n === 1),
    `201: ${won.length}, 409: ${refused.length}, other: ${race.length - won.length - refused.length}; winners answered by ${countBy(won.map((r) => r.backend))}; all answered by ${countBy(race.map((r) => r.backend))}; pending orders per lead: ${perLead.join(',')}`,
  );

  // 2. Login throttling across the fleet: one guesser's 11th failure for one account is 429 whichever
  // process answers (failures are counted per account and address, decision 040; a guesser spread over
  // many addresses is slowed down account-wide instead, so a stranger cannot lock the agent out).
  const victim = buyers[0]!;
  const guesser = new Client();
  const attempts: Array<{ status: number; backend: string }> = [];
  for (let i = 0; i < 13; i++) attempts.push(await guesser.req('POST', '/api/login', { identifier: victim.email, password: 'wrong-password-1' }));
  const direct = await Promise.all(
    PORTS.map((p) =>
      new Client(`http://127.0.0.1:${p}`, guesser.localAddress).req('POST', '/api/login', { identifier: victim.email, password: 'wrong-password-1' }),
    ),
  );
  check(
    'login throttling counted across the fleet',
    attempts.slice(0, 10).every((a) => a.status === 401) &&
      attempts.slice(10).every((a) => a.status === 429) &&
      direct.every((d) => d.status === 429) &&
      new Set(attempts.map((a) => a.backend)).size === 3,
    `attempts 1-13: ${attempts.map((a) => `${a.status}@${a.backend}`).join(' ')}; then straight to each process: ${direct.map((d) => d.status).join(', ')}`,
  );

  // 3. A password change on one process ends the user's other sessions on every process at once.
  const user = buyers[1]!;
  const session = new Client();
  await session.req('POST', '/api/login', { identifier: user.email, password: 'proof-buyer-pass' });
  const warm = await Promise.all(PORTS.map((p) => session.via(p).req('GET', '/api/current-user')));
  const adminClient = new Client(`http://127.0.0.1:${PORTS[0]}`);
  await adminClient.req('POST', '/api/login', { identifier: adminUser.email, password: 'proof-admin-pass' });
  const changed = await adminClient.req('PUT', `/api/admin/users/${user.id}/password`, { password: 'a-new-password-9' });
  const t0 = Date.now();
  await sleep(50);
  const after = await Promise.all(PORTS.map((p) => session.via(p).req('GET', '/api/current-user')));
  const ms = Date.now() - t0;
  check(
    'a password change on one process ends the sessions on every process at once',
    warm.every((w) => w.status === 200) && changed.status === 200 && after.every((a) => a.status === 401),
    `before: ${warm.map((w) => w.status).join(', ')} (the session valid on each process); password changed via :${PORTS[0]}; ${ms} ms later on :${PORTS.join(', :')}: ${after.map((a) => a.status).join(', ')} (every process checks the session in the shared database on each request, decision 080)`,
  );

  // 4. The reservation sweep runs once per period for the fleet.
  const sweepsBefore = apis.flatMap((a) => logLines(a.log, 'reservation sweep ran'));
  const w0 = Date.now();
  await sleep(6 * SWEEP_MS + 200);
  const windowMs = Date.now() - w0;
  const sweeps = apis.map((a) => logLines(a.log, 'reservation sweep ran').filter((l) => l.time >= w0));
  const total = sweeps.reduce((n, s) => n + s.length, 0);
  const periods = windowMs / SWEEP_MS;
  check(
    'the reservation sweep runs once per period for the fleet',
    total >= Math.floor(periods) - 1 && total <= Math.ceil(periods) + 1 && sweepsBefore.length > 0,
    `${total} sweeps in ${windowMs} ms at one per ${SWEEP_MS} ms (${periods.toFixed(1)} periods) by 3 processes: ${sweeps.map((s, i) => `api${i + 1}=${s.length}`).join(' ')}`,
  );

  // 5. One process SIGKILLed under load.
  const loaders = buyers.slice(10, 40).map((b) => ({ b, c: new Client() }));
  await Promise.all(loaders.map(({ b, c }) => c.req('POST', '/api/login', { identifier: b.email, password: 'proof-buyer-pass' })));
  const outcomes: Array<{ kind: 'ok' | 'conflict' | 'failed'; detail: string; backend: string; at: number }> = [];
  let next = 0;
  let stop = false;
  let killedAt = 0;
  const worker = async ({ c }: { c: Client }) => {
    while (!stop) {
      const i = next++;
      const isBuy = i % 2 === 0;
      try {
        const r = isBuy
          ? await c.req('POST', '/api/bulk-purchase-leads', { leadIds: [loadLeads[(i / 2) % loadLeads.length]!] })
          : await c.req('GET', '/api/current-user');
        outcomes.push({ kind: r.status < 300 ? 'ok' : r.status === 409 ? 'conflict' : 'failed', detail: String(r.status), backend: r.backend, at: Date.now() });
      } catch (err) {
        outcomes.push({ kind: 'failed', detail: (err as Error).message, backend: '?', at: Date.now() });
      }
    }
  };
  const load = Promise.all(loaders.map(worker));
  await sleep(1500);
  const victimApi = apis[1]!;
  victimApi.child.kill('SIGKILL');
  killedAt = Date.now();
  await sleep(3000);
  stop = true;
  await load;
  const failed = outcomes.filter((o) => o.kind === 'failed');
  const afterKill = outcomes.filter((o) => o.at > killedAt + 1500);
  const others = new Set(afterKill.filter((o) => o.kind !== 'failed').map((o) => o.backend));
  // No order half-done: every pending order holds its leads, every held lead belongs to a pending order.
  const pending = (await db('orders').where({ status: 'pending' }).select('id')) as Array<{ id: number }>;
  const items = (await db('order_items')
    .whereIn(
      'orderId',
      pending.map((p) => p.id),
    )
    .select('orderId', 'itemId')) as Array<{ orderId: number; itemId: number }>;
  const heldLeads = (await db('leads').where({ status: 'reserved' }).select('id', 'reservedOrderId')) as Array<{ id: number; reservedOrderId: number }>;
  const heldBy = new Map(heldLeads.map((l) => [Number(l.id), Number(l.reservedOrderId)]));
  const itemsOk = items.every((it) => heldBy.get(Number(it.itemId)) === Number(it.orderId));
  const pendingIds = new Set(pending.map((p) => Number(p.id)));
  const heldOk = heldLeads.every((l) => pendingIds.has(Number(l.reservedOrderId)));
  const withoutItems = pending.filter((p) => !items.some((it) => Number(it.orderId) === Number(p.id))).length;
  check(
    'one process SIGKILLed under load: only its in-flight requests lost, no order half-done, the others keep answering',
    failed.length <= loaders.length &&
      itemsOk &&
      heldOk &&
      withoutItems === 0 &&
      afterKill.length > 0 &&
      afterKill.every((o) => o.kind !== 'failed') &&
      !others.has('api2') &&
      others.size === 2,
    `${outcomes.length} requests by ${loaders.length} concurrent clients; failed: ${failed.length} (at most ${loaders.length} were in flight) ${failed.length ? `[${countBy(failed.map((f) => f.detail))}]` : ''}; after the kill answered by ${countBy(afterKill.map((o) => o.backend))}; ` +
      `pending orders ${pending.length}, items held by their order: ${itemsOk}, held leads of a pending order: ${heldOk}, orders without items: ${withoutItems}`,
  );

  // 6. A lead CSV uploaded through one process is imported by a job on another.
  startApi(1); // the killed process comes back for this check
  await waitHealthy(`http://127.0.0.1:${PORTS[1]}/api/health`);
  const uploader = new Client(`http://127.0.0.1:${PORTS[0]}`);
  await uploader.req('POST', '/api/login', { identifier: adminUser.email, password: 'proof-admin-pass' });
  const ranOn: string[] = [];
  let importedAll = true;
  for (let k = 0; k < 6; k++) {
    const csv = ['name,phone', ...Array.from({ length: 20 }, (_, j) => `Csv Person ${k}-${j},${phone()}`)].join('\n');
    const up = await uploader.req('POST', '/api/admin/lead-imports?target=assignment&filename=proof.csv', csv, 'text/csv');
    const id = Number(up.json?.import?.id);
    const started = await uploader.req('POST', `/api/admin/lead-imports/${id}/run`, { mapping: { name: 0, phone: 1 } });
    let state = started;
    for (let t = 0; t < 100 && !['done', 'error'].includes(state.json?.progress?.type); t++) {
      await sleep(100);
      state = await uploader.via(PORTS[2]!).req('GET', `/api/admin/lead-imports/${id}`);
    }
    importedAll &&= up.status === 201 && started.status === 202 && state.json?.import?.status === 'imported';
    const where = apis.findIndex((a) => logLines(a.log, 'lead import job ran').some((l) => l.importId === id));
    ranOn.push(where < 0 ? '?' : `api${where + 1}`);
  }
  check(
    'a lead CSV uploaded through one process is imported by a job on another',
    importedAll && ranOn.some((r) => r !== 'api1' && r !== '?'),
    `6 files uploaded and started through api1 (:${PORTS[0]}), progress polled on api3; jobs ran on: ${ranOn.join(', ')}; all imported: ${importedAll}`,
  );
  await db.destroy();
}

async function cleanup(): Promise<void> {
  await stopChildren(children);
  await dropDatabases(MYSQL, [dbName]);
  await clearRedisPrefix(REDIS_URL, prefix);
}

let failedRun = false;
try {
  await main();
} catch (err) {
  failedRun = true;
  console.error('proof:cluster stopped:', err);
} finally {
  await cleanup();
}
const failures = results.filter((r) => !r.ok);
console.log(
  `\nproof:cluster: ${results.length - failures.length}/${results.length} checks passed${failedRun ? ' (stopped early)' : ''}; process logs in ${logDir}`,
);
process.exit(failures.length || failedRun || results.length < 6 ? 1 : 0);
