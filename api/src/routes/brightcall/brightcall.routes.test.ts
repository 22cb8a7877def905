import { describe, it, expect, beforeAll, afterAll, vi } from 'vitest';
import crypto from 'node:crypto';
import request from 'supertest';
import { createTestApp, loginAs, makeUser, type TestContext } from '../../test/harness.ts';
import { testConfig } from '../../config.ts';
import { WEBHOOK_RATE_LIMIT } from './brightcall.routes.ts';
import { documented } from '../../test/openapi-contract.ts';

const KEY = 'bc_live_key_0123456789';
const base = testConfig();
let ctx: TestContext;

// The documented contract (/brightcalldocs): required first_name, last_name, phone_number, transcript.
const payload = {
  first_name: 'Dana',
  last_name: 'Whitfield',
  phone_number: '(512) 555-0142',
  transcript: 'AI: Hello Dana...\nCustomer: Call me back tomorrow.',
  call_outcome: 'callback_requested',
  state: 'TX',
  callback_time: '2026-01-15 14:00',
  agent_id: 'agent-7',
  lead_quality: 'hot',
  interest_level: 'high',
};

beforeAll(async () => {
  ctx = await createTestApp({ config: { brightcall: { apiKey: KEY, widgetKey: 'widget-1' }, publicOrigin: 'https://portal.example.com' } });
});
afterAll(() => ctx.close());

describe('POST /api/callbacks/brightcall is idempotent (issue 26 item 4)', () => {
  const post = (body: object, headers: Record<string, string> = {}) => {
    const req = request(ctx.app).post('/api/callbacks/brightcall').set('x-api-key', KEY);
    for (const [k, v] of Object.entries(headers)) req.set(k, v);
    return documented(req.send(body), 'post', '/api/callbacks/brightcall');
  };
  const appointmentsNamed = async (name: string) =>
    Number(((await ctx.db('appointments').where({ customerName: name }).count({ n: '*' }).first()) as { n: number }).n);
  const unique = () => crypto.randomBytes(6).toString('hex');

  it('a repeat with the same Idempotency-Key answers 200 with the first ids and creates nothing', async () => {
    const body = { ...payload, first_name: 'Bea', last_name: `Li${unique()}` };
    const key = `bc-${unique()}`;
    const first = await post(body, { 'Idempotency-Key': key });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ duplicate: false, callback_id: expect.any(Number), appointment_id: expect.any(Number) });
    const again = await post(body, { 'Idempotency-Key': key });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({
      success: true,
      message: 'Callback already received',
      callback_id: first.body.callback_id,
      appointment_id: first.body.appointment_id,
      duplicate: true,
    });
    expect(await appointmentsNamed(`Bea ${body.last_name}`)).toBe(1);
    // Without the key the same body is a new call (the platform did not say it was the same).
    expect((await post(body)).body.duplicate).toBe(false);
    expect(await appointmentsNamed(`Bea ${body.last_name}`)).toBe(2);
  });

  it('a repeat of the same call_id in the body answers the first appointment, with or without a key', async () => {
    const callId = `call-${unique()}`;
    const body = { ...payload, first_name: 'Bea', last_name: `Li${unique()}`, call_id: callId };
    const first = await post(body);
    expect(first.status).toBe(200);
    const again = await post(body, { 'Idempotency-Key': `other-${unique()}` });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ duplicate: true, callback_id: first.body.callback_id, appointment_id: first.body.appointment_id });
    expect(await appointmentsNamed(`Bea ${body.last_name}`)).toBe(1);
    expect(await ctx.db('brightcallCallbacks').where({ callId }).first()).toMatchObject({ id: first.body.callback_id });
  });

  it('two identical posts at once store one callback and both answer its ids', async () => {
    for (const headers of [{ 'Idempotency-Key': `race-${unique()}` }, {}] as Array<Record<string, string>>) {
      const body = { ...payload, first_name: 'Bea', last_name: `Li${unique()}`, ...('Idempotency-Key' in headers ? {} : { call_id: `race-${unique()}` }) };
      const answers = await Promise.all(Array.from({ length: 6 }, () => post(body, headers)));
      expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
      const ids = new Set(answers.map((a) => a.body.appointment_id));
      expect(ids.size).toBe(1);
      expect(answers.filter((a) => a.body.duplicate === false)).toHaveLength(1);
      expect(await appointmentsNamed(`Bea ${body.last_name}`)).toBe(1);
    }
  });

  it('refuses a malformed Idempotency-Key or an over-long call_id with 400 naming it', async () => {
    const bad = await post(payload, { 'Idempotency-Key': 'x'.repeat(300) });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('Idempotency-Key');
    const long = await post({ ...payload, call_id: 'c'.repeat(129) });
    expect(long.status).toBe(400);
    expect(long.body.fields).toEqual({ call_id: 'call_id must be at most 128 characters' });
  });
});

describe('POST /api/callbacks/brightcall', () => {
  it('answers 200 { success, message, callback_id } with the key in x-api-key and stores the callback', async () => {
    const res = await request(ctx.app).post('/api/callbacks/brightcall').set('x-api-key', KEY).send(payload);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: expect.any(String),
      callback_id: expect.any(Number),
      appointment_id: expect.any(Number),
      duplicate: false,
    });
    const row = await ctx.db('brightcallCallbacks').where({ id: res.body.callback_id }).first();
    expect(row).toMatchObject({
      firstName: 'Dana',
      lastName: 'Whitfield',
      phone: '(512) 555-0142',
      transcript: payload.transcript,
      callOutcome: 'callback_requested',
      state: 'TX',
      callbackTime: '2026-01-15 14:00',
      externalAgentId: 'agent-7',
      leadQuality: 'hot',
      interestLevel: 'high',
      source: 'webhook',
    });
  });

  it('answers the examples documented at /brightcalldocs', async () => {
    const example = {
      first_name: 'Margaret',
      last_name: 'Lopez',
      phone_number: '+15125550142',
      transcript: 'AI: Hi Margaret, you asked about final expense coverage... Margaret: Yes, please call me back tomorrow afternoon.',
      call_outcome: 'callback_requested',
      state: 'TX',
      callback_time: '2025-03-14T15:30:00-05:00',
      agent_id: 'fex-campaign-7',
      lead_quality: 'high',
      interest_level: 'warm',
    };
    const ok = await request(ctx.app).post('/api/callbacks/brightcall').set('Content-Type', 'application/json').set('x-api-key', KEY).send(example);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({
      success: true,
      message: 'Callback received successfully',
      callback_id: expect.any(Number),
      appointment_id: expect.any(Number),
      duplicate: false,
    });
    const { phone_number: _p, transcript: _t, ...partial } = example;
    const bad = await request(ctx.app).post('/api/callbacks/brightcall').set('x-api-key', KEY).send(partial);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      error: 'Missing required fields: phone_number, transcript',
      fields: { phone_number: 'phone_number is required', transcript: 'transcript is required' },
    });
    const unknownOk = await request(ctx.app)
      .post('/api/callbacks/brightcall')
      .set('x-api-key', KEY)
      .send({ ...example, something_else: 1 });
    expect(unknownOk.status).toBe(200);
  });

  it('accepts the key as Authorization: Bearer, with only the required fields', async () => {
    const { first_name, last_name, phone_number, transcript } = payload;
    const res = await request(ctx.app)
      .post('/api/callbacks/brightcall')
      .set('Authorization', `Bearer ${KEY}`)
      .send({ first_name, last_name, phone_number, transcript });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
  });

  it('answers 401 Unauthorized without a key, with a wrong key, or with a key of another length', async () => {
    for (const headers of [{}, { 'x-api-key': 'bc_live_key_0123456780' }, { 'x-api-key': 'short' }, { Authorization: 'Bearer nope' }, { Authorization: KEY }]) {
      const res = await request(ctx.app).post('/api/callbacks/brightcall').set(headers).send(payload);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'Unauthorized' });
    }
  });

  it('checks the key before the payload: a bad payload without a key is still 401', async () => {
    const res = await request(ctx.app).post('/api/callbacks/brightcall').send({});
    expect(res.status).toBe(401);
  });

  it('answers 400 listing every missing required field', async () => {
    const res = await request(ctx.app).post('/api/callbacks/brightcall').set('x-api-key', KEY).send({ first_name: 'Dana', phone_number: '  ' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Missing required fields: last_name, phone_number, transcript');
    expect(Object.keys(res.body.fields)).toEqual(['last_name', 'phone_number', 'transcript']);
  });

  it('answers 400 for fields longer than their columns, naming them', async () => {
    const res = await request(ctx.app)
      .post('/api/callbacks/brightcall')
      .set('x-api-key', KEY)
      .send({ ...payload, first_name: 'x'.repeat(101), lead_quality: { a: 1 } });
    expect(res.status).toBe(400);
    expect(res.body.fields.first_name).toMatch(/at most 100/);
    expect(res.body.fields.lead_quality).toBe('lead_quality must be text');
  });

  it('answers 500 Failed to process callback only when the database fails', async () => {
    const broken = await createTestApp({ config: { brightcall: { apiKey: KEY } } });
    try {
      await broken.db.schema.dropTable('brightcall_callbacks');
      const res = await request(broken.app).post('/api/callbacks/brightcall').set('x-api-key', KEY).send(payload);
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ error: 'Failed to process callback' });
    } finally {
      await broken.close();
    }
  });

  it('answers 401 to everyone when BRIGHTCALL_API_KEY is not configured', async () => {
    const unset = await createTestApp();
    try {
      expect(unset.config.brightcall.apiKey).toBeUndefined();
      for (const key of ['', 'undefined', KEY]) {
        const res = await request(unset.app).post('/api/callbacks/brightcall').set('x-api-key', key).send(payload);
        expect(res.status).toBe(401);
      }
    } finally {
      await unset.close();
    }
  });

  it('shows up in the admin Appointments list', async () => {
    const admin = await makeUser(ctx.db, { isAdmin: true });
    const agent = await loginAs(ctx.app, admin.email, admin.password);
    await request(ctx.app)
      .post('/api/callbacks/brightcall')
      .set('x-api-key', KEY)
      .send({ ...payload, first_name: 'Zelda', last_name: 'Quincy' });
    const res = await agent.get('/api/admin/appointments/brightcall/search?q=zelda');
    expect(res.body.items).toHaveLength(1);
    expect(res.body.items[0]).toMatchObject({ firstName: 'Zelda', lastName: 'Quincy', phone: '(512) 555-0142', state: 'TX', source: 'webhook' });
  });

  it('is rate limited per address', async () => {
    const limited = await createTestApp({ config: { brightcall: { apiKey: KEY } } });
    try {
      let last = 0;
      for (let i = 0; i <= WEBHOOK_RATE_LIMIT.limit; i++) last = (await request(limited.app).post('/api/callbacks/brightcall').send({})).status;
      expect(last).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('the key comparison', () => {
  it('uses crypto.timingSafeEqual on equal-length digests', async () => {
    const spy = vi.spyOn(crypto, 'timingSafeEqual');
    try {
      await request(ctx.app).post('/api/callbacks/brightcall').set('x-api-key', 'x').send(payload);
      expect(spy).toHaveBeenCalled();
      const [a, b] = spy.mock.calls.at(-1)!;
      expect((a as Buffer).length).toBe(32);
      expect((b as Buffer).length).toBe(32);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('GET /api/brightcall/status', () => {
  it('reports the three keys, Ready only with API and widget keys, and the webhook URL from PUBLIC_ORIGIN', async () => {
    const admin = await makeUser(ctx.db, { isAdmin: true });
    const agent = await loginAs(ctx.app, admin.email, admin.password);
    const res = await agent.get('/api/brightcall/status');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      hasApiKey: true,
      hasWidgetKey: true,
      hasVerifyToken: false,
      isConfigured: true,
      webhookUrl: 'https://portal.example.com/api/callbacks/brightcall',
    });

    const partial = await createTestApp({ config: { brightcall: { apiKey: KEY } } });
    try {
      const a2 = await makeUser(partial.db, { isAdmin: true });
      const s2 = await (await loginAs(partial.app, a2.email, a2.password)).get('/api/brightcall/status');
      expect(s2.body).toMatchObject({ hasApiKey: true, hasWidgetKey: false, isConfigured: false, webhookUrl: `${base.publicOrigin}/api/callbacks/brightcall` });
    } finally {
      await partial.close();
    }
  });
});
