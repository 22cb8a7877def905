// `npm run drill:restore`: the restore drill (issue 27; docs/operations.md). Takes the database the production
// rehearsal left behind (e2e/prod/serve.ts with PROD_REHEARSAL_KEEP_DB=1; its state.json names it), and:
//  1. reads what must survive from it: every table's rows, the orders, each buyer's ledger, every stored
//     file's bytes (STORAGE=db blobs) and the partner files that point at them;
//  2. dumps it with `mariadb-dump --single-transaction` (what docs/operations.md tells an operator to run);
//  3. restores the dump into a new database with `mariadb`;
//  4. compares the restored database with the source, table by table;
//  5. starts the compiled app (`node api/dist/server.js`, NODE_ENV=production, STORAGE=db) on the restored
//     database and checks through HTTP that the admin sees every order, the agent sees their ledger, and
//     each partner file downloads with the same bytes.
// Prints PASS/FAIL per check and exits 1 on any miss. Drops the restored database (and, with
// DRILL_DROP_SOURCE=1, the source) at the end. State file: argv[2], else the rehearsal's for E2E_PORT (3105).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import knexFactory, { type Knex } from 'knex';
import { SMTPServer } from 'smtp-server';
import { knexConfig } from '../knexfile.ts';
import { adminOrdersQuerySchema } from '../shared/src/schemas/admin-business.ts';
import { listAdminOrders } from '../api/src/services/orders/admin-orders.service.ts';
import { ledgerEntries } from '../api/src/services/transfers/ledger.service.ts';
import { dbStorage } from '../api/src/storage/index.ts';
import { clearRedisPrefix, dropDatabases, sleep, stopChildren } from './lib/fleet.ts';
import { Order, PartnerApplicationFile, StoredBlob, User } from '../api/src/models/index.ts';
import { StripeEmulator } from '@tm/stripe-emulator';
import { readState } from '../e2e/prod/state.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stateFile = process.argv[2];
const state = stateFile ? JSON.parse(fs.readFileSync(stateFile, 'utf8')) : readState();
const MYSQL = process.env.PROD_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PORT = Number(process.env.DRILL_PORT ?? 3290);
const base = `http://127.0.0.1:${PORT}`;
const run = crypto.randomBytes(4).toString('hex');
const source: string = state.database;
const target = `prod_restore_${run}`;
const prefix = `prod-restore-${run}:`;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-restore-'));
const mysqlArgs = (() => {
  const u = new URL(MYSQL);
  return [
    `-h${u.hostname}`,
    `-P${u.port || '3306'}`,
    `-u${decodeURIComponent(u.username || 'root')}`,
    ...(u.password ? [`-p${decodeURIComponent(u.password)}`] : []),
  ];
})();

const results: Array<{ name: string; ok: boolean }> = [];
function check(name: string, ok: boolean, detail: string): void {
  results.push({ name, ok });
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}\n      ${detail}`);
}
const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
}

/** What must survive a restore, read from one database. */
async function snapshot(db: Knex) {
  const tables = ((await db.raw('SHOW FULL TABLES WHERE Table_type = ?', ['BASE TABLE'])) as [Array<Record<string, string>>])[0]
    .map((r) => Object.values(r)[0]!)
    .sort();
  const rows: Record<string, number> = {};
  for (const t of tables) rows[t] = Number(((await db(t).count({ n: '*' })) as Array<{ n: number | string }>)[0]!.n);
  const orders = (await Order.query(db).orderBy('id').select('id', 'userId', 'status', 'amountCents')).map(
    (o) => `${o.id}:${o.userId}:${o.status}:${o.amountCents}`,
  );
  const buyers = [...new Set((await Order.query(db).whereIn('status', ['paid', 'refunded']).select('userId')).map((o) => Number(o.userId)))].sort(
    (a, b) => a - b,
  );
  const ledgers: Record<number, string> = {};
  let ledgerCount = 0;
  for (const id of buyers) {
    const entries = await ledgerEntries(db, id);
    ledgerCount += entries.length;
    ledgers[id] = JSON.stringify(entries);
  }
  const store = dbStorage(db, path.join(dir, 'cache'));
  const blobs: Record<string, string> = {};
  for (const b of await StoredBlob.query(db).select('blobKey').orderBy('blobKey')) blobs[b.blobKey] = sha(await readAll(await store.read(b.blobKey)));
  const partnerFiles = await PartnerApplicationFile.query(db).orderBy('id').select('id', 'applicationId', 'storedPath', 'sizeBytes');
  const adminOrders = (await listAdminOrders(db, adminOrdersQuerySchema.parse({}))).total;
  // The triggers that keep the for-sale counts and listings (decisions 115, 140) come back with the dump.
  const triggers = ((await db.raw('SHOW TRIGGERS')) as [Array<{ Trigger: string }>])[0].map((t) => t.Trigger).sort();
  return { tables, rows, orders, ledgers, ledgerCount, blobs, partnerFiles, adminOrders, triggers };
}

const children: ChildProcess[] = [];
let smtp: SMTPServer | null = null;
let emulator: StripeEmulator | null = null;

class Client {
  cookie = '';
  async req(method: string, url: string, body?: unknown): Promise<{ status: number; json: unknown; bytes: Buffer }> {
    const res = await fetch(base + url, {
      method,
      headers: {
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json', origin: base }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const set = res.headers.getSetCookie();
    if (set.length) this.cookie = set.map((c) => c.split(';')[0]).join('; ');
    const bytes = Buffer.from(await res.arrayBuffer());
    let json: unknown = null;
    try {
      json = JSON.parse(bytes.toString('utf8'));
    } catch {
      /* a file */
    }
    return { status: res.status, json, bytes };
  }
}

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(root, 'api', 'dist', 'server.js'))) throw new Error('api/dist/server.js is missing: run `npm run build` first');
  const src = knexFactory(knexConfig(`${MYSQL}/${source}`));
  const before = await snapshot(src);
  await src.destroy();
  console.log(
    `Source ${source}: ${before.tables.length} tables, ${before.orders.length} orders, ${before.ledgerCount} ledger entries of ${Object.keys(before.ledgers).length} buyers, ${Object.keys(before.blobs).length} stored files (${before.partnerFiles.length} partner files)`,
  );
  check(
    'the source holds what the drill must find again (orders, ledger entries, stored partner files)',
    before.orders.length > 0 && before.ledgerCount > 0 && before.partnerFiles.length > 0 && Object.keys(before.blobs).length > 0,
    `orders ${before.orders.length}, ledger entries ${before.ledgerCount}, partner files ${before.partnerFiles.length}, blobs ${Object.keys(before.blobs).length}`,
  );

  // 2. The backup, as docs/operations.md says.
  const dumpFile = path.join(dir, `${source}.sql`);
  const t0 = Date.now();
  const dump = spawnSync(
    'mariadb-dump',
    [...mysqlArgs, '--single-transaction', '--quick', '--routines', '--triggers', '--events', '--hex-blob', '--default-character-set=utf8mb4', source],
    { stdio: ['ignore', fs.openSync(dumpFile, 'w'), 'pipe'], encoding: 'utf8' },
  );
  if (dump.status !== 0) throw new Error(`mariadb-dump failed: ${dump.stderr}`);
  const dumpMs = Date.now() - t0;

  // 3. The restore into a new database.
  const admin = knexFactory(knexConfig(MYSQL));
  await admin.raw(`CREATE DATABASE \`${target}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.destroy();
  const t1 = Date.now();
  const restore = spawnSync('mariadb', [...mysqlArgs, target], { stdio: [fs.openSync(dumpFile, 'r'), 'ignore', 'pipe'], encoding: 'utf8' });
  if (restore.status !== 0) throw new Error(`restore failed: ${restore.stderr}`);
  console.log(`Dumped in ${dumpMs} ms (${(fs.statSync(dumpFile).size / 1024).toFixed(0)} KiB), restored into ${target} in ${Date.now() - t1} ms`);

  // 4. The restored database, table by table.
  const dst = knexFactory(knexConfig(`${MYSQL}/${target}`));
  const after = await snapshot(dst);
  await dst.destroy();
  const rowDiff = before.tables.filter((t) => before.rows[t] !== after.rows[t]);
  check(
    'every table is restored with every row',
    JSON.stringify(before.tables) === JSON.stringify(after.tables) && rowDiff.length === 0,
    `${after.tables.length}/${before.tables.length} tables, ${Object.values(after.rows).reduce((a, b) => a + b, 0)} rows; differing: ${rowDiff.map((t) => `${t} ${before.rows[t]}->${after.rows[t]}`).join(', ') || 'none'}`,
  );
  check(
    'the triggers are restored',
    before.triggers.length > 0 && JSON.stringify(before.triggers) === JSON.stringify(after.triggers),
    `${after.triggers.length} of ${before.triggers.length} triggers`,
  );
  check(
    'the orders are restored',
    JSON.stringify(before.orders) === JSON.stringify(after.orders),
    `${after.orders.length} of ${before.orders.length} orders, same ids, buyers, statuses and amounts`,
  );
  const ledgerDiff = Object.keys(before.ledgers).filter((id) => before.ledgers[Number(id)] !== after.ledgers[Number(id)]);
  check(
    "every buyer's ledger is restored",
    ledgerDiff.length === 0 && after.ledgerCount === before.ledgerCount,
    `${after.ledgerCount} of ${before.ledgerCount} entries; buyers whose ledger differs: ${ledgerDiff.join(', ') || 'none'}`,
  );
  const blobDiff = Object.keys(before.blobs).filter((k) => before.blobs[k] !== after.blobs[k]);
  check(
    'every stored file (STORAGE=db blobs) is restored byte for byte',
    blobDiff.length === 0 && Object.keys(after.blobs).length === Object.keys(before.blobs).length,
    `${Object.keys(after.blobs).length} of ${Object.keys(before.blobs).length} files, sha256 equal; differing: ${blobDiff.join(', ') || 'none'}`,
  );

  // 5. The app on the restored database, in production settings.
  smtp = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'], logger: false, onData: (s, _x, cb) => s.on('end', () => cb()).resume() });
  const smtpServer = smtp;
  const smtpPort = await new Promise<number>((resolve) =>
    smtpServer.listen(0, '127.0.0.1', () => resolve((smtpServer.server.address() as { port: number }).port)),
  );
  emulator = new StripeEmulator({ webhookSecret: state.webhookSecret, webhookUrl: `${base}/api/stripe/webhook` });
  const stripe = await emulator.start();
  const log = fs.openSync(path.join(dir, 'api.log'), 'a');
  children.push(
    spawn(process.execPath, ['api/dist/server.js'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATABASE_URL: `${MYSQL}/${target}`,
        REDIS_URL,
        REDIS_PREFIX: prefix,
        STORAGE: 'db',
        UPLOAD_DIR: path.join(dir, 'uploads'),
        SESSION_SECRET: crypto.randomBytes(32).toString('hex'),
        PUBLIC_ORIGIN: base,
        STRIPE_SECRET_KEY: state.stripeSecretKey,
        STRIPE_PUBLISHABLE_KEY: 'pk_test_rehearsal',
        STRIPE_WEBHOOK_SECRET: state.webhookSecret,
        STRIPE_API_URL: `http://127.0.0.1:${stripe.port}`,
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', log, log],
    }),
  );
  const until = Date.now() + 60_000;
  for (;;) {
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > until || children[0]!.exitCode !== null)
      throw new Error(`the app did not start on the restored database (log: ${path.join(dir, 'api.log')})`);
    await sleep(250);
  }

  const adminClient = new Client();
  const login = await adminClient.req('POST', '/api/login', { identifier: state.accounts.admin.email, password: state.accounts.admin.password });
  const orders = await adminClient.req('GET', '/api/admin/orders');
  const total = (orders.json as { total?: number } | null)?.total;
  check(
    'the app on the restored database shows the admin every order',
    login.status === 200 && orders.status === 200 && total === before.adminOrders,
    `admin login ${login.status}; GET /api/admin/orders ${orders.status}, total ${total} (source: ${before.adminOrders})`,
  );

  const agentClient = new Client();
  const agentLogin = await agentClient.req('POST', '/api/login', { identifier: state.accounts.agent.email, password: state.accounts.agent.password });
  const src2 = knexFactory(knexConfig(`${MYSQL}/${target}`));
  const agent = await User.query(src2).where({ email: state.accounts.agent.email }).select('id').first();
  await src2.destroy();
  const ledger = await agentClient.req('GET', '/api/ledger');
  const expected = agent ? before.ledgers[Number(agent.id)] : undefined;
  const got = JSON.stringify((ledger.json as { entries?: unknown } | null)?.entries ?? null);
  check(
    'the app on the restored database shows the agent their ledger',
    agentLogin.status === 200 && ledger.status === 200 && expected !== undefined && got === expected,
    `agent login ${agentLogin.status}; GET /api/ledger ${ledger.status}, ${(JSON.parse(got) as unknown[] | null)?.length ?? 0} entries (source: ${expected ? (JSON.parse(expected) as unknown[]).length : 'none'}), equal: ${got === expected}`,
  );

  let same = 0;
  const misses: string[] = [];
  for (const f of before.partnerFiles) {
    const res = await adminClient.req('GET', `/api/admin/partner-applications/${f.applicationId}/files/${f.id}`);
    if (res.status === 200 && sha(res.bytes) === before.blobs[f.storedPath] && res.bytes.length === Number(f.sizeBytes)) same += 1;
    else misses.push(`#${f.id}: ${res.status}`);
  }
  check(
    'every partner file downloads from the restored database with the same bytes',
    same === before.partnerFiles.length,
    `${same} of ${before.partnerFiles.length} files; misses: ${misses.join(', ') || 'none'}`,
  );
}

async function cleanup(): Promise<void> {
  await stopChildren(children, 1000);
  await emulator?.stop().catch(() => undefined);
  await new Promise<void>((r) => (smtp ? smtp.close(() => r()) : r()));
  await dropDatabases(MYSQL, process.env.DRILL_DROP_SOURCE === '1' ? [target, source] : [target]);
  await clearRedisPrefix(REDIS_URL, prefix);
}

let stopped = false;
try {
  await main();
} catch (err) {
  stopped = true;
  console.error('restore drill stopped:', err);
} finally {
  await cleanup();
}
const failures = results.filter((r) => !r.ok);
console.log(`\nrestore drill: ${results.length - failures.length}/${results.length} checks passed${stopped ? ' (stopped early)' : ''}; files in ${dir}`);
// The dump holds every account's data: it does not stay behind in /tmp.
fs.rmSync(path.join(dir, 'cache'), { recursive: true, force: true });
for (const f of fs.readdirSync(dir)) if (f.endsWith('.sql')) fs.rmSync(path.join(dir, f), { force: true });
process.exit(failures.length || stopped || results.length < 9 ? 1 : 0);
