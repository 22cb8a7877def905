// Compliance (issue 19, item 1): a DNC-listed lead is never offered or sold, even when it was already in
// a buyer's checkout (the payment is refunded); an exclusive lead's consumer is sold once, also under
// concurrent buyers (the database's unique key decides); the printable compliance file, owner only, fast.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import request from 'supertest';
import { createTestApp, makeUser, loginAs, loggedInUser, type TestContext } from '../../test/harness.ts';
import { insertLead as insertLeadRow } from '../../test/proof-fixtures.ts';
import { insertPaidOrder, callPayload } from '../../test/transfers-testing.ts';
import { Appointment } from '../../models/index.ts';

let ctx: TestContext;
let me: Awaited<ReturnType<typeof makeUser>>;
let agent: Awaited<ReturnType<typeof loginAs>>;
let other: Awaited<ReturnType<typeof loginAs>>;
let admin: Awaited<ReturnType<typeof loginAs>>;
const KEY = 'test-transfer-key-compliance-0123';

/** An aged lead for sale at $5 (a phone of its own unless given). */
const insertLead = (over: Parameters<typeof insertLeadRow>[1] = {}) => insertLeadRow(ctx.db, { priceCents: 500, ...over });
async function pay(clientSecret: string) {
  const id = clientSecret.split('_secret_')[0]!;
  return ctx.stripe.paymentIntents.confirm(id, { payment_method: 'pm_card_visa' }).catch((err: unknown) => err);
}
async function buy(who: typeof agent, leadIds: number[]) {
  const start = await who.post('/api/bulk-purchase-leads').send({ leadIds });
  if (start.status !== 201) return start;
  await pay(start.body.clientSecret);
  return who.post('/api/bulk-purchase-leads/confirm').send({ payment_intent_id: start.body.paymentIntentId });
}

beforeAll(async () => {
  ctx = await createTestApp({ config: { transferApiKey: KEY } });
  ctx.emulator.holdWebhooks();
  ({ user: me, agent } = await loggedInUser(ctx));
  other = (await loggedInUser(ctx)).agent;
  admin = (await loggedInUser(ctx, { isAdmin: true })).agent;
});
afterAll(() => ctx.close());

describe('do-not-call lists', () => {
  it('takes a listed lead off sale at once, and one already in a checkout is never sold (the payment is refunded)', async () => {
    const inCart = await insertLead();
    const listed = await insertLead();
    const clean = await insertLead();
    const phones: string[] = [];
    for (const id of [inCart, listed]) phones.push((await ctx.db('leads').where({ id }).first('customerPhone')).customerPhone);
    const start = await agent.post('/api/bulk-purchase-leads').send({ leadIds: [inCart] });
    expect(start.status).toBe(201);

    const [p0, p1] = phones as [string, string];
    const csv = `phone,name\n(${p0.slice(0, 3)}) ${p0.slice(3, 6)}-${p0.slice(6)},X\n+1${p1},Y\nnot a phone,Z\n`;
    const up = await admin.post('/api/admin/dnc-lists?list=litigator&source=tcpa-litigators.csv').set('content-type', 'text/csv').send(csv);
    expect(up.status).toBe(201);
    expect(up.body).toMatchObject({ list: 'litigator', numbers: 2, added: 2, blockedLeads: 2 });
    expect((await admin.get('/api/admin/dnc-lists')).body).toMatchObject({ litigator: expect.any(Number) });
    expect((await agent.post('/api/admin/dnc-lists').send({ list: 'dnc', csv: '5125550000' })).status).toBe(403);

    // Not offered.
    const list = await other.get('/api/aged-leads?state=TX&pageSize=100');
    const offered = list.body.items.map((i: { id: number }) => i.id);
    expect(offered).not.toContain(listed);
    expect(offered).toContain(clean);
    // Not buyable.
    expect((await other.post('/api/bulk-purchase-leads').send({ leadIds: [listed] })).status).toBe(409);
    // The one in the cart: paid, but not sold; refunded.
    await pay(start.body.clientSecret);
    const confirm = await agent.post('/api/bulk-purchase-leads/confirm').send({ payment_intent_id: start.body.paymentIntentId });
    expect(confirm.body.status).not.toBe('paid');
    expect(await ctx.db('leads').where({ id: inCart }).first('status', 'buyerId')).toMatchObject({ buyerId: null });
    expect((await ctx.db('orders').where({ paymentIntentId: start.body.paymentIntentId }).first('status')).status).toBe('refunded');
  });

  it('re-checks at the sale: a lead whose number was listed after its scrub is not sold', async () => {
    const id = await insertLead({ dncScrubbedAt: '2026-01-01 00:00:00.000', dncStatus: 'clear' });
    const phone = (await ctx.db('leads').where({ id }).first('customerPhone')).customerPhone;
    // Listed directly (as a list loaded by another process, without the lead being taken off sale).
    await ctx.db('dnc_entries').insert({ list: 'dnc', phoneKey: phone });
    const res = await buy(agent, [id]);
    expect(res.body.status).not.toBe('paid');
    expect(await ctx.db('leads').where({ id }).first('buyerId')).toMatchObject({ buyerId: null });
  });
});

describe('exclusive leads', () => {
  it('an exclusive lead is sold once, and its consumer is never sold again', async () => {
    const exclusive = await insertLead({ kind: 'fresh', exclusive: true, customerPhone: '5125557777' });
    const again = await insertLead({ customerPhone: '512-555-7777' }); // the same person, resold as aged
    const ok = await buy(agent, [exclusive]);
    expect(ok.body.status).toBe('paid');
    const res = await buy(other, [again]);
    expect(res.body.status).not.toBe('paid');
    expect(await ctx.db('exclusive_sales').where({ phoneKey: '5125557777' })).toHaveLength(1);
  });

  it('under concurrent buyers of two exclusive leads of one consumer, the database lets one sale through', async () => {
    const a = await insertLead({ kind: 'fresh', exclusive: true, customerPhone: '5125558888' });
    const b = await insertLead({ kind: 'fresh', exclusive: true, customerPhone: '5125558888' });
    const [r1, r2] = await Promise.all([buy(agent, [a]), buy(other, [b])]);
    expect([r1.body.status, r2.body.status].filter((s) => s === 'paid')).toHaveLength(1);
    expect(await ctx.db('leads').whereIn('id', [a, b]).where({ status: 'sold' })).toHaveLength(1);
    expect(await ctx.db('exclusive_sales').where({ phoneKey: '5125558888' })).toHaveLength(1);
  });
});

describe('the compliance file', () => {
  it('is one printable page with the consent record, DNC status and sale history, for the buyer only, in under a second', async () => {
    const id = await insertLead({
      consentSourceUrl: 'https://quotes.example.com/final-expense',
      consentAt: '2026-11-01 14:05:00.000',
      consentIp: '203.0.113.9',
      consentText: 'By clicking I agree to be called <b>about insurance</b>.',
      certificateKind: 'trustedform',
      certificateId: 'cert-abc123',
      certificateClaimExpiresAt: '2026-11-04 14:05:00.000',
      timesSoldBefore: 2,
    });
    expect((await buy(agent, [id])).body.status).toBe('paid');
    const t0 = Date.now();
    const res = await agent.get(`/api/compliance/lead/${id}`);
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    for (const s of [
      'https://quotes.example.com/final-expense',
      '203.0.113.9',
      'TrustedForm: cert-abc123',
      '2 time(s)',
      'Not on any list we hold',
      '&lt;b&gt;about insurance&lt;/b&gt;',
    ]) {
      expect(res.text).toContain(s);
    }
    expect(res.text).toContain('(expired)');
    expect((await other.get(`/api/compliance/lead/${id}`)).status).toBe(404);
    expect((await request(ctx.app).get(`/api/compliance/lead/${id}`)).status).toBe(401);
  });
});

describe('the compliance file of an appointment', () => {
  it("links its recording (a path on this site) and gives every time on the agent's clock with the zone named", async () => {
    const west = await makeUser(ctx.db, { state: 'CA' });
    await ctx.db('agent_transfer_settings').insert({ userId: west.id, timeZone: 'America/Los_Angeles' });
    const westAgent = await loginAs(ctx.app, west.email, west.password);
    const { id } = await Appointment.query(ctx.db).insert({
      customerName: 'Maria Lopez',
      customerPhone: '5125550777',
      callStatus: 'completed',
      transcript: 'AI: hello',
      status: 'sold',
      buyerId: west.id,
      purchasedAt: '2026-12-01 18:00:00.000',
      consentAt: '2026-11-30 17:30:00.000',
      recordingUrl: '/api/media/demo-call.mp3',
    });
    const res = await westAgent.get(`/api/compliance/appointment/${id}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('<a href="/api/media/demo-call.mp3" class="wrap">Listen to the recording</a>');
    expect(res.text).toContain('Tue, Dec 1, 2026, 10:00 AM PST');
    expect(res.text).toContain('Mon, Nov 30, 2026, 9:30 AM PST');
    expect(res.text).not.toMatch(/\bUTC\b|GMT/);
  });
});

describe('consent on transfers', () => {
  it('the transfer callback takes the consent record and the compliance file shows it; a bad field is a 400 naming it', async () => {
    await insertPaidOrder(ctx.db, me.id, { kind: 'transfer_package', tier: 'standard', count: 2 });
    const consent = {
      consentSourceUrl: 'https://medicare.example.org/quote',
      consentAt: '2026-11-20T15:00:00Z',
      consentIp: '198.51.100.7',
      consentText: 'I agree to receive calls.',
      certificateKind: 'jornaya',
      certificateId: 'LEADID-42',
      certificateClaimExpiresAt: '2099-01-01T00:00:00Z',
    };
    const bad = await request(ctx.app)
      .post('/api/callbacks/transfer')
      .set('x-api-key', KEY)
      .send({ ...callPayload(me, 300, { now: ctx.clock.now() }), ...consent, consentIp: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('consentIp');
    const ok = await request(ctx.app)
      .post('/api/callbacks/transfer')
      .set('x-api-key', KEY)
      .send({ ...callPayload(me, 300, { now: ctx.clock.now() }), ...consent });
    expect(ok.status).toBe(201);
    const file = await agent.get(`/api/compliance/transfer/${ok.body.call.id}`);
    for (const s of ['https://medicare.example.org/quote', '198.51.100.7', 'Jornaya LeadiD: LEADID-42', 'I agree to receive calls.'])
      expect(file.text).toContain(s);
    expect(file.text).not.toContain('(expired)');
  });
});

describe('the for-sale list', () => {
  it('shows the consent record kind, "sold N times before" and exclusivity of each lead', async () => {
    const cert = await insertLead({
      customerState: 'WY',
      certificateKind: 'trustedform',
      certificateId: 'c1',
      consentAt: '2026-11-01 00:00:00.000',
      timesSoldBefore: 3,
    });
    const bare = await insertLead({ customerState: 'WY' });
    const excl = await insertLead({ customerState: 'WY', kind: 'aged', exclusive: true, consentAt: '2026-11-01 00:00:00.000' });
    const list = await agent.get('/api/aged-leads?state=WY&pageSize=100');
    const byId = new Map(list.body.items.map((i: { id: number }) => [i.id, i]));
    expect(byId.get(cert)).toMatchObject({ consent: 'trustedform', timesSoldBefore: 3, exclusive: false });
    expect(byId.get(bare)).toMatchObject({ consent: null, timesSoldBefore: 0, exclusive: false });
    expect(byId.get(excl)).toMatchObject({ consent: 'recorded', exclusive: true });
  });
});
