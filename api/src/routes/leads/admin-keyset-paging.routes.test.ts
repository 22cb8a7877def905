// Decision 236: the admin's lead pool, shop leads and voice-AI appointments page by keyset on their
// order (?after= / ?before=, nextCursor / prevCursor), with no page cap: every page by cursor is the
// page by number, links keep their place when rows are added in front or sold in between, and the
// total stays bounded ("10,000+").
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { createTestApp, loginAs, makeUser, type TestContext } from '../../test/harness.ts';
import { toDbDate } from '../../db/dates.ts';
import { LeadPoolEntry } from '../../models/index.ts';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof loginAs>>;

beforeAll(async () => {
  ctx = await createTestApp();
  ctx.clock.set(new Date('2026-11-20T15:00:00.000Z'));
  const a = await makeUser(ctx.db, { isAdmin: true });
  admin = await loginAs(ctx.app, a.email, a.password);
});
afterAll(() => ctx.close());

type P = { items: Array<{ id: number }>; page: number; total: number; nextCursor: string | null; prevCursor: string | null };
async function get(path: string, query: Record<string, string | number>): Promise<P> {
  const res = await admin.get(path).query(query);
  expect(res.status, `${path} ${JSON.stringify(query)} ${JSON.stringify(res.body)}`).toBe(200);
  return res.body as P;
}
const idsOf = (p: P) => p.items.map((i) => i.id);

/** Walks every page by cursor and checks each against the same page by number; answers the pages. */
async function walk(path: string, base: Record<string, string | number>, pages: number): Promise<P[]> {
  const out: P[] = [];
  let after: string | null = null;
  for (let page = 1; page <= pages; page++) {
    const byCursor = await get(path, { ...base, page, ...(after ? { after } : {}) });
    expect(byCursor.page).toBe(page);
    expect(idsOf(byCursor), `${path} page ${page}`).toEqual(idsOf(await get(path, { ...base, page })));
    expect(byCursor.prevCursor).toBe(page === 1 ? null : String(byCursor.items[0]!.id));
    out.push(byCursor);
    after = byCursor.nextCursor;
  }
  return out;
}

describe('the shop leads (GET /api/admin/leads)', () => {
  it('reads by cursor both ways, keeps its pages when leads arrive and the cursor lead is sold, and has no page cap', async () => {
    const rows = Array.from({ length: 25 }, (_, i) => ({
      kind: 'aged',
      customerName: `Shop ${i}`,
      customerState: 'TX',
      zipCode: '73301',
      ageDays: 40,
      status: 'available',
    }));
    for (const r of rows) await ctx.db('leads').insert(r);
    const q = { status: 'all', pageSize: 10 };
    const [p1, p2, p3] = await walk('/api/admin/leads', q, 3);
    expect(p3!.items).toHaveLength(5);
    expect(p1!.total).toBe(25);
    expect(idsOf(await get('/api/admin/leads', { ...q, before: p3!.prevCursor!, page: 2 }))).toEqual(idsOf(p2!));
    const start = await get('/api/admin/leads', { ...q, before: p2!.prevCursor!, page: 1 });
    expect([idsOf(start), start.prevCursor, start.page]).toEqual([idsOf(p1!), null, 1]);
    // New leads come in front (newest first), and page 1's last lead (the link to page 2) is sold.
    for (const r of rows.slice(0, 3)) await ctx.db('leads').insert({ ...r, customerName: 'Newer' });
    const buyer = await makeUser(ctx.db);
    await ctx
      .db('leads')
      .where('id', Number(p1!.nextCursor))
      .update({ status: 'sold', buyerId: buyer.id, soldAt: toDbDate(new Date()) });
    expect(idsOf(await get('/api/admin/leads', { ...q, after: p1!.nextCursor!, page: 2 }))).toEqual(idsOf(p2!));
    expect(idsOf(await get('/api/admin/leads', { ...q, page: 2 }))).not.toEqual(idsOf(p2!));
    // No cap with a cursor; page numbers alone stay bounded.
    expect((await get('/api/admin/leads', { ...q, after: p1!.nextCursor!, page: 9_999 })).page).toBe(9_999);
    const deep = await admin.get('/api/admin/leads').query({ page: 501 });
    expect([deep.status, deep.body.fields]).toEqual([400, { page: 'page must be at most 500' }]);
    const both = await admin.get('/api/admin/leads').query({ after: 1, before: 2 });
    expect([both.status, both.body.fields]).toEqual([400, { before: 'Use after or before, not both' }]);
  });
});

describe('the lead pool (GET /api/admin/lead-pool)', () => {
  it('reads oldest first by cursor, the same pages as by number, and a search narrows every page', async () => {
    for (let i = 0; i < 23; i++)
      await LeadPoolEntry.query(ctx.db).insert({
        name: `Pool ${i % 2 ? 'Odd' : 'Even'} ${i}`,
        phone: `55506${String(i).padStart(5, '0')}`,
        createdAt: '2026-11-20 10:00:00.000',
      });
    const pages = await walk('/api/admin/lead-pool', { pageSize: 5 }, 5);
    expect(pages.flatMap(idsOf)).toEqual([...pages.flatMap(idsOf)].sort((a, b) => a - b));
    expect(pages[4]!.items).toHaveLength(3);
    const odd = await walk('/api/admin/lead-pool', { pageSize: 4, q: 'Odd' }, 3);
    expect(odd.flatMap((p) => p.items.map((i) => (i as unknown as { name: string }).name)).every((n) => n.includes('Odd'))).toBe(true);
    expect(odd.flatMap(idsOf)).toHaveLength(11);
  });
});

describe('the voice-AI appointments (GET /api/admin/appointments/brightcall)', () => {
  it('reads newest first by (created, id) cursor, the same pages as by number, both ways', async () => {
    for (let i = 0; i < 12; i++) {
      // Two at each instant: the id orders those of one creation time.
      ctx.clock.set(new Date(Date.UTC(2026, 10, 20, 15, 0, Math.floor(i / 2))));
      const res = await admin
        .post('/api/admin/appointments/brightcall')
        .send({ firstName: `Keyset${i}`, lastName: 'Caller', phone: `21455501${String(i).padStart(2, '0')}`, state: 'TX' });
      expect(res.status).toBe(201);
    }
    const [a1, a2, a3] = await walk('/api/admin/appointments/brightcall', { pageSize: 5 }, 3);
    expect(a3!.items).toHaveLength(2);
    expect(idsOf(await get('/api/admin/appointments/brightcall', { pageSize: 5, before: a3!.prevCursor!, page: 2 }))).toEqual(idsOf(a2!));
    expect(idsOf(await get('/api/admin/appointments/brightcall', { pageSize: 5, before: a2!.prevCursor!, page: 1 }))).toEqual(idsOf(a1!));
    const none = await admin.get('/api/admin/appointments/brightcall').query({ after: 999_999_999 });
    expect([none.status, none.body.fields]).toEqual([400, { after: 'No such row' }]);
  });
});
