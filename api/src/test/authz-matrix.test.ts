// Authorization matrix: every API route of the real app, with the status each identity gets.
// Columns: anonymous, agent A (owns the resources in the request), agent B (someone else: A's ids),
// admin (also someone else for A's purchases), training admin (bearer token, no portal session).
// `key`: the route's own credential instead (webhook key or Stripe signature). The suite walks the
// app's route list, so a route added without a row here fails it, and a row without a route too.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { makeUser, type TestContext } from './harness.ts';
import { listApiRoutes } from './route-list.ts';
import { BuyerPrice } from '../models/index.ts';
import { signPayload } from '@tm/stripe-emulator';
import { insertPaidOrder, callPayload } from './transfers-testing.ts';
import { insertOwedOrder } from './orders-testing.ts';
import { startCardSetup } from '../services/payments/auto-rebill.service.ts';
import { depsOf } from '../app.ts';
import { signMediaUrl } from '../services/media/media-links.ts';
import { createSetPasswordLink } from '../services/accounts/set-password-links.ts';
import {
  ROLES,
  authHeaders,
  send,
  setUpProofApp,
  insertLead,
  insertAppointment,
  payIntent,
  uniqPhone,
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
  loginCookie,
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

const BRIGHTCALL_KEY = 'matrix-brightcall-key';
const TRANSFER_KEY = 'matrix-transfer-key';

let ctx: TestContext;
let who: Identities;
let dataDir: string;
/** A's purchases and other standing resources (created once). */
const own = {
  appointmentId: 0,
  attemptSeq: 0,
  paidLeadIntent: '',
  paidAppointmentIntent: '',
  importId: 0,
  videoId: 0,
  mediaFile: 'matrix-call.wav',
  transferOrderId: 0,
  application: { id: 0, fileId: 0 },
  signupId: 0,
  spareUserId: 0,
};
/** A platform attempt on agent A's appointment, with a call id not seen before. */
const platformAttempt = () => ({
  appointmentId: own.appointmentId,
  callId: `authz-attempt-${++own.attemptSeq}`,
  startedAt: ctx.clock.now().toISOString(),
  durationSeconds: 0,
  outcome: 'no_answer',
});

type Build = (role: Role) => Req | Promise<Req>;
interface Row {
  anon: number;
  agentA: number;
  agentB: number;
  admin: number;
  trainer: number;
  key?: number;
  req: Build;
  keyReq?: () => Req | Promise<Req>;
}

const get =
  (p: string): Build =>
  () => ({ method: 'GET', path: p });
const del =
  (p: string): Build =>
  () => ({ method: 'DELETE', path: p });
const post =
  (p: string, body: () => unknown = () => ({})): Build =>
  () => ({ method: 'POST', path: p, body: body() });
const put =
  (p: string, body: () => unknown = () => ({})): Build =>
  () => ({ method: 'PUT', path: p, body: body() });
const patch =
  (p: string, body: () => unknown = () => ({})): Build =>
  () => ({ method: 'PATCH', path: p, body: body() });
/** anon, agentA, agentB, admin, trainer */
const cols = (anon: number, agentA: number, agentB: number, admin: number, trainer: number) => ({ anon, agentA, agentB, admin, trainer });

// Agent A's orders, made through the API as A would.
async function aOrder(kind: 'leads' | 'appointments', paid: boolean): Promise<string> {
  const body = kind === 'leads' ? { leadIds: [await insertLead(ctx.db)] } : { appointmentIds: [await insertAppointment(ctx.db)] };
  const p = kind === 'leads' ? '/api/bulk-purchase-leads' : '/api/vapi/create-appointment-payment';
  const res = await request(ctx.app).post(p).set('Cookie', who.cookies.agentA).send(body);
  if (res.status !== 201) throw new Error(`${p}: ${res.status} ${JSON.stringify(res.body)}`);
  if (paid) {
    await payIntent(ctx, res.body.clientSecret);
    await ctx.emulator.flush();
  }
  return res.body.paymentIntentId as string;
}
async function freshIntentSecret(): Promise<string> {
  const res = await request(ctx.app)
    .post('/api/create-payment-intent')
    .send({ callCount: 3, ...checkoutBuyer() });
  return res.body.clientSecret as string;
}
async function uploadImport(): Promise<number> {
  const res = await request(ctx.app)
    .post('/api/admin/lead-imports?target=assignment')
    .set('Cookie', who.cookies.admin)
    .set('Content-Type', 'text/csv')
    .send(leadCsv());
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.import.id as number;
}
async function newVideo(): Promise<number> {
  const res = await request(ctx.app).post('/api/training-videos').set('Authorization', `Bearer ${who.trainerToken}`).send(trainingVideoBody());
  return res.body.id as number;
}
async function poolLead(): Promise<number> {
  const [id] = await ctx.db('leadPool').insert({ name: 'Pool Person', phone: uniqPhone(), state: 'TX' });
  return Number(id);
}
/** A delivered (billed) transfer call of agent A, recorded through the caller system's callback. */
async function aCall(): Promise<number> {
  const res = await postTransferCall(ctx.app, TRANSFER_KEY, who.ids.agentA, ctx.clock.now());
  if (res.status !== 201) throw new Error(`transfer callback: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.call.id as number;
}
const aRuleDenial = () => ruleDeniedCall(() => ctx.app, TRANSFER_KEY, { id: who.ids.agentA, cookie: who.cookies.agentA }, ctx.clock.now());
async function aDispute(): Promise<number> {
  const res = await request(ctx.app)
    .post(`/api/transfers/${await aCall()}/disputes`)
    .set('Cookie', who.cookies.agentA)
    .send({ reasonCode: 'wrong_number' });
  if (res.status !== 201) throw new Error(`dispute: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as number;
}

// Issue 19: an API token, an appointment with a time, a pending no-show and a feed of agent A.
async function aToken(): Promise<number> {
  const res = await request(ctx.app).post('/api/api-tokens').set('Cookie', who.cookies.agentA).send({ name: 'matrix' });
  return res.body.apiToken.id as number;
}
// Issue 29 item 4: agent A's CRM webhooks and a test delivery (nothing is sent: the job does not run here).
let standingWebhook = 0;
async function aWebhook(fresh = false): Promise<number> {
  if (standingWebhook && !fresh) return standingWebhook;
  const res = await request(ctx.app)
    .post('/api/webhooks')
    .set('Cookie', who.cookies.agentA)
    .send({ url: 'https://crm.example.com/matrix', events: ['lead.bought'] });
  if (res.status !== 201) throw new Error(`webhook: ${res.status} ${JSON.stringify(res.body)}`);
  if (!fresh) standingWebhook = res.body.webhook.id as number;
  return res.body.webhook.id as number;
}
async function aDelivery(): Promise<number> {
  const res = await request(ctx.app)
    .post(`/api/webhooks/${await aWebhook()}/test`)
    .set('Cookie', who.cookies.agentA);
  if (res.status !== 201) throw new Error(`test event: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as number;
}
const webhookBody = () => ({ url: 'https://crm.example.com/matrix', events: ['lead.bought', 'transfer.delivered'] });
// Issue 29 item 3: agent A's card setup (never confirmed) and an order of A's that is not a top-up, both
// made without the API so A's checkout rate limit is left to the rows that test it.
async function aSetupIntentId(): Promise<string> {
  const { clientSecret } = await startCardSetup(depsOf(ctx.app), who.ids.agentA);
  return clientSecret.split('_secret_')[0]!;
}
const anOrderIdOfA = () => insertOwedOrder(ctx.db, who.ids.agentA, { leadType: 'Call-Backs', owed: 1 });
const autoRebillBody = () => ({ enabled: false, threshold: 5, count: 10 });
async function aTimedAppointment(hoursAgo = 1): Promise<number> {
  return insertAppointment(ctx.db, {
    status: 'sold',
    buyerId: who.ids.agentA,
    purchasedAt: '2026-01-01 10:00:00.000',
    extractedAppointmentDateTime: new Date(ctx.clock.now().getTime() - hoursAgo * 3_600_000).toISOString(),
  });
}
async function aPendingNoShow(): Promise<number> {
  const res = await request(ctx.app)
    .post(`/api/appointments/${await aTimedAppointment()}/no-show`)
    .set('Cookie', who.cookies.agentA)
    .send({ callDurationSeconds: 300 });
  if (res.status !== 201) throw new Error(`no-show: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as number;
}
async function aFeedPath(): Promise<string> {
  const res = await request(ctx.app).post('/api/calendar-feed').set('Cookie', who.cookies.agentA);
  return new URL(res.body.url as string).pathname;
}
// A fresh set-password link of a user of its own (each use changes that user's password, and so spends it).
const SET_PASSWORD_USER = { email: 'matrix-set-password@example.com', password: 'matrix-set-password-0' };
async function setPasswordToken(): Promise<string> {
  const id = Number((await ctx.db('users').where({ email: SET_PASSWORD_USER.email }).first('id')).id);
  const { url } = await createSetPasswordLink(ctx.db, ctx.config.sessionSecret, ctx.config.publicOrigin, id, ctx.clock.now());
  return new URL(url).searchParams.get('token')!;
}
function stripeEvent(): Req {
  const payload = JSON.stringify({ id: `evt_matrix_${uniqPhone()}`, object: 'event', type: 'customer.created', data: { object: { object: 'customer' } } });
  return {
    method: 'POST',
    path: '/api/stripe/webhook',
    raw: { type: 'application/json', data: payload },
    headers: { 'Stripe-Signature': signPayload(payload, ctx.config.stripe.webhookSecret) },
  };
}

//                                                anon agentA agentB admin trainer
const MATRIX: Record<string, Row> = {
  'GET /api/health': { ...cols(200, 200, 200, 200, 200), req: get('/api/health') },
  'POST /api/login': {
    ...cols(200, 200, 200, 200, 200),
    req: post('/api/login', () => ({ identifier: 'matrix-login@example.com', password: 'matrix-login-pass' })),
  },
  'GET /api/logout': { ...cols(302, 302, 302, 302, 302), req: get('/api/logout') },
  // A visitor (and a training admin, who has no portal session) is told { user: null } with a 200 (issue 35 A12).
  'GET /api/current-user': { ...cols(200, 200, 200, 200, 200), req: get('/api/current-user') },
  'GET /api/aged-leads': { ...cols(401, 200, 200, 200, 401), req: get('/api/aged-leads?state=TX&page=1') },
  'GET /api/leads': { ...cols(401, 200, 200, 200, 401), req: get('/api/leads') },
  'POST /api/bulk-purchase-leads': {
    ...cols(401, 201, 201, 201, 401),
    req: async () => ({ method: 'POST', path: '/api/bulk-purchase-leads', body: { leadIds: [await insertLead(ctx.db)] } }),
  },
  'POST /api/bulk-purchase-leads/confirm': {
    ...cols(401, 200, 404, 404, 401),
    req: () => ({ method: 'POST', path: '/api/bulk-purchase-leads/confirm', body: { payment_intent_id: own.paidLeadIntent } }),
  },
  'POST /api/bulk-purchase-leads/cancel': {
    ...cols(401, 200, 404, 404, 401),
    req: async () => ({ method: 'POST', path: '/api/bulk-purchase-leads/cancel', body: { payment_intent_id: await aOrder('leads', false) } }),
  },
  'GET /api/my-leads': { ...cols(401, 200, 200, 200, 401), req: get('/api/my-leads') },
  'GET /api/my-leads/export.csv': { ...cols(401, 200, 200, 200, 401), req: get('/api/my-leads/export.csv') },
  'GET /api/user-survey': { ...cols(401, 200, 200, 200, 401), req: get('/api/user-survey') },
  'GET /api/settings-offer': { ...cols(401, 200, 200, 200, 401), req: get('/api/settings-offer') },
  'POST /api/settings-offer': { ...cols(401, 404, 404, 404, 401), req: post('/api/settings-offer', () => ({ id: 2147483000, apply: false })) },
  'GET /api/vapi/available-appointments': { ...cols(401, 200, 200, 200, 401), req: get('/api/vapi/available-appointments') },
  'GET /api/vapi/my-appointments': { ...cols(401, 200, 200, 200, 401), req: get('/api/vapi/my-appointments') },
  'GET /api/vapi/my-appointments/export.csv': { ...cols(401, 200, 200, 200, 401), req: get('/api/vapi/my-appointments/export.csv') },
  'GET /api/vapi/my-appointments/:id': { ...cols(401, 200, 404, 404, 401), req: () => get(`/api/vapi/my-appointments/${own.appointmentId}`)('anon') },
  'DELETE /api/vapi/my-appointments/:id': { ...cols(401, 200, 404, 404, 401), req: () => del(`/api/vapi/my-appointments/${own.appointmentId}`)('anon') },
  'GET /api/vapi/all-appointments': { ...cols(401, 200, 200, 200, 401), req: get('/api/vapi/all-appointments') },
  'POST /api/vapi/create-appointment-payment': {
    ...cols(401, 201, 201, 201, 401),
    req: async () => ({ method: 'POST', path: '/api/vapi/create-appointment-payment', body: { appointmentIds: [await insertAppointment(ctx.db)] } }),
  },
  'POST /api/vapi/confirm-appointment-purchase': {
    ...cols(401, 200, 404, 404, 401),
    req: () => ({ method: 'POST', path: '/api/vapi/confirm-appointment-purchase', body: { payment_intent_id: own.paidAppointmentIntent } }),
  },
  'POST /api/vapi/cancel-appointment-payment': {
    ...cols(401, 200, 404, 404, 401),
    req: async () => ({ method: 'POST', path: '/api/vapi/cancel-appointment-payment', body: { payment_intent_id: await aOrder('appointments', false) } }),
  },
  // A's signed recording link: A plays it, B holding A's link gets nothing, admins play any recording.
  'GET /api/media/:file': {
    ...cols(401, 200, 404, 200, 401),
    req: () => get(signMediaUrl(ctx.config, who.ids.agentA, `/api/media/${own.mediaFile}`, ctx.clock.now())!)('anon'),
  },
  'POST /api/call-transfer-order': { ...cols(401, 201, 201, 201, 401), req: post('/api/call-transfer-order', transferOrderBody) },
  'POST /api/ringcloud-survey': { ...cols(201, 201, 201, 201, 201), req: post('/api/ringcloud-survey', ringcloudSurveyBody) },
  'POST /api/survey': { ...cols(201, 201, 201, 201, 201), req: post('/api/survey', agentLabBody) },
  'POST /api/affnetwork-signup': { ...cols(201, 201, 201, 201, 201), req: () => ({ method: 'POST', path: '/api/affnetwork-signup', form: partnerForm() }) },
  'GET /api/admin/users': { ...cols(401, 403, 403, 200, 401), req: get('/api/admin/users') },
  'GET /api/admin/users/search': { ...cols(401, 403, 403, 200, 401), req: get('/api/admin/users/search?q=example') },
  'POST /api/admin/users': { ...cols(401, 403, 403, 201, 401), req: post('/api/admin/users', createUserBody) },
  'GET /api/admin/users/:userId': {
    ...cols(401, 403, 403, 200, 401),
    req: () => get(`/api/admin/users/${who.ids.agentA}`)('anon'),
  },
  'PATCH /api/admin/users/:userId': {
    ...cols(401, 403, 403, 200, 401),
    req: () => patch(`/api/admin/users/${own.spareUserId}`, () => ({ agencyName: 'Matrix Agency' }))('anon'),
  },
  'PUT /api/admin/users/:userId/password': {
    ...cols(401, 403, 403, 200, 401),
    req: () => put(`/api/admin/users/${own.spareUserId}/password`, () => ({ password: 'changed-by-admin' }))('anon'),
  },
  'POST /api/admin/users/:userId/set-password-link': {
    ...cols(401, 403, 403, 200, 401),
    req: () => post(`/api/admin/users/${who.ids.agentB}/set-password-link`)('anon'),
  },
  'GET /api/admin/users/:userId/transfer-controls': {
    ...cols(401, 403, 403, 200, 401),
    req: () => get(`/api/admin/users/${own.spareUserId}/transfer-controls`)('anon'),
  },
  'PUT /api/admin/users/:userId/transfer-controls': {
    ...cols(401, 403, 403, 200, 401),
    req: () => put(`/api/admin/users/${own.spareUserId}/transfer-controls`, transferSettingsBody)('anon'),
  },
  'GET /api/admin/users/:userId/prices': { ...cols(401, 403, 403, 200, 401), req: () => get(`/api/admin/users/${own.spareUserId}/prices`)('anon') },
  'PUT /api/admin/users/:userId/prices': {
    ...cols(401, 403, 403, 200, 401),
    req: () => put(`/api/admin/users/${own.spareUserId}/prices`, () => ({ kind: 'aged_lead', priceCents: 700 }))('anon'),
  },
  // A price of the spare user's, made when missing: only the admin's request removes it.
  'DELETE /api/admin/users/:userId/prices/:priceId': {
    ...cols(401, 403, 403, 200, 401),
    req: async () => {
      const row =
        (await BuyerPrice.query(ctx.db).where({ userId: own.spareUserId, kind: 'appointment', state: '' }).first()) ??
        (await BuyerPrice.query(ctx.db).insert({ userId: own.spareUserId, kind: 'appointment', state: '', priceCents: 900 }));
      return del(`/api/admin/users/${own.spareUserId}/prices/${row.id}`)('anon');
    },
  },
  'POST /api/admin/users/:userId/deactivate': {
    ...cols(401, 403, 403, 200, 401),
    req: () => post(`/api/admin/users/${own.spareUserId}/deactivate`)('anon'),
  },
  'POST /api/admin/users/:userId/reactivate': {
    ...cols(401, 403, 403, 200, 401),
    req: () => post(`/api/admin/users/${own.spareUserId}/reactivate`)('anon'),
  },
  'GET /api/admin/low-balance': { ...cols(401, 403, 403, 200, 401), req: get('/api/admin/low-balance') },
  'GET /api/admin/abandoned-checkouts': { ...cols(401, 403, 403, 200, 401), req: get('/api/admin/abandoned-checkouts') },
  // A paid order: the admin's answer is the 409 "only unpaid orders", past every access check.
  'POST /api/admin/abandoned-checkouts/:orderId/resend': {
    ...cols(401, 403, 403, 409, 401),
    req: () => post(`/api/admin/abandoned-checkouts/${own.transferOrderId}/resend`)('anon'),
  },
  'PUT /api/admin/users/:userId/low-balance-threshold': {
    ...cols(401, 403, 403, 200, 401),
    req: () => put(`/api/admin/users/${own.spareUserId}/low-balance-threshold`, () => ({ threshold: 7 }))('anon'),
  },
  'GET /api/admin/users/:userId/open-balance': {
    ...cols(401, 403, 403, 200, 401),
    req: () => get(`/api/admin/users/${who.ids.agentA}/open-balance`)('anon'),
  },
  // The link's token is the capability: anyone holding a good one may check it and use it once.
  'GET /api/set-password/check': {
    ...cols(200, 200, 200, 200, 200),
    req: async () => get(`/api/set-password/check?token=${await setPasswordToken()}`)('anon'),
  },
  'POST /api/set-password': {
    ...cols(200, 200, 200, 200, 200),
    req: async () => ({ method: 'POST', path: '/api/set-password', body: { token: await setPasswordToken(), password: 'matrix-set-password-1' } }),
  },
  'POST /api/forgot-password': {
    ...cols(202, 202, 202, 202, 202),
    req: post('/api/forgot-password', () => ({ email: `matrix-forgot-${Math.random().toString(36).slice(2)}@example.com` })),
  },
  'GET /api/admin/outbox': { ...cols(401, 403, 403, 200, 401), req: get('/api/admin/outbox') },
  'GET /api/admin/outbox/:id': { ...cols(401, 403, 403, 404, 401), req: get('/api/admin/outbox/999999') },
  'GET /api/admin/audit': { ...cols(401, 403, 403, 200, 401), req: get('/api/admin/audit') },
  'GET /api/admin/audit.csv': { ...cols(401, 403, 403, 200, 401), req: get('/api/admin/audit.csv') },
  'GET /api/admin/reports/campaigns': { ...cols(401, 403, 403, 200, 401), req: get('/api/admin/reports/campaigns?from=2026-11-01&to=2026-11-30') },
  'GET /api/admin/reports/campaigns.csv': { ...cols(401, 403, 403, 200, 401), req: get('/api/admin/reports/campaigns.csv?from=2026-11-01&to=2026-11-30') },
  'GET /api/admin/conversions/google-ads.csv': {
    ...cols(401, 403, 403, 200, 401),
    req: get('/api/admin/conversions/google-ads.csv?from=2026-11-01&to=2026-11-30'),
  },
  'GET /api/admin/conversions/meta.json': { ...cols(401, 403, 403, 200, 401), req: get('/api/admin/conversions/meta.json?from=2026-11-01&to=2026-11-30') },
  'GET /api/admin/appointments/:id': {
    ...cols(401, 403, 403, 200, 401),
    req: async () => ({ method: 'GET', path: `/api/admin/appointments/${await insertAppointment(ctx.db)}` }),
  },
  'PATCH /api/admin/appointments/:id': {
    ...cols(401, 403, 403, 200, 401),
    req: async () => ({ method: 'PATCH', path: `/api/admin/appointments/${await insertAppointment(ctx.db)}`, body: { notes: 'Checked by hand' } }),
  },
  'POST /api/admin/appointments/:id/withdraw': {
    ...cols(401, 403, 403, 200, 401),
    req: async () => ({ method: 'POST', path: `/api/admin/appointments/${await insertAppointment(ctx.db)}/withdraw`, body: { reason: 'Junk call' } }),
  },
  'POST /api/admin/appointments/:id/restore': {
    ...cols(401, 403, 403, 200, 401),
    req: async () => ({ method: 'POST', path: `/api/admin/appointments/${await insertAppointment(ctx.db, { status: 'withdrawn' })}/restore`, body: {} }),
  },
  'POST /api/admin/appointments/:id/assign': {
    ...cols(401, 403, 403, 200, 401),
    req: async () => ({ method: 'POST', path: `/api/admin/appointments/${await insertAppointment(ctx.db)}/assign`, body: { agentId: own.spareUserId } }),
  },
  'POST /api/admin/appointments/:id/unassign': {
    ...cols(401, 403, 403, 200, 401),
    req: async () => ({
      method: 'POST',
      path: `/api/admin/appointments/${await insertAppointment(ctx.db, { status: 'sold', buyerId: own.spareUserId, purchasedAt: '2026-01-01 10:00:00.000' })}/unassign`,
      body: {},
    }),
  },
  // Leads that are not assigned (unassign, reassign: 409) or do not exist (delete: 404), nothing changed.
  'POST /api/admin/lead-pool/unassign': { ...cols(401, 403, 403, 409, 401), req: post('/api/admin/lead-pool/unassign', () => ({ leadIds: [999999] })) },
  'POST /api/admin/lead-pool/reassign': {
    ...cols(401, 403, 403, 409, 401),
    req: post('/api/admin/lead-pool/reassign', () => ({ leadIds: [999999], agentId: own.spareUserId })),
  },
  'POST /api/admin/lead-pool/delete': { ...cols(401, 403, 403, 404, 401), req: post('/api/admin/lead-pool/delete', () => ({ leadIds: [999999] })) },
  'GET /api/admin/leads': { ...cols(401, 403, 403, 200, 401), req: get('/api/admin/leads') },
  'GET /api/admin/leads/inventory': { ...cols(401, 403, 403, 200, 401), req: get('/api/admin/leads/inventory') },
  'POST /api/admin/leads/delete': { ...cols(401, 403, 403, 404, 401), req: post('/api/admin/leads/delete', () => ({ leadIds: [999999] })) },
  'GET /api/admin/lead-imports/:id/refused.csv': { ...cols(401, 403, 403, 404, 401), req: get('/api/admin/lead-imports/999999/refused.csv') },
  'POST /api/admin/outbox/:id/resend': { ...cols(401, 403, 403, 404, 401), req: post('/api/admin/outbox/999999/resend') },
  'GET /api/account/mail-preferences': { ...cols(401, 200, 200, 200, 401), req: get('/api/account/mail-preferences') },
  'PUT /api/account/mail-preferences': { ...cols(401, 200, 200, 200, 401), req: put('/api/account/mail-preferences', () => ({ optOut: [] })) },
  // A wrong current password: 400 for every signed-in identity (the route is the agent's own only).
  'PUT /api/account/password': {
    ...cols(401, 400, 400, 400, 401),
    req: put('/api/account/password', () => ({ currentPassword: 'not-the-password', newPassword: 'whatever-pass-1' })),
  },
  'PUT /api/account/profile': {
    ...cols(401, 200, 200, 200, 401),
    req: put('/api/account/profile', () => ({ firstName: 'Same', lastName: 'Person', agencyName: 'Agency', phone: '5550001111', state: 'TX' })),
  },
  'POST /api/account/email': {
    ...cols(401, 202, 202, 202, 401),
    req: post('/api/account/email', () => ({ currentPassword: 'correct-horse-1', email: `matrix-new-${Math.random().toString(36).slice(2)}@example.com` })),
  },
  'POST /api/account/email/confirm': { ...cols(400, 400, 400, 400, 400), req: post('/api/account/email/confirm', () => ({ token: 'not.a-token' })) },
  'POST /api/account/email/undo': { ...cols(400, 400, 400, 400, 400), req: post('/api/account/email/undo', () => ({ token: 'not.a-token' })) },
  'GET /api/admin/appointments/brightcall': { ...cols(401, 403, 403, 200, 401), req: get('/api/admin/appointments/brightcall') },
  'GET /api/admin/appointments/brightcall/search': { ...cols(401, 403, 403, 200, 401), req: get('/api/admin/appointments/brightcall/search?q=Vera') },
  'POST /api/admin/appointments/brightcall': { ...cols(401, 403, 403, 201, 401), req: post('/api/admin/appointments/brightcall', adminAppointmentBody) },
  // Admin orders and inboxes (issue 13): admins only; a refund of agent B's paid package (A's balance feeds the call rows).
  'GET /api/admin/orders': { ...cols(401, 403, 403, 200, 401), req: get('/api/admin/orders?status=paid') },
  'GET /api/admin/orders.csv': { ...cols(401, 403, 403, 200, 401), req: get('/api/admin/orders.csv') },
  'GET /api/admin/orders/:id': { ...cols(401, 403, 403, 200, 401), req: () => get(`/api/admin/orders/${own.transferOrderId}`)('anon') },
  'POST /api/admin/orders/:id/refunds': {
    ...cols(401, 403, 403, 201, 401),
    req: async (role) => ({
      method: 'POST',
      path: `/api/admin/orders/${role === 'admin' ? await paidPackageOrder(ctx, who.cookies.agentB) : own.transferOrderId}/refunds`,
      body: { amountCents: 100, idempotencyKey: `matrix-${role}-${uniqPhone()}` },
    }),
  },
  'POST /api/admin/orders/:id/cancel': {
    ...cols(401, 403, 403, 200, 401),
    req: async (role) => ({
      method: 'POST',
      path: `/api/admin/orders/${role === 'admin' ? await pendingPackageOrder(ctx, who.cookies.agentB) : own.transferOrderId}/cancel`,
      body: {},
    }),
  },
  'GET /api/admin/partner-applications': { ...cols(401, 403, 403, 200, 401), req: get('/api/admin/partner-applications') },
  'GET /api/admin/partner-applications/:id': {
    ...cols(401, 403, 403, 200, 401),
    req: () => get(`/api/admin/partner-applications/${own.application.id}`)('anon'),
  },
  'PUT /api/admin/partner-applications/:id/status': {
    ...cols(401, 403, 403, 200, 401),
    req: () => put(`/api/admin/partner-applications/${own.application.id}/status`, () => ({ status: 'approved', note: 'Checked' }))('anon'),
  },
  'GET /api/admin/partner-applications/:id/files/:fileId': {
    ...cols(401, 403, 403, 200, 401),
    req: () => get(`/api/admin/partner-applications/${own.application.id}/files/${own.application.fileId}`)('anon'),
  },
  'GET /api/admin/signups': { ...cols(401, 403, 403, 200, 401), req: get('/api/admin/signups?source=agent-lab') },
  'PUT /api/admin/signups/:id/status': {
    ...cols(401, 403, 403, 200, 401),
    req: () => put(`/api/admin/signups/${own.signupId}/status`, () => ({ status: 'contacted' }))('anon'),
  },
  'POST /api/admin/lead-imports': {
    ...cols(401, 403, 403, 201, 401),
    req: () => ({ method: 'POST', path: '/api/admin/lead-imports?target=assignment', raw: { type: 'text/csv', data: leadCsv() } }),
  },
  'GET /api/admin/lead-imports/:id': { ...cols(401, 403, 403, 200, 401), req: () => get(`/api/admin/lead-imports/${own.importId}`)('anon') },
  'GET /api/admin/lead-imports/:id/errors': { ...cols(401, 403, 403, 200, 401), req: () => get(`/api/admin/lead-imports/${own.importId}/errors`)('anon') },
  'POST /api/admin/lead-imports/:id/run': {
    ...cols(401, 403, 403, 202, 401),
    req: async (role) => ({
      method: 'POST',
      path: `/api/admin/lead-imports/${role === 'admin' ? await uploadImport() : own.importId}/run`,
      body: { mapping: { name: 0, phone: 1, state: 2, zipCode: 3 }, dryRun: true },
    }),
  },
  'GET /api/admin/lead-pool': { ...cols(401, 403, 403, 200, 401), req: get('/api/admin/lead-pool') },
  'POST /api/admin/lead-pool/assign': {
    ...cols(401, 403, 403, 200, 401),
    req: async () => ({ method: 'POST', path: '/api/admin/lead-pool/assign', body: { agentId: who.ids.agentA, leadIds: [await poolLead()] } }),
  },
  'POST /api/admin/lead-pool/assign-by-filter': {
    ...cols(401, 403, 403, 200, 401),
    req: post('/api/admin/lead-pool/assign-by-filter', () => ({ agentId: who.ids.agentA, states: ['TX'], count: 1, dryRun: true })),
  },
  'POST /api/admin/appointments/assign-by-filter': {
    ...cols(401, 403, 403, 200, 401),
    req: post('/api/admin/appointments/assign-by-filter', () => ({ agentId: who.ids.agentA, states: ['TX'], count: 1, dryRun: true })),
  },
  ...Object.fromEntries(
    ['revenue', 'buyers', 'transfers', 'refunds', 'no-shows'].flatMap((name) =>
      ['', '.csv'].map((ext) => [
        `GET /api/admin/reports/${name}${ext}`,
        { ...cols(401, 403, 403, 200, 401), req: get(`/api/admin/reports/${name}${ext}?from=2026-06-01&to=2026-06-30`) },
      ]),
    ),
  ),
  'GET /api/admin/assignment-batches': { ...cols(401, 403, 403, 200, 401), req: get('/api/admin/assignment-batches') },
  'POST /api/admin/assignment-batches/:batchId/undo': {
    ...cols(401, 403, 403, 200, 401),
    req: async () => {
      const [id] = await ctx.db('assignmentBatches').insert({ kind: 'leads', agentId: who.ids.agentA, filterJson: '{}', matched: 0, assigned: 0 });
      return { method: 'POST', path: `/api/admin/assignment-batches/${Number(id)}/undo` };
    },
  },
  'GET /api/brightcall/status': { ...cols(401, 403, 403, 200, 401), req: get('/api/brightcall/status') },
  'POST /api/callbacks/brightcall': {
    ...cols(401, 401, 401, 401, 401),
    key: 200,
    req: post('/api/callbacks/brightcall', brightcallBody),
    keyReq: () => ({ method: 'POST', path: '/api/callbacks/brightcall', body: brightcallBody(), headers: { 'x-api-key': BRIGHTCALL_KEY } }),
  },
  'POST /api/training-admin/login': { ...cols(200, 200, 200, 200, 200), req: post('/api/training-admin/login', () => TRAINER) },
  // The trainer logs out a token of its own (the shared one stays open for the other rows).
  'POST /api/training-admin/logout': {
    ...cols(401, 401, 401, 401, 204),
    req: async (role) => ({
      method: 'POST',
      path: '/api/training-admin/logout',
      ...(role === 'trainer'
        ? { headers: { Authorization: `Bearer ${String((await request(ctx.app).post('/api/training-admin/login').send(TRAINER)).body.token)}` } }
        : {}),
    }),
  },
  'GET /api/training-videos/public': { ...cols(200, 200, 200, 200, 200), req: get('/api/training-videos/public') },
  'GET /api/training-videos': { ...cols(401, 401, 401, 401, 200), req: get('/api/training-videos') },
  'POST /api/training-videos': { ...cols(401, 401, 401, 401, 201), req: post('/api/training-videos', trainingVideoBody) },
  'PUT /api/training-videos/:id': { ...cols(401, 401, 401, 401, 200), req: () => put(`/api/training-videos/${own.videoId}`, trainingVideoBody)('anon') },
  'DELETE /api/training-videos/:id': {
    ...cols(401, 401, 401, 401, 200),
    req: async (role) => del(`/api/training-videos/${role === 'trainer' ? await newVideo() : own.videoId}`)('anon'),
  },
  'POST /api/stripe/webhook': {
    ...cols(400, 400, 400, 400, 400),
    key: 200,
    req: () => ({
      method: 'POST',
      path: '/api/stripe/webhook',
      raw: { type: 'application/json', data: '{"id":"evt_unsigned","type":"payment_intent.succeeded"}' },
    }),
    keyReq: stripeEvent,
  },
  'POST /api/create-payment-intent': {
    ...cols(200, 200, 200, 200, 200),
    req: post('/api/create-payment-intent', () => ({ callCount: 5, ...checkoutBuyer() })),
  },
  'GET /api/stripe/public-key': { ...cols(200, 200, 200, 200, 200), req: get('/api/stripe/public-key') },
  // The first-party onboarding survey: a logged-in agent (or a paid order's signed survey link, tested in survey-link.routes.test.ts).
  'POST /api/onboarding-survey': {
    ...cols(401, 201, 201, 201, 401),
    req: post('/api/onboarding-survey', onboardingSurveyBody),
  },
  // The paid order's signed survey link (decision 245): the payer's client secret is the capability, not a
  // session; a secret that is not the intent's own is 404 for every role (survey-link.routes.test.ts).
  'POST /api/survey-link': {
    ...cols(404, 404, 404, 404, 404),
    req: post('/api/survey-link', () => ({ paymentIntentId: own.paidLeadIntent, clientSecret: 'pi_not_secret_wrong' })),
  },
  // The RingCloud checkout's stock count (issue 25 item 1): public, counts only.
  'GET /api/ringcloud/aged-leads/stock': { ...cols(200, 200, 200, 200, 200), req: get('/api/ringcloud/aged-leads/stock?states=FL,TX&ageRange=30-60') },
  // The return pages' check of the latest attempt: the intent id is the capability, as for the GET.
  'POST /api/orders/check': {
    ...cols(200, 200, 200, 200, 200),
    req: () => post('/api/orders/check', () => ({ paymentIntentId: own.paidLeadIntent }))('anon'),
  },
  // The intent id is the capability (unguessable, known only to the payer's browser); the answer
  // carries the order's count, tier, amount and status, no personal data.
  'GET /api/orders/by-intent/:id': { ...cols(200, 200, 200, 200, 200), req: () => get(`/api/orders/by-intent/${own.paidLeadIntent}`)('anon') },
  // The transfer ledger: the caller system's callbacks (TRANSFER_API_KEY), the agent's own ledger, the admin side.
  'POST /api/callbacks/transfer': {
    ...cols(401, 401, 401, 401, 401),
    key: 201,
    req: () => ({ method: 'POST', path: '/api/callbacks/transfer', body: callPayload({ id: who.ids.agentA }, 300, { now: ctx.clock.now() }) }),
    keyReq: () => ({
      method: 'POST',
      path: '/api/callbacks/transfer',
      body: callPayload({ id: who.ids.agentA }, 300, { now: ctx.clock.now() }),
      headers: { 'x-api-key': TRANSFER_KEY },
    }),
  },
  'POST /api/callbacks/transfer/check': {
    ...cols(401, 401, 401, 401, 401),
    key: 200,
    req: post('/api/callbacks/transfer/check', () => ({ agentId: who.ids.agentA, state: 'FL' })),
    keyReq: () => ({
      method: 'POST',
      path: '/api/callbacks/transfer/check',
      body: { agentId: who.ids.agentA, state: 'FL' },
      headers: { 'x-api-key': TRANSFER_KEY },
    }),
  },
  // Issue 33: the calling platform's record of attempts on an appointment (each call id is new: a repeat answers 200).
  'POST /api/callbacks/attempts': {
    ...cols(401, 401, 401, 401, 401),
    key: 201,
    req: () => ({ method: 'POST', path: '/api/callbacks/attempts', body: platformAttempt() }),
    keyReq: () => ({ method: 'POST', path: '/api/callbacks/attempts', body: platformAttempt(), headers: { 'x-api-key': TRANSFER_KEY } }),
  },
  'GET /api/callbacks/transfer/check': {
    ...cols(401, 401, 401, 401, 401),
    key: 200,
    req: () => ({ method: 'GET', path: `/api/callbacks/transfer/check?agentId=${who.ids.agentA}&state=FL` }),
    keyReq: () => ({
      method: 'GET',
      path: `/api/callbacks/transfer/check?agentId=${who.ids.agentA}&state=FL`,
      headers: { 'x-api-key': TRANSFER_KEY },
    }),
  },
  'GET /api/outcomes/items': { ...cols(401, 200, 200, 200, 401), req: get('/api/outcomes/items') },
  'PUT /api/outcomes/:itemType/:itemId': {
    ...cols(401, 200, 404, 404, 401),
    req: async () => ({ method: 'PUT', path: `/api/outcomes/transfer/${await aCall()}`, body: { status: 'contacted', date: '2026-11-20' } }),
  },
  'POST /api/outcomes': {
    ...cols(401, 200, 404, 404, 401),
    req: async () => ({
      method: 'POST',
      path: '/api/outcomes',
      body: { itemType: 'transfer', itemId: await aCall(), status: 'no_answer', date: '2026-11-20' },
    }),
  },
  'GET /api/results': { ...cols(401, 200, 200, 200, 401), req: get('/api/results') },
  'GET /api/results.csv': { ...cols(401, 200, 200, 200, 401), req: get('/api/results.csv') },
  'GET /api/api-tokens': { ...cols(401, 200, 200, 200, 401), req: get('/api/api-tokens') },
  'POST /api/api-tokens': { ...cols(401, 201, 201, 201, 401), req: post('/api/api-tokens', () => ({ name: 'matrix' })) },
  'DELETE /api/api-tokens/:id': { ...cols(401, 204, 404, 404, 401), req: async () => del(`/api/api-tokens/${await aToken()}`)('anon') },
  'GET /api/auto-rebill': { ...cols(401, 200, 200, 200, 401), req: get('/api/auto-rebill') },
  'PUT /api/auto-rebill': { ...cols(401, 200, 200, 200, 401), req: put('/api/auto-rebill', autoRebillBody) },
  'POST /api/auto-rebill/setup-intent': { ...cols(401, 200, 200, 200, 401), req: post('/api/auto-rebill/setup-intent') },
  // A's unconfirmed setup: A is told it is not saved yet (409); anyone else cannot see it (404).
  'POST /api/auto-rebill/card': {
    ...cols(401, 409, 404, 404, 401),
    req: async () => {
      const setupIntentId = await aSetupIntentId();
      return post('/api/auto-rebill/card', () => ({ setupIntentId }))('anon');
    },
  },
  'DELETE /api/auto-rebill/card': { ...cols(401, 404, 404, 404, 401), req: del('/api/auto-rebill/card') },
  // An order of A's that is not a top-up: no one gets a pay page for it.
  'GET /api/auto-rebill/orders/:id/payment': {
    ...cols(401, 404, 404, 404, 401),
    req: async () => get(`/api/auto-rebill/orders/${await anOrderIdOfA()}/payment`)('anon'),
  },
  'GET /api/webhooks': { ...cols(401, 200, 200, 200, 401), req: get('/api/webhooks') },
  'POST /api/webhooks': { ...cols(401, 201, 201, 201, 401), req: post('/api/webhooks', webhookBody) },
  'POST /api/webhooks/secret': { ...cols(401, 200, 200, 200, 401), req: post('/api/webhooks/secret') },
  'GET /api/webhooks/deliveries': { ...cols(401, 200, 200, 200, 401), req: get('/api/webhooks/deliveries') },
  'POST /api/webhooks/deliveries/:id/replay': {
    ...cols(401, 200, 404, 404, 401),
    req: async () => post(`/api/webhooks/deliveries/${await aDelivery()}/replay`)('anon'),
  },
  'PUT /api/webhooks/:id': { ...cols(401, 200, 404, 404, 401), req: async () => put(`/api/webhooks/${await aWebhook()}`, webhookBody)('anon') },
  'DELETE /api/webhooks/:id': { ...cols(401, 204, 404, 404, 401), req: async () => del(`/api/webhooks/${await aWebhook(true)}`)('anon') },
  'POST /api/webhooks/:id/test': { ...cols(401, 201, 404, 404, 401), req: async () => post(`/api/webhooks/${await aWebhook()}/test`)('anon') },
  'GET /api/appointments/no-shows': { ...cols(401, 200, 200, 200, 401), req: get('/api/appointments/no-shows') },
  'GET /api/appointments/:id/calendar.ics': {
    ...cols(401, 200, 404, 404, 401),
    req: async () => get(`/api/appointments/${await aTimedAppointment()}/calendar.ics`)('anon'),
  },
  'POST /api/appointments/:id/no-show': {
    ...cols(401, 201, 404, 404, 401),
    req: async () => post(`/api/appointments/${await aTimedAppointment()}/no-show`, () => ({ callDurationSeconds: 10 }))('anon'),
  },
  'POST /api/appointments/:id/attempts': {
    ...cols(401, 201, 404, 404, 401),
    req: async () => post(`/api/appointments/${await aTimedAppointment()}/attempts`, () => ({ outcome: 'no_answer', durationSeconds: 0 }))('anon'),
  },
  'GET /api/appointments/:id/attempts': {
    ...cols(401, 200, 404, 404, 401),
    req: async () => get(`/api/appointments/${await aTimedAppointment()}/attempts`)('anon'),
  },
  'GET /api/calendar-feed': { ...cols(401, 200, 200, 200, 401), req: get('/api/calendar-feed') },
  'POST /api/calendar-feed': { ...cols(401, 201, 201, 201, 401), req: post('/api/calendar-feed') },
  'DELETE /api/calendar-feed': { ...cols(401, 204, 204, 204, 401), req: del('/api/calendar-feed') },
  'GET /api/calendar/:file': { ...cols(200, 200, 200, 200, 200), req: async () => get(await aFeedPath())('anon') },
  'GET /api/admin/no-shows': { ...cols(401, 403, 403, 200, 401), req: get('/api/admin/no-shows?status=pending') },
  'POST /api/admin/no-shows/:id/approve': {
    ...cols(401, 403, 403, 200, 401),
    req: async () => post(`/api/admin/no-shows/${await aPendingNoShow()}/approve`, () => ({ reason: 'Voicemail' }))('anon'),
  },
  'POST /api/admin/no-shows/:id/deny': {
    ...cols(401, 403, 403, 200, 401),
    req: async () => post(`/api/admin/no-shows/${await aPendingNoShow()}/deny`, () => ({ reason: 'Spoke 5 minutes' }))('anon'),
  },
  'GET /api/compliance/:itemType/:itemId': { ...cols(401, 200, 404, 404, 401), req: async () => get(`/api/compliance/transfer/${await aCall()}`)('anon') },
  'GET /api/admin/dnc-lists': { ...cols(401, 403, 403, 200, 401), req: get('/api/admin/dnc-lists') },
  'POST /api/admin/dnc-lists': { ...cols(401, 403, 403, 201, 401), req: post('/api/admin/dnc-lists', () => ({ list: 'dnc', csv: '2025550111' })) },
  'POST /api/admin/dnc-scrubs': {
    ...cols(401, 403, 403, 201, 401),
    req: post('/api/admin/dnc-scrubs', () => ({ csv: '2025550112,clear,2026-01-01' })),
  },
  'GET /api/ledger': { ...cols(401, 200, 200, 200, 401), req: get('/api/ledger') },
  'GET /api/ledger.csv': { ...cols(401, 200, 200, 200, 401), req: get('/api/ledger.csv') },
  'GET /api/orders/:id/receipt': { ...cols(401, 200, 404, 404, 401), req: () => get(`/api/orders/${own.transferOrderId}/receipt`)('anon') },
  'GET /api/admin/transfer-disputes': { ...cols(401, 403, 403, 200, 401), req: get('/api/admin/transfer-disputes?status=all') },
  'POST /api/admin/transfer-disputes/:id/approve': {
    ...cols(401, 403, 403, 200, 401),
    req: async () => ({ method: 'POST', path: `/api/admin/transfer-disputes/${await aDispute()}/approve`, body: { note: 'Checked the recording' } }),
  },
  'POST /api/admin/transfer-disputes/:id/deny': {
    ...cols(401, 403, 403, 200, 401),
    req: async () => ({ method: 'POST', path: `/api/admin/transfer-disputes/${await aDispute()}/deny`, body: { reason: 'The caller qualified' } }),
  },
  'POST /api/admin/transfer-calls': {
    ...cols(401, 403, 403, 201, 401),
    req: post('/api/admin/transfer-calls', () => ({ ...callPayload({ id: who.ids.agentA }, 300, { now: ctx.clock.now() }), callId: undefined })),
  },
  // Fulfilment of owed RingCloud orders (issue 13): admins only.
  'POST /api/admin/orders/:id/fulfil': {
    ...cols(401, 403, 403, 200, 401),
    req: async () => ({
      method: 'POST',
      path: `/api/admin/orders/${await insertOwedOrder(ctx.db, who.ids.agentA, { leadType: 'Aged Leads', owed: 100 })}/fulfil`,
      body: {},
    }),
  },
  'POST /api/admin/orders/:id/deliveries': {
    ...cols(401, 403, 403, 200, 401),
    req: async () => ({
      method: 'POST',
      path: `/api/admin/orders/${await insertOwedOrder(ctx.db, who.ids.agentA, { leadType: 'Call-Backs', owed: 5 })}/deliveries`,
      body: { count: 1 },
    }),
  },
  'GET /api/admin/transfer-audit': { ...cols(401, 403, 403, 200, 401), req: get('/api/admin/transfer-audit') },
  'GET /api/transfers': { ...cols(401, 200, 200, 200, 401), req: get('/api/transfers') },
  'GET /api/transfers/balance': { ...cols(401, 200, 200, 200, 401), req: get('/api/transfers/balance') },
  'GET /api/dashboard/home': { ...cols(401, 200, 200, 200, 401), req: get('/api/dashboard/home') },
  'GET /api/transfers/export.csv': { ...cols(401, 200, 200, 200, 401), req: get('/api/transfers/export.csv') },
  'GET /api/transfers/settings': { ...cols(401, 200, 200, 200, 401), req: get('/api/transfers/settings') },
  'PUT /api/transfers/settings': { ...cols(401, 200, 200, 200, 401), req: put('/api/transfers/settings', transferSettingsBody) },
  'POST /api/transfers/:id/disputes': {
    ...cols(401, 201, 404, 404, 401),
    req: async () => ({ method: 'POST', path: `/api/transfers/${await aCall()}/disputes`, body: { reasonCode: 'other', reasonText: 'Caller was a robot' } }),
  },
  'POST /api/transfers/:id/disputes/review': {
    ...cols(401, 200, 404, 404, 401),
    req: async () => ({ method: 'POST', path: `/api/transfers/${await aRuleDenial()}/disputes/review`, body: {} }),
  },
  // Test-payment mode only; the client secret is the capability, as with Stripe.
  'POST /api/test-payments/confirm': {
    ...cols(200, 200, 200, 200, 200),
    req: async () => ({
      method: 'POST',
      path: '/api/test-payments/confirm',
      body: { clientSecret: await freshIntentSecret(), cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' },
    }),
  },
};

beforeAll(async () => {
  ({
    ctx,
    who,
    dir: dataDir,
  } = await setUpProofApp({
    dirPrefix: 'tm-matrix-',
    brightcallKey: BRIGHTCALL_KEY,
    transferKey: TRANSFER_KEY,
    accounts: [{ email: 'matrix-login@example.com', password: 'matrix-login-pass' }, SET_PASSWORD_USER],
  }));
  fs.mkdirSync(path.join(dataDir, 'media'));
  fs.writeFileSync(path.join(dataDir, 'media', own.mediaFile), Buffer.from('RIFF0000WAVEfmt '));
  // The admin's password form changes this user's password (which ends that user's sessions).
  own.spareUserId = (await makeUser(ctx.db)).id;
  own.appointmentId = await insertAppointment(ctx.db, { status: 'sold', buyerId: who.ids.agentA, purchasedAt: '2026-01-01 10:00:00.000' });
  own.paidLeadIntent = await aOrder('leads', true);
  own.paidAppointmentIntent = await aOrder('appointments', true);
  own.importId = await uploadImport();
  own.videoId = await newVideo();
  own.application = await insertApplication(ctx.db, ctx.config.uploadDir);
  own.signupId = await insertSignup(ctx.db);
  own.transferOrderId = await insertPaidOrder(
    ctx.db,
    who.ids.agentA,
    { kind: 'transfer_package', tier: 'standard', count: 500 },
    new Date(ctx.clock.now().getTime() - 3_600_000),
  );
}, 60_000);

afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('authorization matrix', () => {
  it('has exactly one row per API route of the real app', () => {
    const routes = listApiRoutes(ctx.app);
    expect(routes.length).toBeGreaterThan(40);
    const missing = routes.filter((r) => !(r in MATRIX));
    const stale = Object.keys(MATRIX).filter((r) => !routes.includes(r));
    expect(missing, 'routes without a row in the authorization matrix').toEqual([]);
    expect(stale, 'rows for routes that no longer exist').toEqual([]);
  });

  it.each(Object.keys(MATRIX))('%s', async (route) => {
    const row = MATRIX[route]!;
    for (const role of ROLES) {
      const req = await row.req(role);
      // A logout revokes the session it is sent with: it gets a fresh session of the role's own.
      const own = route === 'GET /api/logout' && (role === 'agentA' || role === 'agentB' || role === 'admin') ? who.credentials[role] : null;
      const headers = own ? { Cookie: await loginCookie(ctx.app, own.email, own.password) } : authHeaders(who, role);
      const res = await send(ctx.app, req, headers);
      expect(res.status, `${role}: ${route} answered ${res.status} ${JSON.stringify(res.body)}`).toBe(row[role]);
      if (res.status === 401 || res.status === 403 || res.status === 404) {
        expect(typeof res.body?.error, `${role}: ${route} refusal without a JSON error`).toBe('string');
      }
    }
    if (row.key !== undefined) {
      const res = await send(ctx.app, await row.keyReq!());
      expect(res.status, `with its key: ${route} answered ${res.status} ${JSON.stringify(res.body)}`).toBe(row.key);
    }
  });
});

describe('per-user lists never show another agent’s purchases', () => {
  it('agent B sees none of A’s leads or appointments, and admin sessions are scoped the same way', async () => {
    for (const role of ['agentB', 'admin'] as const) {
      const leads = await request(ctx.app).get('/api/my-leads').set('Cookie', who.cookies[role]);
      expect(leads.body.total, role).toBe(0);
      const appts = await request(ctx.app).get('/api/vapi/my-appointments').set('Cookie', who.cookies[role]);
      expect(appts.status).toBe(200);
      expect(JSON.stringify(appts.body)).not.toContain('Frank Miller');
    }
    const mine = await request(ctx.app).get('/api/my-leads').set('Cookie', who.cookies.agentA);
    expect(mine.body.total).toBeGreaterThan(0);
  });
});
