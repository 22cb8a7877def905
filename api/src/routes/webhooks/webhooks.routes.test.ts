// CRM delivery webhooks (issue 29 item 4, decision 196): a real local receiver (node:http) checks every
// signature with crypto.timingSafeEqual; retries after 500s and timeouts on the test clock, for 24 hours;
// the delivery log, replay and the test event; the events of real purchases (leads and appointments paid
// through the emulator, an admin's assignment, a transfer from the caller system); and the SSRF guard
// (turned on as production has it) refusing private, loopback and link-local targets, names resolving to
// them, and redirects.
import { describe, it, expect, beforeAll, afterAll, beforeEach } from 'vitest';
import crypto from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { createTestApp, makeUser, loginAs, type TestContext } from '../../test/harness.ts';
import { createLogger } from '../../logger.ts';
import { insertAppointment, insertLead, payIntent } from '../../test/proof-fixtures.ts';
import { insertPaidOrder, callPayload } from '../../test/transfers-testing.ts';
import { deliveryDeps, sendDueDeliveries, RETRY_WINDOW_MS, type DeliveryDeps } from '../../services/webhooks/webhooks.service.ts';
import { isPublicAddress } from '../../services/webhooks/ssrf.ts';
import { WebhookDelivery } from '../../models/index.ts';
import type { DeliveryPage } from '@tm/shared/schemas/webhooks';
import { fromDbDate } from '../../db/dates.ts';
import { expectDocumentedWebhook } from '../../test/openapi-contract.ts';

const KEY = 'test-transfer-key-webhooks-0123';
let ctx: TestContext;
type Agent = Awaited<ReturnType<typeof loginAs>>;

// ---------------------------------------------------------------------------------------------
// The receiver: a CRM endpoint on this machine

type Behaviour = 'ok' | 500 | 'hang' | { redirect: string };
interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The signature checked as a receiver should: HMAC-SHA256 of "<t>.<body>", compared in constant time. */
  valid: boolean;
  t: number;
  event: { id: string; type: string; createdAt: string; agentId: number; data: Record<string, unknown> };
}

class Receiver {
  server!: http.Server;
  received: Received[] = [];
  plan: Behaviour[] = [];
  secret = '';
  url = '';

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const header = String(req.headers['transferline-signature'] ?? '');
        const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
        const expected = crypto.createHmac('sha256', this.secret).update(`${parts.t}.${body}`, 'utf8').digest();
        const given = Buffer.from(parts.v1 ?? '', 'hex');
        const valid = given.length === expected.length && crypto.timingSafeEqual(given, expected);
        this.received.push({ path: req.url ?? '', headers: req.headers, body, valid, t: Number(parts.t), event: JSON.parse(body) as Received['event'] });
        const b = this.plan.shift() ?? 'ok';
        if (b === 'hang') return; // answers nothing (the sender's time limit ends the try)
        if (b === 500) return void res.writeHead(500, { 'Content-Type': 'text/plain' }).end('CRM is down');
        if (typeof b === 'object') return void res.writeHead(302, { Location: b.redirect }).end();
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}');
      });
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/crm/hook`;
    return this;
  }
  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }
  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((r) => this.server.close(r));
  }
}

let rx: Receiver;
/** Each registered endpoint's URL, by id. */
const hooks = new Map<number, string>();
let deps: DeliveryDeps;
const send = (over: Partial<DeliveryDeps> = {}) => sendDueDeliveries({ ...deps, ...over });

beforeAll(async () => {
  ctx = await createTestApp({ config: { transferApiKey: KEY } });
  ctx.clock.set(new Date('2026-11-20T15:00:00Z'));
  deps = { ...deliveryDeps({ db: ctx.db, clock: ctx.clock, logger: createLogger('silent'), config: ctx.config }), timeoutMs: 500 };
  rx = await new Receiver().start();
});
afterAll(async () => {
  await rx.stop();
  await ctx.close();
});
beforeEach(() => {
  rx.received = [];
  rx.plan = [];
});

async function newAgent(): Promise<{ user: Awaited<ReturnType<typeof makeUser>>; agent: Agent }> {
  const user = await makeUser(ctx.db);
  return { user, agent: await loginAs(ctx.app, user.email, user.password) };
}

/** Registers an endpoint at the receiver; the receiver keeps the agent's signing secret. */
async function register(agent: Agent, events: string[] = ['lead.bought', 'appointment.bought', 'appointment.assigned', 'transfer.delivered'], url = rx.url) {
  const res = await agent.post('/api/webhooks').send({ url, events });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  if (res.body.secret.secret) rx.secret = res.body.secret.secret as string;
  hooks.set(res.body.webhook.id as number, url);
  return res.body.webhook as { id: number; url: string; events: string[] };
}

async function log(agent: Agent) {
  const res = await agent.get('/api/webhooks/deliveries');
  expect(res.status).toBe(200);
  return res.body as DeliveryPage;
}

describe('endpoints and the signing secret', () => {
  it('registers, edits and deletes endpoints; the secret is shown once and can be rolled', async () => {
    const { agent } = await newAgent();
    const first = await agent.post('/api/webhooks').send({ url: 'https://crm.example.com/hooks/tl', events: ['lead.bought'] });
    expect(first.status).toBe(201);
    expect(first.body.webhook).toMatchObject({ url: 'https://crm.example.com/hooks/tl', events: ['lead.bought'], enabled: true });
    const secret = first.body.secret.secret as string;
    expect(secret).toMatch(/^whsec_[0-9a-f]{48}$/);
    // Shown once: the list and a second endpoint give only its last characters.
    const list = await agent.get('/api/webhooks');
    expect(list.body.secret).toMatchObject({ secret: null, hint: `…${secret.slice(-4)}` });
    const second = await agent.post('/api/webhooks').send({ url: 'https://crm.example.com/other', events: ['transfer.delivered'] });
    expect(second.body.secret.secret).toBeNull();
    expect(list.body.webhooks).toHaveLength(1);

    const put = await agent
      .put(`/api/webhooks/${first.body.webhook.id}`)
      .send({ url: 'https://crm.example.com/v2', events: ['lead.bought', 'transfer.delivered'], enabled: false });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ url: 'https://crm.example.com/v2', events: ['lead.bought', 'transfer.delivered'], enabled: false });

    const rolled = await agent.post('/api/webhooks/secret');
    expect(rolled.status).toBe(200);
    expect(rolled.body.secret).toMatch(/^whsec_/);
    expect(rolled.body.secret).not.toBe(secret);

    expect((await agent.delete(`/api/webhooks/${second.body.webhook.id}`)).status).toBe(204);
    expect((await agent.get('/api/webhooks')).body.webhooks.map((w: { id: number }) => w.id)).toEqual([first.body.webhook.id]);
  });

  it('answers bad input with a 400 naming the field, and another agent’s ids with 404', async () => {
    const { agent } = await newAgent();
    const bad = [
      [{ url: 'not a url', events: ['lead.bought'] }, 'url'],
      [{ url: 'ftp://crm.example.com/x', events: ['lead.bought'] }, 'url'],
      [{ url: 'https://user:pass@crm.example.com/x', events: ['lead.bought'] }, 'url'],
      [{ events: ['lead.bought'] }, 'url'],
      [{ url: 'https://crm.example.com/x', events: [] }, 'events'],
      [{ url: 'https://crm.example.com/x' }, 'events'],
      [{ url: 'https://crm.example.com/x', events: ['order.paid'] }, 'events.0'],
      [{ url: 'https://crm.example.com/x', events: ['lead.bought'], enabled: 'yes' }, 'enabled'],
    ] as const;
    for (const [body, field] of bad) {
      const res = await agent.post('/api/webhooks').send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect((await agent.get('/api/webhooks/deliveries?page=0')).status).toBe(400);

    const hook = await register(agent, ['lead.bought'], 'https://crm.example.com/a');
    const { agent: other } = await newAgent();
    expect((await other.put(`/api/webhooks/${hook.id}`).send({ url: 'https://evil.example.com', events: ['lead.bought'] })).status).toBe(404);
    expect((await other.delete(`/api/webhooks/${hook.id}`)).status).toBe(404);
    expect((await other.post(`/api/webhooks/${hook.id}/test`)).status).toBe(404);
    const test = await agent.post(`/api/webhooks/${hook.id}/test`);
    expect((await other.post(`/api/webhooks/deliveries/${test.body.id}/replay`)).status).toBe(404);
    expect((await request(ctx.app).get('/api/webhooks')).status).toBe(401);
    // At most 10 endpoints per agent.
    for (let i = 1; i < 10; i++)
      expect((await agent.post('/api/webhooks').send({ url: `https://crm.example.com/${i}`, events: ['lead.bought'] })).status).toBe(201);
    const eleventh = await agent.post('/api/webhooks').send({ url: 'https://crm.example.com/11', events: ['lead.bought'] });
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.error).toBe('You can have at most 10 webhooks. Delete one first.');
    // Nothing of it was sent (the endpoint is elsewhere); clean the due row away for the next tests.
    await ctx.db('webhook_deliveries').where({ id: test.body.id }).delete();
  });
});

describe('delivery', () => {
  it('sends a test event signed over "<t>.<body>", verified by the receiver, and logs the try', async () => {
    const { user, agent } = await newAgent();
    const hook = await register(agent);
    const res = await agent.post(`/api/webhooks/${hook.id}/test`);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ eventType: 'test.ping', status: 'pending', attempts: 0, log: [] });

    expect(await send()).toMatchObject({ delivered: 1 });
    expect(rx.received).toHaveLength(1);
    const got = rx.received[0]!;
    expect(got.valid).toBe(true);
    expect(got.t).toBe(Math.floor(ctx.clock.now().getTime() / 1000));
    expect(got.path).toBe('/crm/hook');
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['transferline-event-id']).toBe(res.body.eventId);
    expect(got.event).toMatchObject({ id: res.body.eventId, type: 'test.ping', agentId: user.id });
    expectDocumentedWebhook(got.event);

    const { items } = await log(agent);
    expect(items[0]).toMatchObject({ id: res.body.id, status: 'delivered', attempts: 1, lastStatusCode: 200, lastError: null });
    expect(items[0]!.log).toHaveLength(1);
    expect(items[0]!.log[0]!).toMatchObject({ attempt: 1, at: ctx.clock.now().toISOString(), statusCode: 200, error: null, responseExcerpt: '{"ok":true}' });
    expect(items[0]!.log[0]!.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('retries after 500s with exponential backoff on the test clock, logging each try', async () => {
    const { agent } = await newAgent();
    const hook = await register(agent);
    const test = await agent.post(`/api/webhooks/${hook.id}/test`);
    rx.plan = [500, 500, 'ok'];
    const start = ctx.clock.now().getTime();

    expect(await send()).toMatchObject({ retrying: 1 });
    let d = (await log(agent)).items[0]!;
    expect(d).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastStatusCode: 500,
      lastError: 'HTTP 500',
      nextAttemptAt: new Date(start + 30_000).toISOString(),
    });
    expect(d.log[0]!).toMatchObject({ attempt: 1, statusCode: 500, error: 'HTTP 500', responseExcerpt: 'CRM is down' });

    // Not due yet: nothing is sent.
    ctx.clock.advance(29_000);
    expect(await send()).toEqual({ delivered: 0, failed: 0, retrying: 0 });
    ctx.clock.advance(1_000);
    expect(await send()).toMatchObject({ retrying: 1 });
    d = (await log(agent)).items[0]!;
    expect(d.nextAttemptAt).toBe(new Date(start + 30_000 + 60_000).toISOString());

    ctx.clock.advance(60_000);
    expect(await send()).toMatchObject({ delivered: 1 });
    d = (await log(agent)).items[0]!;
    expect(d).toMatchObject({ id: test.body.id, status: 'delivered', attempts: 3, lastStatusCode: 200 });
    expect(d.log.map((a) => [a.attempt, a.statusCode])).toEqual([
      [3, 200],
      [2, 500],
      [1, 500],
    ]);
    expect(rx.received.every((r) => r.valid)).toBe(true);
    // Every try is newly signed with its own time; the event is the same.
    expect(new Set(rx.received.map((r) => r.event.id)).size).toBe(1);
    expect(rx.received.map((r) => r.headers['transferline-attempt'])).toEqual(['1', '2', '3']);
  });

  it('retries after a timeout (no answer within the limit)', async () => {
    const { agent } = await newAgent();
    const hook = await register(agent);
    await agent.post(`/api/webhooks/${hook.id}/test`);
    rx.plan = ['hang', 'ok'];
    expect(await send({ timeoutMs: 300 })).toMatchObject({ retrying: 1 });
    let d = (await log(agent)).items[0]!;
    expect(d.log[0]!).toMatchObject({ attempt: 1, statusCode: null, error: 'Timed out after 300 ms' });
    expect(d.log[0]!.durationMs).toBeGreaterThanOrEqual(290);
    ctx.clock.advance(30_000);
    expect(await send({ timeoutMs: 300 })).toMatchObject({ delivered: 1 });
    d = (await log(agent)).items[0]!;
    expect(d).toMatchObject({ status: 'delivered', attempts: 2 });
  });

  it('keeps retrying for 24 hours, then marks the delivery failed; a replay sends it again', async () => {
    const made = await newAgent();
    const user = made.user;
    let agent = made.agent;
    const hook = await register(agent);
    const test = await agent.post(`/api/webhooks/${hook.id}/test`);
    const created = ctx.clock.now().getTime();
    rx.plan = Array.from({ length: 40 }, () => 500 as const);
    const tries: number[] = [];
    for (let i = 0; i < 40; i++) {
      tries.push(ctx.clock.now().getTime() - created);
      await send();
      // Read from the table: a day on the test clock ends the portal session (a new one is made below).
      const row = await WebhookDelivery.query(ctx.db).findById(test.body.id as number);
      if (row!.status === 'failed') break;
      ctx.clock.set(fromDbDate(row!.nextAttemptAt)!);
    }
    agent = await loginAs(ctx.app, user.email, user.password);
    const d = (await log(agent)).items[0]!;
    expect(d.status).toBe('failed');
    // 30 s, 1, 2, 4 ... minutes apart (at most 4 hours), the last try exactly 24 hours after the event.
    const gaps = tries.slice(1).map((t, i) => t - tries[i]!);
    expect(gaps.slice(0, 4)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(4 * 3600_000);
    expect(tries.at(-1)).toBe(RETRY_WINDOW_MS);
    expect(d.attempts).toBe(tries.length);
    expect(d.log).toHaveLength(tries.length);

    // Replay: the same event again, now; its tries continue in the same log.
    rx.plan = [];
    const replay = await agent.post(`/api/webhooks/deliveries/${test.body.id}/replay`);
    expect(replay.status).toBe(200);
    expect(replay.body).toMatchObject({ status: 'pending' });
    expect(await send()).toMatchObject({ delivered: 1 });
    const after = (await log(agent)).items[0]!;
    expect(after).toMatchObject({ status: 'delivered', attempts: tries.length + 1 });
    expect(rx.received.at(-1)!.event.id).toBe(test.body.eventId);
    expect(rx.received.at(-1)!.body).toBe(rx.received[0]!.body);
    expect(rx.received.at(-1)!.valid).toBe(true);
  });

  it('signs with the new secret once it is rolled', async () => {
    const { agent } = await newAgent();
    const hook = await register(agent);
    const rolled = await agent.post('/api/webhooks/secret');
    await agent.post(`/api/webhooks/${hook.id}/test`);
    await send();
    expect(rx.received[0]!.valid).toBe(false); // the receiver still holds the old one
    rx.secret = rolled.body.secret as string;
    await agent.post(`/api/webhooks/${hook.id}/test`);
    await send();
    expect(rx.received[1]!.valid).toBe(true);
  });
});

describe('the verification snippets of /webhooksdocs', () => {
  const page = fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../marketing/src/pages/webhooksdocs.astro'), 'utf8');
  /** A real delivery as the receiver got it, signed now (the snippets refuse a time more than 5 minutes off). */
  async function realDelivery(): Promise<{ body: string; header: string; secret: string }> {
    ctx.clock.set(new Date());
    const { agent } = await newAgent();
    const hook = await register(agent);
    await agent.post(`/api/webhooks/${hook.id}/test`);
    await send();
    const got = rx.received.at(-1)!;
    return { body: got.body, header: String(got.headers['transferline-signature']), secret: rx.secret };
  }

  it('the Node snippet accepts a real delivery and refuses a changed body or another secret', async () => {
    const fn = /function verify\(rawBody, header, secret = SECRET\) \{[\s\S]*?\n\}\n/.exec(page)![0].replace(/\\`/g, '`').replace(/\\\$/g, '$');
    const verify = new Function('crypto', 'SECRET', 'TOLERANCE_SECONDS', `${fn}; return verify;`)(crypto, '', 300) as (
      b: string,
      h: string,
      s: string,
    ) => boolean;
    const d = await realDelivery();
    expect(verify(d.body, d.header, d.secret)).toBe(true);
    expect(verify(d.body.replace('test.ping', 'test.pong'), d.header, d.secret)).toBe(false);
    expect(verify(d.body, d.header, 'whsec_someone_else')).toBe(false);
  });

  it.skipIf(spawnSync('python3', ['--version']).status !== 0)('the Python snippet accepts a real delivery and refuses a changed body', async () => {
    const fn = /def verify\(raw_body: bytes[\s\S]*?parts\.get\("v1", ""\)\)/.exec(page)![0];
    const program = `import hashlib, hmac, json, sys, time\nTOLERANCE_SECONDS = 300\nSECRET = ""\n${fn}\nd = json.load(sys.stdin)\nprint(json.dumps([verify(d["body"].encode(), d["header"], d["secret"]), verify(d["body"].replace("test.ping", "test.pong").encode(), d["header"], d["secret"])]))`;
    const d = await realDelivery();
    const out = spawnSync('python3', ['-c', program], { input: JSON.stringify(d), encoding: 'utf8' });
    expect(out.stderr).toBe('');
    expect(JSON.parse(out.stdout)).toEqual([true, false]);
  });
});

describe('events from purchases', () => {
  async function buy(agent: Agent, kind: 'leads' | 'appointments', ids: number[]) {
    const [p, body] = kind === 'leads' ? ['/api/bulk-purchase-leads', { leadIds: ids }] : ['/api/vapi/create-appointment-payment', { appointmentIds: ids }];
    const res = await agent.post(p).send(body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await payIntent(ctx, res.body.clientSecret as string);
    await ctx.emulator.flush();
  }

  it('sends lead.bought, appointment.bought, appointment.assigned and transfer.delivered to the endpoints that asked', async () => {
    // Someone else's endpoint hears nothing of this agent's purchases.
    const { agent: other } = await newAgent();
    await register(other, ['lead.bought', 'transfer.delivered'], `${rx.url}?other=1`);
    const { user, agent } = await newAgent();
    const all = await register(agent);
    const leadsOnly = await register(agent, ['lead.bought'], `${rx.url}?only=leads`);

    const l1 = await insertLead(ctx.db, { customerName: 'Ruth Walker', customerEmail: 'ruth@example.com', zipCode: '73301' });
    const l2 = await insertLead(ctx.db);
    await buy(agent, 'leads', [l1, l2]);
    const appt = await insertAppointment(ctx.db, { customerName: 'Frank Miller', extractedAppointmentDateTime: '2026-11-25T16:00:00Z' });
    await buy(agent, 'appointments', [appt]);
    const free = await insertAppointment(ctx.db, { customerName: 'Given Free' });
    const admin = await makeUser(ctx.db, { isAdmin: true });
    const adminAgent = await loginAs(ctx.app, admin.email, admin.password);
    expect((await adminAgent.post(`/api/admin/appointments/${free}/assign`).send({ agentId: user.id })).status).toBe(200);
    await insertPaidOrder(ctx.db, user.id, { kind: 'transfer_package', tier: 'standard', count: 5 }, new Date(ctx.clock.now().getTime() - 3_600_000));
    const call = await request(ctx.app)
      .post('/api/callbacks/transfer')
      .set('x-api-key', KEY)
      .send(callPayload({ id: user.id }, 300, { now: ctx.clock.now(), callerName: 'Pat Caller' }));
    expect(call.status, JSON.stringify(call.body)).toBe(201);

    expect(await send()).toMatchObject({ delivered: 7, failed: 0, retrying: 0 });
    expect(rx.received.every((r) => r.valid)).toBe(true);
    const toAll = rx.received.filter((r) => r.path === '/crm/hook').map((r) => r.event);
    expect(toAll.map((e) => e.type).sort()).toEqual(['appointment.assigned', 'appointment.bought', 'lead.bought', 'lead.bought', 'transfer.delivered']);
    expect(toAll.every((e) => e.agentId === user.id)).toBe(true);
    const ruth = toAll.find((e) => e.type === 'lead.bought' && (e.data.lead as { id: number }).id === l1)!;
    expect(ruth.data.lead).toMatchObject({ id: l1, name: 'Ruth Walker', email: 'ruth@example.com', state: 'TX', zipCode: '73301' });
    expect((ruth.data.lead as { orderId: number | null }).orderId).toEqual(expect.any(Number));
    expect(toAll.find((e) => e.type === 'appointment.bought')!.data.appointment).toMatchObject({
      id: appt,
      name: 'Frank Miller',
      appointmentAt: '2026-11-25T16:00:00Z',
      assigned: false,
    });
    expect(toAll.find((e) => e.type === 'appointment.assigned')!.data.appointment).toMatchObject({ id: free, name: 'Given Free', assigned: true });
    expect(toAll.find((e) => e.type === 'transfer.delivered')!.data.transfer).toMatchObject({
      id: call.body.call.id,
      callerName: 'Pat Caller',
      state: 'FL',
      durationSeconds: 300,
      billable: true,
    });

    // The leads-only endpoint got exactly the two leads, as separate deliveries of the same events.
    const leadsOnlyGot = rx.received.filter((r) => r.path.includes('only=leads')).map((r) => r.event);
    expect(leadsOnlyGot.map((e) => e.type)).toEqual(['lead.bought', 'lead.bought']);
    expect(new Set(leadsOnlyGot.map((e) => e.id))).toEqual(new Set(toAll.filter((e) => e.type === 'lead.bought').map((e) => e.id)));
    expect(rx.received.some((r) => r.path.includes('other=1'))).toBe(false);
    // Every event received matches the OpenAPI document's `webhooks` (GET /openapi.json).
    for (const r of rx.received) expectDocumentedWebhook(r.event);
    expect(all.id).not.toBe(leadsOnly.id);
    expect((await log(agent)).total).toBe(7);
  });

  it('writes nothing for a disabled endpoint', async () => {
    const { user, agent } = await newAgent();
    const hook = await register(agent, ['transfer.delivered']);
    await agent.put(`/api/webhooks/${hook.id}`).send({ url: rx.url, events: ['transfer.delivered'], enabled: false });
    await insertPaidOrder(ctx.db, user.id, { kind: 'transfer_package', tier: 'standard', count: 5 }, new Date(ctx.clock.now().getTime() - 3_600_000));
    const call = await request(ctx.app)
      .post('/api/callbacks/transfer')
      .set('x-api-key', KEY)
      .send(callPayload({ id: user.id }, 300, { now: ctx.clock.now() }));
    expect(call.status).toBe(201);
    expect((await log(agent)).total).toBe(0);
  });
});

describe('SSRF guard (on in production)', () => {
  it('knows public from private, loopback, link-local and other special addresses', () => {
    for (const a of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111']) expect(isPublicAddress(a), a).toBe(true);
    for (const a of [
      '10.0.0.1',
      '127.0.0.1',
      '127.8.9.10',
      '169.254.169.254',
      '172.16.5.4',
      '192.168.1.1',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      'not-an-ip',
    ]) {
      expect(isPublicAddress(a), a).toBe(false);
    }
  });

  it('refuses to register private, loopback and link-local addresses, local names and plain http', async () => {
    const guarded = await createTestApp({ config: { webhooks: { ...ctx.config.webhooks, guard: true } } });
    try {
      const user = await makeUser(guarded.db);
      const agent = await loginAs(guarded.app, user.email, user.password);
      for (const url of [
        'https://10.0.0.5/hook',
        'https://127.0.0.1/hook',
        'https://169.254.169.254/latest',
        'https://[::1]/hook',
        'https://[::ffff:127.0.0.1]/x',
        'https://localhost/hook',
        'http://crm.example.com/hook',
      ]) {
        const res = await agent.post('/api/webhooks').send({ url, events: ['lead.bought'] });
        expect(res.status, url).toBe(400);
        expect(Object.keys(res.body.fields), url).toEqual(['url']);
      }
      expect((await agent.post('/api/webhooks').send({ url: 'https://crm.example.com/hook', events: ['lead.bought'] })).status).toBe(201);
    } finally {
      await guarded.close();
    }
  });

  it('refuses at connection time: addresses, a name resolving to 127.0.0.1, also for endpoints registered before', async () => {
    const { agent } = await newAgent();
    // Registered while the guard was off (development); production's sender still refuses each.
    const targets = [
      ['https://10.1.2.3/hook', 'Refused: 10.1.2.3 is not a public address'],
      [`https://127.0.0.1:${rx.port}/hook`, 'Refused: 127.0.0.1 is not a public address'],
      ['https://169.254.169.254/latest/meta-data', 'Refused: 169.254.169.254 is not a public address'],
      [`https://[::1]:${rx.port}/hook`, 'Refused: ::1 is not a public address'],
      [`https://localhost:${rx.port}/hook`, /^Refused: localhost resolves to (127\.0\.0\.1|::1), which is not a public address$/],
      [`http://127.0.0.1:${rx.port}/hook`, 'Refused: only https:// addresses are allowed'],
    ] as const;
    for (const [url] of targets) {
      const hook = await register(agent, ['lead.bought'], url);
      expect((await agent.post(`/api/webhooks/${hook.id}/test`)).status).toBe(201);
    }
    expect(await send({ guard: true })).toMatchObject({ retrying: targets.length });
    const items = (await log(agent)).items;
    for (const [url, why] of targets) {
      const d = items.find((i) => hooks.get(i.webhookId as number) === url);
      expect(d, url).toBeTruthy();
      if (typeof why === 'string') expect(d!.log[0]!.error, url).toBe(why);
      else expect(d!.log[0]!.error, url).toMatch(why);
      expect(d!.log[0]!.statusCode, url).toBeNull();
    }
    expect(rx.received).toHaveLength(0);

    // The same endpoint of this machine is reached once the guard is off (development): the refusal was the guard's.
    ctx.clock.advance(30_000);
    await send({ guard: false });
    expect(rx.received.length).toBeGreaterThan(0);
  });

  it('never follows a redirect (to a private address or anywhere): the try fails and is retried', async () => {
    const inner = await new Receiver().start();
    try {
      const { agent } = await newAgent();
      const hook = await register(agent, ['lead.bought']);
      rx.plan = [{ redirect: `http://169.254.169.254/latest/meta-data` }, { redirect: inner.url }];
      await agent.post(`/api/webhooks/${hook.id}/test`);
      expect(await send()).toMatchObject({ retrying: 1 });
      ctx.clock.advance(30_000);
      expect(await send()).toMatchObject({ retrying: 1 });
      const d = (await log(agent)).items[0]!;
      expect(d.log.map((a) => a.statusCode)).toEqual([302, 302]);
      expect(d.log[1]!.error).toMatch(/^Redirect not followed \(302 to http:\/\/169\.254\.169\.254\/latest\/meta-data\)/);
      expect(d.log[0]!.error).toContain(`Redirect not followed (302 to ${inner.url})`);
      expect(inner.received).toHaveLength(0);
    } finally {
      await inner.stop();
    }
  });
});
