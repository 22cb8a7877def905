// Issue 14: the attacks a security review ran against running copies, replayed against the real app
// (real database, real HTTP stack, the Stripe emulator). Each one failed before the fix it names.
// `npx vitest run api/src/test/attacks.test.ts` (add TEST_DATABASE_URL=... for the MariaDB-only ones).
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import request from 'supertest';
import net from 'node:net';
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { createTestApp, makeUser, loginAs, loggedInUser, type TestContext } from './harness.ts';
import { testConfig } from '../config.ts';
import { pino } from 'pino';
import { BAD_ENCODING_MESSAGE } from '../middleware/error-handler.ts';
import { createApp, createHttpServer, depsOf } from '../app.ts';
import {
  agedLeadRow,
  uniq,
  uniqPhone,
  ringcloudSurveyBody,
  agentLabBody,
  transferOrderBody,
  partnerForm,
  brightcallBody,
  checkoutBuyer,
} from './proof-fixtures.ts';
import { HOLD_MAX_ITEMS_PER_ADDRESS, HOLD_MAX_ITEMS_PER_BUYER, REPLACED_MESSAGE, holdLimitMessage } from '../services/orders/orders.service.ts';
import {
  BY_INTENT_PER_ADDRESS,
  BY_INTENT_PER_INTENT,
  LOGIN_FAILURES_PER_ACCOUNT_ADDRESS,
  LOGIN_FAILURES_PER_ADDRESS,
  LOGIN_RATE_MESSAGE,
  LOGIN_SUCCESSES_PER_ACCOUNT,
  ORDERS_PER_USER,
} from '../middleware/rate-limit.ts';
import { hashPassword } from '../services/accounts/passwords.ts';
import { TRAINING_ADMIN_TOKEN_TTL_MS } from '@tm/shared/schemas/training';
import { JOBS, bullRunner } from '../jobs/index.ts';
import { isPlausibleEmail } from '../services/brightcall/webhook-payload.ts';
import { ADDRESS_QUOTA_MESSAGE, GLOBAL_QUOTA_MESSAGE, sweepPartnerUploads } from '../services/funnel/upload-quotas.ts';
import { samplePdf } from '../services/funnel/sample-files.ts';
import { createTestDb } from '../db/index.ts';
import { seedDemo, demoAccountsWithPublishedPasswords, DEMO_ACCOUNTS } from '../db/seed.ts';
import { setUserPassword } from '../services/accounts/users.admin.service.ts';
import { insertPaidOrder, callPayload } from './transfers-testing.ts';
import { toDbDate } from '../db/dates.ts';
import { startMailTestApp } from './smtp-sink.ts';
import { connectRedis, deleteKeys, type Redis } from '../infra/redis.ts';
import { enqueueMail } from '../services/mail/outbox.ts';
import { partnerApplicationMail } from '../services/mail/account-messages.ts';
import { EMAIL_CHANGES_PER_ADDRESS, EMAIL_CHANGES_PER_RECIPIENT, EMAIL_CHANGES_PER_USER } from '../routes/accounts/account.routes.ts';
import { CURRENT_PASSWORD_WRONG, EMAIL_CHANGE_SENT } from '@tm/shared/schemas/mail';
import { Writable } from 'node:stream';
import { smtpTransport } from '../services/mail/transport.ts';
import { outboxDeps, startOutboxWorker } from '../services/mail/outbox.ts';
import { accountCreatedMail } from '../services/mail/account-messages.ts';
import { enqueueStaffAlert, signupAlert } from '../services/mail/staff-alerts.ts';
import { SIGNUP_GLOBAL_RATE_MESSAGE } from '../middleware/rate-limit.ts';
import { SIGNUP_NOTICES_PER_RECIPIENT } from '../services/accounts/signup-notices.ts';
import { PUBLISHED_PASSWORDS, PUBLISHED_PASSWORD_MESSAGE } from '../db/demo-accounts.ts';
import { createSetPasswordLink } from '../services/accounts/set-password-links.ts';
import { createLogger } from '../logger.ts';
import { csvLine } from '../lib/csv.ts';
import { isPublicAddress } from '../services/webhooks/ssrf.ts';

const MARIADB = Boolean(process.env.TEST_DATABASE_URL);
const cookieOf = (res: request.Response): string => String((res.headers['set-cookie'] as unknown as string[] | undefined)?.[0] ?? '').split(';')[0]!;

async function insertLeads(ctx: TestContext, n: number): Promise<void> {
  for (let i = 0; i < n; i += 200) {
    const rows = Array.from({ length: Math.min(200, n - i) }, () => agedLeadRow({ customerName: 'Stock Lead' }));
    await ctx.db('leads').insert(rows);
  }
}
const availableIds = async (ctx: TestContext, n: number): Promise<number[]> =>
  ((await ctx.db('leads').where({ status: 'available' }).orderBy('id').limit(n).select('id')) as { id: number }[]).map((r) => Number(r.id));
/** Ends every unpaid order (and gives back its items), so one test's holds do not count in the next. */
async function clearHolds(ctx: TestContext): Promise<void> {
  await ctx.db('orders').where({ status: 'pending' }).update({ status: 'canceled' });
  await ctx.db('leads').where({ status: 'reserved' }).update({ status: 'available', reservedOrderId: null, reservedUntil: null });
}
const countAvailable = async (ctx: TestContext): Promise<number> => Number((await ctx.db('leads').where({ status: 'available' }).count({ n: '*' }).first())?.n);

// ---------------------------------------------------------------------------------------------
describe('1. free hoarding', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx?.close());

  it('accounts signed up through the public survey from one address leave at least 90% of the stock to others', { timeout: 60_000 }, async () => {
    const STOCK = 1000;
    await ctx.db('leads').update({ status: 'sold' }).where({ status: 'available' });
    await insertLeads(ctx, STOCK);
    const refusals = new Set<number>();
    let orders = 0;
    // Five fresh accounts, each asking for everything, 50 at a time. (The public survey no longer makes an
    // account or logs in before a payment, issue 25 item 4: these are accounts that paid for something.)
    for (let a = 0; a < 5; a++) {
      const u = await makeUser(ctx.db);
      const login = await request(ctx.app).post('/api/login').send({ identifier: u.email, password: u.password });
      expect(login.status).toBe(200);
      const cookie = cookieOf(login);
      for (let round = 0; round < STOCK / 50; round++) {
        const ids = await availableIds(ctx, 50);
        const res = await request(ctx.app).post('/api/bulk-purchase-leads').set('Cookie', cookie).send({ leadIds: ids });
        if (res.status === 201) orders++;
        else {
          refusals.add(res.status);
          expect(res.body.error).toBeTruthy();
          break;
        }
      }
    }
    const visible = await countAvailable(ctx);
    expect(orders).toBeGreaterThan(0);
    expect(visible / STOCK).toBeGreaterThanOrEqual(0.9);
    expect(STOCK - visible).toBeLessThanOrEqual(HOLD_MAX_ITEMS_PER_ADDRESS);
    expect([...refusals].every((s) => s === 400 || s === 429)).toBe(true);
    // And the marketplace list shows them to another agent.
    const other = await makeUser(ctx.db);
    const agent = await loginAs(ctx.app, other.email, other.password);
    const list = await agent.get('/api/aged-leads?pageSize=10');
    expect(list.status).toBe(200);
    expect(list.body.total).toBeGreaterThanOrEqual(0.9 * STOCK);
  });

  it('one pending order per buyer and kind: a new order replaces the old one and gives its items back', async () => {
    await clearHolds(ctx);
    await insertLeads(ctx, 20);
    const u = await makeUser(ctx.db);
    const agent = await loginAs(ctx.app, u.email, u.password);
    const first = await agent.post('/api/bulk-purchase-leads').send({ leadIds: await availableIds(ctx, 10) });
    expect(first.status).toBe(201);
    const held = (await ctx.db('leads').where({ reservedOrderId: first.body.orderId, status: 'reserved' })).length;
    expect(held).toBe(10);
    const ids2 = (await availableIds(ctx, 20)).slice(10);
    const second = await agent.post('/api/bulk-purchase-leads').send({ leadIds: ids2 });
    expect(second.status).toBe(201);
    expect(await ctx.db('orders').where({ id: first.body.orderId }).first()).toMatchObject({ status: 'canceled', failureMessage: REPLACED_MESSAGE });
    expect(await ctx.db('leads').where({ reservedOrderId: first.body.orderId, status: 'reserved' })).toHaveLength(0);
    expect(await ctx.db('orders').where({ userId: u.id, kind: 'leads', status: 'pending' })).toHaveLength(1);
  });

  it('a buyer holds at most HOLD_MAX_ITEMS_PER_BUYER items: more is a 400 naming leadIds', async () => {
    await clearHolds(ctx);
    await insertLeads(ctx, HOLD_MAX_ITEMS_PER_BUYER + 1);
    const u = await makeUser(ctx.db);
    const agent = await loginAs(ctx.app, u.email, u.password);
    const res = await agent.post('/api/bulk-purchase-leads').send({ leadIds: await availableIds(ctx, HOLD_MAX_ITEMS_PER_BUYER + 1) });
    expect(res.status).toBe(400);
    expect(res.body.fields.leadIds).toBe(holdLimitMessage());
  });

  it(`order creation is limited per user (${ORDERS_PER_USER} per 15 minutes, all kinds)`, async () => {
    const u = await makeUser(ctx.db);
    const agent = await loginAs(ctx.app, u.email, u.password);
    for (let i = 0; i < ORDERS_PER_USER; i++) expect((await agent.post('/api/call-transfer-order').send(transferOrderBody())).status).toBe(201);
    expect((await agent.post('/api/call-transfer-order').send(transferOrderBody())).status).toBe(429);
    expect((await agent.post('/api/create-payment-intent').send({ callCount: 4 })).status).toBe(429);
    expect(await ctx.db('orders').where({ userId: u.id })).toHaveLength(ORDERS_PER_USER);
  });
});

// ---------------------------------------------------------------------------------------------
describe('2. payment-provider exhaustion', () => {
  let ctx: TestContext;
  let retrieves = 0;
  beforeAll(async () => {
    ctx = await createTestApp();
    // Count the provider calls the app makes (the real SDK client, pointed at the emulator).
    const intents = ctx.stripe.paymentIntents;
    const retrieve = intents.retrieve.bind(intents);
    intents.retrieve = ((...args: Parameters<typeof retrieve>) => {
      retrieves++;
      return retrieve(...args);
    }) as typeof intents.retrieve;
  });
  afterAll(() => ctx?.close());

  it('a flood of by-intent reads asks the provider at most once per 3 seconds per intent, and is limited per intent', { timeout: 30_000 }, async () => {
    const order = await request(ctx.app)
      .post('/api/create-payment-intent')
      .send({ callCount: 4, ...checkoutBuyer() });
    expect(order.status).toBe(200);
    const intentId = String(order.body.clientSecret).split('_secret_')[0];
    retrieves = 0;
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: BY_INTENT_PER_INTENT }, () => request(ctx.app).get(`/api/orders/by-intent/${intentId}`)));
    const seconds = (Date.now() - started) / 1000;
    expect(answers.every((a) => a.status === 200 && a.body.status === 'pending')).toBe(true);
    expect(retrieves).toBeLessThanOrEqual(1 + Math.ceil(seconds / 3));
    const over = await request(ctx.app).get(`/api/orders/by-intent/${intentId}`);
    expect(over.status).toBe(429);
  });

  it(`by-intent is limited per address (${BY_INTENT_PER_ADDRESS} a minute)`, async () => {
    for (let i = 0; i < BY_INTENT_PER_ADDRESS - BY_INTENT_PER_INTENT - 1; i++)
      expect((await request(ctx.app).get(`/api/orders/by-intent/pi_unknown${i}`)).status).toBe(404);
    expect((await request(ctx.app).get('/api/orders/by-intent/pi_onemore')).status).toBe(429);
  });
});

describe("2b. the return pages' order check is limited per intent (issue 25 item 1)", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx?.close());

  it("POST /api/orders/check counts each intent apart: one busy intent never blocks another buyer's return page", async () => {
    for (let i = 0; i < BY_INTENT_PER_INTENT; i++)
      expect((await request(ctx.app).post('/api/orders/check').send({ paymentIntentId: 'pi_busyone' })).status).toBe(404);
    expect((await request(ctx.app).post('/api/orders/check').send({ paymentIntentId: 'pi_busyone' })).status).toBe(429);
    expect((await request(ctx.app).post('/api/orders/check').send({ paymentIntentId: 'pi_another' })).status).toBe(404);
  });
});

// ---------------------------------------------------------------------------------------------
describe('3. logout ends the session', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx?.close());

  async function login() {
    const u = await makeUser(ctx.db);
    const res = await request(ctx.app).post('/api/login').send({ identifier: u.email, password: u.password });
    expect(res.status).toBe(200);
    return { u, cookie: cookieOf(res) };
  }

  it('a cookie captured before logout reads and writes nothing afterwards, in this process or another', async () => {
    const { cookie } = await login();
    const other = createApp({ db: ctx.db, config: ctx.config, clock: ctx.clock, stripe: ctx.stripe, web: false });
    expect((await request(ctx.app).get('/api/my-leads').set('Cookie', cookie)).status).toBe(200);
    expect((await request(other).get('/api/aged-leads').set('Cookie', cookie)).status).toBe(200);
    expect((await request(ctx.app).get('/api/logout').set('Cookie', cookie)).status).toBe(302);
    expect((await request(ctx.app).get('/api/my-leads').set('Cookie', cookie)).status).toBe(401);
    expect((await request(ctx.app).put('/api/transfers/settings').set('Cookie', cookie).send({ paused: true })).status).toBe(401);
    // The other process (its own caches) refuses it too.
    expect((await request(other).get('/api/aged-leads').set('Cookie', cookie)).status).toBe(401);
    expect((await request(other).get('/api/current-user').set('Cookie', cookie)).status).toBe(401);
  });

  it('a password change ends every session of the user', async () => {
    const { u, cookie } = await login();
    await setUserPassword(ctx.db, u.id, 'a-new-password-1', ctx.clock.now());
    expect((await request(ctx.app).get('/api/my-leads').set('Cookie', cookie)).status).toBe(401);
    expect(await ctx.db('sessions').where({ userId: u.id }).whereNull('revokedAt')).toHaveLength(0);
  });

  it('the server ends a session idle for longer than the 10-minute inactivity timeout', async () => {
    const { cookie } = await login();
    ctx.clock.advance(9 * 60_000);
    expect((await request(ctx.app).get('/api/current-user').set('Cookie', cookie)).status).toBe(200);
    ctx.clock.advance(9 * 60_000);
    expect((await request(ctx.app).get('/api/current-user').set('Cookie', cookie)).status).toBe(200);
    ctx.clock.advance(ctx.config.inactivityTimeoutMs + 1000);
    expect((await request(ctx.app).get('/api/current-user').set('Cookie', cookie)).status).toBe(401);
    // Idle once is over for good: activity afterwards does not bring it back.
    ctx.clock.advance(-ctx.config.inactivityTimeoutMs);
    expect((await request(ctx.app).get('/api/current-user').set('Cookie', cookie)).status).toBe(401);
  });
});

// ---------------------------------------------------------------------------------------------
describe('4. throttling', () => {
  let direct: TestContext;
  let proxied: TestContext;
  beforeAll(async () => {
    direct = await createTestApp({ config: { transferApiKey: 'test-transfer-key-attacks-000' } });
    proxied = await createTestApp({ config: { trustProxy: 'loopback' } });
  });
  afterAll(async () => {
    await direct?.close();
    await proxied?.close();
  });

  it('ten bad passwords from a stranger do not lock the agent out: their own address still logs in', { timeout: 30_000 }, async () => {
    const u = await makeUser(proxied.db);
    const tries = (ip: string, password: string) => request(proxied.app).post('/api/login').set('X-Forwarded-For', ip).send({ identifier: u.email, password });
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT_ADDRESS; i++) expect((await tries('203.0.113.5', 'wrong-guess')).status).toBe(401);
    const blocked = await tries('203.0.113.5', 'wrong-guess');
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toBe(LOGIN_RATE_MESSAGE);
    expect((await tries('203.0.113.5', u.password)).status).toBe(429);
    expect((await tries('198.51.100.7', u.password)).status).toBe(200);
  });

  it('failures from many addresses slow the account down instead of locking it', { timeout: 60_000 }, async () => {
    const u = await makeUser(proxied.db);
    const tries = (ip: string, password: string) => request(proxied.app).post('/api/login').set('X-Forwarded-For', ip).send({ identifier: u.email, password });
    for (let i = 0; i < 12; i++) expect((await tries(`192.0.2.${i + 1}`, 'wrong')).status).toBe(401);
    const t0 = Date.now();
    const own = await tries('198.51.100.9', u.password);
    expect(own.status).toBe(200);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(2000);
  });

  it('spellings of one account share one count (the limiter keys on the resolved account)', async () => {
    const u = await makeUser(proxied.db);
    const spellings = [u.email, u.email.toUpperCase(), ` ${u.email} `, u.username!, u.username!.toUpperCase()];
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT_ADDRESS; i++) {
      expect(
        (
          await request(proxied.app)
            .post('/api/login')
            .set('X-Forwarded-For', '203.0.113.77')
            .send({ identifier: spellings[i % spellings.length], password: 'no' })
        ).status,
      ).toBe(401);
    }
    expect((await request(proxied.app).post('/api/login').set('X-Forwarded-For', '203.0.113.77').send({ identifier: u.username, password: 'no' })).status).toBe(
      429,
    );
  });

  it('reached directly, a spoofed X-Forwarded-For is ignored: every guess counts against the real address', async () => {
    for (let i = 0; i < LOGIN_FAILURES_PER_ADDRESS; i++) {
      const res = await request(direct.app)
        .post('/api/login')
        .set('X-Forwarded-For', `10.9.${i}.1`)
        .send({ identifier: `nobody${uniq()}@example.com`, password: 'x' });
      expect(res.status).toBe(401);
    }
    const res = await request(direct.app)
      .post('/api/login')
      .set('X-Forwarded-For', '10.9.99.1')
      .send({ identifier: `nobody${uniq()}@example.com`, password: 'x' });
    expect(res.status).toBe(429);
  });

  it.skipIf(!MARIADB)('MariaDB: an accented spelling of the e-mail is another (unknown) account, not the agent', async () => {
    const u = await makeUser(proxied.db, { email: `agent.${uniq()}@example.com` });
    const accented = u.email.replace('agent', 'àgënt').replace('example', 'exãmple').replace('.com', '.cöm');
    const res = await request(proxied.app).post('/api/login').set('X-Forwarded-For', '198.51.100.200').send({ identifier: accented, password: u.password });
    expect(res.status).toBe(401);
    expect(
      (await request(proxied.app).post('/api/login').set('X-Forwarded-For', '198.51.100.200').send({ identifier: u.email, password: u.password })).status,
    ).toBe(200);
  });

  it.skipIf(!MARIADB)('MariaDB: transfer call ids CallX-1 and callx-1 are two calls, as on SQLite', async () => {
    const u = await makeUser(direct.db);
    await insertPaidOrder(direct.db, u.id, { kind: 'transfer_package', tier: 'standard', count: 5 }, new Date(direct.clock.now().getTime() - 3_600_000));
    const id = `CallX-1-${uniq()}`;
    const send = (callId: string) =>
      request(direct.app)
        .post('/api/callbacks/transfer')
        .set('x-api-key', 'test-transfer-key-attacks-000')
        .send(callPayload({ id: u.id }, 300, { now: direct.clock.now(), callId }));
    expect((await send(id)).status).toBe(201);
    expect((await send(id.toLowerCase())).status).toBe(201);
    expect(await direct.db('transfer_calls').whereIn('externalCallId', [id, id.toLowerCase()])).toHaveLength(2);
  });

  it.skipIf(MARIADB)('(the accent and call-id collation checks run on MariaDB only: TEST_DATABASE_URL=mysql://... )', () => {
    expect(MARIADB).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------
describe('5. smaller doors', () => {
  it('partner uploads: a byte quota per address, then for all files; old files are deleted', { timeout: 30_000 }, async () => {
    const file = Buffer.concat([samplePdf(), Buffer.alloc(15_000, 0x20)]);
    const send = (app: TestContext['app']) => {
      let r = request(app).post('/api/affnetwork-signup');
      for (const [k, v] of Object.entries(partnerForm())) r = r.field(k, v);
      return r.attach('file_0', file, 'license.pdf');
    };
    const perAddress = await createTestApp({ config: { uploads: { perAddressBytes: 40_000, totalBytes: 0, retentionDays: 90 } } });
    try {
      expect((await send(perAddress.app)).status).toBe(201);
      expect((await send(perAddress.app)).status).toBe(201);
      const third = await send(perAddress.app);
      expect(third.status).toBe(429);
      expect(third.body.error).toBe(ADDRESS_QUOTA_MESSAGE);
      // A day later the address may send again.
      perAddress.clock.advance(24 * 60 * 60 * 1000 + 1000);
      expect((await send(perAddress.app)).status).toBe(201);

      // Retention: files older than UPLOAD_RETENTION_DAYS go, from disk and table; newer ones stay.
      const rows: { id: number; storedPath: string }[] = await perAddress.db('partner_application_files').select('id', 'storedPath').orderBy('id');
      for (const r of rows) expect(fs.existsSync(path.join(perAddress.config.uploadDir, r.storedPath))).toBe(true);
      await perAddress
        .db('partner_application_files')
        .where({ id: rows[0]!.id })
        .update({ createdAt: toDbDate(new Date(perAddress.clock.now().getTime() - 91 * 24 * 3600 * 1000)) });
      expect(await sweepPartnerUploads(depsOf(perAddress.app))).toBe(1);
      expect(fs.existsSync(path.join(perAddress.config.uploadDir, rows[0]!.storedPath))).toBe(false);
      expect(await perAddress.db('partner_application_files')).toHaveLength(rows.length - 1);
      expect(fs.existsSync(path.join(perAddress.config.uploadDir, rows[1]!.storedPath))).toBe(true);
    } finally {
      await perAddress.close();
    }
    const total = await createTestApp({ config: { uploads: { perAddressBytes: 0, totalBytes: 25_000, retentionDays: 90 } } });
    try {
      expect((await send(total.app)).status).toBe(201);
      const full = await send(total.app);
      expect(full.status).toBe(503);
      expect(full.body.error).toBe(GLOBAL_QUOTA_MESSAGE);
    } finally {
      await total.close();
    }
  });

  it('the voice-AI webhook checks the length before the shape: a 99 kB e-mail is refused at once', async () => {
    const ctx = await createTestApp({ config: { brightcall: { apiKey: 'bc-key-attacks-0000000000' } } });
    try {
      const hostile = `a@${'a.'.repeat(49_500)}`;
      const t0 = performance.now();
      expect(isPlausibleEmail(hostile)).toBe(true);
      expect(isPlausibleEmail(`a@${'a'.repeat(99_000)}`)).toBe(false);
      expect(isPlausibleEmail(`${'@'.repeat(99_000)}`)).toBe(false);
      expect(performance.now() - t0).toBeLessThan(500); // the old pattern took seconds on one such value
      const res = await request(ctx.app)
        .post('/api/callbacks/brightcall')
        .set('x-api-key', 'bc-key-attacks-0000000000')
        .send({ ...brightcallBody(), email: `a@${'a'.repeat(99_000)}` });
      expect(res.status).toBe(400);
      expect(res.body.fields.email).toBe('email must be at most 254 characters');
      expect(performance.now() - t0).toBeLessThan(2000);
      expect(isPlausibleEmail('pat@example.com')).toBe(true);
      expect(isPlausibleEmail('pat@example')).toBe(false);
      expect(isPlausibleEmail('pat example@x.com')).toBe(false);
    } finally {
      await ctx.close();
    }
  });

  it('the published demo passwords are found (production refuses to start on them) until changed', { timeout: 30_000 }, async () => {
    const { db, destroy } = await createTestDb();
    try {
      await seedDemo(db, { dataDir: path.join(process.cwd(), 'data', 'test') });
      expect((await demoAccountsWithPublishedPasswords(db)).sort()).toEqual(
        [DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.agent.email, DEMO_ACCOUNTS.agent2.email, DEMO_ACCOUNTS.trainingAdmin.email].sort(),
      );
      const admin = await db('users').where({ email: DEMO_ACCOUNTS.admin.email }).first('id');
      await setUserPassword(db, Number(admin.id), 'a-private-password-9', new Date());
      expect(await demoAccountsWithPublishedPasswords(db)).not.toContain(DEMO_ACCOUNTS.admin.email);
    } finally {
      await destroy();
    }
  });

  it('slow and idle connections are bounded: header timeout and maxConnections', { timeout: 20_000 }, async () => {
    const ctx = await createTestApp();
    const server = createHttpServer(ctx.app, { server: { headersTimeoutMs: 1000, requestTimeoutMs: 2000, keepAliveTimeoutMs: 1000, maxConnections: 5 } });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    try {
      const open = (): { closed: Promise<number> } => {
        const t0 = Date.now();
        const socket = net.connect(port, '127.0.0.1', () => void socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n')); // never finishes its headers
        socket.on('error', () => {});
        socket.resume(); // read the server's 408 and its end, so 'close' is seen
        return { closed: new Promise<number>((done) => socket.on('close', () => done(Date.now() - t0))) };
      };
      const slow = Array.from({ length: 5 }, open);
      await new Promise((r) => setTimeout(r, 100));
      const extra = open();
      expect(await extra.closed).toBeLessThan(800); // over maxConnections: dropped at once
      const times = await Promise.all(slow.map((s) => s.closed));
      for (const t of times) expect(t).toBeLessThan(4000); // the header timeout, checked every 500 ms
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await ctx.close();
    }
  });
});

// =============================================================================================
// Issue 27: the doors an audit of a production-like copy found (H1, M1-M5, L2-L4, L6, L7).
// Each test below failed on the code before its fix.

const partnerUpload = (app: TestContext['app'], file: Buffer | null) => {
  let r = request(app).post('/api/affnetwork-signup');
  for (const [k, v] of Object.entries(partnerForm())) r = r.field(k, v);
  return file ? r.attach('file_0', file, 'license.pdf') : r;
};
const storedPartnerBytes = async (ctx: TestContext): Promise<number> =>
  Number((await ctx.db('partner_application_files').sum({ n: 'size_bytes' }).first())?.n ?? 0);

describe('27 H1. upload quotas hold under concurrency', () => {
  const file = Buffer.concat([samplePdf(), Buffer.alloc(15_000, 0x20)]);

  it('20 simultaneous uploads from one address, through two app instances, never pass the per-address quota', { timeout: 60_000 }, async () => {
    const QUOTA = 100_000;
    const ctx = await createTestApp({ config: { uploads: { perAddressBytes: QUOTA, totalBytes: 0, retentionDays: 90 } } });
    const other = createApp({ db: ctx.db, config: ctx.config, clock: ctx.clock, stripe: ctx.stripe, web: false });
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => partnerUpload(i % 2 ? other : ctx.app, file)));
      const created = answers.filter((a) => a.status === 201).length;
      expect(created).toBeGreaterThan(0);
      expect(answers.every((a) => a.status === 201 || a.status === 429)).toBe(true);
      expect(await storedPartnerBytes(ctx)).toBeLessThanOrEqual(QUOTA);
      // Every reservation ended with its request: the quota is free again for what was not stored.
      await new Promise((r) => setTimeout(r, 200));
      expect(await ctx.db('upload_reservations')).toHaveLength(0);
    } finally {
      await ctx.close();
    }
  });

  it('20 simultaneous uploads never pass the total; a full total still takes applications without files', { timeout: 60_000 }, async () => {
    const TOTAL = 60_000;
    const ctx = await createTestApp({ config: { uploads: { perAddressBytes: 0, totalBytes: TOTAL, retentionDays: 90 } } });
    const other = createApp({ db: ctx.db, config: ctx.config, clock: ctx.clock, stripe: ctx.stripe, web: false });
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => partnerUpload(i % 2 ? other : ctx.app, file)));
      expect(answers.some((a) => a.status === 503 && a.body.error === GLOBAL_QUOTA_MESSAGE)).toBe(true);
      expect(await storedPartnerBytes(ctx)).toBeLessThanOrEqual(TOTAL);
      // Fill the rest, then an application without files is still taken; one with a file is not.
      while ((await partnerUpload(ctx.app, file)).status === 201);
      const bare = await partnerUpload(ctx.app, null);
      expect(bare.status).toBe(201);
      const withFile = await partnerUpload(ctx.app, file);
      expect(withFile.status).toBe(503);
      expect(withFile.body.error).toBe(GLOBAL_QUOTA_MESSAGE);
    } finally {
      await ctx.close();
    }
  });
});

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const linkOf = (text: string | false | undefined, pathPart: string): string => {
  const m = new RegExp(`(http://\\S+/${pathPart}\\?token=\\S+)`).exec(text || '');
  if (!m) throw new Error(`no ${pathPart} link in: ${text}`);
  return new URL(m[1]!).searchParams.get('token')!;
};

describe('27 M1. e-mail is no relay', () => {
  it('e-mail changes are limited per account, per recipient and per address, counted in Redis across two processes', { timeout: 60_000 }, async () => {
    const ctx = await createTestApp();
    const prefix = `sec-test-${uniq()}:`;
    const conns: Redis[] = [connectRedis(REDIS_URL), connectRedis(REDIS_URL)];
    const config = { ...ctx.config, redis: { url: REDIS_URL, prefix } };
    const [a, b] = conns.map((redis) => createApp({ db: ctx.db, config, clock: ctx.clock, stripe: ctx.stripe, web: false, redis })) as [
      TestContext['app'],
      TestContext['app'],
    ];
    try {
      const change = async (u: { email: string; password: string }, to: string, i: number) => {
        const cookie = (await request(a).post('/api/login').send({ identifier: u.email, password: u.password })).headers['set-cookie'] as unknown as string[];
        return request(i % 2 ? b : a)
          .post('/api/account/email')
          .set('Cookie', cookie[0]!.split(';')[0]!)
          .send({ currentPassword: u.password, email: to });
      };
      // Per account: the sixth request of one account is refused, on either process.
      const u = await makeUser(ctx.db);
      for (let i = 0; i < EMAIL_CHANGES_PER_USER; i++) expect((await change(u, `relay-${uniq()}@outside.example`, i)).status).toBe(202);
      expect((await change(u, `relay-${uniq()}@outside.example`, 1)).status).toBe(429);
      // Per recipient: one outside address gets at most EMAIL_CHANGES_PER_RECIPIENT links, whichever accounts ask.
      const victim = `victim-${uniq()}@outside.example`;
      for (let i = 0; i < EMAIL_CHANGES_PER_RECIPIENT; i++) expect((await change(await makeUser(ctx.db), victim, i)).status).toBe(202);
      expect((await change(await makeUser(ctx.db), victim, 0)).status).toBe(429);
      // Per address: fresh accounts from one address run out too (the refusal per recipient counted there).
      let counted = EMAIL_CHANGES_PER_USER + EMAIL_CHANGES_PER_RECIPIENT + 1;
      for (; counted < EMAIL_CHANGES_PER_ADDRESS; counted++)
        expect((await change(await makeUser(ctx.db), `more-${uniq()}@outside.example`, counted)).status).toBe(202);
      expect((await change(await makeUser(ctx.db), `last-${uniq()}@outside.example`, 0)).status).toBe(429);
      expect(Number((await ctx.db('mail_outbox').where('kind', 'email-change').count({ n: '*' }).first())?.n)).toBe(EMAIL_CHANGES_PER_ADDRESS - 1);
    } finally {
      await deleteKeys(conns[0]!, prefix);
      for (const c of conns) await c.quit();
      await ctx.close();
    }
  });

  it('a profile name carrying a link never opens a message; the new address gets no name at all', { timeout: 30_000 }, async () => {
    const { ctx, sink, drain, close } = await startMailTestApp();
    try {
      const u = await makeUser(ctx.db);
      await ctx.db('users').where({ id: u.id }).update({ firstName: 'URGENT: your account is locked, pay at http://evil.example/pay' });
      const agent = await loginAs(ctx.app, u.email, u.password);
      const to = `new-${uniq()}@outside.example`;
      expect((await agent.post('/api/account/email').send({ currentPassword: u.password, email: to })).status).toBe(202);
      await drain();
      const [msg] = sink.to(to);
      expect(msg!.text!.split('\n')[0]).toBe('Hello,');
      expect(msg!.text).not.toContain('evil.example');
      expect(msg!.html).not.toContain('evil.example');
      // The old address's notice (after the confirm) opens plainly too.
      expect(
        (
          await request(ctx.app)
            .post('/api/account/email/confirm')
            .send({ token: linkOf(msg!.text, 'confirm-email') })
        ).status,
      ).toBe(200);
      await drain();
      const [notice] = sink.to(u.email);
      expect(notice!.text!.split('\n')[0]).toBe('Hello,');
      expect(notice!.text).not.toContain('evil.example');
    } finally {
      await close();
    }
  });

  it('a password reset goes out before a queue of bulk mail, at the configured rate', { timeout: 30_000 }, async () => {
    const { ctx, sink, drain, close } = await startMailTestApp({ mail: { ...ctx0Mail(), outboxBatch: 5 } as TestContext['config']['mail'] });
    try {
      for (let i = 0; i < 40; i++) await enqueueMail(ctx.db, ctx.clock.now(), partnerApplicationMail(ctx.config, `bulk-${i}-${uniq()}@outside.example`, 'Pat'));
      const u = await makeUser(ctx.db);
      expect((await request(ctx.app).post('/api/forgot-password').send({ email: u.email })).status).toBe(202);
      for (let i = 0; i < 100 && !(await ctx.db('mail_outbox').where({ toEmail: u.email }).first()); i++) await new Promise((r) => setTimeout(r, 10));
      const run = await drain();
      expect(run.sent).toBe(5);
      expect(sink.to(u.email)).toHaveLength(1);
      expect(sink.to(u.email)[0]!.subject).toBe('Set a new TransferLine password');
    } finally {
      await close();
    }
  });
});

/** A new logged-in agent asks to change their e-mail to a new outside address; the link's token is mailed there. */
async function askEmailChange({ ctx, sink, drain }: Awaited<ReturnType<typeof startMailTestApp>>, prefix: string) {
  const u = await makeUser(ctx.db);
  const agent = await loginAs(ctx.app, u.email, u.password);
  const to = `${prefix}-${uniq()}@outside.example`;
  await agent.post('/api/account/email').send({ email: to, currentPassword: u.password });
  await drain();
  return { u, to, confirmToken: linkOf(sink.to(to)[0]!.text, 'confirm-email') };
}

function ctx0Mail() {
  return testConfig().mail;
}

describe('27 M2, M5, L6. e-mail change: password, undo from the old address, one use, no enumeration', () => {
  it('asks the current password; a confirmed change ends other sessions and the old address can undo it for 7 days, once', { timeout: 30_000 }, async () => {
    const { ctx, sink, drain, close } = await startMailTestApp();
    try {
      const u = await makeUser(ctx.db);
      const thief = await loginAs(ctx.app, u.email, u.password);
      const owner = await loginAs(ctx.app, u.email, u.password);
      const to = `thief-${uniq()}@outside.example`;
      const none = await thief.post('/api/account/email').send({ email: to });
      expect(none.status).toBe(400);
      expect(none.body.fields).toHaveProperty('currentPassword');
      const wrong = await thief.post('/api/account/email').send({ email: to, currentPassword: 'not-it' });
      expect(wrong.status).toBe(400);
      expect(wrong.body.fields.currentPassword).toBe(CURRENT_PASSWORD_WRONG);
      expect((await thief.post('/api/account/email').send({ email: to, currentPassword: u.password })).status).toBe(202);
      await drain();
      const confirm = await thief.post('/api/account/email/confirm').send({ token: linkOf(sink.to(to)[0]!.text, 'confirm-email') });
      expect(confirm.status).toBe(200);
      // Every other session ended; the confirming browser stays.
      expect((await owner.get('/api/current-user')).status).toBe(401);
      expect((await thief.get('/api/current-user')).status).toBe(200);
      await drain();
      const [notice] = sink.to(u.email);
      expect(notice!.subject).toBe('Your TransferLine e-mail was changed');
      expect(notice!.text).toContain(to);
      const undo = linkOf(notice!.text, 'undo-email-change');
      ctx.clock.advance(6 * 24 * 3600 * 1000);
      const undone = await request(ctx.app).post('/api/account/email/undo').send({ token: undo });
      expect(undone.status).toBe(200);
      expect((await ctx.db('users').where({ id: u.id }).first()).email).toBe(u.email);
      expect((await thief.get('/api/current-user')).status).toBe(401);
      expect((await request(ctx.app).post('/api/account/email/undo').send({ token: undo })).status).toBe(400);
      await drain();
      expect(sink.to(u.email).map((m) => m.subject)).toContain('Set a new TransferLine password');
    } finally {
      await close();
    }
  });

  it('an undo link older than 7 days does nothing', { timeout: 30_000 }, async () => {
    const mail = await startMailTestApp();
    const { ctx, sink, drain, close } = mail;
    try {
      const { u, to, confirmToken } = await askEmailChange(mail, 'late');
      await request(ctx.app).post('/api/account/email/confirm').send({ token: confirmToken });
      await drain();
      ctx.clock.advance(7 * 24 * 3600 * 1000 + 1000);
      expect(
        (
          await request(ctx.app)
            .post('/api/account/email/undo')
            .send({ token: linkOf(sink.to(u.email)[0]!.text, 'undo-email-change') })
        ).status,
      ).toBe(400);
      expect((await ctx.db('users').where({ id: u.id }).first()).email).toBe(to);
    } finally {
      await close();
    }
  });

  it('L6: a spent confirm link stays spent after the address returns to its old value', { timeout: 30_000 }, async () => {
    const mail = await startMailTestApp();
    const { ctx, close } = mail;
    try {
      const { u, confirmToken: token } = await askEmailChange(mail, 'again');
      expect((await request(ctx.app).post('/api/account/email/confirm').send({ token })).status).toBe(200);
      await ctx.db('users').where({ id: u.id }).update({ email: u.email });
      expect((await request(ctx.app).post('/api/account/email/confirm').send({ token })).status).toBe(400);
      expect((await ctx.db('users').where({ id: u.id }).first()).email).toBe(u.email);
    } finally {
      await close();
    }
  });

  it('M5: an address of another account answers exactly as a free one (no 409), and its owner is told', { timeout: 30_000 }, async () => {
    const { ctx, sink, drain, close } = await startMailTestApp();
    try {
      const u = await makeUser(ctx.db);
      const other = await makeUser(ctx.db);
      const agent = await loginAs(ctx.app, u.email, u.password);
      const taken = await agent.post('/api/account/email').send({ email: other.email, currentPassword: u.password });
      const free = await agent.post('/api/account/email').send({ email: `free-${uniq()}@outside.example`, currentPassword: u.password });
      expect(taken.status).toBe(202);
      expect(taken.body).toEqual(free.body);
      expect(taken.body).toEqual({ message: EMAIL_CHANGE_SENT });
      await drain();
      const [told] = sink.to(other.email);
      expect(told!.subject).toBe('Someone tried to use your TransferLine e-mail');
      expect(told!.text).not.toMatch(/confirm-email/);
    } finally {
      await close();
    }
  });
});

describe('27 L7. a body that does not decode', () => {
  it('gzip, deflate and br bodies that are not what they say answer 400 and log nothing', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (l: string) => void lines.push(l) });
    const ctx = await createTestApp();
    const app = createApp({ db: ctx.db, config: ctx.config, clock: ctx.clock, stripe: ctx.stripe, web: false, logger });
    try {
      for (const enc of ['gzip', 'deflate', 'br']) {
        const res = await request(app)
          .post('/api/login')
          .set('Content-Type', 'application/json')
          .set('Content-Encoding', enc)
          .send(Buffer.from('{"not":"compressed"}'));
        expect(res.status, enc).toBe(400);
        expect(res.body.error).toBe(BAD_ENCODING_MESSAGE);
      }
      expect(lines.filter((l) => /"level":50/.test(l))).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});

describe('27 L2. CSV exports', () => {
  it('a name like "Eve;=2+5;" is one quoted cell with no formula start after any separator', async () => {
    const ctx = await createTestApp();
    try {
      const u = await makeUser(ctx.db);
      await ctx.db('leads').insert({
        kind: 'aged',
        customerName: 'Eve;=2+5;',
        customerPhone: uniqPhone(),
        customerState: 'TX',
        zipCode: '73301',
        ageDays: 45,
        priceCents: null,
        status: 'sold',
        buyerId: u.id,
      });
      const agent = await loginAs(ctx.app, u.email, u.password);
      const res = await agent.get('/api/my-leads/export.csv');
      expect(res.status).toBe(200);
      const line = res.text.split('\r\n')[1]!;
      expect(line.startsWith(`"Eve;'=2+5;",`)).toBe(true);
      // Split as a ';' spreadsheet would (ignoring quotes): no piece starts a formula.
      for (const piece of line.split(/[;,\t]/)) expect(piece.replace(/^"/, '')).not.toMatch(/^[=+\-@]/);
    } finally {
      await ctx.close();
    }
  });
});

describe('27 M4. production refuses demo credentials by password, not by name', () => {
  it('the demo admin with a renamed e-mail (or username), or any admin on a published password, is found', { timeout: 60_000 }, async () => {
    const { db, destroy } = await createTestDb();
    try {
      await seedDemo(db, { dataDir: path.join(process.cwd(), 'data', 'test') });
      await db('users').where({ email: DEMO_ACCOUNTS.admin.email }).update({ email: 'renamed-admin@example.com' });
      expect(await demoAccountsWithPublishedPasswords(db)).toContain(DEMO_ACCOUNTS.admin.email);
      await db('users').where({ email: 'renamed-admin@example.com' }).update({ username: 'renamed-admin' });
      // Neither name is the demo's now: still found, as an admin on a published password.
      expect(await demoAccountsWithPublishedPasswords(db)).toContain('renamed-admin@example.com');
      const admin = await db('users').where({ email: 'renamed-admin@example.com' }).first('id');
      await setUserPassword(db, Number(admin.id), 'a-private-password-9', new Date());
      const left = await demoAccountsWithPublishedPasswords(db);
      expect(left).not.toContain('renamed-admin@example.com');
      expect(left).not.toContain(DEMO_ACCOUNTS.admin.email);
    } finally {
      await destroy();
    }
  });
});

describe('27 L4. no-shows: no credit on the word alone, no admin deciding their own', () => {
  it('a 0-second report without a recording waits for an admin; its reporter, an admin, cannot approve it; another admin can', async () => {
    const ctx = await createTestApp();
    try {
      const start = new Date(ctx.clock.now().getTime() - 3_600_000);
      const boss = await makeUser(ctx.db, { isAdmin: true });
      const other = await makeUser(ctx.db, { isAdmin: true });
      const [id] = await ctx.db('appointments').insert({
        customerName: 'Dana Whitfield',
        customerPhone: uniqPhone(),
        customerState: 'GA',
        status: 'sold',
        buyerId: boss.id,
        purchasedAt: toDbDate(new Date(start.getTime() - 86_400_000)),
        extractedAppointmentDateTime: start.toISOString(),
        hasExtractedAppointment: true,
        priceCents: null,
      });
      const own = await loginAs(ctx.app, boss.email, boss.password);
      const report = await own.post(`/api/appointments/${Number(id)}/no-show`).send({ callDurationSeconds: 0 });
      expect(report.status).toBe(201);
      expect(report.body).toMatchObject({ status: 'pending', creditCents: 0 });
      const self = await own.post(`/api/admin/no-shows/${report.body.id}/approve`).send({ reason: 'mine' });
      expect(self.status).toBe(403);
      const second = await loginAs(ctx.app, other.email, other.password);
      expect((await second.post(`/api/admin/no-shows/${report.body.id}/approve`).send({ reason: 'Recording checked: voicemail' })).status).toBe(200);
    } finally {
      await ctx.close();
    }
  });
});

describe('issue 27 M5: sign-up answers are the same for known and unknown e-mail addresses (survey and RingCloud)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx?.close());

  const setCookie = (res: request.Response): string[] => ([] as string[]).concat((res.headers['set-cookie'] as unknown as string[] | undefined) ?? []);

  it('POST /api/survey answers 201 with the same body for a taken e-mail as for a new one, never 409', async () => {
    const known = await makeUser(ctx.db);
    const fresh = await request(ctx.app).post('/api/survey').send(agentLabBody());
    const taken = await request(ctx.app)
      .post('/api/survey')
      .send({ ...agentLabBody(), email: known.email });
    expect(fresh.status).toBe(201);
    expect(taken.status).toBe(201);
    expect(Object.keys(taken.body).sort()).toEqual(Object.keys(fresh.body).sort());
    expect(Object.keys(taken.body).sort()).toEqual(['ok', 'surveyId']);
    expect(setCookie(taken)).toEqual(setCookie(fresh));
  });

  it('POST /api/ringcloud-survey: the same status, body and Set-Cookie (attributes and length) for a known and an unknown address', async () => {
    const known = await makeUser(ctx.db);
    // Warm up so both survey ids below have the same number of digits.
    const ids: number[] = [];
    for (let i = 0; i < 2; i++) ids.push((await request(ctx.app).post('/api/ringcloud-survey').send(ringcloudSurveyBody())).body.surveyId);
    const unknown = await request(ctx.app).post('/api/ringcloud-survey').send(ringcloudSurveyBody());
    const taken = await request(ctx.app)
      .post('/api/ringcloud-survey')
      .send({ ...ringcloudSurveyBody(), email: known.email });
    expect(taken.status).toBe(unknown.status);
    expect(Object.keys(taken.body).sort()).toEqual(Object.keys(unknown.body).sort());
    const [a, b] = [setCookie(unknown), setCookie(taken)];
    expect(a).toHaveLength(1);
    expect(b).toHaveLength(1);
    const attrs = (c: string) =>
      c
        .split(';')
        .slice(1)
        .map((p) => p.trim());
    expect(attrs(b[0]!)).toEqual(attrs(a[0]!));
    if (String(unknown.body.surveyId).length === String(taken.body.surveyId).length) expect(b[0]!.length).toBe(a[0]!.length);
    // Neither is logged in, and nothing reached the known address's owner.
    for (const res of [unknown, taken]) expect((await request(ctx.app).get('/api/current-user').set('Cookie', cookieOf(res))).status).toBe(401);
    expect(await ctx.db('mailOutbox').where({ userId: known.id }).first()).toBeUndefined();
  });
});

// ---------------------------------------------------------------------------------------------
describe("27 M3. the training admin: the portal login's protection, and sessions the server can end", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ config: { trustProxy: 'loopback' } });
  });
  afterAll(() => ctx?.close());

  async function trainer() {
    const t = { email: `trainer.${uniq()}@example.com`, password: 'trainer-pass-1' };
    await ctx.db('trainingAdmins').insert({ email: t.email, passwordHash: await hashPassword(t.password) });
    return t;
  }
  const signIn = (ip: string, email: string, password: string) =>
    request(ctx.app).post('/api/training-admin/login').set('X-Forwarded-For', ip).send({ email, password });
  const videos = (app: TestContext['app'], token: string) => request(app).get('/api/training-videos').set('Authorization', `Bearer ${token}`);

  it('a stranger failing on the e-mail alone cannot lock the training admin out: their own address still signs in', { timeout: 60_000 }, async () => {
    const t = await trainer();
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT_ADDRESS; i++) expect((await signIn('203.0.113.50', t.email, 'wrong-guess')).status).toBe(401);
    // Another spelling of the e-mail is the same admin: refused too from the stranger's address.
    const blocked = await signIn('203.0.113.50', t.email.toUpperCase(), 'wrong-guess');
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toBe(LOGIN_RATE_MESSAGE);
    expect((await signIn('203.0.113.50', t.email, t.password)).status).toBe(429);
    expect((await signIn('198.51.100.50', t.email, t.password)).status).toBe(200);
  });

  it('failures from many addresses slow the training admin down instead of locking them out', { timeout: 60_000 }, async () => {
    const t = await trainer();
    for (let i = 0; i < 12; i++) expect((await signIn(`192.0.2.${100 + i}`, t.email, 'wrong')).status).toBe(401);
    const t0 = Date.now();
    expect((await signIn('198.51.100.51', t.email, t.password)).status).toBe(200);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(2000);
  });

  it('logout revokes the token on every process; another session of the same admin goes on', async () => {
    const t = await trainer();
    const first = await signIn('198.51.100.60', t.email, t.password);
    const second = await signIn('198.51.100.60', t.email, t.password);
    const token = String(first.body.token);
    const other = createApp({ db: ctx.db, config: ctx.config, clock: ctx.clock, stripe: ctx.stripe, web: false });
    expect((await videos(ctx.app, token)).status).toBe(200);
    expect((await videos(other, token)).status).toBe(200);
    expect((await request(ctx.app).post('/api/training-admin/logout').set('Authorization', `Bearer ${token}`)).status).toBe(204);
    expect((await videos(ctx.app, token)).status).toBe(401);
    expect((await videos(other, token)).status).toBe(401);
    expect((await request(ctx.app).post('/api/training-videos').set('Authorization', `Bearer ${token}`).send({})).status).toBe(401);
    expect((await request(ctx.app).post('/api/training-admin/logout').set('Authorization', `Bearer ${token}`)).status).toBe(401);
    expect((await request(ctx.app).post('/api/training-admin/logout')).status).toBe(401);
    expect((await videos(ctx.app, String(second.body.token))).status).toBe(200);
  });

  it("a session ends 12 hours after the login, and the server's end decides, not the token", async () => {
    const t = await trainer();
    const token = String((await signIn('198.51.100.70', t.email, t.password)).body.token);
    ctx.clock.advance(TRAINING_ADMIN_TOKEN_TTL_MS - 1000);
    expect((await videos(ctx.app, token)).status).toBe(200);
    ctx.clock.advance(1000);
    expect((await videos(ctx.app, token)).status).toBe(401);
    // A token whose session row was ended early (its end moved to now) is refused though its own claim runs on.
    const early = String((await signIn('198.51.100.70', t.email, t.password)).body.token);
    expect((await videos(ctx.app, early)).status).toBe(200);
    const admin = await ctx.db('trainingAdmins').where({ email: t.email }).first();
    await ctx
      .db('trainingAdminSessions')
      .where({ trainingAdminId: admin.id })
      .update({ expiresAt: toDbDate(ctx.clock.now()) });
    expect((await videos(ctx.app, early)).status).toBe(401);
  });
});

// ---------------------------------------------------------------------------------------------
describe('27 L3. sessions do not pile up', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ config: { trustProxy: 'loopback' } });
  });
  afterAll(() => ctx?.close());

  it(
    `successful logins are limited per account (${LOGIN_SUCCESSES_PER_ACCOUNT} per 15 minutes, all addresses): the next is 429`,
    { timeout: 60_000 },
    async () => {
      const u = await makeUser(ctx.db);
      const login = (i: number) =>
        request(ctx.app)
          .post('/api/login')
          .set('X-Forwarded-For', `198.18.${Math.floor(i / 200)}.${(i % 200) + 1}`)
          .send({ identifier: u.email, password: u.password });
      for (let i = 0; i < LOGIN_SUCCESSES_PER_ACCOUNT; i++) expect((await login(i)).status).toBe(200);
      const refused = await login(LOGIN_SUCCESSES_PER_ACCOUNT);
      expect(refused.status).toBe(429);
      expect(refused.body.error).toBe(LOGIN_RATE_MESSAGE);
      expect(await ctx.db('sessions').where({ userId: u.id })).toHaveLength(LOGIN_SUCCESSES_PER_ACCOUNT);
      // Another account is not affected.
      const other = await makeUser(ctx.db);
      expect((await request(ctx.app).post('/api/login').send({ identifier: other.email, password: other.password })).status).toBe(200);
      // The training admin's login is limited the same way.
      const t = { email: `trainer.${uniq()}@example.com`, password: 'trainer-pass-1' };
      await ctx.db('trainingAdmins').insert({ email: t.email, passwordHash: await hashPassword(t.password) });
      const train = (i: number) =>
        request(ctx.app)
          .post('/api/training-admin/login')
          .set('X-Forwarded-For', `198.19.${Math.floor(i / 200)}.${(i % 200) + 1}`)
          .send(t);
      for (let i = 0; i < LOGIN_SUCCESSES_PER_ACCOUNT; i++) expect((await train(i)).status).toBe(200);
      expect((await train(LOGIN_SUCCESSES_PER_ACCOUNT)).status).toBe(429);
    },
  );

  it(
    "the limits count in Redis across two processes: successes per account, and the training admin's failures per (admin, address)",
    { timeout: 60_000 },
    async () => {
      const prefix = `sec-test-${uniq()}:`;
      const conns: Redis[] = [connectRedis(REDIS_URL), connectRedis(REDIS_URL)];
      const config = { ...ctx.config, redis: { url: REDIS_URL, prefix } };
      const [a, b] = conns.map((redis) => createApp({ db: ctx.db, config, clock: ctx.clock, stripe: ctx.stripe, web: false, redis })) as [
        TestContext['app'],
        TestContext['app'],
      ];
      try {
        const u = await makeUser(ctx.db);
        const login = (i: number) =>
          request(i % 2 ? b : a)
            .post('/api/login')
            .set('X-Forwarded-For', `198.18.9.${(i % 200) + 1}`)
            .send({ identifier: u.email, password: u.password });
        for (let i = 0; i < LOGIN_SUCCESSES_PER_ACCOUNT; i++) expect((await login(i)).status).toBe(200);
        expect((await login(0)).status).toBe(429);
        expect((await login(1)).status).toBe(429);
        const t = { email: `trainer.${uniq()}@example.com`, password: 'trainer-pass-1' };
        await ctx.db('trainingAdmins').insert({ email: t.email, passwordHash: await hashPassword(t.password) });
        const train = (i: number, ip: string, password: string) =>
          request(i % 2 ? b : a)
            .post('/api/training-admin/login')
            .set('X-Forwarded-For', ip)
            .send({ email: t.email, password });
        for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT_ADDRESS; i++) expect((await train(i, '203.0.113.90', 'wrong')).status).toBe(401);
        expect((await train(0, '203.0.113.90', t.password)).status).toBe(429);
        expect((await train(1, '203.0.113.90', t.password)).status).toBe(429);
        expect((await train(0, '198.51.100.90', t.password)).status).toBe(200);
      } finally {
        await deleteKeys(conns[0]!, prefix);
        for (const c of conns) await c.quit();
      }
    },
  );

  /** Live, revoked and ended sessions of a fresh user and training admin, written as the logins and logouts write them. */
  async function sessionsOfEveryKind(app: TestContext['app']) {
    const u = await makeUser(ctx.db);
    const cookieLogin = async () => cookieOf(await request(app).post('/api/login').send({ identifier: u.email, password: u.password }));
    const live = await cookieLogin();
    const loggedOut = await cookieLogin();
    expect((await request(app).get('/api/logout').set('Cookie', loggedOut)).status).toBe(302);
    const sid = (n: number) => `purge-${n}-${uniq()}`;
    const now = ctx.clock.now().getTime();
    // One past its 12-hour lifetime (never revoked), one only idle (within its lifetime: kept, so /login can say why).
    const old = sid(1);
    const idle = sid(2);
    await ctx.db('sessions').insert([
      { id: old, userId: u.id, createdAt: toDbDate(new Date(now - 13 * 3_600_000)), lastSeenAt: toDbDate(new Date(now - 12.5 * 3_600_000)) },
      { id: idle, userId: u.id, createdAt: toDbDate(new Date(now - 2 * 3_600_000)), lastSeenAt: toDbDate(new Date(now - 3_600_000)) },
    ]);
    const t = { email: `trainer.${uniq()}@example.com`, password: 'trainer-pass-1' };
    const [adminId] = await ctx.db('trainingAdmins').insert({ email: t.email, passwordHash: await hashPassword(t.password) });
    const token = async () => String((await request(app).post('/api/training-admin/login').send(t)).body.token);
    const liveToken = await token();
    const outToken = await token();
    expect((await request(app).post('/api/training-admin/logout').set('Authorization', `Bearer ${outToken}`)).status).toBe(204);
    await ctx.db('trainingAdminSessions').insert({
      id: sid(3),
      trainingAdminId: Number(adminId),
      createdAt: toDbDate(new Date(now - 13 * 3_600_000)),
      expiresAt: toDbDate(new Date(now - 3_600_000)),
    });
    return { u, adminId: Number(adminId), live, idle, liveToken };
  }

  async function expectPurged(app: TestContext['app'], s: Awaited<ReturnType<typeof sessionsOfEveryKind>>) {
    const rows = (await ctx.db('sessions').where({ userId: s.u.id })) as { id: string; revokedAt: string | null }[];
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.id)).toContain(s.idle);
    expect(rows.every((r) => r.revokedAt === null)).toBe(true);
    const trainerRows = (await ctx.db('trainingAdminSessions').where({ trainingAdminId: s.adminId })) as { revokedAt: string | null }[];
    expect(trainerRows).toHaveLength(1);
    expect(trainerRows[0]!.revokedAt).toBeNull();
    // What is left still works.
    expect((await request(app).get('/api/current-user').set('Cookie', s.live)).status).toBe(200);
    expect((await request(app).get('/api/training-videos').set('Authorization', `Bearer ${s.liveToken}`)).status).toBe(200);
  }

  const until = async (cond: () => Promise<boolean>, ms = 10_000) => {
    const end = Date.now() + ms;
    while (!(await cond())) {
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 25));
    }
  };

  it('the purge job (embedded queue) deletes revoked and ended sessions, portal and training admin, and keeps live ones', async () => {
    const s = await sessionsOfEveryKind(ctx.app);
    expect(await ctx.db('sessions').where({ userId: s.u.id })).toHaveLength(4);
    expect(await ctx.db('trainingAdminSessions').where({ trainingAdminId: s.adminId })).toHaveLength(3);
    await depsOf(ctx.app).jobs.enqueue(JOBS.sessionPurge, {});
    await until(async () => (await ctx.db('sessions').where({ userId: s.u.id })).length === 2);
    await expectPurged(ctx.app, s);
  });

  it('the purge job runs the same on the Redis queue', { timeout: 30_000 }, async () => {
    const prefix = `sec-test-${uniq()}:`;
    const redis = connectRedis(REDIS_URL, { queue: true });
    const jobs = bullRunner({ redis, prefix: `${prefix}bull` });
    const app = createApp({ db: ctx.db, config: ctx.config, clock: ctx.clock, stripe: ctx.stripe, web: false, jobs });
    try {
      const s = await sessionsOfEveryKind(app);
      await jobs.start();
      await jobs.enqueue(JOBS.sessionPurge, {});
      await until(async () => (await ctx.db('sessions').where({ userId: s.u.id })).length === 2);
      await expectPurged(app, s);
    } finally {
      await jobs.close();
      await deleteKeys(redis, prefix);
      await redis.quit();
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Issue 35: the audit of the production build (A1-A11), replayed. Each failed on the code before it.

describe('35 A1. a flood of sign-ups never delays a reset, caps the sign-ups, and collapses staff alerts', () => {
  it('with 250 sign-ups queued (account-created mail and staff alerts), a reset reaches the SMTP server within 5 s', { timeout: 60_000 }, async () => {
    const { ctx, sink, close } = await startMailTestApp();
    const transport = smtpTransport(sink.url);
    let worker: ReturnType<typeof startOutboxWorker> | null = null;
    try {
      await makeUser(ctx.db, { isAdmin: true });
      const now = ctx.clock.now();
      for (let i = 0; i < 250; i++) {
        const to = `flood-${i}-${uniq()}@outside.example`;
        await enqueueMail(ctx.db, now, { ...accountCreatedMail(ctx.config, { id: 0, email: to, firstName: 'Flood' }, null), userId: null });
        await enqueueStaffAlert(
          ctx.db,
          ctx.config,
          now,
          signupAlert(i + 1, { firstName: 'Flood', lastName: `N${i}`, agencyName: 'A', email: to, leadType: 'x' }),
        );
      }
      // The burst's staff alerts: the first of the window and one digest per admin, not 250.
      const alerts = await ctx.db('mail_outbox').where({ kind: 'staff-signup' }).count({ n: '*' }).first();
      expect(Number(alerts?.n)).toBeLessThanOrEqual(2);
      const u = await makeUser(ctx.db);
      expect((await request(ctx.app).post('/api/forgot-password').send({ email: u.email })).status).toBe(202);
      for (let i = 0; i < 200 && !(await ctx.db('mail_outbox').where({ toEmail: u.email }).first()); i++) await new Promise((r) => setTimeout(r, 10));
      const started = Date.now();
      // The production sender: MAIL_OUTBOX_BATCH (20) every MAIL_OUTBOX_EVERY_MS (2 s).
      worker = startOutboxWorker({ ...outboxDeps({ ...ctx, logger: pino({ level: 'silent' }) }, transport) }, ctx.config.mail.outboxEveryMs);
      while (sink.to(u.email).length === 0 && Date.now() - started < 30_000) await new Promise((r) => setTimeout(r, 20));
      const took = Date.now() - started;
      expect(sink.to(u.email)[0]?.subject).toBe('Set a new TransferLine password');
      expect(took).toBeLessThan(5000);
    } finally {
      worker?.stop();
      await worker?.idle();
      transport.close();
      await close();
    }
  });

  it('a global cap on new sign-ups per minute holds beside the per-address one (SIGNUPS_PER_MINUTE)', { timeout: 30_000 }, async () => {
    const ctx = await createTestApp({ config: { signupsPerMinute: 5 } });
    try {
      const answers: number[] = [];
      for (let i = 0; i < 7; i++) answers.push((await request(ctx.app).post('/api/survey').send(agentLabBody())).status);
      expect(answers.slice(0, 5)).toEqual([201, 201, 201, 201, 201]);
      expect(answers.slice(5)).toEqual([429, 429]);
      const refused = await request(ctx.app).post('/api/survey').send(agentLabBody());
      expect(refused.body.error).toBe(SIGNUP_GLOBAL_RATE_MESSAGE);
    } finally {
      await ctx.close();
    }
  });
});

describe('35 A2. sign-up notices to an existing account are limited per recipient', () => {
  it(
    `12 sign-ups with an agent's e-mail from one address send that agent at most ${SIGNUP_NOTICES_PER_RECIPIENT} notices; every answer is the same 201`,
    { timeout: 30_000 },
    async () => {
      const ctx = await createTestApp();
      try {
        const owner = await makeUser(ctx.db);
        for (let i = 0; i < 12; i++) {
          const res = await request(ctx.app)
            .post('/api/survey')
            .send({ ...agentLabBody(), email: owner.email });
          expect(res.status).toBe(201);
        }
        const notices = await ctx.db('mail_outbox').where({ toEmail: owner.email, kind: 'signup-attempt' }).count({ n: '*' }).first();
        expect(Number(notices?.n)).toBe(SIGNUP_NOTICES_PER_RECIPIENT);
      } finally {
        await ctx.close();
      }
    },
  );
});

describe('35 A3. a published demo password is refused wherever a password is set', () => {
  it('own change, admin set, admin create, set-password link and the RingCloud survey answer 400 naming the field', { timeout: 30_000 }, async () => {
    const ctx = await createTestApp();
    try {
      const { user, agent } = await loggedInUser(ctx);
      for (const published of PUBLISHED_PASSWORDS) {
        const own = await agent.put('/api/account/password').send({ currentPassword: user.password, newPassword: published, confirmPassword: published });
        expect(own.status, published).toBe(400);
        expect(own.body.fields).toEqual({ newPassword: PUBLISHED_PASSWORD_MESSAGE });
      }
      const { agent: admin } = await loggedInUser(ctx, { isAdmin: true });
      const set = await admin.put(`/api/admin/users/${user.id}/password`).send({ password: DEMO_ACCOUNTS.admin.password });
      expect(set.status).toBe(400);
      expect(set.body.fields).toEqual({ password: PUBLISHED_PASSWORD_MESSAGE });
      const created = await admin.post('/api/admin/users').send({
        email: `made-${uniq()}@example.com`,
        password: DEMO_ACCOUNTS.agent.password,
        firstName: 'Made',
        lastName: 'ByAdmin',
        agencyName: 'Made Agency',
        role: 'Insurance Agent',
        phone: '5125550133',
      });
      expect(created.body.fields).toEqual({ password: PUBLISHED_PASSWORD_MESSAGE });
      expect(created.status).toBe(400);
      const link = await createSetPasswordLink(ctx.db, ctx.config.sessionSecret, ctx.config.publicOrigin, user.id, ctx.clock.now());
      const token = new URL(link.url).searchParams.get('token');
      const viaLink = await request(ctx.app).post('/api/set-password').send({ token, password: DEMO_ACCOUNTS.agent2.password });
      expect(viaLink.status).toBe(400);
      expect(viaLink.body.fields).toEqual({ password: PUBLISHED_PASSWORD_MESSAGE });
      const survey = await request(ctx.app)
        .post('/api/ringcloud-survey')
        .send({ ...ringcloudSurveyBody(), password: DEMO_ACCOUNTS.trainingAdmin.password });
      expect(survey.status).toBe(400);
      expect(survey.body.fields).toMatchObject({ password: PUBLISHED_PASSWORD_MESSAGE });
      // So no agent can make the next production start refuse.
      expect(await demoAccountsWithPublishedPasswords(ctx.db)).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});

describe('35 A4. appointment dates: real ones in a window at every door; calendars never fail', () => {
  const BAD = ['1900-01-01T09:00:00Z', '1900-01-01', '0000-00-00', '275760-09-13T00:00:00Z', '2026-02-30T25:61'];
  it('the voice-AI callback, admin create and admin edit answer 422 naming the field', { timeout: 30_000 }, async () => {
    const KEY = 'bc-key-attacks-35';
    const ctx = await createTestApp({ config: { brightcall: { apiKey: KEY, widgetKey: 'w' } } });
    try {
      const { agent: admin } = await loggedInUser(ctx, { isAdmin: true });
      const made = await admin
        .post('/api/admin/appointments/brightcall')
        .send({ firstName: 'Ok', lastName: 'Date', phone: '5125550111', callbackTime: 'Friday 10am' });
      expect(made.status).toBe(201);
      const id = Number(made.body.appointment.id);
      for (const when of BAD) {
        const cb = await request(ctx.app)
          .post('/api/callbacks/brightcall')
          .set('x-api-key', KEY)
          .send({ ...brightcallBody(), callback_time: when });
        expect(cb.status, when).toBe(422);
        expect(Object.keys(cb.body.fields), when).toEqual(['callback_time']);
        const create = await admin
          .post('/api/admin/appointments/brightcall')
          .send({ firstName: 'Bad', lastName: 'Date', phone: '5125550112', callbackTime: when });
        expect(create.status, when).toBe(422);
        expect(Object.keys(create.body.fields), when).toEqual(['callbackTime']);
        const edit = await admin.patch(`/api/admin/appointments/${id}`).send({ callbackTime: when });
        expect(edit.status, when).toBe(422);
        expect(Object.keys(edit.body.fields), when).toEqual(['callbackTime']);
      }
      const ok = await request(ctx.app)
        .post('/api/callbacks/brightcall')
        .set('x-api-key', KEY)
        .send({ ...brightcallBody(), callback_time: new Date(ctx.clock.now().getTime() + 86_400_000).toISOString() });
      expect(ok.status).toBe(200);
    } finally {
      await ctx.close();
    }
  });

  it('a bad date stored before the checks: the feed leaves that event out, the .ics answers 422, nothing 500s', { timeout: 30_000 }, async () => {
    const ctx = await createTestApp();
    try {
      const { user, agent } = await loggedInUser(ctx);
      const row = (when: string) => ({
        customerName: 'Cal Endar',
        customerPhone: uniqPhone(),
        callStatus: 'completed',
        extractedAppointmentDateTime: when,
        hasExtractedAppointment: true,
        priceCents: 1000,
        status: 'sold',
        buyerId: user.id,
        purchasedAt: toDbDate(ctx.clock.now()),
        createdAt: toDbDate(ctx.clock.now()),
      });
      const [bad] = await ctx.db('appointments').insert(row('1900-01-01T09:00:00Z'));
      await ctx.db('appointments').insert(row(new Date(ctx.clock.now().getTime() + 86_400_000).toISOString()));
      const ics = await agent.get(`/api/appointments/${bad}/calendar.ics`);
      expect(ics.status).toBe(422);
      const feed = await agent.post('/api/calendar-feed');
      const res = await request(ctx.app).get(new URL(feed.body.url).pathname);
      expect(res.status).toBe(200);
      expect(res.text.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    } finally {
      await ctx.close();
    }
  });
});

describe('35 A5. no live link at rest in the outbox; an admin never sees one, and is named when they use one', () => {
  it(
    'the reset row keeps the link masked and sealed until sent; the preview is masked and audited; a resend carries a fresh link',
    { timeout: 30_000 },
    async () => {
      const { ctx, sink, drain, close } = await startMailTestApp();
      try {
        const u = await makeUser(ctx.db);
        const { user: adminUser, agent: admin } = await loggedInUser(ctx, { isAdmin: true });
        expect((await request(ctx.app).post('/api/forgot-password').send({ email: u.email })).status).toBe(202);
        let row: { id: number; textBody: string; htmlBody: string; linkSealed: string | null } | undefined;
        for (let i = 0; i < 200 && !(row = await ctx.db('mail_outbox').where({ toEmail: u.email }).first()); i++) await new Promise((r) => setTimeout(r, 10));
        // At rest: no token in the bodies, only the masked link; the live one sealed.
        expect(row!.textBody).toContain('/set-password?token=hidden');
        expect(row!.htmlBody).toContain('/set-password?token=hidden');
        expect(row!.linkSealed).toBeTruthy();
        const preview = await admin.get(`/api/admin/outbox/${row!.id}`);
        expect(preview.status).toBe(200);
        expect(preview.body.message.text).toContain('token=hidden');
        const viewed = await ctx.db('ledger_audit_log').where({ action: 'mail.viewed', entityId: row!.id }).first();
        expect(Number(viewed?.actorId)).toBe(Number(adminUser.id));
        // Sent: the recipient's copy has the live link (it works), and the sealed link is gone from the row.
        await drain();
        const first = linkOf(sink.to(u.email)[0]!.text, 'set-password');
        expect((await request(ctx.app).get(`/api/set-password/check?token=${first}`)).status).toBe(200);
        expect((await ctx.db('mail_outbox').where({ id: row!.id }).first()).linkSealed).toBeNull();
        // A resend, a minute later, sends a fresh link, not a copy of the first.
        ctx.clock.advance(60_000);
        expect((await admin.post(`/api/admin/outbox/${row!.id}/resend`)).status).toBe(200);
        await drain();
        const second = linkOf(sink.to(u.email)[1]!.text, 'set-password');
        expect(second).not.toBe(first);
        expect((await request(ctx.app).get(`/api/set-password/check?token=${second}`)).status).toBe(200);
        // An admin who uses the link from their own logged-in browser is named in the audit.
        expect((await admin.post('/api/set-password').send({ token: second, password: 'taken-over-pass-1' })).status).toBe(200);
        const used = await ctx.db('ledger_audit_log').where({ action: 'user.password_set_by_other', entityId: u.id }).first();
        expect(Number(used?.actorId)).toBe(Number(adminUser.id));
      } finally {
        await close();
      }
    },
  );

  it('e-mail change links: the tokens are stored as hashes and the outbox body masks the link', { timeout: 30_000 }, async () => {
    const m = await startMailTestApp();
    try {
      const { to, confirmToken } = await askEmailChange(m, 'masked');
      const rows = (await m.ctx.db('mail_outbox').where({ toEmail: to }).select('textBody', 'htmlBody')) as { textBody: string; htmlBody: string }[];
      expect(rows).toHaveLength(1);
      expect(rows[0]!.textBody).not.toContain(confirmToken);
      expect(rows[0]!.htmlBody).not.toContain(confirmToken);
      const stored = JSON.stringify(await m.ctx.db('email_changes').select());
      expect(stored).not.toContain(confirmToken);
    } finally {
      await m.close();
    }
  });
});

describe('35 A6, A11. logs: no feed secret, no personal data in error lines, one error shape', () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  it('the request line of a calendar feed hides its secret; a 500 line hides phones, e-mails and quoted values', { timeout: 30_000 }, async () => {
    const { db, destroy } = await createTestDb();
    const config = testConfig({ env: 'development', logLevel: 'info' });
    const logger = createLogger('info', stream);
    const app = createApp({ db, config, stripe: undefined as never, web: false, logger });
    try {
      const secret = 'feedsecretfeedsecret0123456789AB';
      await request(app).get(`/api/calendar/${secret}.ics`);
      const feedLines = lines.filter((l) => l.includes('/api/calendar/'));
      expect(feedLines.length).toBeGreaterThan(0);
      for (const l of feedLines) expect(l).not.toContain(secret);
      // A driver error quoting what was inserted, as the 500 handler logs it.
      logger.error(
        { err: new Error("insert into `appointments` values ('Cal Endar', '(512) 555-0142', 'cal@example.com') - ER_DATA_TOO_LONG") },
        'unhandled error',
      );
      const errLine = lines.at(-1)!;
      for (const pii of ['555-0142', 'cal@example.com', 'Cal Endar']) expect(errLine).not.toContain(pii);
    } finally {
      await destroy();
    }
  });

  it('every err is { type, message, stack }: a string is not logged one character per key', () => {
    lines.length = 0;
    const logger = createLogger('info', stream);
    logger.warn({ err: 'HTTP 500 from the CRM' }, 'webhook delivery failed; will retry');
    logger.error({ err: new TypeError('boom') }, 'failed');
    const [asText, asError] = lines.map((l) => JSON.parse(l) as { err: Record<string, unknown> });
    expect(asText!.err).toEqual({ type: 'Error', message: 'HTTP 500 from the CRM' });
    expect(Object.keys(asError!.err).sort()).toEqual(['message', 'stack', 'type']);
    expect(asError!.err.type).toBe('TypeError');
  });
});

describe('35 A7. formula starts after leading blanks are neutralised in every CSV', () => {
  it('a tab (or CR, or spaces) before =HYPERLINK never leaves a live formula in a tab- or ;-split spreadsheet', async () => {
    const ctx = await createTestApp();
    try {
      const u = await makeUser(ctx.db);
      const names = ['\t=HYPERLINK("http://evil.example","x")', '\r=1+1', '  @SUM(A1)', 'Eve;\t=2+5'];
      for (const customerName of names)
        await ctx.db('leads').insert({
          kind: 'aged',
          customerName,
          customerPhone: uniqPhone(),
          customerState: 'TX',
          zipCode: '73301',
          ageDays: 45,
          status: 'sold',
          buyerId: u.id,
        });
      const agent = await loginAs(ctx.app, u.email, u.password);
      const res = await agent.get('/api/my-leads/export.csv');
      expect(res.status).toBe(200);
      const body = res.text.split('\r\n').slice(1).join('\n');
      // Split as a spreadsheet would on any separator (ignoring quotes), blanks trimmed: no piece starts a formula.
      for (const piece of body.split(/[;,\t\r\n|]/)) expect(piece.replace(/^"/, '').trim()).not.toMatch(/^[=+\-@]/);
      // The refused-rows CSV and the transfer exports write through the same csvLine.
      expect(csvLine(['\t=HYPERLINK("x")'])).toBe(`"'\t'=HYPERLINK(""x"")"\r\n`);
    } finally {
      await ctx.close();
    }
  });
});

describe('35 A8. IPv4-compatible IPv6 and every special block are not public', () => {
  it('https://[::127.0.0.1]:8443/ is refused at save; ::/96, NAT64 and the rest are refused at delivery', async () => {
    for (const a of ['::7f00:1', '::127.0.0.1', '::a00:1', '64:ff9b::a00:1', '64:ff9b:1::1', '2002:7f00:1::', '2001:db8::1', '100.64.0.1', '192.0.0.8'])
      expect(isPublicAddress(a), a).toBe(false);
    for (const a of ['8.8.8.8', '2606:4700:4700::1111']) expect(isPublicAddress(a), a).toBe(true);
    const ctx = await createTestApp({ config: { webhooks: { ...testConfig().webhooks, guard: true } } });
    try {
      const { agent } = await loggedInUser(ctx);
      const res = await agent.post('/api/webhooks').send({ url: 'https://[::127.0.0.1]:8443/', events: ['lead.bought'] });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.fields)).toEqual(['url']);
    } finally {
      await ctx.close();
    }
  });
});

describe('35 A9. the paid-order answer does not tell whether an e-mail had an account', () => {
  it('by-intent answers the same keys and values for a new and an existing e-mail', { timeout: 30_000 }, async () => {
    const ctx = await createTestApp();
    try {
      const existing = await makeUser(ctx.db);
      const views: Record<string, unknown>[] = [];
      for (const email of [existing.email, `new-${uniq()}@example.com`]) {
        const made = await request(ctx.app)
          .post('/api/create-payment-intent')
          .send({ callCount: 2, ...checkoutBuyer(), email });
        expect(made.status).toBe(200);
        const secret = String(made.body.clientSecret);
        expect(
          (
            await request(ctx.app)
              .post('/api/test-payments/confirm')
              .send({ clientSecret: secret, cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' })
          ).status,
        ).toBe(200);
        await ctx.emulator.flush();
        const view = await request(ctx.app).get(`/api/orders/by-intent/${secret.split('_secret_')[0]}`);
        expect(view.body.status).toBe('paid');
        views.push(view.body as Record<string, unknown>);
      }
      const strip = (v: Record<string, unknown>) => {
        const { orderId: _o, createdAt: _c, paidAt: _p, ...rest } = v;
        return rest;
      };
      expect(strip(views[0]!)).toEqual(strip(views[1]!));
      expect(views[0]).not.toHaveProperty('accountCreated');
    } finally {
      await ctx.close();
    }
  });
});

describe('35 A10. a username clash between racing sign-ups is retried, never refused', () => {
  it('4 concurrent sign-ups with one name and different e-mails all answer 201 with different usernames', { timeout: 30_000 }, async () => {
    const ctx = await createTestApp();
    try {
      const last = `Race${uniq()
        .replace(/[^a-z]/gi, '')
        .slice(0, 8)}`;
      const answers = await Promise.all(
        Array.from({ length: 4 }, () =>
          request(ctx.app)
            .post('/api/survey')
            .send({ ...agentLabBody(), firstName: 'Sam', lastName: last }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201]);
      const names = (await ctx.db('users').where('lastName', last).pluck('username')) as string[];
      expect(new Set(names).size).toBe(4);
    } finally {
      await ctx.close();
    }
  });
});

describe('35 A11. a recording download the client stops is routine, not an error', () => {
  it('downloads aborted at every moment log nothing at error level and answer no 500', { timeout: 60_000 }, async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-abort-'));
    fs.mkdirSync(path.join(dataDir, 'media'));
    fs.writeFileSync(path.join(dataDir, 'media', 'long.wav'), Buffer.alloc(30 * 1024 * 1024, 7));
    const { db, destroy } = await createTestDb();
    const config = testConfig({ dataDir });
    const app = createApp({ db, config, stripe: undefined as never, web: false, logger: createLogger('info', stream) });
    const server = createHttpServer(app, config);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const port = (server.address() as AddressInfo).port;
    try {
      const admin = await makeUser(db, { isAdmin: true });
      const login = await request(app).post('/api/login').send({ identifier: admin.email, password: admin.password });
      const cookie = cookieOf(login);
      for (const delay of [0, 1, 2, 5, 10, 20, 50, 100]) {
        await new Promise<void>((resolve) => {
          const sock = net.connect(port, '127.0.0.1', () => {
            sock.write(`GET /api/media/long.wav HTTP/1.1\r\nHost: x\r\nCookie: ${cookie}\r\n\r\n`);
            setTimeout(() => {
              sock.destroy();
              resolve();
            }, delay);
          });
          sock.on('error', () => resolve());
        });
      }
      await new Promise((r) => setTimeout(r, 500));
      const errors = lines.map((l) => JSON.parse(l) as { level: number; msg: string }).filter((l) => l.level >= 50);
      expect(errors).toEqual([]);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      await destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
