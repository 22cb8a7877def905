// Shared fixtures of the proof suites (authorization matrix, bad input, races, faults) and the route tests:
// the five identities, valid request bodies per route, resources owned by agent A, a request sender, and
// transfers bought, delivered and disputed through the API.
import request from 'supertest';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Express } from 'express';
import { expect } from 'vitest';
import type { TestContext } from './harness.ts';
import { createTestApp, makeUser, loginAs } from './harness.ts';
import { callPayload, insertPaidOrder } from './transfers-testing.ts';
import { hashPassword } from '../services/accounts/passwords.ts';
import { toDbDate } from '../db/dates.ts';
import { agentLabPayload } from '@tm/shared/schemas/funnel';
import type { PartialModelObject } from 'objection';
import type { Db } from '../db/index.ts';
import { Appointment, Lead, OnboardingSurvey, Order, PartnerApplication, PartnerApplicationFile, TrainingAdmin, User } from '../models/index.ts';
import { depsOf } from '../app.ts';
import { checkOrderPayment } from '../services/orders/payment-check.service.ts';

export type Role = 'anon' | 'agentA' | 'agentB' | 'admin' | 'trainer';
/** Owner last: a request that consumes a resource (delete, cancel) runs for the others first. */
export const ROLES: Role[] = ['anon', 'trainer', 'agentB', 'admin', 'agentA'];

export interface Req {
  method: string;
  path: string;
  /** JSON body (sent as application/json). */
  body?: unknown;
  /** Multipart text fields. */
  form?: Record<string, string>;
  /** A raw body with its content type. */
  raw?: { type: string; data: string | Buffer };
  headers?: Record<string, string>;
}

let seq = 0;
/** A short unique tag for e-mails, usernames and phones. */
export function uniq(): string {
  seq += 1;
  return `${process.pid.toString(36)}${Date.now().toString(36)}${seq}`;
}
/** Ten digits, unique within a run. */
export function uniqPhone(): string {
  seq += 1;
  return `555${String((Date.now() + seq * 7919) % 10_000_000).padStart(7, '0')}`;
}

export const TRAINER = { email: 'proof-trainer@example.com', password: 'trainer-pass-1' };

export interface Identities {
  cookies: Record<'agentA' | 'agentB' | 'admin', string>;
  ids: Record<'agentA' | 'agentB' | 'admin', number>;
  /** To log in again: a logout ends the session on the server, so it uses a session of its own. */
  credentials: Record<'agentA' | 'agentB' | 'admin', { email: string; password: string }>;
  trainerToken: string;
}

/** The session cookie of a real login (iron-session seals it; the same secret opens it in any app instance). */
export async function loginCookie(app: Express, identifier: string, password: string): Promise<string> {
  const res = await request(app).post('/api/login').send({ identifier, password });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  const set = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const cookie = set.map((c) => c.split(';')[0]!).find((c) => c.startsWith('tm_session=') || c.startsWith('__Host-tm_session='));
  if (!cookie) throw new Error('login answered no session cookie');
  return cookie;
}

export async function setUpIdentities(ctx: TestContext): Promise<Identities> {
  const a = await makeUser(ctx.db, { firstName: 'Alice', lastName: 'Owner' });
  const b = await makeUser(ctx.db, { firstName: 'Bob', lastName: 'Other' });
  const admin = await makeUser(ctx.db, { firstName: 'Ada', lastName: 'Admin', isAdmin: true });
  await TrainingAdmin.query(ctx.db).insert({ email: TRAINER.email, passwordHash: await hashPassword(TRAINER.password) });
  const t = await request(ctx.app).post('/api/training-admin/login').send(TRAINER);
  if (t.status !== 200) throw new Error(`training admin login failed: ${t.status}`);
  return {
    cookies: {
      agentA: await loginCookie(ctx.app, a.email, a.password),
      agentB: await loginCookie(ctx.app, b.email, b.password),
      admin: await loginCookie(ctx.app, admin.email, admin.password),
    },
    ids: { agentA: a.id, agentB: b.id, admin: admin.id },
    credentials: {
      agentA: { email: a.email, password: a.password },
      agentB: { email: b.email, password: b.password },
      admin: { email: admin.email, password: admin.password },
    },
    trainerToken: t.body.token as string,
  };
}

/**
 * The app a proof suite walks (the authorization matrix, the bad-input fuzz): its data in a folder of its own
 * (`dir`, to remove after), the BrightCall and transfer keys given, the clock at 2026-03-02 16:00 UTC, the
 * five identities, and the suite's own `accounts` (for its rows that log in or set a password).
 */
export async function setUpProofApp(opts: {
  dirPrefix: string;
  brightcallKey: string;
  transferKey: string;
  accounts: Array<{ email: string; password: string }>;
}): Promise<{ ctx: TestContext; who: Identities; dir: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), opts.dirPrefix));
  const ctx = await createTestApp({
    config: { dataDir: dir, uploadDir: path.join(dir, 'uploads'), brightcall: { apiKey: opts.brightcallKey }, transferApiKey: opts.transferKey },
  });
  ctx.clock.set(new Date('2026-03-02T16:00:00Z'));
  const who = await setUpIdentities(ctx);
  for (const account of opts.accounts) await makeUser(ctx.db, account);
  return { ctx, who, dir };
}

/** The credentials each role presents: a session cookie, the training admin's bearer token, or nothing. */
export function authHeaders(ids: Identities, role: Role): Record<string, string> {
  if (role === 'anon') return {};
  if (role === 'trainer') return { Authorization: `Bearer ${ids.trainerToken}` };
  return { Cookie: ids.cookies[role] };
}

export async function send(app: Express, req: Req, headers: Record<string, string> = {}) {
  const method = req.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete' | 'patch';
  let r = request(app)[method](req.path);
  for (const [k, v] of Object.entries({ ...headers, ...req.headers })) r = r.set(k, v);
  if (req.form) {
    for (const [k, v] of Object.entries(req.form)) r = r.field(k, v);
    return r;
  }
  if (req.raw) return r.set('Content-Type', req.raw.type).send(req.raw.data);
  if (req.body !== undefined) return r.send(req.body as object);
  return r;
}

// ---------------------------------------------------------------------------------------------
// Inventory and orders

/** An aged lead for sale (TX, 45 days old, the catalogue's price), with a phone of its own: its columns. */
export const agedLeadRow = (over: PartialModelObject<Lead> = {}) => ({
  kind: 'aged',
  customerName: 'Ruth Walker',
  customerPhone: uniqPhone(),
  customerState: 'TX',
  zipCode: '73301',
  ageDays: 45,
  priceCents: null,
  status: 'available',
  ...over,
});

export async function insertLead(db: Db, over: PartialModelObject<Lead> = {}): Promise<number> {
  const { id } = await Lead.query(db).insert(agedLeadRow(over));
  return id;
}

export async function insertAppointment(db: Db, over: PartialModelObject<Appointment> = {}): Promise<number> {
  const { id } = await Appointment.query(db).insert({
    customerName: 'Frank Miller',
    customerPhone: '5125550123',
    callStatus: 'completed',
    transcript: 'AI: hello',
    status: 'available',
    ...over,
  });
  return id;
}

/** An AI call's appointment for sale, Harold Thompson's (TX, hot lead), extracted with a confidence of 0.82: its columns. */
export const extractedAppointmentRow = () => ({
  customerName: 'Harold Thompson',
  customerPhone: '5125550199',
  customerEmail: 'harold@example.net',
  customerState: 'TX',
  callStatus: 'completed',
  extractionConfidence: 0.82,
  hasExtractedAppointment: true,
  leadQuality: 'hot',
  status: 'available',
});

/** What the card form does in the browser: confirms the intent at the (emulated) provider. */
export async function payIntent(ctx: Pick<TestContext, 'stripe'>, clientSecret: string, pm = 'pm_card_visa'): Promise<void> {
  const id = clientSecret.split('_secret_')[0]!;
  await ctx.stripe.paymentIntents.confirm(id, { payment_method: pm });
}

/** A transfer package paid through the real checkout and the emulator by the user of `cookie`; its order id. */
export async function paidPackageOrder(ctx: Pick<TestContext, 'app' | 'stripe'>, cookie: string, count = 2): Promise<number> {
  const res = await request(ctx.app).post('/api/create-payment-intent').set('Cookie', cookie).send({ callCount: count, tier: 'standard' });
  if (res.status !== 200) throw new Error(`create-payment-intent: ${res.status} ${JSON.stringify(res.body)}`);
  await payIntent(ctx, res.body.clientSecret);
  // The return page only reads: the order is paid by the signed webhook or, as here (a test may hold the
  // webhooks back), by what the payment-check job does for one order.
  const deps = depsOf(ctx.app);
  const order = await Order.query(deps.db).findById(Number(res.body.orderId));
  if (order) await checkOrderPayment(deps, order, { waitForCheck: true });
  const view = await request(ctx.app).get(`/api/orders/by-intent/${String(res.body.clientSecret).split('_secret_')[0]}`);
  if (view.body.status !== 'paid') throw new Error(`order not paid: ${JSON.stringify(view.body)}`);
  return Number(res.body.orderId);
}

/** An unpaid (pending) transfer-package order of the cookie's agent. */
export async function pendingPackageOrder(ctx: Pick<TestContext, 'app'>, cookie: string, count = 2): Promise<number> {
  const res = await request(ctx.app).post('/api/create-payment-intent').set('Cookie', cookie).send({ callCount: count, tier: 'standard' });
  if (res.status !== 200) throw new Error(`create-payment-intent: ${res.status} ${JSON.stringify(res.body)}`);
  return Number(res.body.orderId);
}

// ---------------------------------------------------------------------------------------------
// Transfers through the API: bought, delivered by the caller system, disputed

/** A delivered call of the agent posted to the caller system's callback with its key (`over` replaces payload fields). */
export function postTransferCall(
  app: Express,
  key: string,
  agentId: number,
  now: Date,
  over: Record<string, unknown> = {},
  durationSeconds = 300,
): request.Test {
  return request(app)
    .post('/api/callbacks/transfer')
    .set('x-api-key', key)
    .send({ ...callPayload({ id: agentId }, durationSeconds, { now }), ...over });
}

/** A transcript of a genuine conversation: the evidence rules deny a dispute of its call. */
export const GENUINE_TRANSCRIPT =
  'Agent: Thanks for holding, this is Dana, a licensed agent. How old are you?\nCaller: I am 70.\nAgent: Any heart trouble?\nCaller: No.\nAgent: Do you smoke?\nCaller: No.\nAgent: That would be $41.00 a month.'; // price-literal-ok: the insurance premium the agent quotes in the call, not one of our prices

/**
 * A call of the agent whose dispute the evidence rules denied (a genuine conversation): it may go to a human
 * once. `app` is asked for the app of each request (a suite may rotate apps to stay under rate limits).
 */
export async function ruleDeniedCall(app: () => Express, key: string, agent: { id: number; cookie: string }, now: Date): Promise<number> {
  const call = await postTransferCall(app(), key, agent.id, now, { transcript: GENUINE_TRANSCRIPT });
  const id = call.body.call.id as number;
  const res = await request(app()).post(`/api/transfers/${id}/disputes`).set('Cookie', agent.cookie).send({ reasonCode: 'not_qualified' });
  if (res.body.status !== 'denied') throw new Error(`rule denial: ${res.status} ${JSON.stringify(res.body)}`);
  return id;
}

/** What the test card form does: confirms the intent (or setup intent) with the card number. */
export function testConfirm(app: Express, clientSecret: string, cardNumber = '4242 4242 4242 4242'): request.Test {
  return request(app).post('/api/test-payments/confirm').send({ clientSecret, cardNumber, expiry: '12/40', cvc: '123' });
}

/** A new agent, logged in, with a paid package of `count` standard transfers inserted an hour before the clock. */
export async function agentWithTransfers(ctx: Pick<TestContext, 'app' | 'db' | 'clock'>, count: number, over: Parameters<typeof makeUser>[1] = {}) {
  const user = await makeUser(ctx.db, over);
  const orderId = await insertPaidOrder(
    ctx.db,
    user.id,
    { kind: 'transfer_package', tier: 'standard', count },
    new Date(ctx.clock.now().getTime() - 3_600_000),
  );
  return { user, orderId, agent: await loginAs(ctx.app, user.email, user.password) };
}

/**
 * A new agent (with ten standard transfers, so the caller system may record calls for them) who bought one
 * appointment of a consumer on `phone`, due at `start`; the clock is set an hour before it.
 */
export async function agentWithSoldAppointment(
  ctx: Pick<TestContext, 'app' | 'db' | 'clock'>,
  start: Date,
  phone: string,
  over: Parameters<typeof makeUser>[1] = {},
) {
  ctx.clock.set(new Date(start.getTime() - 3_600_000));
  const user = await makeUser(ctx.db, over);
  await insertPaidOrder(ctx.db, user.id, { kind: 'transfer_package', tier: 'standard', count: 10 }, new Date(start.getTime() - 86_400_000));
  const id = await insertAppointment(ctx.db, {
    customerName: 'Dana Whitfield',
    customerPhone: phone,
    customerState: 'GA',
    status: 'sold',
    buyerId: user.id,
    purchasedAt: toDbDate(new Date(start.getTime() - 86_400_000)),
    extractedAppointmentDateTime: start.toISOString(),
    hasExtractedAppointment: true,
    priceCents: null,
  });
  return { user, agent: await loginAs(ctx.app, user.email, user.password), id: Number(id), phone };
}

/**
 * An agent (a new one unless `user` is given) who bought `count` standard transfers through the real checkout
 * and the test card form; the emulator's signed webhook has paid the order when this returns.
 */
export async function buyStandardTransfers<U extends { email: string; password: string } = Awaited<ReturnType<typeof makeUser>>>(
  ctx: Pick<TestContext, 'app' | 'db' | 'emulator'>,
  count: number,
  user?: U,
) {
  const buyer = user ?? ((await makeUser(ctx.db)) as unknown as U);
  const agent = await loginAs(ctx.app, buyer.email, buyer.password);
  const created = await agent.post('/api/create-payment-intent').send({ callCount: count, tier: 'standard' });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const confirm = await testConfirm(ctx.app, created.body.clientSecret as string);
  expect(confirm.status, JSON.stringify(confirm.body)).toBe(200);
  await ctx.emulator.flush();
  return { user: buyer, agent, orderId: Number(created.body.orderId), clientSecret: created.body.clientSecret as string };
}

/** A partner application with one stored file (as the form leaves it). */
export async function insertApplication(db: Db, uploadDir: string): Promise<{ id: number; fileId: number }> {
  const rel = `partner-applications/${crypto.randomBytes(8).toString('hex')}.pdf`;
  const fsp = await import('node:fs/promises');
  const pathMod = await import('node:path');
  await fsp.mkdir(pathMod.join(uploadDir, 'partner-applications'), { recursive: true });
  await fsp.writeFile(pathMod.join(uploadDir, rel), Buffer.from('%PDF-1.4\n%%EOF\n'));
  const { id } = await PartnerApplication.query(db).insert({
    businessName: 'Fixture Leads',
    contactName: 'Fran Fixture',
    email: `fran.${uniq()}@example.com`,
    phone: '5550100100',
    website: 'https://fixture.example',
    businessType: 'Call Center',
    experienceYears: '3-5 years',
    monthlyVolume: '1000-5000',
    servicesInterested: '["Aged Leads"]',
    targetMarkets: 'TX',
    businessDescription: 'A fixture.',
    whyPartner: 'Tests.',
    agreeToTerms: true,
  });
  const { id: fileId } = await PartnerApplicationFile.query(db).insert({
    applicationId: id,
    originalName: 'licence.pdf',
    storedPath: rel,
    mimeType: 'application/pdf',
    sizeBytes: 15,
  });
  return { id, fileId };
}

/** A RingCloud sign-up (its survey) as the form leaves it before any payment: no account of its own. */
export async function insertSignup(db: Db, over: PartialModelObject<OnboardingSurvey> = {}): Promise<number> {
  const { id } = await OnboardingSurvey.query(db).insert({
    firstName: 'Sid',
    lastName: 'Signup',
    agencyName: 'Signup Agency',
    role: 'Agency Owner',
    phone: '5550100177',
    email: `sid.${uniq()}@example.com`,
    leadType: 'Live Transfers',
    workingStates: 'TX',
    onboardingForm: 'ringcloud',
    ...over,
  });
  return id;
}

// ---------------------------------------------------------------------------------------------
// Valid bodies, fresh each call (unique e-mails, usernames and phones)

export function ringcloudSurveyBody(over: Record<string, unknown> = {}) {
  const tag = uniq();
  return {
    firstName: 'Rita',
    lastName: 'Cloud',
    agencyName: 'Cloud Agency',
    role: 'Agency Owner',
    phone: '(555) 010-0199',
    email: `rita.${tag}@example.com`,
    username: `rita${tag}`,
    password: 'secret-pass',
    leadType: 'Live Transfers',
    workingStates: 'TX, FL',
    totalTransfers: 40,
    callsPerDay: 5,
    transferHours: '9am-5pm CST',
    ...over,
  };
}

/** How many users and onboarding surveys there are. */
export async function userAndSurveyCounts(db: Db): Promise<{ users: number; surveys: number }> {
  return { users: await User.query(db).resultSize(), surveys: await OnboardingSurvey.query(db).resultSize() };
}

/** The first-party onboarding survey of a logged-in agent. */
export const onboardingSurveyBody = () => ({
  workingStates: ['FL', 'TX'],
  transferHours: '9am-5pm EST',
  // High enough that the proof suites' own transfer calls for this agent stay under it.
  callsPerDay: 500,
  deliveryPhone: '(555) 010-0123',
  bestTimeToReach: 'Any time',
});
/** Transfer settings that leave the agent able to take calls whatever the hour. */
export const transferSettingsBody = () => ({
  callsPerDay: null,
  workingStates: ['TX', 'FL'],
  hoursStart: null,
  hoursEnd: null,
  timeZone: 'America/Chicago',
  paused: false,
});

export function agentLabBody(): Record<string, unknown> {
  return agentLabPayload({
    agencyName: 'Lab Agency',
    firstName: 'Jane',
    lastName: 'Lab',
    phone: '555 010 0123',
    email: `jane.${uniq()}@example.com`,
    totalTransfers: 120,
    transfersPerDay: 6,
    callMethod: 'call_center',
  });
}

const LONG = 'We run a licensed call center focused on final expense and Medicare prospects.';
export function partnerForm(): Record<string, string> {
  return {
    businessName: 'Northwind Leads',
    contactName: 'Pat Partner',
    email: `pat.${uniq()}@northwind.example`,
    phone: '(555) 010-0142',
    website: 'northwind.example',
    businessType: 'Call Center',
    experienceYears: '3-5 years',
    monthlyVolume: '1000-5000',
    servicesInterested: JSON.stringify(['Call Transfers', 'Aged Leads']),
    targetMarkets: 'Final expense, seniors in TX and FL',
    businessDescription: LONG,
    whyPartner: `${LONG} We want steady buyers.`,
    agreeToTerms: 'true',
  };
}

export function createUserBody(): Record<string, unknown> {
  return {
    email: `new.${uniq()}@example.com`,
    password: 'new-user-pass',
    firstName: 'New',
    lastName: 'User',
    agencyName: 'New Agency',
    role: 'Insurance Agent',
    phone: '5550102030',
    state: 'TX',
    isAdmin: false,
  };
}

/** Who an anonymous funnel checkout is for (issue 13): required without a session. */
export const checkoutBuyer = () => ({
  firstName: 'Fay',
  lastName: 'Funnel',
  email: 'proof-funnel-buyer@example.com',
  phone: '(555) 010-0142',
  agencyName: 'Funnel Agency',
});
export const transferOrderBody = () => ({ totalTransfers: 20, callsPerDay: 5, transferHours: '9am-5pm', transferPhone: '5550100000', workingStates: 'TX, FL' });
export const adminAppointmentBody = () => ({ firstName: 'Hand', lastName: 'Entered', phone: '5550104444', email: 'hand@example.com', state: 'TX' });
export const trainingVideoBody = () => ({
  title: 'Pipeline basics',
  description: 'How stages work',
  videoUrl: 'https://videos.example.com/1',
  section: 'HighLevel CRM Training',
  duration: 125,
  sortOrder: 2,
});
export const brightcallBody = () => ({ first_name: 'Vera', last_name: 'Voice', phone_number: '5550107777', transcript: 'AI: Hello\nUser: Yes', state: 'TX' });
export const leadCsv = () => `name,phone,state,zip\nCsv Person,${uniqPhone()},TX,73301\n`;

/** Every table's rows, hashed: equal fingerprints mean the database did not change. */
/**
 * Operational stamps a request may move without changing any data: when a session was last used and
 * when the payment provider was last asked about an order (issue 14). Left out of the fingerprint.
 */
const STAMPS = ['last_seen_at', 'lastSeenAt', 'provider_checked_at', 'providerCheckedAt'];

export async function dbFingerprint(db: Db): Promise<string> {
  const mysql = db.client.config.client === 'mysql2';
  const tables: string[] = mysql
    ? ((await db.raw('SHOW TABLES')) as unknown as [Array<Record<string, string>>])[0].map((r) => Object.values(r)[0]!)
    : ((await db.raw("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")) as Array<{ name: string }>).map((r) => r.name);
  const hash = crypto.createHash('sha256');
  for (const t of tables.filter((name) => !name.startsWith('knex_')).sort()) {
    const raw = await db.raw(`SELECT * FROM ${mysql ? `\`${t}\`` : `"${t}"`} ORDER BY 1`);
    const rows = (mysql ? (raw as unknown as [unknown])[0] : raw) as Record<string, unknown>[];
    for (const row of rows) for (const k of STAMPS) delete row[k];
    hash.update(t).update(JSON.stringify(rows));
  }
  return hash.digest('hex');
}
