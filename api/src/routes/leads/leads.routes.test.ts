import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import request from 'supertest';
import { createTestApp, makeUser, loginAs, type TestContext } from '../../test/harness.ts';
import { toDbDate } from '../../db/dates.ts';
import { LEAD_DEFAULT_PRICE_CENTS, RESERVATION_MINUTES } from '@tm/shared';
import { leadForSaleSchema, leadsForSalePageSchema } from '@tm/shared/schemas/leads';
import { depsOf } from '../../app.ts';
import { JOBS } from '../../jobs/index.ts';

let ctx: TestContext;
let agent: Awaited<ReturnType<typeof loginAs>>;
let userId: number;

interface Seed {
  kind?: 'aged' | 'fresh';
  state: string;
  age: number;
  zip?: string;
  status?: string;
  priceCents?: number | null;
  name?: string;
  consentAt?: string;
  certificateKind?: 'trustedform' | 'jornaya';
  timesSoldBefore?: number;
}

async function insertLeads(rows: Seed[]): Promise<number[]> {
  const ids: number[] = [];
  for (const r of rows) {
    const [id] = await ctx.db('leads').insert({
      kind: r.kind ?? 'aged',
      customerName: r.name ?? 'Harold Thompson',
      customerPhone: '5125550199',
      customerEmail: 'harold@example.net',
      customerState: r.state,
      zipCode: r.zip ?? '73301',
      currentAgeRange: '30-60',
      ageDays: r.age,
      priceCents: r.priceCents ?? null,
      transcript: 'secret transcript',
      formFillTime: toDbDate(new Date('2026-01-10T15:00:00Z')),
      status: r.status ?? 'available',
      consentAt: r.consentAt ?? null,
      certificateKind: r.certificateKind ?? null,
      certificateId: r.certificateKind ? 'cert-1' : null,
      timesSoldBefore: r.timesSoldBefore ?? 0,
    });
    ids.push(Number(id));
    ageOf.set(Number(id), r.age);
  }
  return ids;
}

/** Each inserted lead's age in days: the list's order is by it (decision 140). */
const ageOf = new Map<number, number>();

const ids: Record<string, number[]> = {};

beforeAll(async () => {
  ctx = await createTestApp();
  const u = await makeUser(ctx.db);
  userId = u.id;
  agent = await loginAs(ctx.app, u.email, u.password);
  // Known rows: what each filter must find is written next to it.
  ids.txYoung = await insertLeads(Array.from({ length: 10 }, (_, i) => ({ state: 'TX', age: 30 + i }))); // 30..39
  ids.flMid = await insertLeads(Array.from({ length: 10 }, (_, i) => ({ state: 'FL', age: 45 + i * 2 }))); // 45..63
  ids.caOld = await insertLeads(Array.from({ length: 5 }, () => ({ state: 'CA', age: 120, zip: '90210' })));
  ids.txOld = await insertLeads([{ state: 'TX', age: 200, zip: '73344', priceCents: 450 }]);
  ids.sold = await insertLeads([
    { state: 'TX', age: 35, status: 'sold' },
    { state: 'TX', age: 35, status: 'reserved' },
  ]);
  ids.fresh = await insertLeads([
    { kind: 'fresh', state: 'TX', age: 5, name: 'Al Ng' },
    { kind: 'fresh', state: 'GA', age: 12 },
  ]);
  ids.bulk = await insertLeads(Array.from({ length: 120 }, () => ({ state: 'OH', age: 90, zip: '43004' })));
});
afterAll(async () => {
  await ctx.close();
});

/** In the list's order: youngest first, the newest listing (highest id) first among leads of one age. */
const sorted = (a: number[]) => [...a].sort((x, y) => ageOf.get(x)! - ageOf.get(y)! || y - x);

describe('GET /api/aged-leads', () => {
  it('needs a logged-in agent', async () => {
    expect((await request(ctx.app).get('/api/aged-leads')).status).toBe(401);
    expect((await request(ctx.app).get('/api/leads')).status).toBe(401);
  });

  it('lists available aged leads only, 50 a page, youngest first, with the total', async () => {
    const res = await agent.get('/api/aged-leads');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(10 + 10 + 5 + 1 + 120);
    expect(res.body.page).toBe(1);
    expect(res.body.pageSize).toBe(50);
    expect(res.body.items).toHaveLength(50);
    const got = res.body.items.map((l: { id: number }) => l.id);
    expect(got).toEqual(sorted(got));
    for (const hidden of [...ids.sold!, ...ids.fresh!]) expect(got).not.toContain(hidden);
  });

  it('never sends the full name, the phone, the e-mail or the transcript; prices default to 10.00', async () => {
    const res = await agent.get('/api/aged-leads?state=TX&age=200');
    expect(res.body.items).toHaveLength(1);
    const lead = res.body.items[0];
    expect(lead).toMatchObject({
      id: ids.txOld![0],
      customerName: 'Harold ThXXX',
      customerState: 'TX',
      zipCode: '73344',
      actualAge: 200,
      priceCents: 450,
      isAvailable: true,
    });
    const raw = JSON.stringify(res.body);
    for (const secret of ['Thompson', '5125550199', 'harold@example.net', 'secret transcript']) expect(raw).not.toContain(secret);
    const dflt = await agent.get('/api/aged-leads?state=CA');
    expect(dflt.body.items[0].priceCents).toBe(LEAD_DEFAULT_PRICE_CENTS);
    expect(dflt.body.items[0].formFillTime).toBe('2026-01-10T15:00:00.000Z');
  });

  it('filters by two states and an age range', async () => {
    const res = await agent.get('/api/aged-leads').query({ state: 'tx, FL', age: '35-50' });
    expect(res.status).toBe(200);
    const expected = [...ids.txYoung!.slice(5), ...ids.flMid!.slice(0, 3)]; // TX 35..39, FL 45,47,49
    expect(res.body.total).toBe(expected.length);
    expect(res.body.items.map((l: { id: number }) => l.id)).toEqual(sorted(expected));
  });

  it('filters by a list of ages and ranges, and by zip codes', async () => {
    const ages = await agent.get('/api/aged-leads').query({ age: '30,31,60-63' });
    expect(ages.body.items.map((l: { id: number }) => l.id)).toEqual(sorted([ids.txYoung![0]!, ids.txYoung![1]!, ids.flMid![8]!, ids.flMid![9]!]));
    const zips = await agent.get('/api/aged-leads').query({ zip: '90210,73344' });
    expect(zips.body.total).toBe(6);
    const repeated = await agent.get('/api/aged-leads?state=CA&state=TX&age=120-200');
    expect(repeated.body.total).toBe(6);
  });

  it('pages through the filtered set without overlap', async () => {
    const seen = new Set<number>();
    for (const page of [1, 2, 3]) {
      const res = await agent.get('/api/aged-leads').query({ state: 'OH', page });
      expect(res.body.total).toBe(120);
      expect(res.body.items).toHaveLength(page === 3 ? 20 : 50);
      for (const l of res.body.items) seen.add(l.id);
    }
    expect([...seen].sort((a, b) => a - b)).toEqual([...ids.bulk!].sort((a, b) => a - b));
    const beyond = await agent.get('/api/aged-leads').query({ state: 'OH', page: 4 });
    expect(beyond.body.items).toEqual([]);
    const small = await agent.get('/api/aged-leads').query({ state: 'OH', pageSize: 7, page: 2 });
    expect(small.body.items.map((l: { id: number }) => l.id)).toEqual(sorted(ids.bulk!).slice(7, 14));
  });

  it('answers bad filters with 400 naming the field', async () => {
    const age = await agent.get('/api/aged-leads').query({ age: 'old' });
    expect(age.status).toBe(400);
    expect(age.body.fields).toHaveProperty('age');
    const state = await agent.get('/api/aged-leads').query({ state: 'Texas' });
    expect(state.status).toBe(400);
    expect(state.body.fields.state).toBe('States must be two-letter codes such as TX, FL');
    const zip = await agent.get('/api/aged-leads').query({ zip: '12' });
    expect(zip.body.fields).toHaveProperty('zip');
    const page = await agent.get('/api/aged-leads').query({ page: 0 });
    expect(page.status).toBe(400);
    const size = await agent.get('/api/aged-leads').query({ pageSize: 1000 });
    expect(size.status).toBe(400);
  });
});

describe('GET /api/aged-leads: consent and resale filters, cursor, bounded page', () => {
  it('filters on the consent record and on the times sold before (zod-validated, 400 naming the field)', async () => {
    const consentAt = toDbDate(new Date('2026-01-10T15:00:00Z'));
    const [none, recorded, tf, jornaya, soldTwice] = await insertLeads([
      { state: 'NV', age: 40 },
      { state: 'NV', age: 41, consentAt },
      { state: 'NV', age: 42, consentAt, certificateKind: 'trustedform', timesSoldBefore: 1 },
      { state: 'NV', age: 43, certificateKind: 'jornaya' },
      { state: 'NV', age: 44, consentAt, timesSoldBefore: 2 },
    ]);
    const listed = async (query: Record<string, string>) => {
      const res = await agent.get('/api/aged-leads').query({ state: 'NV', ...query });
      expect(res.status, JSON.stringify(query)).toBe(200);
      expect(res.body.total).toBe(res.body.items.length);
      return res.body.items.map((l: { id: number }) => l.id);
    };
    expect(await listed({})).toEqual(sorted([none!, recorded!, tf!, jornaya!, soldTwice!]));
    expect(await listed({ consent: 'any' })).toEqual(sorted([recorded!, tf!, jornaya!, soldTwice!]));
    expect(await listed({ consent: 'certificate' })).toEqual(sorted([tf!, jornaya!]));
    expect(await listed({ maxSold: '0' })).toEqual(sorted([none!, recorded!, jornaya!]));
    expect(await listed({ maxSold: '1', consent: 'certificate' })).toEqual(sorted([tf!, jornaya!]));
    const page = await agent.get('/api/aged-leads').query({ state: 'NV' });
    expect(page.body.items.find((l: { id: number }) => l.id === tf)).toMatchObject({ consent: 'trustedform', timesSoldBefore: 1 });
    const badConsent = await agent.get('/api/aged-leads').query({ consent: 'maybe' });
    expect(badConsent.status).toBe(400);
    expect(badConsent.body.fields.consent).toBe('Consent must be any or certificate');
    for (const maxSold of ['-1', 'x', '1.5', '101']) {
      const bad = await agent.get('/api/aged-leads').query({ maxSold });
      expect(bad.status, maxSold).toBe(400);
      expect(bad.body.fields, maxSold).toHaveProperty('maxSold');
    }
  });

  it('reads page after page by cursor, the same pages as by number, and refuses a page deeper than 10,000 rows', async () => {
    let after: string | null = null;
    for (let page = 1; page <= 13; page++) {
      const byNumber = await agent.get('/api/aged-leads').query({ state: 'OH', pageSize: 10, page });
      const byCursor = await agent.get('/api/aged-leads').query({ state: 'OH', pageSize: 10, ...(after ? { after } : {}) });
      expect(byCursor.status).toBe(200);
      expect(
        byCursor.body.items.map((l: { id: number }) => l.id),
        `page ${page}`,
      ).toEqual(byNumber.body.items.map((l: { id: number }) => l.id));
      expect(byCursor.body.total).toBe(120);
      after = byCursor.body.nextCursor;
      if (page < 12) expect(after).toBe(String(byNumber.body.items.at(-1).id));
    }
    expect(after).toBeNull();
    // pageSize 50: 200 pages hold the first 10,000 rows; page 201 is refused, a cursor reads on.
    expect((await agent.get('/api/aged-leads').query({ page: 200 })).status).toBe(200);
    const deep = await agent.get('/api/aged-leads').query({ page: 201 });
    expect(deep.status).toBe(400);
    expect(deep.body.fields.page).toBe('Page must be at most 200');
    expect((await agent.get('/api/aged-leads').query({ page: 1_000_000 })).body.fields.page).toBe('Page must be at most 200');
    expect((await agent.get('/api/aged-leads').query({ page: 101, pageSize: 100 })).body.fields.page).toBe('Page must be at most 100');
    const badCursor = await agent.get('/api/aged-leads').query({ after: 'abc' });
    expect(badCursor.status).toBe(400);
    expect(badCursor.body.fields).toHaveProperty('after');
    // The cursor's lead gives its place in the list (its age); an id that is no lead is refused by name.
    const noLead = await agent.get('/api/aged-leads').query({ after: 999_999_999 });
    expect(noLead.status).toBe(400);
    expect(noLead.body.fields).toEqual({ after: 'No such lead' });
    const mine = await agent.get('/api/my-leads').query({ page: 201 });
    expect(mine.status).toBe(400);
    expect(mine.body.fields.page).toBe('Page must be at most 200');
  });

  describe('keyset paging (decision 236)', () => {
    type P = { items: Array<{ id: number; actualAge: number }>; page: number; nextCursor: string | null; prevCursor: string | null; total: number };
    const list = async (query: Record<string, string | number>) => {
      const res = await agent.get('/api/aged-leads').query(query);
      expect(res.status, JSON.stringify(query)).toBe(200);
      return res.body as P;
    };
    const idsOf = (p: P) => p.items.map((l) => l.id);

    it('next and previous by cursor, the numbered window by skip, and page 1 has no previous', async () => {
      const oh = { state: 'OH', pageSize: 10 };
      const p1 = await list(oh);
      expect(p1.prevCursor).toBeNull();
      const p2 = await list({ ...oh, after: p1.nextCursor!, page: 2 });
      const p3 = await list({ ...oh, after: p2.nextCursor!, page: 3 });
      expect(p3.page).toBe(3);
      expect(idsOf(p3)).toEqual(idsOf(await list({ ...oh, page: 3 })));
      expect(p2.prevCursor).toBe(String(p2.items[0]!.id));
      // Previous from page 3 is page 2; previous from page 2 is page 1, answered as page 1 with no previous.
      expect(idsOf(await list({ ...oh, before: p3.prevCursor!, page: 2 }))).toEqual(idsOf(p2));
      const back = await list({ ...oh, before: p2.prevCursor!, page: 1 });
      expect(idsOf(back)).toEqual(idsOf(p1));
      expect(back.prevCursor).toBeNull();
      expect(back.page).toBe(1);
      // Two pages on, or two back, from a cursor: a few rows passed over after it, never the whole list before it.
      expect(idsOf(await list({ ...oh, after: p1.nextCursor!, skip: 10, page: 3 }))).toEqual(idsOf(p3));
      expect(idsOf(await list({ ...oh, before: p3.prevCursor!, skip: 10, page: 1 }))).toEqual(idsOf(p1));
    });

    it('has no page cap: a cursor reads past 10,000 rows deep and its page number is only a label', async () => {
      const p1 = await list({ state: 'OH', pageSize: 10 });
      const deep = await list({ state: 'OH', pageSize: 10, after: p1.nextCursor!, page: 5_000 });
      expect(deep.page).toBe(5_000);
      expect(deep.items).toHaveLength(10);
      const refused = await agent.get('/api/aged-leads').query({ after: p1.nextCursor!, before: p1.nextCursor! });
      expect(refused.status).toBe(400);
      expect(refused.body.fields).toEqual({ before: 'Use one of after, before or fromAge' });
      const skipAlone = await agent.get('/api/aged-leads').query({ skip: 10 });
      expect(skipAlone.status).toBe(400);
      expect(skipAlone.body.fields).toHaveProperty('skip');
      expect((await agent.get('/api/aged-leads').query({ after: p1.nextCursor!, skip: 401 })).body.fields.skip).toBe('Skip must be at most 400');
      expect((await agent.get('/api/aged-leads').query({ before: 999_999_999 })).body.fields).toEqual({ before: 'No such lead' });
    });

    it('jumps by age: a seek on the sort key, with a previous page', async () => {
      const jump = await list({ state: 'TX', fromAge: 35, pageSize: 3 });
      expect(jump.items.map((l) => l.actualAge)).toEqual([35, 36, 37]);
      expect(jump.prevCursor).toBe(String(jump.items[0]!.id));
      const before = await list({ state: 'TX', before: jump.prevCursor!, pageSize: 3 });
      expect(before.items.map((l) => l.actualAge)).toEqual([32, 33, 34]);
      expect((await agent.get('/api/aged-leads').query({ fromAge: -1 })).body.fields).toHaveProperty('fromAge');
    });

    it('keeps its pages when leads are added in front and the cursor lead itself is sold in between', async () => {
      // Its own state, so that the other tests' rows are left as they are.
      const mine = await insertLeads(Array.from({ length: 30 }, (_, i) => ({ state: 'WY', age: 40 + i }))); // 40..69
      const q = { state: 'WY', pageSize: 10 };
      const p1 = await list(q);
      const p2 = await list({ ...q, after: p1.nextCursor!, page: 2 });
      const p3 = await list({ ...q, after: p2.nextCursor!, page: 3 });
      // Younger leads arrive at the front, and the two leads the links name are sold.
      await insertLeads(Array.from({ length: 4 }, () => ({ state: 'WY', age: 31 })));
      const buyer = await makeUser(ctx.db);
      await ctx
        .db('leads')
        .whereIn('id', [Number(p1.nextCursor), Number(p3.prevCursor)])
        .update({ status: 'sold', buyerId: buyer.id, soldAt: toDbDate(new Date()) });
      // Next from page 1's link: page 2 as it was, less the lead sold from it; page 3 from page 2's link: as it was, less its sold first lead.
      const again2 = await list({ ...q, after: p1.nextCursor!, page: 2 });
      expect(idsOf(again2)).toEqual([...idsOf(p2), p3.items[0]!.id].filter((id) => id !== Number(p3.prevCursor)));
      expect(idsOf(await list({ ...q, after: p2.nextCursor!, page: 3 }))).toEqual(idsOf(p3).filter((id) => id !== Number(p3.prevCursor)));
      // Previous from page 3's link (its sold first lead) is still the ten leads before it.
      expect(idsOf(await list({ ...q, before: p3.prevCursor!, page: 2 }))).toEqual(
        [p1.items.at(-2)!.id, ...idsOf(p2)].filter((id) => id !== Number(p1.nextCursor)).slice(-10),
      );
      // By page number, the same request moved: four rows came in front, one left.
      expect(idsOf(await list({ ...q, page: 3 }))).not.toEqual(idsOf(p3));
      expect(mine).toHaveLength(30);
    });
  });
});

describe('the list as a read', () => {
  it('answers the JSON Express would, with an ETag, and 304 to a matching If-None-Match', async () => {
    const first = await agent.get('/api/aged-leads?state=TX');
    expect(first.status).toBe(200);
    expect(first.type).toBe('application/json');
    expect(first.headers.etag).toMatch(/^W\/"[0-9a-f]+-[A-Za-z0-9+/]{27}"$/);
    expect(first.text).toBe(JSON.stringify(first.body));
    const again = await agent.get('/api/aged-leads?state=TX').set('If-None-Match', String(first.headers.etag));
    expect(again.status).toBe(304);
  });

  it('shows a lapsed reservation as available again within a second of the clock', async () => {
    const [id] = await insertLeads([{ state: 'WY', age: 77, status: 'available' }]);
    const listed = async () => (await agent.get('/api/aged-leads?state=WY')).body.items.map((l: { id: number }) => l.id);
    expect(await listed()).toContain(id);
    expect((await agent.post('/api/bulk-purchase-leads').send({ leadIds: [id] })).status).toBe(201);
    expect(await listed()).not.toContain(id);
    ctx.clock.advance(RESERVATION_MINUTES * 60_000 + 1_000);
    expect(await listed()).toContain(id);
  });

  it('writes nothing: a lapsed reservation is listed by the query, and the reservation-sweep job gives the row back', async () => {
    const [id] = await insertLeads([{ state: 'WV', age: 70, status: 'available' }]);
    expect((await agent.post('/api/bulk-purchase-leads').send({ leadIds: [id] })).status).toBe(201);
    ctx.clock.advance(RESERVATION_MINUTES * 60_000 + 1_000);
    const writes: string[] = [];
    const watch = (q: { sql: string }) => {
      if (!/^\s*select\b/i.test(q.sql)) writes.push(q.sql);
    };
    const row = () => ctx.db('leads').where({ id }).first('status', 'reservedOrderId');
    ctx.db.on('query', watch);
    try {
      for (const path of ['/api/aged-leads?state=WV', '/api/aged-leads', '/api/leads', '/api/aged-leads?state=WV&consent=any&maxSold=0']) {
        expect((await agent.get(path)).status, path).toBe(200);
      }
      expect((await agent.get('/api/aged-leads?state=WV')).body.items.map((l: { id: number }) => l.id)).toEqual([id]);
      // No statement but a SELECT touched the inventory or the orders (the payment emulator's webhook for
      // the order above may land meanwhile; it writes payment_events only).
      expect(writes.filter((sql) => /`(leads|orders|appointments)`/i.test(sql))).toEqual([]);
    } finally {
      ctx.db.off('query', watch);
    }
    expect(await row()).toMatchObject({ status: 'reserved' });
    const deps = depsOf(ctx.app);
    expect(deps.jobs.registered(JOBS.reservationSweep)).toBe(true);
    await deps.jobs.enqueue(JOBS.reservationSweep, {});
    for (let i = 0; i < 100 && (await row())?.status !== 'available'; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await row()).toMatchObject({ status: 'available', reservedOrderId: null });
  });
});

describe('one name per value (decision 260)', () => {
  it('both lists answer the shared output schema, each item with exactly its fields: no alias pairs', async () => {
    for (const path of ['/api/aged-leads', '/api/leads']) {
      const res = await agent.get(path);
      expect(res.status).toBe(200);
      const page = leadsForSalePageSchema.parse(res.body);
      expect(page.items.length, path).toBeGreaterThan(0);
      for (const item of res.body.items as Record<string, unknown>[]) {
        expect(Object.keys(item).sort(), path).toEqual(Object.keys(leadForSaleSchema.shape).sort());
        for (const alias of ['state', 'age', 'price', 'currentPrice']) expect(item, `${path} ${alias}`).not.toHaveProperty(alias);
      }
    }
  });
});

describe('GET /api/leads', () => {
  it('lists the fresh leads with the same filters', async () => {
    const all = await agent.get('/api/leads');
    expect(all.body.total).toBe(2);
    expect(all.body.items.map((l: { id: number }) => l.id)).toEqual(sorted(ids.fresh!));
    expect(all.body.items.find((l: { id: number }) => l.id === ids.fresh![0]).customerName).toBe('Al NX');
    const ga = await agent.get('/api/leads').query({ state: 'GA', age: '10-20' });
    expect(ga.body.items.map((l: { id: number }) => l.id)).toEqual([ids.fresh![1]]);
  });
});

describe('GET /api/my-leads', () => {
  it("lists the leads assigned to the agent and the ones they bought, nobody else's", async () => {
    const other = await makeUser(ctx.db);
    await ctx.db('leadAssignments').insert([
      {
        agentId: userId,
        name: 'Ruth Moore',
        phone: '5125550001',
        email: 'ruth@example.org',
        state: 'TX',
        zipCode: '73301',
        ageRange: '60-70',
        formFillTime: toDbDate(new Date('2026-01-02T00:00:00Z')),
        assignedAt: toDbDate(new Date('2026-01-05T00:00:00Z')),
      },
      { agentId: other.id, name: 'Not Mine', phone: '5125550002', assignedAt: toDbDate(new Date('2026-01-06T00:00:00Z')) },
    ]);
    await ctx
      .db('leads')
      .where({ id: ids.sold![0] })
      .update({ buyerId: userId, soldAt: toDbDate(new Date('2026-01-07T00:00:00Z')) });
    const res = await agent.get('/api/my-leads');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    expect(res.body.items).toEqual([
      expect.objectContaining({
        source: 'purchased',
        name: 'Harold Thompson',
        phone: '5125550199',
        email: 'harold@example.net',
        state: 'TX',
        createdAt: '2026-01-07T00:00:00.000Z',
      }),
      {
        id: expect.stringMatching(/^assigned-\d+$/),
        source: 'assigned',
        name: 'Ruth Moore',
        phone: '5125550001',
        email: 'ruth@example.org',
        state: 'TX',
        zipCode: '73301',
        ageRange: '60-70',
        createdAt: '2026-01-05T00:00:00.000Z',
        formFillTime: '2026-01-02',
      },
    ]);
    expect(JSON.stringify(res.body)).not.toContain('Not Mine');
  });

  it('searches name, e-mail, phone (by its digits too), state and ZIP, literally, on both sides', async () => {
    const me = await makeUser(ctx.db);
    const other = await makeUser(ctx.db);
    await ctx.db('leadAssignments').insert([
      {
        agentId: me.id,
        name: 'Alma Search',
        phone: '5125550101',
        email: 'alma@crm.example',
        state: 'TX',
        zipCode: '73301',
        assignedAt: toDbDate(new Date('2026-02-01T00:00:00Z')),
      },
      {
        agentId: me.id,
        name: 'Bert 100% Sure',
        phone: '3055550102',
        email: 'bert@example.org',
        state: 'FL',
        zipCode: '33101',
        assignedAt: toDbDate(new Date('2026-02-02T00:00:00Z')),
      },
      {
        agentId: me.id,
        name: 'Cara_Under',
        phone: '6025550103',
        email: null,
        state: 'AZ',
        zipCode: '85001',
        assignedAt: toDbDate(new Date('2026-02-03T00:00:00Z')),
      },
      { agentId: other.id, name: 'Alma Other', phone: '5125550109', assignedAt: toDbDate(new Date('2026-02-04T00:00:00Z')) },
    ]);
    const mine = await loginAs(ctx.app, me.email, me.password);
    const names = async (q: string) => {
      const res = await mine.get('/api/my-leads').query({ q });
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(res.body.items.length);
      return (res.body.items as Array<{ name: string }>).map((i) => i.name);
    };
    expect(await names('alma')).toEqual(['Alma Search']);
    expect(await names('CRM.EXAMPLE')).toEqual(['Alma Search']);
    expect(await names('(305) 555')).toEqual(['Bert 100% Sure']);
    expect(await names('fl')).toEqual(['Bert 100% Sure']);
    expect(await names('85001')).toEqual(['Cara_Under']);
    // % and _ are letters here, not wildcards.
    expect(await names('100%')).toEqual(['Bert 100% Sure']);
    expect(await names('a_u')).toEqual(['Cara_Under']);
    expect(await names('')).toEqual(['Cara_Under', 'Bert 100% Sure', 'Alma Search']);
    expect(await names('nobody')).toEqual([]);
    const long = await mine.get('/api/my-leads').query({ q: 'x'.repeat(101) });
    expect(long.status).toBe(400);
    expect(long.body.fields).toEqual({ q: 'Search must be at most 100 characters' });
  });

  it("exports My Leads (and a search of it) as CSV, formula cells escaped, nobody else's rows", async () => {
    const me = await makeUser(ctx.db);
    const other = await makeUser(ctx.db);
    await ctx.db('leadAssignments').insert([
      {
        agentId: me.id,
        name: '=HYPERLINK("http://evil")',
        phone: '5125550111',
        email: '+cmd@example.org',
        state: 'TX',
        zipCode: '-73301',
        ageRange: '@60',
        formFillTime: toDbDate(new Date('2026-03-01T12:00:00Z')),
        assignedAt: toDbDate(new Date('2026-03-02T12:00:00Z')),
      },
      {
        agentId: me.id,
        name: 'Plain, Person',
        phone: '5125550112',
        email: null,
        state: 'OK',
        zipCode: null,
        assignedAt: toDbDate(new Date('2026-03-03T12:00:00Z')),
      },
      { agentId: other.id, name: 'Not Mine Either', phone: '5125550113', assignedAt: toDbDate(new Date('2026-03-04T12:00:00Z')) },
    ]);
    const mine = await loginAs(ctx.app, me.email, me.password);
    const res = await mine.get('/api/my-leads/export.csv');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="my-leads.csv"');
    const lines = res.text.split('\r\n');
    expect(lines[0]).toBe('"Name","Phone","Email","State","ZIP","Age range","Source","Assigned (UTC)","Form filled (UTC)"');
    expect(lines[1]).toBe('"Plain, Person","5125550112",,"OK",,,"Assigned free","2026-03-03T12:00:00.000Z",');
    expect(lines[2]).toBe(
      `"'=HYPERLINK(""http://evil"")","5125550111","'+cmd@example.org","TX","'-73301","'@60","Assigned free","2026-03-02T12:00:00.000Z","2026-03-01T12:00:00.000Z"`,
    );
    expect(lines).toHaveLength(4);
    expect(res.text).not.toContain('Not Mine Either');
    const searched = await mine.get('/api/my-leads/export.csv').query({ q: 'plain' });
    expect(searched.text.split('\r\n')).toHaveLength(3);
    expect((await request(ctx.app).get('/api/my-leads/export.csv')).status).toBe(401);
  });
});
