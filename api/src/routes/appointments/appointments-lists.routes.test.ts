// Buy Appointments' filters and sort (server-side, validated) and My Appointments' search and CSV export
// (issue 18 item 6), on a real database.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { createTestApp, makeUser, loginAs, type TestContext } from '../../test/harness.ts';
import { toDbDate } from '../../db/dates.ts';
import { Appointment } from '../../models/index.ts';
import { extractedAppointmentRow } from '../../test/proof-fixtures.ts';
import { MY_APPOINTMENTS_CSV_HEADER } from '@tm/shared/schemas/appointments';

let ctx: TestContext;
let agent: Awaited<ReturnType<typeof loginAs>>;
let westAgent: Awaited<ReturnType<typeof loginAs>>;
let meId: number;
let otherId: number;

const at = (iso: string) => toDbDate(new Date(iso));

async function insert(over: Partial<Appointment> = {}): Promise<number> {
  const row = await Appointment.query(ctx.db).insert({
    ...extractedAppointmentRow(),
    callDate: at('2026-03-10T15:00:00Z'),
    followUpRequired: false,
    createdAt: at('2026-03-10T15:05:00Z'),
    ...over,
  });
  return row.id;
}

// For sale, named by what the filters look at.
const ids: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestApp();
  const me = await makeUser(ctx.db);
  const other = await makeUser(ctx.db);
  const west = await makeUser(ctx.db);
  meId = me.id;
  otherId = other.id;
  agent = await loginAs(ctx.app, me.email, me.password);
  westAgent = await loginAs(ctx.app, west.email, west.password);
  // The west agent's days are Los Angeles days (Transfer Controls' time zone).
  await ctx.db('agent_transfer_settings').insert({ userId: west.id, timeZone: 'America/Los_Angeles' });

  ids.txHotMar10 = await insert();
  ids.flWarmMar12 = await insert({
    customerState: 'FL',
    leadQuality: 'Warm',
    extractionConfidence: 0.65,
    callDate: at('2026-03-12T18:00:00Z'),
    createdAt: at('2026-03-12T18:00:00Z'),
  });
  ids.gaColdMar14 = await insert({
    customerState: 'GA',
    leadQuality: 'cold',
    extractionConfidence: 0.95,
    callDate: at('2026-03-14T12:00:00Z'),
    createdAt: at('2026-03-14T12:00:00Z'),
  });
  // 03:30 UTC on the 16th is the evening of the 15th in New York and Los Angeles.
  ids.txNoneLate = await insert({
    leadQuality: null,
    extractionConfidence: null,
    callDate: at('2026-03-16T03:30:00Z'),
    createdAt: at('2026-03-16T03:30:00Z'),
  });
  // No call date: its day is when the record was made.
  ids.nullStateNoCallDate = await insert({
    customerState: null,
    leadQuality: 'WARM',
    extractionConfidence: 0.7,
    callDate: null,
    createdAt: at('2026-03-11T16:00:00Z'),
  });
  // Not for sale: never listed whatever the filter.
  await insert({ status: 'reserved', customerState: 'TX' });
  await insert({ status: 'sold', buyerId: other.id, purchasedAt: at('2026-03-20T00:00:00Z') });
});
afterAll(() => ctx.close());

const list = async (query: string, who = agent) => {
  const res = await who.get(`/api/vapi/available-appointments${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { ids: (res.body.items as Array<{ id: number }>).map((a) => a.id), total: res.body.total as number };
};

describe('Buy Appointments: filters, applied by the server', () => {
  it('without a filter lists every appointment for sale, newest call first', async () => {
    expect(await list('')).toEqual({ ids: [ids.txNoneLate, ids.gaColdMar14, ids.flWarmMar12, ids.nullStateNoCallDate, ids.txHotMar10], total: 5 });
  });

  it('state: one or more of the 50 states and DC, in any case, repeated or comma separated', async () => {
    expect(await list('?state=TX')).toEqual({ ids: [ids.txNoneLate, ids.txHotMar10], total: 2 });
    expect(await list('?state=tx,fl')).toEqual({ ids: [ids.txNoneLate, ids.flWarmMar12, ids.txHotMar10], total: 3 });
    expect(await list('?state=GA&state=FL')).toEqual({ ids: [ids.gaColdMar14, ids.flWarmMar12], total: 2 });
    expect(await list('?state=DC')).toEqual({ ids: [], total: 0 });
  });

  it('verified only: extraction confidence of at least 70%, the same as the Verified badge', async () => {
    expect(await list('?verified=true')).toEqual({ ids: [ids.gaColdMar14, ids.nullStateNoCallDate, ids.txHotMar10], total: 3 });
    expect((await list('?verified=false')).total).toBe(5);
  });

  it('lead quality: one or more of hot, warm, cold, whatever case the voice AI stored', async () => {
    expect(await list('?quality=warm')).toEqual({ ids: [ids.flWarmMar12, ids.nullStateNoCallDate], total: 2 });
    expect(await list('?quality=HOT,cold')).toEqual({ ids: [ids.gaColdMar14, ids.txHotMar10], total: 2 });
  });

  it('date range: whole days of the call on the agent’s clock (New York by default), both ends included', async () => {
    expect(await list('?from=2026-03-11&to=2026-03-12')).toEqual({ ids: [ids.flWarmMar12, ids.nullStateNoCallDate], total: 2 });
    expect(await list('?from=2026-03-14')).toEqual({ ids: [ids.txNoneLate, ids.gaColdMar14], total: 2 });
    expect(await list('?to=2026-03-10')).toEqual({ ids: [ids.txHotMar10], total: 1 });
    // 03:30 UTC on the 16th was the 15th in New York...
    expect(await list('?from=2026-03-15&to=2026-03-15')).toEqual({ ids: [ids.txNoneLate], total: 1 });
    expect((await list('?from=2026-03-16&to=2026-03-16')).total).toBe(0);
    // ...and in Los Angeles; 12:00 UTC on the 14th is 05:00 there, still the 14th.
    expect(await list('?from=2026-03-15&to=2026-03-15', westAgent)).toEqual({ ids: [ids.txNoneLate], total: 1 });
    expect(await list('?from=2026-03-14&to=2026-03-14', westAgent)).toEqual({ ids: [ids.gaColdMar14], total: 1 });
  });

  it('filters combine, and the total and pages follow them', async () => {
    expect(await list('?state=TX,GA,FL&verified=true&quality=hot,cold&from=2026-03-10&to=2026-03-14')).toEqual({
      ids: [ids.gaColdMar14, ids.txHotMar10],
      total: 2,
    });
    const p1 = await list('?verified=true&pageSize=2&page=1');
    const p2 = await list('?verified=true&pageSize=2&page=2');
    expect(p1).toEqual({ ids: [ids.gaColdMar14, ids.nullStateNoCallDate], total: 3 });
    expect(p2).toEqual({ ids: [ids.txHotMar10], total: 3 });
  });
});

describe('Buy Appointments: sort', () => {
  it('oldest call first', async () => {
    expect((await list('?sort=oldest')).ids).toEqual([ids.txHotMar10, ids.nullStateNoCallDate, ids.flWarmMar12, ids.gaColdMar14, ids.txNoneLate]);
  });
  it('highest confidence first, ungraded last', async () => {
    expect((await list('?sort=confidence')).ids).toEqual([ids.gaColdMar14, ids.txHotMar10, ids.nullStateNoCallDate, ids.flWarmMar12, ids.txNoneLate]);
  });
  it('best quality first (hot, warm, cold, then ungraded), newest first within each', async () => {
    expect((await list('?sort=quality')).ids).toEqual([ids.txHotMar10, ids.flWarmMar12, ids.nullStateNoCallDate, ids.gaColdMar14, ids.txNoneLate]);
  });
  it('state A to Z, unknown state last, newest first within a state', async () => {
    expect((await list('?sort=state')).ids).toEqual([ids.flWarmMar12, ids.gaColdMar14, ids.txNoneLate, ids.txHotMar10, ids.nullStateNoCallDate]);
  });
  it('sort and filter together', async () => {
    expect((await list('?sort=oldest&state=TX')).ids).toEqual([ids.txHotMar10, ids.txNoneLate]);
  });
});

describe('Buy Appointments: bad filters are a 400 naming the field', () => {
  it.each([
    ['?state=ZZZZ', 'state', 'Please select a US state'],
    ['?state=TX,PR', 'state', 'Please select a US state'],
    ['?from=2026-13-01', 'from', 'Enter a date as YYYY-MM-DD'],
    ['?to=yesterday', 'to', 'Enter a date as YYYY-MM-DD'],
    ['?from=2026-02-30', 'from', 'Enter a date as YYYY-MM-DD'],
    ['?from=2026-03-12&to=2026-03-11', 'to', 'The end date must be on or after the start date'],
    ['?verified=maybe', 'verified', 'Verified must be true or false'],
    ['?quality=lukewarm', 'quality', 'Lead quality must be hot, warm or cold'],
    ['?sort=price', 'sort', 'Sort must be one of: newest, oldest, confidence, quality, state'],
    ['?page=0', 'page', 'Page must be at least 1'],
    ['?pageSize=1000', 'pageSize', 'Page size must be at most 100'],
  ])('%s', async (query, field, message) => {
    const res = await agent.get(`/api/vapi/available-appointments${query}`);
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ [field]: message });
    expect(res.body.error).toBe(`${field}: ${message}`);
  });
});

describe('My Appointments: search and CSV export', () => {
  let mineIds: Record<string, number> = {};
  beforeAll(async () => {
    const sold = (over: Partial<Appointment>) => insert({ status: 'sold', buyerId: meId, ...over });
    mineIds = {
      maria: await sold({
        customerName: 'Maria Lopez',
        customerPhone: '3055550142',
        customerEmail: 'maria@example.org',
        customerState: 'FL',
        purchasedAt: at('2026-03-21T10:00:00Z'),
      }),
      // A customer whose fields a spreadsheet would run as formulas.
      evil: await sold({
        customerName: '=HYPERLINK("http://evil.example","click")',
        customerPhone: '+15125550100',
        customerEmail: '@evil.example',
        customerState: 'TX',
        notes: '-2+3',
        summary: 'Said "yes", then, hung up',
        extractedAppointmentDateTime: '2026-03-25T18:00:00.000Z',
        purchasedAt: at('2026-03-22T10:00:00Z'),
      }),
      deleted: await sold({ customerName: 'Maria Deleted', buyerDeletedAt: at('2026-03-23T00:00:00Z'), purchasedAt: at('2026-03-20T10:00:00Z') }),
    };
    // Another agent's purchase of a Maria: never in this agent's search or file.
    await insert({ status: 'sold', buyerId: otherId, customerName: 'Maria Other', purchasedAt: at('2026-03-21T11:00:00Z') });
  });

  const mine = async (query: string) => {
    const res = await agent.get(`/api/vapi/my-appointments${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { ids: (res.body.items as Array<{ id: number }>).map((a) => a.id), total: res.body.total as number };
  };

  it('searches the agent’s own purchases by name, e-mail, state and phone (digits or formatted)', async () => {
    expect(await mine('')).toEqual({ ids: [mineIds.evil, mineIds.maria], total: 2 });
    expect(await mine('?q=maria')).toEqual({ ids: [mineIds.maria], total: 1 });
    expect(await mine('?q=EXAMPLE.ORG')).toEqual({ ids: [mineIds.maria], total: 1 });
    expect(await mine('?q=(305) 555-01')).toEqual({ ids: [mineIds.maria], total: 1 });
    expect(await mine('?q=3055550142')).toEqual({ ids: [mineIds.maria], total: 1 });
    expect(await mine('?q=fl')).toEqual({ ids: [mineIds.maria], total: 1 });
    // LIKE's wildcards are taken literally.
    expect(await mine('?q=%25')).toEqual({ ids: [], total: 0 });
    expect(await mine('?q=_')).toEqual({ ids: [], total: 0 });
    expect(await mine('?q=nobody')).toEqual({ ids: [], total: 0 });
  });

  it('refuses an over-long search with a 400 naming q', async () => {
    const res = await agent.get(`/api/vapi/my-appointments?q=${'a'.repeat(101)}`);
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ q: 'Search must be at most 100 characters' });
  });

  it('exports the same list as CSV for a CRM, formula cells escaped, quoted per RFC 4180', async () => {
    const res = await agent.get('/api/vapi/my-appointments/export.csv').buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="my-appointments.csv"');
    expect(res.headers['cache-control']).toBe('no-store');
    const lines = res.text.split('\r\n');
    expect(lines[0]).toBe(MY_APPOINTMENTS_CSV_HEADER.map((h) => `"${h}"`).join(','));
    expect(lines).toHaveLength(4); // header, two appointments, the final CRLF
    expect(lines[1]).toBe(
      [
        `"'=HYPERLINK(""http://evil.example"",""click"")"`,
        `"'+15125550100"`,
        `"'@evil.example"`,
        '"TX"',
        '"2026-03-25T18:00:00.000Z"',
        '"hot"',
        '82',
        '"completed"',
        '"2026-03-22T10:00:00.000Z"',
        '"2026-03-10T15:00:00.000Z"',
        '"10.00"',
        '"Said ""yes"", then, hung up"',
        `"'-2+3"`,
      ].join(','),
    );
    expect(lines[2]).toMatch(/^"Maria Lopez","3055550142","maria@example\.org","FL",/);
    expect(res.text).not.toContain('Maria Other');
    expect(res.text).not.toContain('Maria Deleted');
  });

  it('exports only what the search finds', async () => {
    const res = await agent.get('/api/vapi/my-appointments/export.csv?q=maria').buffer(true);
    const lines = res.text.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^"Maria Lopez",/);
  });
});

describe('Buy Appointments only reads', () => {
  it('lists an appointment whose reservation has lapsed, not one still held, and writes nothing', async () => {
    const now = ctx.clock.now().getTime();
    const lapsed = await insert({ customerState: 'WY', status: 'reserved', reservedUntil: toDbDate(new Date(now - 1_000)) });
    await insert({ customerState: 'WY', status: 'reserved', reservedUntil: toDbDate(new Date(now + 60_000)) });
    const writes: string[] = [];
    const watch = (q: { sql: string }) => {
      if (!/^\s*select\b/i.test(q.sql)) writes.push(q.sql);
    };
    ctx.db.on('query', watch);
    try {
      const res = await agent.get('/api/vapi/available-appointments').query({ state: 'WY' });
      expect(res.status).toBe(200);
      expect(res.body.items.map((a: { id: number }) => a.id)).toEqual([lapsed]);
      expect(res.body.total).toBe(1);
      expect(writes.filter((sql) => /`(leads|orders|appointments)`/i.test(sql))).toEqual([]);
    } finally {
      ctx.db.off('query', watch);
    }
    expect(await Appointment.query(ctx.db).findById(lapsed)).toMatchObject({ status: 'reserved' });
  });
});

describe('Buy Appointments by keyset (decision 236)', () => {
  it('newest and oldest first: every page by cursor is the page by number, both ways, and a cursor kept across a sale', async () => {
    // Twelve in one state, two to a creation instant (the id orders those).
    for (let i = 0; i < 12; i++) await insert({ customerState: 'NM', createdAt: at(`2026-04-01T10:0${Math.floor(i / 2)}:00Z`) });
    for (const sort of ['newest', 'oldest']) {
      const base = { state: 'NM', sort, pageSize: 5 };
      const pages: Array<{ items: Array<{ id: number }>; nextCursor: string | null; prevCursor: string | null }> = [];
      let after: string | null = null;
      for (let page = 1; page <= 3; page++) {
        const byCursor = await agent.get('/api/vapi/available-appointments').query({ ...base, page, ...(after ? { after } : {}) });
        const byNumber = await agent.get('/api/vapi/available-appointments').query({ ...base, page });
        expect(byCursor.status).toBe(200);
        expect(
          byCursor.body.items.map((a: { id: number }) => a.id),
          `${sort} page ${page}`,
        ).toEqual(byNumber.body.items.map((a: { id: number }) => a.id));
        pages.push(byCursor.body);
        after = byCursor.body.nextCursor;
      }
      const back = await agent.get('/api/vapi/available-appointments').query({ ...base, before: pages[2]!.prevCursor, page: 2 });
      expect(back.body.items.map((a: { id: number }) => a.id)).toEqual(pages[1]!.items.map((a) => a.id));
      // The link to page 2 names an appointment that is then sold: page 2 stays where it was.
      const cursor = Number(pages[0]!.nextCursor);
      await ctx.db('appointments').where('id', cursor).update({ status: 'sold', buyerId: otherId });
      const again = await agent.get('/api/vapi/available-appointments').query({ ...base, after: cursor, page: 2 });
      expect(again.body.items.map((a: { id: number }) => a.id)).toEqual(pages[1]!.items.map((a) => a.id));
      await ctx.db('appointments').where('id', cursor).update({ status: 'available', buyerId: null });
    }
  });
});
