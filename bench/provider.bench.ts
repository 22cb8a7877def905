// Payment-provider exhaustion (issue 14): floods the routes that reach the provider and prints how
// many provider calls per second they cause. Real app (SQLite, test-payment mode: the real Stripe SDK
// against the embedded emulator), real HTTP, autocannon. The flood comes from a different forged
// address on every request through a trusted local proxy (the worst case: an attacker with many
// addresses, so per-address limits do not help). Exits 1 when provider calls are not bounded.
// `npm run bench -- provider` (BENCH_SECONDS, default 10).
import autocannon from 'autocannon';
import type { AddressInfo } from 'node:net';
import { createApp, createHttpServer } from '../api/src/app.ts';
import { createTestDb } from '../api/src/db/index.ts';
import { testConfig } from '../api/src/config.ts';
import { startPayments } from '@tm/stripe-emulator';
import { createUser } from '../api/src/services/accounts/users.service.ts';
import { PROVIDER_CHECK_INTERVAL_MS } from '../api/src/services/orders/payment-check.service.ts';
import { ORDERS_PER_USER } from '../api/src/middleware/rate-limit.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const INTENTS = 5;

const { db, destroy } = await createTestDb();
const config = testConfig({ trustProxy: 'loopback' });
const payments = await startPayments(config);
const calls = { retrieve: 0, create: 0 };
const intents = payments.stripe.paymentIntents;
const retrieve = intents.retrieve.bind(intents);
const create = intents.create.bind(intents);
intents.retrieve = ((...a: Parameters<typeof retrieve>) => (calls.retrieve++, retrieve(...a))) as typeof intents.retrieve;
intents.create = ((...a: Parameters<typeof create>) => (calls.create++, create(...a))) as typeof intents.create;
const app = createApp({ db, config, stripe: payments.stripe, web: false });
const server = createHttpServer(app, config);
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
payments.emulator!.setWebhookUrl(`${base}/api/stripe/webhook`);

let n = 0;
const forged = () => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n++ & 255}`;

// Unpaid orders whose intents the flood asks about.
const ids: string[] = [];
for (let i = 0; i < INTENTS; i++) {
  const res = await fetch(`${base}/api/create-payment-intent`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': forged() },
    body: JSON.stringify({
      callCount: 4,
      firstName: 'Flo',
      lastName: 'Od',
      email: `flood${i}@example.com`,
      phone: '(555) 010-0142',
      agencyName: 'Flood Agency',
    }),
  });
  ids.push(String(((await res.json()) as { clientSecret: string }).clientSecret).split('_secret_')[0]!);
}

// A logged-in agent opening orders as fast as possible.
const agent = await createUser(db, {
  email: 'flood@example.com',
  username: 'flood',
  password: 'flood-pass-1',
  firstName: 'F',
  lastName: 'L',
  agencyName: 'A',
  role: 'Insurance Agent',
  phone: '5550001111',
});
const login = await fetch(`${base}/api/login`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ identifier: agent.email, password: 'flood-pass-1' }),
});
const cookie = String(login.headers.get('set-cookie')).split(';')[0]!;

async function flood(name: string, opts: autocannon.Options, counter: keyof typeof calls) {
  const before = calls[counter];
  const result = await autocannon({ connections: 50, duration: SECONDS, ...opts });
  const providerCalls = calls[counter] - before;
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .map(([s, v]) => `${s}: ${(v as { count: number }).count}`)
    .join(', ');
  return {
    name,
    requests: result.requests.total,
    reqPerSec: Math.round(result.requests.average),
    providerCalls,
    providerPerSec: providerCalls / SECONDS,
    statuses,
  };
}

const rows = [];
rows.push(
  await flood(
    'GET /api/orders/by-intent/:id, 5 unpaid intents, a new address per request',
    {
      url: base,
      requests: [
        {
          method: 'GET',
          setupRequest: (req) => ({ ...req, path: `/api/orders/by-intent/${ids[n % INTENTS]}`, headers: { ...req.headers, 'x-forwarded-for': forged() } }),
        },
      ],
    },
    'retrieve',
  ),
);
rows.push(
  await flood(
    'POST /api/call-transfer-order, one agent, a new address per request',
    {
      url: base,
      requests: [
        {
          method: 'POST',
          setupRequest: (req) => ({
            ...req,
            path: '/api/call-transfer-order',
            headers: { ...req.headers, 'content-type': 'application/json', cookie, 'x-forwarded-for': forged() },
            body: JSON.stringify({ totalTransfers: 20, callsPerDay: 5, transferHours: '9am-5pm', transferPhone: '5550100000', workingStates: 'TX' }),
          }),
        },
      ],
    },
    'create',
  ),
);

console.log('\n| flood | requests | req/s | provider calls | provider calls/s | answers |');
console.log('|---|---:|---:|---:|---:|---|');
for (const r of rows) console.log(`| ${r.name} | ${r.requests} | ${r.reqPerSec} | ${r.providerCalls} | ${r.providerPerSec.toFixed(2)} | ${r.statuses} |`);

// Bounds: retrieves at most one per intent per check interval (+1 each for the first ask); creates at
// most the per-user order limit for the whole window.
const retrieveBound = INTENTS * (Math.ceil((SECONDS * 1000) / PROVIDER_CHECK_INTERVAL_MS) + 1);
const failures: string[] = [];
if (rows[0]!.providerCalls > retrieveBound) failures.push(`by-intent: ${rows[0]!.providerCalls} provider retrieves > bound ${retrieveBound}`);
if (rows[1]!.providerCalls > ORDERS_PER_USER) failures.push(`orders: ${rows[1]!.providerCalls} PaymentIntents created > bound ${ORDERS_PER_USER}`);
console.log(
  failures.length
    ? `\nUNBOUNDED: ${failures.join('; ')}`
    : `\nBounded: retrieves <= ${retrieveBound} (${INTENTS} intents, one per ${PROVIDER_CHECK_INTERVAL_MS / 1000} s), PaymentIntents <= ${ORDERS_PER_USER} per user per 15 min.`,
);

server.closeAllConnections();
await new Promise((r) => server.close(r));
await payments.close();
await destroy();
process.exit(failures.length ? 1 : 0);
