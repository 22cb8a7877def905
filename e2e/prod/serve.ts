// The production rehearsal's server (e2e/playwright.prod.config.ts; decision 175): the COMPILED build
// (`npm run build` first) under NODE_ENV=production, as a deploy runs it:
// - MariaDB (a fresh database `prod_rehearsal_<run>`), migrated by the release step (api/dist/migrate.js);
// - Redis (its own key prefix), STORAGE=db;
// - mail through a real SMTP server started here (smtp-server): every message is written to
//   <dir>/mail/*.eml, where the journeys read the links they were sent;
// - Stripe: production needs real keys, so the processes get STRIPE_SECRET_KEY and STRIPE_API_URL
//   pointing at the Stripe-compatible emulator started here, which posts its signed events to the
//   load balancer's /api/stripe/webhook as Stripe would;
// - two processes (E2E_PORT+10, E2E_PORT+20) behind HAProxy on E2E_PORT (deploy/haproxy.cfg).
// The admin is made as on a real install (issue 36): the compiled `admin-create.js --email` prints a
// one-time set-password link, spent through POST /api/set-password on a process. The demo data
// still stocks the catalogue, inventory and the two agents (new passwords: a production process refuses
// published ones); the demo admin is deactivated. The journeys read the accounts, the SMTP and emulator
// addresses from <dir>/state.json. On SIGTERM everything started here stops; the database is dropped unless
// PROD_REHEARSAL_KEEP_DB=1 (the restore drill of .ci/run dumps it afterwards, then drops it).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import knexFactory from 'knex';
import { SMTPServer } from 'smtp-server';
import { knexConfig } from '../../knexfile.ts';
import { seedDemo, DEMO_ACCOUNTS, DEMO_RECORDING_FILE } from '../../api/src/db/seed.ts';
import { dbStorage } from '../../api/src/storage/index.ts';
import { toDbDate } from '../../api/src/db/dates.ts';
import { hashPassword } from '../../api/src/services/accounts/passwords.ts';
import { StripeEmulator } from '@tm/stripe-emulator';
import { EMULATOR_SECRET_KEY } from '../../api/src/services/payments/stripe-client.ts';
import { clearRedisPrefix, dropDatabases, stopChildren, waitHealthy } from '../../scripts/lib/fleet.ts';
import { TrainingAdmin, User } from '../../api/src/models/index.ts';
import { stateDirOf, type RehearsalState } from './state.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const port = Number(process.env.E2E_PORT ?? 3105);
const ports = [port + 10, port + 20];
const base = `http://127.0.0.1:${port}`;
const MYSQL = process.env.PROD_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const run = crypto.randomBytes(4).toString('hex');
const database = `prod_rehearsal_${run}`;
const prefix = `prod-rehearsal-${run}:`;
const dir = stateDirOf(port);
const mailDir = path.join(dir, 'mail');
const webhookSecret = `whsec_rehearsal_${run}`;

const children: ChildProcess[] = [];
let smtp: SMTPServer | null = null;
let emulator: StripeEmulator | null = null;
const ok = (cmd: string, args: string[]) => spawnSync(cmd, args, { stdio: 'ignore' }).status === 0;

function fail(message: string): never {
  console.error(`prod rehearsal: ${message}`);
  process.exit(1);
}

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(root, 'api', 'dist', 'server.js'))) fail('api/dist/server.js is missing: run `npm run build` first');
  if (!ok('mysqladmin', ['-h127.0.0.1', '-uroot', 'ping'])) fail('MariaDB does not answer at 127.0.0.1:3306');
  if (!ok('redis-cli', ['-u', REDIS_URL, 'ping'])) fail(`Redis does not answer at ${REDIS_URL}`);
  if (!ok('sh', ['-c', 'command -v haproxy'])) fail('haproxy is not installed (apt-get install haproxy)');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(mailDir, { recursive: true });

  const admin = knexFactory(knexConfig(MYSQL));
  await admin.raw(`CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.destroy();
  const DATABASE_URL = `${MYSQL}/${database}`;

  // The release step, once, with the compiled migrator.
  const mig = spawnSync(process.execPath, ['api/dist/migrate.js', 'latest'], { cwd: root, env: { ...process.env, DATABASE_URL }, encoding: 'utf8' });
  if (mig.status !== 0) fail(`migrate failed: ${mig.stdout}${mig.stderr}`);

  // Catalogue, inventory and accounts: the demo data, then new passwords for every demo account.
  const db = knexFactory(knexConfig(DATABASE_URL));
  await seedDemo(db, { dataDir: path.join(dir, 'data') });
  // The demo call recording goes where every process finds it with STORAGE=db: the shared store.
  await dbStorage(db).put(`recordings/${DEMO_RECORDING_FILE}`, fs.readFileSync(path.join(dir, 'data', 'media', DEMO_RECORDING_FILE)));
  const passwords = {
    admin: `rehearsal-admin-${run}`,
    agent: `rehearsal-agent-${run}`,
    agent2: `rehearsal-agent2-${run}`,
    trainer: `rehearsal-trainer-${run}`,
  };
  // The demo admin is not how production gets one: a random password nobody knows, and deactivated.
  await User.query(db)
    .where({ email: DEMO_ACCOUNTS.admin.email })
    .patch({ passwordHash: await hashPassword(crypto.randomBytes(24).toString('hex')), deactivatedAt: toDbDate(new Date()) });
  for (const k of ['agent', 'agent2'] as const) {
    await User.query(db)
      .where({ email: DEMO_ACCOUNTS[k].email })
      .patch({ passwordHash: await hashPassword(passwords[k]) });
  }
  await TrainingAdmin.query(db)
    .where({ email: DEMO_ACCOUNTS.trainingAdmin.email })
    .patch({ passwordHash: await hashPassword(passwords.trainer) });
  await db.destroy();

  // Mail: a real SMTP server; each message kept as it arrived.
  let n = 0;
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        n += 1;
        fs.writeFileSync(path.join(mailDir, `${Date.now()}-${String(n).padStart(4, '0')}.eml`), Buffer.concat(chunks));
        callback();
      });
    },
  });
  const smtpServer = smtp;
  const smtpPort = await new Promise<number>((resolve, reject) => {
    smtpServer.server.once('error', reject);
    smtpServer.listen(0, '127.0.0.1', () => resolve((smtpServer.server.address() as { port: number }).port));
  });

  // Stripe: the emulator, its events to the load balancer's webhook (a process behind it answers).
  emulator = new StripeEmulator({ webhookSecret, webhookUrl: `${base}/api/stripe/webhook`, onError: (m, err) => console.error(m, err) });
  const stripe = await emulator.start();
  const stripeApiUrl = `http://127.0.0.1:${stripe.port}`;

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL,
    REDIS_URL,
    REDIS_PREFIX: prefix,
    STORAGE: 'db',
    UPLOAD_DIR: path.join(dir, 'uploads'),
    SESSION_SECRET: crypto.randomBytes(32).toString('hex'),
    PUBLIC_ORIGIN: base,
    TRUST_PROXY: '1',
    STRIPE_SECRET_KEY: EMULATOR_SECRET_KEY,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_rehearsal',
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_URL: stripeApiUrl,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: 'TransferLine <support@example.com>',
    BRIGHTCALL_API_KEY: 'rehearsal-brightcall-key',
    TRANSFER_API_KEY: 'rehearsal-transfer-key',
    LOG_LEVEL: 'info',
  };
  // The first admin, as an operator makes one: the compiled command with the servers' environment.
  const adminEmail = `ops-${run}@example.com`;
  const made = spawnSync(process.execPath, ['api/dist/admin-create.js', '--email', adminEmail, '--first-name', 'Rehearsal', '--last-name', 'Operator'], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  const adminLink = /^(https?:\/\/\S+\/set-password\?token=\S+)$/m.exec(made.stdout)?.[1];
  if (made.status !== 0 || !adminLink) throw new Error(`admin-create failed: ${made.stdout}${made.stderr}`);
  for (const [i, p] of ports.entries()) {
    const out = fs.openSync(path.join(dir, `api${i + 1}.log`), 'a');
    children.push(spawn(process.execPath, ['api/dist/server.js'], { cwd: root, env: { ...env, PORT: String(p) }, stdio: ['ignore', out, out] }));
  }
  for (const p of ports) await waitHealthy(`http://127.0.0.1:${p}/api/health`);
  // Spent on a process directly, before the balancer (and so the journeys) starts: the state is ready first.
  const set = await fetch(`http://127.0.0.1:${ports[0]}/api/set-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ token: new URL(adminLink!).searchParams.get('token'), password: passwords.admin }),
  });
  if (set.status !== 200) throw new Error(`the admin's set-password link answered ${set.status}: ${await set.text()}`);

  // The production load balancer's configuration, over these two processes.
  const cfg = fs
    .readFileSync(path.join(root, 'deploy', 'haproxy.cfg'), 'utf8')
    .split('\n')
    .filter((l) => !/^\s*server api3 /.test(l))
    .join('\n');
  const cfgFile = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(cfgFile, cfg);
  const lbLog = fs.openSync(path.join(dir, 'haproxy.log'), 'a');
  children.push(
    spawn('haproxy', ['-db', '-f', cfgFile], {
      env: { ...process.env, LB_PORT: String(port), API1_PORT: String(ports[0]), API2_PORT: String(ports[1]) },
      stdio: ['ignore', lbLog, lbLog],
    }),
  );

  const state: RehearsalState = {
    baseURL: base,
    database,
    databaseUrl: DATABASE_URL,
    redisPrefix: prefix,
    mailDir,
    stripeApiUrl,
    stripeSecretKey: EMULATOR_SECRET_KEY,
    webhookSecret,
    accounts: {
      admin: { email: adminEmail, password: passwords.admin },
      agent: { email: DEMO_ACCOUNTS.agent.email, password: passwords.agent },
      agent2: { email: DEMO_ACCOUNTS.agent2.email, password: passwords.agent2 },
    },
    processes: ports,
  };
  fs.writeFileSync(path.join(dir, 'state.json'), JSON.stringify(state, null, 2));
  await waitHealthy(`${base}/api/health`);
  console.log(`prod rehearsal: ${base} -> :${ports.join(', :')} (NODE_ENV=production), database ${database}, logs in ${dir}`);
}

let stopping = false;
async function stop(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  await stopChildren(children);
  await emulator?.stop().catch(() => undefined);
  await new Promise<void>((r) => (smtp ? smtp.close(() => r()) : r()));
  if (process.env.PROD_REHEARSAL_KEEP_DB !== '1') await dropDatabases(MYSQL, [database]);
  await clearRedisPrefix(REDIS_URL, prefix);
  process.exit(code);
}
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => void stop(0));

try {
  await main();
} catch (err) {
  console.error('prod rehearsal stopped:', err);
  await stop(1);
}
