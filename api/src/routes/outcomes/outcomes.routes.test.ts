// Outcomes and Results (issue 19, item 2): the Results figures of a seeded data set equal the
// hand-computed ones; outcomes from the portal and from a CRM with a personal API token, which only
// writes its owner's outcomes, is stored as a hash, stops on revoke and is rate limited.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import request from 'supertest';
import { createTestApp, makeUser, loginAs, type TestContext } from '../../test/harness.ts';
import { OUTCOMES_RATE_LIMIT } from './outcomes.routes.ts';
import { parse as parseCsv } from 'csv-parse/sync';
import { documented } from '../../test/openapi-contract.ts';

let ctx: TestContext;
let a: Awaited<ReturnType<typeof makeUser>>;
let b: Awaited<ReturnType<typeof makeUser>>;
let agentA: Awaited<ReturnType<typeof loginAs>>;
let agentB: Awaited<ReturnType<typeof loginAs>>;
const ids: Record<string, number> = {};

async function lead(key: string, buyerId: number, kind: 'aged' | 'fresh', state: string, ageDays: number, priceCents: number, soldAt: string) {
  const [id] = await ctx.db('leads').insert({
    kind,
    customerName: `Lead ${key}`,
    customerPhone: '5125550100',
    customerState: state,
    zipCode: '78701',
    ageDays,
    priceCents,
    status: 'sold',
    buyerId,
    soldAt: `${soldAt} 12:00:00.000`,
  });
  ids[key] = Number(id);
}
async function appointment(key: string, buyerId: number, state: string, priceCents: number, purchasedAt: string) {
  const [id] = await ctx
    .db('appointments')
    .insert({ customerName: `Appt ${key}`, customerState: state, priceCents, status: 'sold', buyerId, purchasedAt: `${purchasedAt} 12:00:00.000` });
  ids[key] = Number(id);
}
async function call(key: string, userId: number, state: string, status: 'billed' | 'no_charge', chargeCents: number, startedAt: string) {
  const [id] = await ctx.db('transfer_calls').insert({
    externalCallId: `res-${key}-${userId}`,
    userId,
    callerName: `Caller ${key}`,
    callerPhone: '3055550100',
    callerPhoneKey: '3055550100',
    state,
    startedAt: `${startedAt} 12:00:00.000`,
    endedAt: `${startedAt} 12:05:00.000`,
    durationSeconds: 300,
    bufferSeconds: 60,
    billable: status === 'billed',
    status,
    chargeCents,
  });
  ids[key] = Number(id);
}

beforeAll(async () => {
  ctx = await createTestApp();
  ctx.clock.set(new Date('2026-11-15T10:00:00Z'));
  a = await makeUser(ctx.db);
  b = await makeUser(ctx.db);
  agentA = await loginAs(ctx.app, a.email, a.password);
  agentB = await loginAs(ctx.app, b.email, b.password);
  await lead('L1', a.id, 'aged', 'FL', 45, 500, '2026-10-05');
  await lead('L2', a.id, 'aged', 'FL', 200, 300, '2026-10-06');
  await lead('L3', a.id, 'fresh', 'TX', 2, 2500, '2026-10-07');
  await lead('L4', a.id, 'aged', 'TX', 400, 200, '2026-08-01'); // outside the period
  await appointment('A1', a.id, 'TX', 7500, '2026-10-10');
  await call('T1', a.id, 'FL', 'billed', 4000, '2026-10-12');
  await call('T2', a.id, 'FL', 'billed', 4000, '2026-10-31');
  await call('T3', a.id, 'FL', 'no_charge', 0, '2026-10-13'); // free: not an item
  await lead('B1', b.id, 'aged', 'FL', 30, 900, '2026-10-05'); // another agent's
});
afterAll(() => ctx.close());

const put = (who: typeof agentA, type: string, key: string, body: object) => who.put(`/api/outcomes/${type}/${ids[key]}`).send(body);

describe('recording outcomes from the portal', () => {
  it('records one per item, replaces it on change, and needs a premium for a sale', async () => {
    const bad = await put(agentA, 'lead', 'L1', { status: 'sold', date: '2026-10-20' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('premiumCents');
    expect((await put(agentA, 'lead', 'L1', { status: 'bogus', date: '2026-10-20' })).body.fields).toHaveProperty('status');
    expect((await put(agentA, 'lead', 'L1', { status: 'contacted', date: '2026-02-30' })).body.fields).toHaveProperty('date');

    expect((await put(agentA, 'lead', 'L1', { status: 'contacted', date: '2026-10-06' })).status).toBe(200);
    expect((await put(agentA, 'lead', 'L1', { status: 'sold', premiumCents: 120_000, date: '2026-10-20' })).status).toBe(200);
    expect((await put(agentA, 'lead', 'L2', { status: 'no_answer', date: '2026-10-07' })).status).toBe(200);
    expect((await put(agentA, 'lead', 'L3', { status: 'contacted', date: '2026-10-08' })).status).toBe(200);
    expect((await put(agentA, 'lead', 'L4', { status: 'sold', premiumCents: 99_900, date: '2026-08-10' })).status).toBe(200);
    expect((await put(agentA, 'appointment', 'A1', { status: 'issued', premiumCents: 240_000, date: '2026-10-25' })).status).toBe(200);
    expect((await put(agentA, 'transfer', 'T1', { status: 'quoted', date: '2026-10-12' })).status).toBe(200);
    expect((await put(agentA, 'transfer', 'T2', { status: 'chargeback', premiumCents: 50_000, date: '2026-10-31' })).status).toBe(200);
    expect((await put(agentB, 'lead', 'B1', { status: 'sold', premiumCents: 777_700, date: '2026-10-09' })).status).toBe(200);
    const rows = await ctx.db('item_outcomes').where({ itemType: 'lead', itemId: ids.L1 });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'sold', premiumCents: 120_000, outcomeDate: '2026-10-20', source: 'portal' });
  });

  it("refuses another agent's item and unknown items with the same 404", async () => {
    const res = await put(agentA, 'lead', 'B1', { status: 'no_answer', date: '2026-10-09' });
    expect(res.status).toBe(404);
    expect((await agentA.put('/api/outcomes/lead/999999').send({ status: 'no_answer', date: '2026-10-09' })).body).toEqual(res.body);
    expect((await agentA.put('/api/outcomes/cars/1').send({ status: 'no_answer', date: '2026-10-09' })).status).toBe(404);
    expect(await ctx.db('item_outcomes').where({ itemType: 'lead', itemId: ids.B1 }).first()).toMatchObject({ status: 'sold', userId: b.id });
  });

  it('lists the bought items of the period with their outcomes (free calls and other agents excluded)', async () => {
    const res = await agentA.get('/api/outcomes/items?from=2026-10-01&to=2026-10-31');
    expect(res.status).toBe(200);
    const keys = res.body.items.map((i: { itemType: string; itemId: number }) => `${i.itemType}:${i.itemId}`).sort();
    expect(keys).toEqual([`appointment:${ids.A1}`, `lead:${ids.L1}`, `lead:${ids.L2}`, `lead:${ids.L3}`, `transfer:${ids.T1}`, `transfer:${ids.T2}`].sort());
    expect(res.body.items.find((i: { itemId: number; itemType: string }) => i.itemType === 'lead' && i.itemId === ids.L1)).toMatchObject({
      outcome: 'sold',
      premiumCents: 120_000,
      costCents: 500,
      product: 'aged_lead',
      ageDays: 45,
    });
  });
});

describe('Results', () => {
  it('equals the hand-computed figures for October 2026', async () => {
    const res = await agentA.get('/api/results?from=2026-10-01&to=2026-10-31');
    expect(res.status).toBe(200);
    // Items: L1 $5 sold $1,200; L2 $3 no answer; L3 $25 contacted; A1 $75 issued $2,400; T1 $40 quoted; T2 $40 chargeback.
    expect(res.body.totals).toEqual({
      key: 'all',
      label: 'All products',
      spendCents: 18_800,
      items: 6,
      contacted: 5,
      sales: 2,
      contactRate: 0.8333,
      closeRate: 0.3333,
      premiumCents: 360_000,
      costPerSaleCents: 9_400,
      returnOnSpend: 19.15,
    });
    const pick = (rows: Array<Record<string, unknown>>) =>
      rows.map(({ key, spendCents, items, contacted, sales, contactRate, closeRate, premiumCents, costPerSaleCents, returnOnSpend }) => [
        key,
        spendCents,
        items,
        contacted,
        sales,
        contactRate,
        closeRate,
        premiumCents,
        costPerSaleCents,
        returnOnSpend,
      ]);
    expect(pick(res.body.byProduct)).toEqual([
      ['aged_lead', 800, 2, 1, 1, 0.5, 0.5, 120_000, 800, 150],
      ['fresh_lead', 2500, 1, 1, 0, 1, 0, 0, null, 0],
      ['transfer', 8000, 2, 2, 0, 1, 0, 0, null, 0],
      ['appointment', 7500, 1, 1, 1, 1, 1, 240_000, 7500, 32],
    ]);
    expect(pick(res.body.byState)).toEqual([
      ['FL', 8800, 4, 3, 1, 0.75, 0.25, 120_000, 8800, 13.64],
      ['TX', 10_000, 2, 2, 1, 1, 0.5, 240_000, 10_000, 24],
    ]);
    expect(pick(res.body.byAge)).toEqual([
      ['live', 15_500, 3, 3, 1, 1, 0.3333, 240_000, 15_500, 15.48],
      ['0-30', 2500, 1, 1, 0, 1, 0, 0, null, 0],
      ['31-90', 500, 1, 1, 1, 1, 1, 120_000, 500, 240],
      ['181-365', 300, 1, 0, 0, 0, 0, 0, null, 0],
    ]);
  });

  it('takes the last day whole and refuses a period that ends before it starts', async () => {
    const oneDay = await agentA.get('/api/results?from=2026-10-31&to=2026-10-31');
    expect(oneDay.body.totals).toMatchObject({ items: 1, spendCents: 4000 });
    const bad = await agentA.get('/api/results?from=2026-11-01&to=2026-10-01');
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('from');
  });

  it('downloads the same figures as CSV', async () => {
    const res = await agentA.get('/api/results.csv?from=2026-10-01&to=2026-10-31');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const lines = (parseCsv(res.text) as string[][]).map((row) => row.join(','));
    expect(lines[0]).toBe('Group,Name,Spend (USD),Items,Contacted,Contact rate,Sales,Close rate,Premium written (USD),Cost per sale (USD),Return on spend');
    expect(lines[1]).toBe('Total,All products,188.00,6,5,83.3%,2,33.3%,3600.00,94.00,19.15');
    expect(lines).toContain('State,FL,88.00,4,3,75.0%,1,25.0%,1200.00,88.00,13.64');
  });

  it('needs a session', async () => {
    expect((await request(ctx.app).get('/api/results')).status).toBe(401);
  });
});

describe('personal API tokens', () => {
  it('create, list (never the token), post outcomes of the owner only, revoke', async () => {
    // Every answer here is checked against the OpenAPI document (/openapi.json).
    const created = await documented(agentA.post('/api/api-tokens').send({ name: 'My CRM' }), 'post', '/api/api-tokens');
    expect(created.status).toBe(201);
    const token: string = created.body.token;
    expect(token).toMatch(/^tl_/);
    const stored = await ctx.db('api_tokens').where({ id: created.body.apiToken.id }).first();
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const list = await documented(agentA.get('/api/api-tokens'), 'get', '/api/api-tokens');
    expect(list.body.tokens).toEqual([expect.objectContaining({ name: 'My CRM', prefix: token.slice(0, 10) })]);
    expect(JSON.stringify(list.body)).not.toContain(token);
    expect((await agentB.get('/api/api-tokens')).body.tokens).toEqual([]);

    const crm = (body: object, t = token) =>
      documented(request(ctx.app).post('/api/outcomes').set('authorization', `Bearer ${t}`).send(body), 'post', '/api/outcomes');
    const own = await crm({ itemType: 'lead', itemId: ids.L2, status: 'quoted', date: '2026-10-09' });
    expect(own.status).toBe(200);
    expect(await ctx.db('item_outcomes').where({ itemType: 'lead', itemId: ids.L2 }).first()).toMatchObject({ status: 'quoted', source: 'api', userId: a.id });

    // Agent B's lead: not found, and B's outcome is untouched.
    const other = await crm({ itemType: 'lead', itemId: ids.B1, status: 'chargeback', date: '2026-10-10' });
    expect(other.status).toBe(404);
    expect(await ctx.db('item_outcomes').where({ itemType: 'lead', itemId: ids.B1 }).first()).toMatchObject({
      status: 'sold',
      premiumCents: 777_700,
      userId: b.id,
    });
    expect((await crm({ itemType: 'lead', itemId: ids.L2, status: 'sold', date: '2026-10-09' })).body.fields).toHaveProperty('premiumCents');
    expect((await crm({ itemType: 'lead', itemId: ids.L2, status: 'quoted', date: '2026-10-09' }, 'tl_wrong')).status).toBe(401);
    expect((await request(ctx.app).post('/api/outcomes').send({ itemType: 'lead', itemId: ids.L2, status: 'quoted', date: '2026-10-09' })).status).toBe(401);

    // Another agent cannot revoke it; the owner can, and it stops at once.
    const revoke = (who: typeof agentA) => documented(who.delete(`/api/api-tokens/${created.body.apiToken.id}`), 'delete', '/api/api-tokens/{id}');
    expect((await revoke(agentB)).status).toBe(404);
    expect((await revoke(agentA)).status).toBe(204);
    expect((await crm({ itemType: 'lead', itemId: ids.L2, status: 'contacted', date: '2026-10-09' })).status).toBe(401);
    expect((await agentA.get('/api/api-tokens')).body.tokens).toEqual([]);
    // The put-back: L2 is no_answer again for the Results test order independence.
    await put(agentA, 'lead', 'L2', { status: 'no_answer', date: '2026-10-07' });
  });

  it('is rate limited per token', async () => {
    const { token } = (await agentB.post('/api/api-tokens').send({ name: 'Busy CRM' })).body as { token: string };
    const body = { itemType: 'lead', itemId: ids.B1, status: 'sold', premiumCents: 777_700, date: '2026-10-09' };
    let last = 0;
    for (let i = 0; i <= OUTCOMES_RATE_LIMIT.limit; i++) {
      last = (await request(ctx.app).post('/api/outcomes').set('authorization', `Bearer ${token}`).send(body)).status;
      if (i < OUTCOMES_RATE_LIMIT.limit) expect(last).toBe(200);
    }
    expect(last).toBe(429);
  });
});

describe('one outcome row per item, written as one upsert', () => {
  it('keeps one row under concurrent writes, and a lead that changed hands takes its new buyer’s outcome', async () => {
    await lead('R1', a.id, 'aged', 'FL', 90, 400, '2026-06-01');
    const writes = await Promise.all(
      ['no_answer', 'contacted', 'quoted', 'contacted'].map((status) => put(agentA, 'lead', 'R1', { status, date: '2026-06-02' })),
    );
    expect(writes.map((w) => w.status)).toEqual([200, 200, 200, 200]);
    expect(await ctx.db('item_outcomes').where({ itemType: 'lead', itemId: ids.R1 })).toHaveLength(1);
    // Sold again to agent B: B's outcome is recorded (before, B's write matched no row of B's and was lost).
    await ctx.db('leads').where({ id: ids.R1 }).update({ buyerId: b.id });
    expect((await put(agentB, 'lead', 'R1', { status: 'sold', premiumCents: 50_000, date: '2026-06-10' })).status).toBe(200);
    const rows = await ctx.db('item_outcomes').where({ itemType: 'lead', itemId: ids.R1 });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: b.id, status: 'sold', premiumCents: 50_000, outcomeDate: '2026-06-10' });
  });
});
