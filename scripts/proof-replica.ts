// `npm run proof:replica`: the app on a primary and a replica (decision 238). Starts two MariaDB servers
// of its own (a primary with GTID binary logging and a replica following it with MariaDB's standard
// replication: CHANGE MASTER TO ... MASTER_USE_GTID=slave_pos, settings as deploy/mariadb-replica.cnf),
// two API processes with DATABASE_URL on the primary and READ_DATABASE_URL on the replica, and shows
// under load that the list reads hit the replica, that no lead is sold twice, that a buyer's own list
// never shows what they just bought however far the replica lags (its SQL thread stopped), and that
// stopping the replica degrades the lists to the primary without an error. Prints the figures; exits 1
// when a check fails. Everything it starts is stopped and its data directories removed.
// Ports: PROOF_REPLICA_PORT (3117) and +10 for the API processes; PROOF_PRIMARY_DB_PORT (3316) and
// PROOF_REPLICA_DB_PORT (3317) for the two servers.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import knexFactory, { type Knex } from 'knex';
import { knexConfig } from '../knexfile.ts';
import { clearRedisPrefix, createProofBuyers, sleep, stopChildren, waitHealthy } from './lib/fleet.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const API_PORT = Number(process.env.PROOF_REPLICA_PORT ?? 3117);
const API_PORTS = [API_PORT, API_PORT + 10];
const PRIMARY_PORT = Number(process.env.PROOF_PRIMARY_DB_PORT ?? 3316);
const REPLICA_PORT = Number(process.env.PROOF_REPLICA_DB_PORT ?? 3317);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const run = crypto.randomBytes(4).toString('hex');
const prefix = `tm-replica-proof-${run}:`;
const dbName = 'transferline';
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-replica-proof-'));
const PRIMARY_URL = `mysql://root@127.0.0.1:${PRIMARY_PORT}`;
const REPLICA_URL = `mysql://root@127.0.0.1:${REPLICA_PORT}`;

const results: Array<{ name: string; ok: boolean }> = [];
const check = (name: string, ok: boolean, figures: string) => {
  results.push({ name, ok });
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}\n      ${figures}`);
};

const children: ChildProcess[] = [];
const servers: Record<'primary' | 'replica', ChildProcess | undefined> = { primary: undefined, replica: undefined };

function which(cmd: string): string | null {
  const r = spawnSync('sh', ['-c', `command -v ${cmd} || ls /usr/sbin/${cmd} 2>/dev/null`], { encoding: 'utf8' });
  return r.status === 0 && r.stdout.trim() ? r.stdout.trim().split('\n')[0]! : null;
}

/** A MariaDB server of our own: its data directory made by mariadb-install-db, then mariadbd on `port`. */
async function startServer(role: 'primary' | 'replica', port: number, serverId: number): Promise<void> {
  const dir = path.join(work, role);
  fs.mkdirSync(dir);
  const install = spawnSync(
    which('mariadb-install-db')!,
    ['--no-defaults', `--datadir=${dir}/data`, '--user=root', '--auth-root-authentication-method=normal', '--skip-test-db'],
    { encoding: 'utf8' },
  );
  if (install.status !== 0) throw new Error(`mariadb-install-db (${role}) failed: ${install.stderr}`);
  // The settings of deploy/mariadb-primary.cnf and deploy/mariadb-replica.cnf, small for one machine.
  const common = [
    '--no-defaults',
    `--datadir=${dir}/data`,
    `--socket=${dir}/mysqld.sock`,
    `--pid-file=${dir}/mysqld.pid`,
    `--port=${port}`,
    '--bind-address=127.0.0.1',
    '--user=root',
    `--server-id=${serverId}`,
    `--log-bin=${dir}/binlog`,
    '--binlog-format=ROW',
    '--log-slave-updates=1',
    '--gtid-strict-mode=1',
    '--log-bin-trust-function-creators=1',
    '--innodb-buffer-pool-size=64M',
    '--skip-name-resolve',
    '--character-set-server=utf8mb4',
    '--collation-server=utf8mb4_unicode_ci',
  ];
  const extra = role === 'replica' ? ['--read-only=1', `--relay-log=${dir}/relay`, '--slave-parallel-threads=2'] : [];
  const out = fs.openSync(path.join(work, `${role}.log`), 'a');
  const child = spawn(which('mariadbd')!, [...common, ...extra], { stdio: ['ignore', out, out] });
  servers[role] = child;
  for (let i = 0; i < 60; i++) {
    if (spawnSync('mysqladmin', [`-h127.0.0.1`, `-P${port}`, '-uroot', 'ping'], { stdio: 'ignore' }).status === 0) return;
    if (child.exitCode !== null) break;
    await sleep(500);
  }
  throw new Error(`mariadbd (${role}) did not start; see ${path.join(work, `${role}.log`)}`);
}

async function stopServer(role: 'primary' | 'replica'): Promise<void> {
  const child = servers[role];
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(20_000)]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** The primary's position, then waits (up to `s` seconds) for the replica to have applied it. */
async function caughtUp(primary: Knex, replica: Knex, s = 60): Promise<boolean> {
  const [[{ p }]] = (await primary.raw('SELECT @@gtid_binlog_pos AS p')) as unknown as [[{ p: string }]];
  const [[{ w }]] = (await replica.raw('SELECT MASTER_GTID_WAIT(?, ?) AS w', [p, s])) as unknown as [[{ w: number }]];
  return Number(w) === 0;
}

async function selects(db: Knex): Promise<number> {
  const [rows] = (await db.raw("SHOW GLOBAL STATUS LIKE 'Com_select'")) as unknown as [Array<{ Value: string }>];
  return Number(rows[0]!.Value);
}

// ---- a client with a cookie jar (the session cookie and the read-position cookie side by side)
class Client {
  jar = new Map<string, string>();
  constructor(readonly port: number) {}
  async req(
    method: string,
    url: string,
    body?: unknown,
  ): Promise<{ status: number; json: { items?: Array<{ id: number }> } & Record<string, unknown>; setCookie: string[] }> {
    const headers: Record<string, string> = { origin: `http://127.0.0.1:${this.port}` };
    if (this.jar.size) headers.cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`http://127.0.0.1:${this.port}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const setCookie = res.headers.getSetCookie();
    for (const c of setCookie) {
      const [pair] = c.split(';');
      const [k, v] = [pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1)];
      if (!v || /Expires=Thu, 01 Jan 1970/i.test(c)) this.jar.delete(k);
      else this.jar.set(k, v);
    }
    const text = await res.text();
    let json = {} as { items?: Array<{ id: number }> } & Record<string, unknown>;
    try {
      json = text ? JSON.parse(text) : json;
    } catch {
      /* not JSON */
    }
    return { status: res.status, json, setCookie };
  }
}

function startApi(port: number): void {
  const out = fs.openSync(path.join(work, `api-${port}.log`), 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/dev-server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `${PRIMARY_URL}/${dbName}`,
      READ_DATABASE_URL: `${REPLICA_URL}/${dbName}`,
      REDIS_URL,
      REDIS_PREFIX: prefix,
      STORAGE: 'db',
      SESSION_SECRET: `replica-proof-${run}-`.padEnd(48, 'x'),
      STRIPE_WEBHOOK_SECRET: `whsec_replica_${run}`,
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      UPLOAD_DIR: path.join(work, 'uploads'),
    },
    stdio: ['ignore', out, out],
  });
  children.push(child);
}

async function main(): Promise<void> {
  if (!which('mariadbd') || !which('mariadb-install-db')) {
    throw new Error('MariaDB is not installed (mariadbd, mariadb-install-db): apt-get install mariadb-server');
  }
  await startServer('primary', PRIMARY_PORT, 1);
  await startServer('replica', REPLICA_PORT, 2);
  const primary = knexFactory(knexConfig(PRIMARY_URL));
  const replica = knexFactory(knexConfig(REPLICA_URL));
  // MariaDB's standard replication: a replication user on the primary, the replica following it by GTID.
  await primary.raw("CREATE USER 'repl'@'127.0.0.1' IDENTIFIED BY 'repl-proof'");
  await primary.raw("GRANT REPLICATION SLAVE ON *.* TO 'repl'@'127.0.0.1'");
  await replica.raw(
    `CHANGE MASTER TO MASTER_HOST='127.0.0.1', MASTER_PORT=${PRIMARY_PORT}, MASTER_USER='repl', MASTER_PASSWORD='repl-proof', MASTER_USE_GTID=slave_pos`,
  );
  await replica.raw('START SLAVE');
  await primary.raw(`CREATE DATABASE ${dbName} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);

  const mig = spawnSync(process.execPath, ['--import', 'tsx', 'api/src/db/migrate.ts', 'latest'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: `${PRIMARY_URL}/${dbName}` },
    encoding: 'utf8',
  });
  if (mig.status !== 0) throw new Error(`migrate failed: ${mig.stderr}`);

  const db = knexFactory(knexConfig(`${PRIMARY_URL}/${dbName}`));
  const now = new Date();
  const buyers = await createProofBuyers(db, run, 20, now);
  const leadIds: number[] = [];
  for (let i = 0; i < 400; i++) {
    const [id] = await db('leads').insert({
      kind: 'aged',
      customerName: `Replica Lead ${i}`,
      customerPhone: `51255${String(i).padStart(5, '0')}`,
      customerState: i % 2 ? 'TX' : 'FL',
      zipCode: '73301',
      ageDays: 30 + (i % 300),
      status: 'available',
    });
    leadIds.push(Number(id));
  }
  const synced = await caughtUp(db, replica);
  const [[{ n: replicated }]] = (await replica.raw(`SELECT COUNT(*) AS n FROM ${dbName}.leads`)) as unknown as [[{ n: number }]];
  check(
    'the replica follows the primary by GTID (MariaDB replication)',
    synced && Number(replicated) === 400,
    `leads on the replica: ${replicated}/400, caught up: ${synced}`,
  );

  for (const port of API_PORTS) startApi(port);
  for (const port of API_PORTS) await waitHealthy(`http://127.0.0.1:${port}/api/health`, 120_000);
  const clients = buyers.map((_, i) => new Client(API_PORTS[i % 2]!));
  for (const [i, c] of clients.entries()) {
    const r = await c.req('POST', '/api/login', { identifier: buyers[i]!.email, password: 'proof-buyer-pass' });
    if (r.status !== 200) throw new Error(`login ${r.status}`);
  }
  // Logins write sessions: let the replica have them before counting.
  await caughtUp(db, replica);

  // 1. List reads under load hit the replica.
  const lists = ['/api/aged-leads?state=TX,FL&age=30-365', '/api/aged-leads?age=30-120', '/api/aged-leads?state=TX'];
  const load = async (n: number) => {
    const answers = await Promise.all(Array.from({ length: n }, (_, i) => clients[i % 10]!.req('GET', lists[i % lists.length]!)));
    return answers.map((a) => a.status);
  };
  const [rBefore, pBefore] = [await selects(replica), await selects(primary)];
  const statuses = await load(300);
  const [rAfter, pAfter] = [await selects(replica), await selects(primary)];
  check(
    'the lead lists are read from the replica (300 list requests by 10 agents over 2 processes)',
    statuses.every((s) => s === 200) && rAfter - rBefore >= 2 * 300,
    `200: ${statuses.filter((s) => s === 200).length}/300; SELECTs on the replica: ${rAfter - rBefore}, on the primary: ${pAfter - pBefore} (the session check of each request)`,
  );

  // 2. The replica lags without end (its SQL thread stopped); 20 buyers race for 10 leads while lists load.
  await replica.raw('STOP SLAVE SQL_THREAD');
  const race = leadIds.slice(0, 10);
  const [raced] = await Promise.all([Promise.all(clients.map((c, i) => c.req('POST', '/api/bulk-purchase-leads', { leadIds: [race[i % 10]!] }))), load(100)]);
  const won = clients.filter((_, i) => raced[i]!.status === 201);
  const held = (await db('leads').whereIn('id', race).select('id', 'status', 'reservedOrderId')) as Array<{ status: string; reservedOrderId: number | null }>;
  const orders = (await db('order_items')
    .whereIn('itemId', race)
    .join('orders', 'orders.id', 'order_items.orderId')
    .where('orders.status', 'pending')
    .select('order_items.itemId as leadId')) as Array<{ leadId: number }>;
  check(
    'no lead sold twice: each raced lead held by exactly one order, decided on the primary',
    won.length === 10 &&
      raced.filter((r) => r.status === 409).length === 10 &&
      held.every((l) => l.status === 'reserved' && l.reservedOrderId) &&
      orders.length === 10 &&
      new Set(orders.map((o) => o.leadId)).size === 10,
    `201: ${won.length}, 409: ${raced.filter((r) => r.status === 409).length}, other: ${raced.filter((r) => r.status !== 201 && r.status !== 409).length}; pending orders on the 10 leads: ${orders.length}`,
  );
  const ownLists = await Promise.all(won.map((c) => c.req('GET', '/api/aged-leads?state=TX,FL&age=30-365&pageSize=100')));
  const shownToBuyer = ownLists.flatMap((l) => (l.json.items ?? []).map((x) => x.id)).filter((id) => race.includes(id));
  const bystander = new Client(API_PORTS[0]!);
  await bystander.req('POST', '/api/login', { identifier: buyers[19]!.email, password: 'proof-buyer-pass' });
  // A browser that bought nothing still reads the lagging replica (its login's position is not asked for).
  bystander.jar.delete('tm_read_after');
  const stale = await bystander.req('GET', '/api/aged-leads?state=TX,FL&age=30-365&pageSize=100');
  const staleShown = (stale.json.items ?? []).filter((x) => race.includes(x.id)).length;
  check(
    "a buyer's own list right after the purchase never shows the held lead, with the replica's SQL thread stopped",
    ownLists.every((l) => l.status === 200) && shownToBuyer.length === 0 && staleShown > 0,
    `held leads shown to their buyers: ${shownToBuyer.length}; the same leads still listed by the stopped replica to an agent who bought nothing: ${staleShown}`,
  );
  await replica.raw('START SLAVE SQL_THREAD');
  await caughtUp(db, replica);
  const back = await won[0]!.req('GET', '/api/aged-leads?state=TX');
  check(
    "once the replica has the purchase, the buyer's reads go back to it (the position cookie is cleared)",
    back.status === 200 && back.setCookie.some((c) => c.startsWith('tm_read_after=;')),
    `Set-Cookie: ${back.setCookie.map((c) => c.split(';')[0]).join(', ') || '(none)'}`,
  );

  // 3. The replica stops under load: the lists answer from the primary, without an error.
  const during = load(300);
  await sleep(50);
  await stopServer('replica');
  const afterStop = await load(200);
  const duringStatuses = await during;
  const all = [...duringStatuses, ...afterStop];
  const buyAfter = await clients[0]!.req('POST', '/api/bulk-purchase-leads', { leadIds: [leadIds[300]!] });
  check(
    'stopping the replica degrades the lists to the primary without errors',
    all.every((s) => s === 200) && buyAfter.status === 201,
    `${all.filter((s) => s === 200).length}/${all.length} list requests answered 200 across the stop${all.some((s) => s !== 200) ? ` (others: ${all.filter((s) => s !== 200).join(', ')})` : ''}; a purchase after it: ${buyAfter.status}`,
  );
  await db.destroy();
  await primary.destroy();
  await replica.destroy().catch(() => undefined);
}

let failedRun = false;
try {
  await main();
} catch (err) {
  failedRun = true;
  console.error('proof:replica stopped:', err);
} finally {
  await stopChildren(children);
  await stopServer('replica');
  await stopServer('primary');
  await clearRedisPrefix(REDIS_URL, prefix);
}
const failures = results.filter((r) => !r.ok);
if (!failedRun && !failures.length) fs.rmSync(work, { recursive: true, force: true });
console.log(`\nproof:replica: ${results.length - failures.length}/${results.length} checks passed${failedRun || failures.length ? ` (logs in ${work})` : ''}`);
process.exit(failures.length || failedRun || results.length < 6 ? 1 : 0);
