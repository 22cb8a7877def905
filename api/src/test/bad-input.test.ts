// Bad input, property-based (fast-check): every POST/PUT route of the real app gets malformed, missing,
// oversized, wrong-typed and hostile values (SQL and HTML fragments, huge and negative numbers, unicode,
// prototype keys). Every answer is below 500 with a JSON error; a 400 names the field; a refused request
// leaves the database exactly as it was; an extra `isAdmin` never makes an admin. Bodies over the limit
// are 413. Path parameters and query strings of every route are fuzzed too. A POST/PUT route without a
// base request here fails the suite. FUZZ_RUNS raises the runs per route (default 20). The seed is fixed so
// CI is repeatable; FUZZ_SEED=random (or a number) explores new values: `npm run fuzz` does many random runs.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import fc from 'fast-check';
import fs from 'node:fs';
import request from 'supertest';
import type { Express } from 'express';
import { createApp } from '../app.ts';
import type { TestContext } from './harness.ts';
import { issueToken } from '../services/training/admin-token.service.ts';
import { listApiRoutes } from './route-list.ts';
import { insertPaidOrder, callPayload } from './transfers-testing.ts';
import { insertOwedOrder } from './orders-testing.ts';
import { createSetPasswordLink } from '../services/accounts/set-password-links.ts';
import {
  authHeaders,
  send,
  setUpProofApp,
  insertLead,
  insertAppointment,
  uniqPhone,
  dbFingerprint,
  ringcloudSurveyBody,
  agentLabBody,
  partnerForm,
  createUserBody,
  transferOrderBody,
  adminAppointmentBody,
  trainingVideoBody,
  brightcallBody,
  checkoutBuyer,
  leadCsv,
  TRAINER,
  paidPackageOrder,
  pendingPackageOrder,
  insertApplication,
  insertSignup,
  postTransferCall,
  ruleDeniedCall,
  onboardingSurveyBody,
  transferSettingsBody,
  type Identities,
  type Req,
  type Role,
} from './proof-fixtures.ts';
import { Webhook } from '../models/index.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
/** Per-test timeout: the runs, and the database they grow (every check hashes every table), scale with RUNS. */
const SLOW_MS = 30_000 + RUNS * 1_000;
const SEED = process.env.FUZZ_SEED === 'random' ? Date.now() ^ (Math.random() * 2 ** 31) : Number(process.env.FUZZ_SEED ?? 20261122);
const BRIGHTCALL_KEY = 'fuzz-brightcall-key';
const TRANSFER_KEY = 'fuzz-transfer-key';

let ctx: TestContext;
let who: Identities;
let dir: string;
const own = { pendingLeadIntent: '', pendingAppointmentIntent: '', videoId: 0, callId: 0, disputeId: 0, deactivatedUserId: 0 };

/**
 * A fresh app over the same database and deps every `every` requests, so rate limits (per app
 * instance) do not turn the later runs into 429s; sessions are sealed cookies, valid in every instance.
 */
function rotatingApp(every: number): () => Express {
  let app: Express;
  let sent = 0;
  return () => {
    if (sent++ % every === 0) app = createApp({ db: ctx.db, config: ctx.config, clock: ctx.clock, stripe: ctx.stripe });
    return app;
  };
}
/** For the fuzzed requests. */
const currentApp = rotatingApp(8);
/** For the requests that build each run's base (a transfer call to dispute, an order to pay). */
const setupApp = rotatingApp(15); // under the per-user order limit (20 per app)

// ---------------------------------------------------------------------------------------------
// Hostile values

const HOSTILE_STRINGS = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1; DELETE FROM leads',
  "admin'--",
  '" OR ""="',
  '%',
  '_',
  '\\',
  '\\x00',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg/onload=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}',
  '${7*7}',
  '\u0000',
  '\u202eevil',
  'Zoë Ünïcødé',
  '𝕏😀👩‍👩‍👧',
  '\uFEFF',
  '\uD800',
  ' ',
  '',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e308',
  '0x10',
  '../../etc/passwd',
  '__proto__',
  'constructor',
  'A'.repeat(5_000),
  'é'.repeat(30_000),
];
const HOSTILE_NUMBERS = [
  0,
  -1,
  -0.5,
  0.5,
  1e308,
  -1e308,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
  1e-9,
  123456789012,
];

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom<unknown>(...HOSTILE_STRINGS) },
  { weight: 3, arbitrary: fc.constantFrom<unknown>(...HOSTILE_NUMBERS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 60, unit: 'grapheme' }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 30, unit: 'binary' }) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<unknown>(true, false, null, [], {}, [null], ['x'], { $gt: '' }, { toString: 'x' }, { __proto__: { isAdmin: true } }),
  },
  { weight: 1, arbitrary: fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 8 })), { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

type Mutation =
  { op: 'drop'; key: string } | { op: 'set'; key: string; value: unknown } | { op: 'extra'; key: string; value: unknown } | { op: 'replace'; value: unknown };

const EXTRA_KEYS = [
  'isAdmin',
  'userId',
  'user_id',
  'id',
  'amount',
  'price',
  'priceCents',
  'status',
  'buyerId',
  'role',
  '__proto__',
  'constructor',
  'prototype',
  'password',
];

function mutationsFor(keys: string[]): fc.Arbitrary<Mutation[]> {
  const key = keys.length ? fc.constantFrom(...keys) : fc.constant('x');
  const one: fc.Arbitrary<Mutation> = fc.oneof(
    { weight: 2, arbitrary: key.map((k) => ({ op: 'drop' as const, key: k })) },
    { weight: 5, arbitrary: fc.record({ op: fc.constant('set' as const), key, value: hostileValue }) },
    {
      weight: 2,
      arbitrary: fc.record({
        op: fc.constant('extra' as const),
        key: fc.constantFrom(...EXTRA_KEYS),
        value: fc.oneof(fc.constant<unknown>(true), hostileValue),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        op: fc.constant('replace' as const),
        value: fc.oneof(fc.constant<unknown>(null), fc.constant<unknown>('text'), fc.constant<unknown>(42), fc.array(hostileValue, { maxLength: 3 })),
      }),
    },
  );
  return fc.array(one, { minLength: 1, maxLength: 3 });
}

/** The base body with the mutations applied; 'replace' swaps the whole body for a non-object. */
function mutate(base: Record<string, unknown>, ms: Mutation[]): unknown {
  let body: unknown = { ...base };
  for (const m of ms) {
    if (m.op === 'replace') body = m.value;
    else if (body && typeof body === 'object' && !Array.isArray(body)) {
      const o = body as Record<string, unknown>;
      if (m.op === 'drop') delete o[m.key];
      // defineProperty, so '__proto__' becomes an own key of the JSON sent, as an attacker would send it.
      else Object.defineProperty(o, m.key, { value: m.value, enumerable: true, writable: true, configurable: true });
    }
  }
  return body;
}

// ---------------------------------------------------------------------------------------------
// A valid request per POST/PUT route, and who sends it

interface Spec {
  role: Role;
  base: () => Req | Promise<Req>;
}
const json = (method: string, p: string, body: () => Record<string, unknown>, headers?: Record<string, string>) => (): Req => ({
  method,
  path: p,
  body: body(),
  headers,
});

/** The test's training admin (TRAINER). */
async function trainerId(): Promise<number> {
  return Number((await ctx.db('trainingAdmins').where({ email: TRAINER.email }).first()).id);
}

async function pendingOrder(kind: 'leads' | 'appointments'): Promise<string> {
  const body = kind === 'leads' ? { leadIds: [await insertLead(ctx.db)] } : { appointmentIds: [await insertAppointment(ctx.db)] };
  const p = kind === 'leads' ? '/api/bulk-purchase-leads' : '/api/vapi/create-appointment-payment';
  const res = await request(setupApp()).post(p).set('Cookie', who.cookies.agentA).send(body);
  if (res.status !== 201) throw new Error(`${p}: ${res.status}`);
  return res.body.paymentIntentId as string;
}
async function upload(): Promise<number> {
  const res = await request(setupApp())
    .post('/api/admin/lead-imports?target=sale&kind=aged')
    .set('Cookie', who.cookies.admin)
    .set('Content-Type', 'text/csv')
    .send(leadCsv());
  if (res.status !== 201 || !res.body.import) throw new Error(`lead import upload: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.import.id as number;
}
async function pendingNoShow(): Promise<number> {
  const id = await insertAppointment(ctx.db, {
    status: 'sold',
    buyerId: who.ids.agentA,
    purchasedAt: '2026-03-01 10:00:00.000',
    extractedAppointmentDateTime: new Date(ctx.clock.now().getTime() - 3_600_000).toISOString(),
  });
  const res = await request(ctx.app).post(`/api/appointments/${id}/no-show`).set('Cookie', who.cookies.agentA).send({ callDurationSeconds: 300 });
  return res.body.id as number;
}
/** Agent A's CRM webhook and a test delivery of it, written directly (the per-agent limit does not apply). */
async function fuzzWebhook(): Promise<number> {
  const { id } = await Webhook.query(ctx.db).insert({ userId: who.ids.agentA, url: 'https://crm.example.com/fuzz', events: 'lead.bought' });
  return Number(id);
}
async function fuzzDelivery(): Promise<number> {
  const res = await request(setupApp())
    .post(`/api/webhooks/${await fuzzWebhook()}/test`)
    .set(authHeaders(who, 'agentA'));
  if (res.status !== 201) throw new Error(`test event: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as number;
}
async function aCall(): Promise<number> {
  const res = await postTransferCall(setupApp(), TRANSFER_KEY, who.ids.agentA, ctx.clock.now());
  if (res.status !== 201) throw new Error(`transfer callback: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.call.id as number;
}
const aRuleDenial = () => ruleDeniedCall(setupApp, TRANSFER_KEY, { id: who.ids.agentA, cookie: who.cookies.agentA }, ctx.clock.now());
async function aDispute(): Promise<number> {
  const res = await request(setupApp())
    .post(`/api/transfers/${await aCall()}/disputes`)
    .set('Cookie', who.cookies.agentA)
    .send({ reasonCode: 'wrong_number' });
  return res.body.id as number;
}
async function freshClientSecret(): Promise<string> {
  return (
    await request(setupApp())
      .post('/api/create-payment-intent')
      .send({ callCount: 2, ...checkoutBuyer() })
  ).body.clientSecret as string;
}

/** A fresh set-password link of a user of its own (a good request spends it by changing the password). */
const SET_PASSWORD_USER = { email: 'fuzz-set-password@example.com', password: 'fuzz-set-password-0' };
async function setPasswordToken(): Promise<string> {
  const id = Number((await ctx.db('users').where({ email: SET_PASSWORD_USER.email }).first('id')).id);
  const { url } = await createSetPasswordLink(ctx.db, ctx.config.sessionSecret, ctx.config.publicOrigin, id, ctx.clock.now());
  return new URL(url).searchParams.get('token')!;
}

const SPECS: Record<string, Spec> = {
  'POST /api/login': { role: 'anon', base: json('POST', '/api/login', () => ({ identifier: 'fuzz-login@example.com', password: 'fuzz-login-pass' })) },
  'POST /api/bulk-purchase-leads': {
    role: 'agentA',
    base: async () => ({ method: 'POST', path: '/api/bulk-purchase-leads', body: { leadIds: [await insertLead(ctx.db)] } }),
  },
  'POST /api/bulk-purchase-leads/confirm': {
    role: 'agentA',
    base: json('POST', '/api/bulk-purchase-leads/confirm', () => ({ payment_intent_id: own.pendingLeadIntent })),
  },
  'POST /api/bulk-purchase-leads/cancel': {
    role: 'agentA',
    base: async () => ({ method: 'POST', path: '/api/bulk-purchase-leads/cancel', body: { payment_intent_id: await pendingOrder('leads') } }),
  },
  'POST /api/vapi/create-appointment-payment': {
    role: 'agentA',
    base: async () => ({ method: 'POST', path: '/api/vapi/create-appointment-payment', body: { appointmentIds: [await insertAppointment(ctx.db)] } }),
  },
  'POST /api/vapi/confirm-appointment-purchase': {
    role: 'agentA',
    base: json('POST', '/api/vapi/confirm-appointment-purchase', () => ({ payment_intent_id: own.pendingAppointmentIntent })),
  },
  'POST /api/vapi/cancel-appointment-payment': {
    role: 'agentA',
    base: async () => ({ method: 'POST', path: '/api/vapi/cancel-appointment-payment', body: { payment_intent_id: await pendingOrder('appointments') } }),
  },
  'POST /api/call-transfer-order': { role: 'agentA', base: json('POST', '/api/call-transfer-order', transferOrderBody) },
  'POST /api/ringcloud-survey': { role: 'anon', base: json('POST', '/api/ringcloud-survey', ringcloudSurveyBody) },
  'POST /api/orders/check': {
    role: 'anon',
    base: () => ({ method: 'POST', path: '/api/orders/check', body: { paymentIntentId: own.pendingLeadIntent } }),
  },
  'POST /api/survey': { role: 'anon', base: json('POST', '/api/survey', agentLabBody) },
  'POST /api/survey-link': {
    role: 'anon',
    base: () => ({ method: 'POST', path: '/api/survey-link', body: { paymentIntentId: own.pendingLeadIntent, clientSecret: 'pi_not_secret_wrong' } }),
  },
  'POST /api/onboarding-survey': {
    role: 'agentA',
    base: json('POST', '/api/onboarding-survey', onboardingSurveyBody),
  },
  'POST /api/settings-offer': {
    role: 'agentA',
    base: json('POST', '/api/settings-offer', () => ({ id: 2147483000, apply: false })),
  },
  'POST /api/affnetwork-signup': { role: 'anon', base: () => ({ method: 'POST', path: '/api/affnetwork-signup', form: partnerForm() }) },
  'POST /api/admin/users': { role: 'admin', base: json('POST', '/api/admin/users', createUserBody) },
  'PATCH /api/admin/users/:userId': {
    role: 'admin',
    base: () => ({
      method: 'PATCH',
      path: `/api/admin/users/${own.deactivatedUserId}`,
      body: {
        firstName: 'Edited',
        lastName: 'Agent',
        phone: '5125550100',
        state: 'TX',
        agencyName: 'Edited Agency',
        role: 'Manager',
        liveTransferPrice: '29.50',
      },
    }),
  },
  'PUT /api/admin/users/:userId/password': {
    role: 'admin',
    base: () => ({ method: 'PUT', path: `/api/admin/users/${who.ids.agentB}/password`, body: { password: 'changed-by-admin' } }),
  },
  'POST /api/admin/users/:userId/set-password-link': {
    role: 'admin',
    base: () => ({ method: 'POST', path: `/api/admin/users/${who.ids.agentB}/set-password-link`, body: {} }),
  },
  'PUT /api/admin/users/:userId/transfer-controls': {
    role: 'admin',
    base: () => ({ method: 'PUT', path: `/api/admin/users/${who.ids.agentB}/transfer-controls`, body: transferSettingsBody() }),
  },
  'PUT /api/admin/users/:userId/prices': {
    role: 'admin',
    base: () => ({ method: 'PUT', path: `/api/admin/users/${who.ids.agentB}/prices`, body: { kind: 'appointment', state: 'TX', priceCents: 900 } }),
  },
  'POST /api/admin/users/:userId/deactivate': {
    role: 'admin',
    base: () => ({ method: 'POST', path: `/api/admin/users/${own.deactivatedUserId}/deactivate`, body: {} }),
  },
  'POST /api/admin/users/:userId/reactivate': {
    role: 'admin',
    base: () => ({ method: 'POST', path: `/api/admin/users/${own.deactivatedUserId}/reactivate`, body: {} }),
  },
  // No body: only the id is input (bad ids are the id-parameter runs).
  'POST /api/admin/abandoned-checkouts/:orderId/resend': {
    role: 'admin',
    base: () => ({ method: 'POST', path: '/api/admin/abandoned-checkouts/999999/resend', body: {} }),
  },
  'PUT /api/admin/users/:userId/low-balance-threshold': {
    role: 'admin',
    base: () => ({ method: 'PUT', path: `/api/admin/users/${who.ids.agentB}/low-balance-threshold`, body: { threshold: 6 } }),
  },
  'POST /api/set-password': {
    role: 'anon',
    base: async () => ({ method: 'POST', path: '/api/set-password', body: { token: await setPasswordToken(), password: 'fuzz-set-password-1' } }),
  },
  'POST /api/forgot-password': {
    role: 'anon',
    base: json('POST', '/api/forgot-password', () => ({ email: `fuzz-forgot-${Math.random().toString(36).slice(2)}@example.com` })),
  },
  'POST /api/admin/outbox/:id/resend': { role: 'admin', base: () => ({ method: 'POST', path: '/api/admin/outbox/999999/resend', body: {} }) },
  'PATCH /api/admin/appointments/:id': {
    role: 'admin',
    base: async () => ({
      method: 'PATCH',
      path: `/api/admin/appointments/${await insertAppointment(ctx.db)}`,
      body: { notes: 'Checked', callbackTime: 'Monday 3pm' },
    }),
  },
  'POST /api/admin/appointments/:id/withdraw': {
    role: 'admin',
    base: async () => ({ method: 'POST', path: `/api/admin/appointments/${await insertAppointment(ctx.db)}/withdraw`, body: { reason: 'Junk call' } }),
  },
  'POST /api/admin/appointments/:id/restore': {
    role: 'admin',
    base: async () => ({ method: 'POST', path: `/api/admin/appointments/${await insertAppointment(ctx.db, { status: 'withdrawn' })}/restore`, body: {} }),
  },
  'POST /api/admin/appointments/:id/assign': {
    role: 'admin',
    base: async () => ({ method: 'POST', path: `/api/admin/appointments/${await insertAppointment(ctx.db)}/assign`, body: { agentId: who.ids.admin } }),
  },
  'POST /api/admin/appointments/:id/unassign': {
    role: 'admin',
    base: async () => ({
      method: 'POST',
      path: `/api/admin/appointments/${await insertAppointment(ctx.db, { status: 'sold', buyerId: who.ids.admin, purchasedAt: '2026-01-01 10:00:00.000' })}/unassign`,
      body: {},
    }),
  },
  'POST /api/admin/lead-pool/unassign': { role: 'admin', base: json('POST', '/api/admin/lead-pool/unassign', () => ({ leadIds: [999999] })) },
  'POST /api/admin/lead-pool/delete': { role: 'admin', base: json('POST', '/api/admin/lead-pool/delete', () => ({ leadIds: [999999] })) },
  'POST /api/admin/lead-pool/reassign': {
    role: 'admin',
    base: json('POST', '/api/admin/lead-pool/reassign', () => ({ leadIds: [999999], agentId: who.ids.admin })),
  },
  'POST /api/admin/leads/delete': { role: 'admin', base: json('POST', '/api/admin/leads/delete', () => ({ leadIds: [999999] })) },
  'PUT /api/account/mail-preferences': { role: 'agentB', base: json('PUT', '/api/account/mail-preferences', () => ({ optOut: ['balance-low'] })) },
  // A wrong current password (a right one would change agent A's password under the other tests).
  'PUT /api/account/password': {
    role: 'agentA',
    base: json('PUT', '/api/account/password', () => ({ currentPassword: 'not-the-password', newPassword: 'fuzz-new-pass-1' })),
  },
  // Bob's own details again (makeUser's defaults, and the state the Profile form requires), so the other tests see the same account.
  'PUT /api/account/profile': {
    role: 'agentB',
    base: json('PUT', '/api/account/profile', () => ({ firstName: 'Bob', lastName: 'Other', agencyName: 'Test Agency', phone: '5550001111', state: 'TX' })),
  },
  'POST /api/account/email': {
    role: 'agentB',
    base: json('POST', '/api/account/email', () => ({
      currentPassword: 'correct-horse-1',
      email: `fuzz-new-${Math.random().toString(36).slice(2)}@example.com`,
    })),
  },
  'POST /api/account/email/confirm': { role: 'anon', base: json('POST', '/api/account/email/confirm', () => ({ token: 'not.a-token' })) },
  'POST /api/account/email/undo': { role: 'anon', base: json('POST', '/api/account/email/undo', () => ({ token: 'not.a-token' })) },
  'POST /api/admin/appointments/brightcall': { role: 'admin', base: json('POST', '/api/admin/appointments/brightcall', adminAppointmentBody) },
  'POST /api/admin/orders/:id/refunds': {
    role: 'admin',
    base: async () => ({
      method: 'POST',
      path: `/api/admin/orders/${await paidPackageOrder({ app: setupApp(), stripe: ctx.stripe }, who.cookies.agentA)}/refunds`,
      body: { amountCents: 100, reason: 'Goodwill', idempotencyKey: `fuzz-${uniqPhone()}` },
    }),
  },
  'POST /api/admin/orders/:id/cancel': {
    role: 'admin',
    base: async () => ({
      method: 'POST',
      path: `/api/admin/orders/${await pendingPackageOrder({ app: setupApp() }, who.cookies.agentA)}/cancel`,
      body: {},
    }),
  },
  'PUT /api/admin/partner-applications/:id/status': {
    role: 'admin',
    base: async () => ({
      method: 'PUT',
      path: `/api/admin/partner-applications/${(await insertApplication(ctx.db, ctx.config.uploadDir)).id}/status`,
      body: { status: 'rejected', note: 'No licence' },
    }),
  },
  'PUT /api/admin/signups/:id/status': {
    role: 'admin',
    base: async () => ({ method: 'PUT', path: `/api/admin/signups/${await insertSignup(ctx.db)}/status`, body: { status: 'onboarded' } }),
  },
  'POST /api/admin/lead-imports': {
    role: 'admin',
    base: () => ({ method: 'POST', path: '/api/admin/lead-imports?target=sale&kind=aged&filename=leads.csv', raw: { type: 'text/csv', data: leadCsv() } }),
  },
  'POST /api/admin/lead-imports/:id/run': {
    role: 'admin',
    base: async () => ({
      method: 'POST',
      path: `/api/admin/lead-imports/${await upload()}/run`,
      body: { mapping: { name: 0, phone: 1, state: 2, zipCode: 3 }, dryRun: true },
    }),
  },
  'POST /api/admin/lead-pool/assign': {
    role: 'admin',
    base: async () => {
      const [id] = await ctx.db('leadPool').insert({ name: 'Pool Person', phone: uniqPhone(), state: 'TX' });
      return { method: 'POST', path: '/api/admin/lead-pool/assign', body: { agentId: who.ids.agentA, leadIds: [Number(id)] } };
    },
  },
  'POST /api/admin/lead-pool/assign-by-filter': {
    role: 'admin',
    base: json('POST', '/api/admin/lead-pool/assign-by-filter', () => ({
      agentId: who.ids.agentA,
      states: ['TX'],
      ageFrom: 30,
      ageTo: 60,
      count: 1,
      dryRun: true,
    })),
  },
  'POST /api/admin/appointments/assign-by-filter': {
    role: 'admin',
    base: json('POST', '/api/admin/appointments/assign-by-filter', () => ({
      agentId: who.ids.agentA,
      states: ['TX'],
      from: '2026-06-01',
      to: '2026-06-30',
      count: 1,
      dryRun: true,
    })),
  },
  'POST /api/admin/assignment-batches/:batchId/undo': {
    role: 'admin',
    base: async () => {
      const [id] = await ctx.db('assignmentBatches').insert({ kind: 'leads', agentId: who.ids.agentA, filterJson: '{}', matched: 0, assigned: 0 });
      return { method: 'POST', path: `/api/admin/assignment-batches/${Number(id)}/undo`, body: {} };
    },
  },
  'POST /api/callbacks/brightcall': { role: 'anon', base: json('POST', '/api/callbacks/brightcall', brightcallBody, { 'x-api-key': BRIGHTCALL_KEY }) },
  'POST /api/training-admin/login': { role: 'anon', base: json('POST', '/api/training-admin/login', () => ({ ...TRAINER })) },
  // A token of its own each time (a session opened as the login opens it): the shared one stays open.
  'POST /api/training-admin/logout': {
    role: 'trainer',
    base: async () => ({
      method: 'POST',
      path: '/api/training-admin/logout',
      headers: { Authorization: `Bearer ${(await issueToken(ctx.db, ctx.config.sessionSecret, await trainerId(), ctx.clock.now())).token}` },
    }),
  },
  'POST /api/training-videos': { role: 'trainer', base: json('POST', '/api/training-videos', trainingVideoBody) },
  'PUT /api/training-videos/:id': { role: 'trainer', base: () => ({ method: 'PUT', path: `/api/training-videos/${own.videoId}`, body: trainingVideoBody() }) },
  // Anyone can post here; only Stripe can sign. Unsigned and wrongly signed bodies are 400 whatever they hold.
  'POST /api/stripe/webhook': {
    role: 'anon',
    base: () => ({
      method: 'POST',
      path: '/api/stripe/webhook',
      body: {
        id: 'evt_x',
        type: 'payment_intent.succeeded',
        data: { object: { object: 'payment_intent', id: 'pi_x', amount: 1, currency: 'usd', metadata: { orderId: '1' } } },
      },
      headers: { 'Stripe-Signature': 't=1,v1=00' },
    }),
  },
  'POST /api/create-payment-intent': {
    role: 'anon',
    base: json('POST', '/api/create-payment-intent', () => ({ callCount: 5, tier: 'standard', amount: 200, ...checkoutBuyer() })),
  },
  'POST /api/test-payments/confirm': {
    role: 'anon',
    base: async () => ({
      method: 'POST',
      path: '/api/test-payments/confirm',
      body: { clientSecret: await freshClientSecret(), cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' },
    }),
  },
  'POST /api/callbacks/transfer': {
    role: 'anon',
    base: json(
      'POST',
      '/api/callbacks/transfer',
      () => callPayload({ id: who.ids.agentA }, 300, { now: ctx.clock.now() }) as unknown as Record<string, unknown>,
      { 'x-api-key': TRANSFER_KEY },
    ),
  },
  'POST /api/callbacks/attempts': {
    role: 'anon',
    base: json(
      'POST',
      '/api/callbacks/attempts',
      () => ({
        consumerPhone: '404-555-0100',
        callId: `fuzz-attempt-${Math.random().toString(36).slice(2)}`,
        startedAt: ctx.clock.now().toISOString(),
        durationSeconds: 0,
        outcome: 'no_answer',
      }),
      { 'x-api-key': TRANSFER_KEY },
    ),
  },
  'POST /api/callbacks/transfer/check': {
    role: 'anon',
    base: json('POST', '/api/callbacks/transfer/check', () => ({ agentId: who.ids.agentA, state: 'FL' }), { 'x-api-key': TRANSFER_KEY }),
  },
  'POST /api/admin/transfer-disputes/:id/approve': {
    role: 'admin',
    base: async () => ({ method: 'POST', path: `/api/admin/transfer-disputes/${await aDispute()}/approve`, body: { note: 'Checked' } }),
  },
  'POST /api/admin/transfer-disputes/:id/deny': {
    role: 'admin',
    base: async () => ({ method: 'POST', path: `/api/admin/transfer-disputes/${await aDispute()}/deny`, body: { reason: 'Qualified caller' } }),
  },
  'POST /api/admin/transfer-calls': {
    role: 'admin',
    base: json('POST', '/api/admin/transfer-calls', () => ({
      ...(callPayload({ id: who.ids.agentA }, 300, { now: ctx.clock.now() }) as unknown as Record<string, unknown>),
    })),
  },
  'POST /api/admin/orders/:id/fulfil': {
    role: 'admin',
    base: async () => ({
      method: 'POST',
      path: `/api/admin/orders/${await insertOwedOrder(ctx.db, who.ids.agentA, { leadType: 'Aged Leads', owed: 100 })}/fulfil`,
      body: {},
    }),
  },
  'POST /api/admin/orders/:id/deliveries': {
    role: 'admin',
    base: async () => ({
      method: 'POST',
      path: `/api/admin/orders/${await insertOwedOrder(ctx.db, who.ids.agentA, { leadType: 'Call-Backs', owed: 5 })}/deliveries`,
      body: { count: 1 },
    }),
  },
  'PUT /api/transfers/settings': {
    role: 'agentA',
    base: json('PUT', '/api/transfers/settings', transferSettingsBody),
  },
  'PUT /api/outcomes/:itemType/:itemId': {
    role: 'agentA',
    base: async () => ({ method: 'PUT', path: `/api/outcomes/transfer/${await aCall()}`, body: { status: 'sold', premiumCents: 120000, date: '2026-03-01' } }),
  },
  'POST /api/outcomes': {
    role: 'agentA',
    base: async () => ({ method: 'POST', path: '/api/outcomes', body: { itemType: 'transfer', itemId: await aCall(), status: 'quoted', date: '2026-03-01' } }),
  },
  'POST /api/api-tokens': { role: 'agentA', base: json('POST', '/api/api-tokens', () => ({ name: 'Fuzz CRM' })) },
  'POST /api/appointments/:id/no-show': {
    role: 'agentA',
    base: async () => ({
      method: 'POST',
      path: `/api/appointments/${await insertAppointment(ctx.db, { status: 'sold', buyerId: who.ids.agentA, purchasedAt: '2026-03-01 10:00:00.000', extractedAppointmentDateTime: new Date(ctx.clock.now().getTime() - 3_600_000).toISOString() })}/no-show`,
      body: { callDurationSeconds: 30, recordingUrl: 'https://rec.example.com/a.mp3' },
    }),
  },
  'POST /api/appointments/:id/attempts': {
    role: 'agentA',
    base: async () => ({
      method: 'POST',
      path: `/api/appointments/${await insertAppointment(ctx.db, { status: 'sold', buyerId: who.ids.agentA, purchasedAt: '2026-03-01 10:00:00.000', extractedAppointmentDateTime: new Date(ctx.clock.now().getTime() - 3_600_000).toISOString() })}/attempts`,
      body: { outcome: 'voicemail', durationSeconds: 12 },
    }),
  },
  'POST /api/calendar-feed': { role: 'agentA', base: json('POST', '/api/calendar-feed', () => ({})) },
  'POST /api/webhooks': {
    role: 'agentA',
    base: json('POST', '/api/webhooks', () => ({ url: 'https://crm.example.com/fuzz', events: ['lead.bought', 'transfer.delivered'] })),
  },
  'PUT /api/webhooks/:id': {
    role: 'agentA',
    base: async () => ({
      method: 'PUT',
      path: `/api/webhooks/${await fuzzWebhook()}`,
      body: { url: 'https://crm.example.com/fuzz2', events: ['appointment.bought'], enabled: false },
    }),
  },
  'POST /api/webhooks/secret': { role: 'agentA', base: json('POST', '/api/webhooks/secret', () => ({})) },
  'PUT /api/auto-rebill': { role: 'agentA', base: json('PUT', '/api/auto-rebill', () => ({ enabled: false, threshold: 5, count: 10 })) },
  'POST /api/auto-rebill/setup-intent': { role: 'agentA', base: json('POST', '/api/auto-rebill/setup-intent', () => ({})) },
  'POST /api/auto-rebill/card': { role: 'agentA', base: json('POST', '/api/auto-rebill/card', () => ({ setupIntentId: 'seti_fuzz0000000000000000' })) },
  'POST /api/webhooks/:id/test': { role: 'agentA', base: async () => ({ method: 'POST', path: `/api/webhooks/${await fuzzWebhook()}/test`, body: {} }) },
  'POST /api/webhooks/deliveries/:id/replay': {
    role: 'agentA',
    base: async () => ({ method: 'POST', path: `/api/webhooks/deliveries/${await fuzzDelivery()}/replay`, body: {} }),
  },
  'POST /api/admin/no-shows/:id/approve': {
    role: 'admin',
    base: async () => ({ method: 'POST', path: `/api/admin/no-shows/${await pendingNoShow()}/approve`, body: { reason: 'Voicemail' } }),
  },
  'POST /api/admin/no-shows/:id/deny': {
    role: 'admin',
    base: async () => ({ method: 'POST', path: `/api/admin/no-shows/${await pendingNoShow()}/deny`, body: { reason: 'Spoke 5 minutes' } }),
  },
  'POST /api/admin/dnc-lists': {
    role: 'admin',
    base: json('POST', '/api/admin/dnc-lists', () => ({ list: 'litigator', csv: 'phone\n2025550188\n', source: 'fuzz.csv' })),
  },
  'POST /api/admin/dnc-scrubs': {
    role: 'admin',
    base: json('POST', '/api/admin/dnc-scrubs', () => ({ csv: 'phone,result,scrubbed_at\n2025550189,clear,2026-01-01\n' })),
  },
  'POST /api/transfers/:id/disputes': {
    role: 'agentA',
    base: async () => ({ method: 'POST', path: `/api/transfers/${await aCall()}/disputes`, body: { reasonCode: 'other', reasonText: 'Robot caller' } }),
  },
  'POST /api/transfers/:id/disputes/review': {
    role: 'agentA',
    base: async () => ({ method: 'POST', path: `/api/transfers/${await aRuleDenial()}/disputes/review`, body: {} }),
  },
};

beforeAll(async () => {
  ({ ctx, who, dir } = await setUpProofApp({
    dirPrefix: 'tm-fuzz-',
    brightcallKey: BRIGHTCALL_KEY,
    transferKey: TRANSFER_KEY,
    accounts: [{ email: 'fuzz-login@example.com', password: 'fuzz-login-pass' }, SET_PASSWORD_USER],
  }));
  // No asynchronous webhook may change the database between the two fingerprints of a check.
  ctx.emulator.holdWebhooks();
  // Deactivated and reactivated by the fuzz: an account no other check logs in as.
  own.deactivatedUserId = (await (await import('./harness.ts')).makeUser(ctx.db, { email: 'fuzz-deactivate@example.com' })).id;
  await insertPaidOrder(ctx.db, who.ids.agentA, { kind: 'transfer_package', tier: 'standard', count: 5000 }, new Date(ctx.clock.now().getTime() - 3_600_000));
  own.pendingLeadIntent = await pendingOrder('leads');
  own.pendingAppointmentIntent = await pendingOrder('appointments');
  own.videoId = (await request(ctx.app).post('/api/training-videos').set('Authorization', `Bearer ${who.trainerToken}`).send(trainingVideoBody())).body.id;
}, 60_000);

afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function adminCount(): Promise<number> {
  return Number((await ctx.db('users').where({ isAdmin: true }).count({ n: '*' }).first())?.n);
}

/** The promise for one answer to bad input: below 500, JSON error, a 400 names a field, a refusal changes nothing. */
async function checkAnswer(route: string, req: Req, role: Role): Promise<void> {
  const before = await dbFingerprint(ctx.db);
  const admins = await adminCount();
  const res = await send(currentApp(), req, authHeaders(who, role));
  const shown = `${route} ${JSON.stringify(req.body ?? req.form ?? req.path).slice(0, 300)} -> ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`;
  expect(res.status, shown).toBeLessThan(500);
  // 431: a URL over Node's 16 KB header limit, refused by node:http itself before the app (no JSON body).
  if (res.status === 431) return;
  if (res.status >= 400) {
    expect(res.type, shown).toBe('application/json');
    expect(typeof res.body.error, shown).toBe('string');
    expect(res.body.error.length, shown).toBeGreaterThan(0);
    // The Stripe webhook's only refusal is the signature (a header, not a field): Stripe reads the status.
    if (res.status === 400 && route === 'POST /api/stripe/webhook') expect(res.body.error, shown).toBe('Webhook signature verification failed');
    else if (res.status === 400) expect(Object.keys(res.body.fields ?? {}).length, `400 without a field: ${shown}`).toBeGreaterThan(0);
    expect(await dbFingerprint(ctx.db), `database changed by a refused request: ${shown}`).toBe(before);
  }
  if (route !== 'POST /api/admin/users') expect(await adminCount(), `an admin appeared: ${shown}`).toBe(admins);
}

describe('bad input on every POST and PUT route', () => {
  it('has a base request for every POST and PUT route of the app', () => {
    const writes = listApiRoutes(ctx.app).filter((r) => /^(POST|PUT|PATCH) /.test(r));
    expect(
      writes.filter((r) => !(r in SPECS)),
      'POST/PUT routes without a bad-input spec',
    ).toEqual([]);
    expect(
      Object.keys(SPECS).filter((r) => !writes.includes(r)),
      'specs for routes that no longer exist',
    ).toEqual([]);
  });

  it.each(Object.keys(SPECS))(
    '%s',
    async (route) => {
      const spec = SPECS[route]!;
      const sample = await spec.base();
      const keys = Object.keys((sample.body ?? sample.form ?? {}) as object);
      await fc.assert(
        fc.asyncProperty(mutationsFor(keys), async (ms) => {
          const req = await spec.base();
          if (req.form) {
            // Multipart carries text: hostile values as their text (or JSON) form.
            const form = mutate(req.form, ms);
            if (form && typeof form === 'object' && !Array.isArray(form)) {
              req.form = Object.fromEntries(Object.entries(form).map(([k, v]) => [k, typeof v === 'string' ? v : (JSON.stringify(v) ?? '')]));
            } else {
              delete req.form;
              req.raw = { type: 'application/json', data: JSON.stringify(form) };
            }
          } else if (req.raw) {
            // The CSV upload: hostile query values and a hostile body.
            const url = new URL(req.path, 'http://x');
            const q = mutate(Object.fromEntries(url.searchParams), ms);
            const params = new URLSearchParams();
            if (q && typeof q === 'object') for (const [k, v] of Object.entries(q)) params.set(k, typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
            req.path = `${url.pathname}?${params.toString()}`;
            const value = ms.find((m) => m.op === 'set')?.value ?? req.raw.data;
            // A hostile value may be an object whose toString is not a function: send its JSON text.
            req.raw = { type: 'text/csv', data: typeof value === 'string' ? value : (JSON.stringify(value) ?? '') };
          } else {
            const body = mutate(req.body as Record<string, unknown>, ms);
            delete req.body;
            req.raw = { type: 'application/json', data: JSON.stringify(body) ?? 'null' };
          }
          await checkAnswer(route, req, spec.role);
        }),
        { numRuns: RUNS, endOnFailure: true, seed: SEED },
      );
    },
    SLOW_MS,
  );

  it(
    'refuses broken JSON, the wrong content type and an empty body with a 4xx naming a field, on every JSON route',
    async () => {
      const bodies: Array<{ type: string; data: string }> = [
        { type: 'application/json', data: '{"a":' },
        { type: 'application/json', data: '' },
        { type: 'application/json', data: 'null' },
        { type: 'application/json', data: '[]' },
        { type: 'text/plain', data: 'just text' },
        { type: 'application/x-www-form-urlencoded', data: 'a=1&a=2&b[c]=3' },
      ];
      for (const [route, spec] of Object.entries(SPECS)) {
        const base = await spec.base();
        if (!base.body) continue;
        for (const raw of bodies) await checkAnswer(route, { method: base.method, path: base.path, headers: base.headers, raw }, spec.role);
      }
    },
    SLOW_MS,
  );
});

describe('bodies over the limit', () => {
  it(
    'answers 413 with a JSON error to a JSON or form body over 100 kB on every route, before any work',
    async () => {
      const big = JSON.stringify({ filler: 'x'.repeat(110 * 1024) });
      for (const [route, spec] of Object.entries(SPECS)) {
        const base = await spec.base();
        const [method] = route.split(' ');
        const before = await dbFingerprint(ctx.db);
        for (const raw of [
          { type: 'application/json', data: big },
          { type: 'application/x-www-form-urlencoded', data: `filler=${'x'.repeat(110 * 1024)}` },
        ]) {
          if (route === 'POST /api/stripe/webhook' || route === 'POST /api/admin/lead-imports' || route === 'POST /api/affnetwork-signup') continue;
          const res = await send(currentApp(), { method: method!, path: base.path, headers: base.headers, raw }, authHeaders(who, spec.role));
          expect(res.status, `${route} ${raw.type}`).toBe(413);
          expect(res.body.error).toBe('Request body is too large');
        }
        expect(await dbFingerprint(ctx.db), route).toBe(before);
      }
    },
    SLOW_MS,
  );

  it(
    'answers 413 to a webhook body over 1 MB and to a lead file declared over 64 MB',
    async () => {
      const hook = await request(currentApp())
        .post('/api/stripe/webhook')
        .set('Content-Type', 'application/json')
        .set('Stripe-Signature', 't=1,v1=00')
        .send(`{"x":"${'x'.repeat(1024 * 1024 + 10)}"}`);
      expect(hook.status).toBe(413);
      expect(hook.body.error).toBe('Request body is too large');
      const csv = await request(currentApp())
        .post('/api/admin/lead-imports?target=sale&kind=aged')
        .set('Cookie', who.cookies.admin)
        .set('Content-Type', 'text/csv')
        .set('Content-Length', String(65 * 1024 * 1024))
        .send('a,b\n');
      expect(csv.status).toBe(413);
      expect(csv.body.error).toMatch(/larger than 64 MB/);
    },
    SLOW_MS,
  );

  it(
    'refuses a partner file over 10 MB, naming the file field (multer limit), and keeps nothing',
    async () => {
      const before = await dbFingerprint(ctx.db);
      let r = request(currentApp()).post('/api/affnetwork-signup');
      for (const [k, v] of Object.entries(partnerForm())) r = r.field(k, v);
      const res = await r.attach('file_0', Buffer.alloc(10 * 1024 * 1024 + 1, 0x25), 'big.pdf');
      expect(res.status).toBe(400);
      expect(res.body.fields).toHaveProperty('file_0');
      expect(await dbFingerprint(ctx.db)).toBe(before);
    },
    SLOW_MS,
  );
});

/** Percent-encodes; a lone surrogate (not encodable) goes as the invalid UTF-8 bytes a client could send. */
function enc(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return '%ED%A0%80';
  }
}

describe('hostile path parameters and query strings', () => {
  const PARAM_VALUES = [
    '0',
    '-1',
    '1.5',
    '1e3',
    '99999999999999999999',
    'abc',
    "1' OR '1'='1",
    '<script>',
    '%00',
    '..%2F..%2Fetc%2Fpasswd',
    '%E2%80%AE',
    '9007199254740993',
    'null',
    '%F0%9F%98%80',
  ];

  it(
    'answers every route with a hostile :param below 500, with a JSON error',
    async () => {
      const routes = listApiRoutes(ctx.app).filter((r) => r.includes('/:'));
      expect(routes.length).toBeGreaterThan(5);
      for (const route of routes) {
        const [method, p] = route.split(' ') as [string, string];
        const spec = SPECS[route];
        const role: Role = spec?.role ?? (p.startsWith('/api/admin') ? 'admin' : p.startsWith('/api/training-videos') ? 'trainer' : 'agentA');
        for (const v of PARAM_VALUES) {
          const req: Req = {
            method,
            path: p.replace(/:[A-Za-z]+/g, v),
            body: method === 'GET' || method === 'DELETE' ? undefined : ((await spec?.base())?.body ?? {}),
          };
          const res = await send(currentApp(), req, authHeaders(who, role));
          expect(res.status, `${route} with ${v}: ${res.status} ${JSON.stringify(res.body)}`).toBeLessThan(500);
          if (res.status >= 400) expect(typeof res.body.error, `${route} with ${v}`).toBe('string');
        }
      }
    },
    SLOW_MS,
  );

  it(
    'answers every GET route with hostile query values below 500',
    async () => {
      const gets = listApiRoutes(ctx.app).filter((r) => r.startsWith('GET ') && !r.includes('/:') && !r.includes('/logout'));
      const keys = ['page', 'pageSize', 'q', 'state', 'age', 'zip', 'status', 'from', 'to', 'billing', 'search', 'email'];
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...gets),
          fc.dictionary(
            fc.constantFrom(...keys, 'page[]', 'q[a]'),
            fc.oneof(
              fc.constantFrom(...HOSTILE_STRINGS.filter((s) => s.length < 100)),
              fc.string({ maxLength: 20, unit: 'grapheme' }),
              fc.integer().map(String),
              fc.constantFrom(...HOSTILE_NUMBERS.map(String)),
            ),
            { maxKeys: 4 },
          ),
          async (route, query) => {
            const p = route.slice(4);
            const role: Role = p.startsWith('/api/admin') || p === '/api/brightcall/status' ? 'admin' : p === '/api/training-videos' ? 'trainer' : 'agentA';
            const qs = Object.entries(query)
              .map(([k, v]) => `${enc(k)}=${enc(v)}&${enc(k)}=${enc(v)}`)
              .join('&');
            const res = await send(currentApp(), { method: 'GET', path: `${p}?${qs}` }, authHeaders(who, role));
            expect(res.status, `${route}?${qs}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`).toBeLessThan(500);
            if (res.status === 400) expect(Object.keys(res.body.fields ?? {}).length, `${route}?${qs}`).toBeGreaterThan(0);
          },
        ),
        { numRuns: RUNS * 10 },
      );
    },
    SLOW_MS,
  );
});

describe('hostile text that is valid is stored as typed', () => {
  it('keeps SQL and markup in a name verbatim (no mangling, no execution)', async () => {
    const body = { ...createUserBody(), firstName: "Robert'); DROP TABLE users;--", lastName: '<img src=x onerror=alert(1)>' };
    const res = await request(currentApp()).post('/api/admin/users').set('Cookie', who.cookies.admin).send(body);
    expect(res.status).toBe(201);
    const row = await ctx.db('users').where({ id: res.body.user.id }).first();
    expect(row.firstName).toBe(body.firstName);
    expect(row.lastName).toBe(body.lastName);
    expect(Number((await ctx.db('users').count({ n: '*' }).first())?.n)).toBeGreaterThan(3);
  });
});
