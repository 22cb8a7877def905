// Nothing sold that cannot be delivered (issue 34 item 1, decision 215): appointments leave the shop
// APPOINTMENT_SALE_CUTOFF_MINUTES before their callback time and the buy path refuses them; the voice-AI
// webhook refuses a phone or state no agent can use (422) and binds an Idempotency-Key to one body.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import crypto from 'node:crypto';
import request from 'supertest';
import { APPOINTMENT_SALE_CUTOFF_MINUTES } from '@tm/shared';
import { createTestApp, loggedInUser, type TestContext } from '../../test/harness.ts';

const KEY = 'bc_live_key_0123456789';
let ctx: TestContext;
const unique = () => crypto.randomBytes(6).toString('hex');
const MIN = 60_000;

beforeAll(async () => {
  ctx = await createTestApp({ config: { brightcall: { apiKey: KEY, widgetKey: 'widget-1' } } });
});
afterAll(() => ctx.close());

const post = (body: object, headers: Record<string, string> = {}) => {
  const req = request(ctx.app).post('/api/callbacks/brightcall').set('x-api-key', KEY);
  for (const [k, v] of Object.entries(headers)) req.set(k, v);
  return req.send(body);
};
const call = (over: Record<string, unknown> = {}) => ({
  first_name: 'Nora',
  last_name: `Quade${unique()}`,
  phone_number: '(615) 555-0142',
  transcript: 'AI: Hello Nora...\nCustomer: Call me back.',
  state: 'TN',
  ...over,
});

describe('the voice-AI webhook sells only a callable appointment', () => {
  it('refuses a phone that is not a 10-digit US number with 422 naming phone_number', async () => {
    for (const phone of ['12', '555-0142', '+44 20 7946 0958', '0155550142', '(115) 555-0142']) {
      const res = await post(call({ phone_number: phone }));
      expect(res.status, phone).toBe(422);
      expect(res.body.fields).toEqual({ phone_number: 'phone_number must be a 10-digit US phone number' });
    }
    // After normalising: punctuation and a leading country code are fine.
    expect((await post(call({ phone_number: '+1 (615) 555-0142' }))).status).toBe(200);
    expect((await post(call({ phone_number: '615.555.0142' }))).status).toBe(200);
  });

  it('refuses a state that is not a US state or DC with 422 naming state, and stores full names as codes', async () => {
    const bad = await post(call({ state: 'ZZ' }));
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.fields)).toEqual(['state']);
    expect((await post(call({ state: 'Puerto Rico' }))).status).toBe(422);
    const both = await post(call({ state: 'ZZ', phone_number: '12' }));
    expect(Object.keys(both.body.fields).sort()).toEqual(['phone_number', 'state']);

    const ok = await post(call({ state: 'Tennessee' }));
    expect(ok.status).toBe(200);
    const a = await ctx.db('appointments').where({ id: ok.body.appointment_id }).first();
    expect(a.customer_state ?? a.customerState).toBe('TN');
    const c = await ctx.db('brightcall_callbacks').where({ id: ok.body.callback_id }).first();
    expect(c.state).toBe('TN');
    expect((await post(call({ state: 'district of columbia' }))).status).toBe(200);
  });

  it('answers 422 idempotency_key_reused for the same key with a different body; the same body still answers the first result', async () => {
    const key = `bc-${unique()}`;
    const body = call({ state: 'TX' });
    const first = await post(body, { 'Idempotency-Key': key });
    expect(first.status).toBe(200);
    // The same body, keys in another order: the first result.
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const again = await post(reordered, { 'Idempotency-Key': key });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ duplicate: true, callback_id: first.body.callback_id, appointment_id: first.body.appointment_id });
    // A corrected body under the same key is refused, not silently dropped.
    const corrected = await post({ ...body, state: 'OK' }, { 'Idempotency-Key': key });
    expect(corrected.status).toBe(422);
    expect(corrected.body.code).toBe('idempotency_key_reused');
    expect(corrected.body.fields).toHaveProperty('Idempotency-Key');
    const stored = await ctx.db('appointments').where({ id: first.body.appointment_id }).first();
    expect(stored.customer_state ?? stored.customerState).toBe('TX');
    // The correction under a key of its own is a new callback.
    expect((await post({ ...body, state: 'OK' }, { 'Idempotency-Key': `${key}-2` })).status).toBe(200);
  });
});

describe('appointments leave the shop near their callback time', () => {
  const listed = async (agent: ReturnType<typeof request.agent>, id: number) => {
    const res = await agent.get('/api/vapi/available-appointments').query({ pageSize: 100 });
    expect(res.status).toBe(200);
    return (res.body.items as { id: number }[]).some((i) => i.id === id);
  };

  it(`lists an appointment until ${APPOINTMENT_SALE_CUTOFF_MINUTES} minutes before its callback, then refuses to sell it with 409`, async () => {
    const { agent } = await loggedInUser(ctx);
    const at = new Date(ctx.clock.now().getTime() + (APPOINTMENT_SALE_CUTOFF_MINUTES + 1) * MIN);
    const made = await post(call({ callback_time: at.toISOString() }));
    const id = made.body.appointment_id as number;
    expect(await listed(agent, id)).toBe(true);
    const before = (await agent.get('/api/vapi/all-appointments')).body.availableCount as number;

    // Two minutes later the callback is within the cut-off: gone from the list and the count, and the
    // cart that still shows it is refused.
    ctx.clock.advance(2 * MIN);
    expect(await listed(agent, id)).toBe(false);
    expect((await agent.get('/api/vapi/all-appointments')).body.availableCount).toBe(before - 1);
    const buy = await agent.post('/api/vapi/create-appointment-payment').send({ appointmentIds: [id] });
    expect(buy.status).toBe(409);
    const row = await ctx.db('appointments').where({ id }).first();
    expect(row.status).toBe('available');
  });

  it('never lists an appointment whose callback time has passed, and sells one with no readable time as before', async () => {
    const { agent } = await loggedInUser(ctx);
    const past = await post(call({ callback_time: new Date(ctx.clock.now().getTime() - 60 * MIN).toISOString() }));
    expect(await listed(agent, past.body.appointment_id)).toBe(false);
    expect((await agent.post('/api/vapi/create-appointment-payment').send({ appointmentIds: [past.body.appointment_id] })).status).toBe(409);

    const unknown = await post(call({ callback_time: 'tomorrow afternoon' }));
    expect(await listed(agent, unknown.body.appointment_id)).toBe(true);
    expect((await agent.post('/api/vapi/create-appointment-payment').send({ appointmentIds: [unknown.body.appointment_id] })).status).toBe(201);
  });

  it('an admin moving the callback time moves the cut-off', async () => {
    const { agent: admin } = await loggedInUser(ctx, { isAdmin: true });
    const { agent } = await loggedInUser(ctx);
    const made = await post(call({ callback_time: new Date(ctx.clock.now().getTime() + 30 * MIN).toISOString() }));
    const id = made.body.appointment_id as number;
    expect(await listed(agent, id)).toBe(false);
    const later = new Date(ctx.clock.now().getTime() + 24 * 60 * MIN).toISOString();
    const edit = await admin.patch(`/api/admin/appointments/${id}`).send({ callbackTime: later });
    expect(edit.status).toBe(200);
    expect(await listed(agent, id)).toBe(true);
  });
});
