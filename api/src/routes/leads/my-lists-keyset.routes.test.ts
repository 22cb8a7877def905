// Decision 254: My Leads and My Appointments page by keyset on their order (?after= / ?before=,
// nextCursor / prevCursor), as the for-sale and admin lists do (decision 236): every page by cursor is
// the page by number, a link keeps its place when the agent buys or is assigned more in between (and
// when the cursor's row leaves the list), and there is no page cap.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { createTestApp, loginAs, makeUser, type TestContext } from '../../test/harness.ts';
import { toDbDate } from '../../db/dates.ts';
import { Appointment } from '../../models/index.ts';
import { extractedAppointmentRow } from '../../test/proof-fixtures.ts';
import { listMyLeads, myLeadsCsv } from '../../services/leads/my-leads.service.ts';
import { createDb } from '../../db/index.ts';

let ctx: TestContext;
let agent: Awaited<ReturnType<typeof loginAs>>;
let meId: number;
let otherId: number;

const day = (n: number) => toDbDate(new Date(Date.UTC(2026, 0, 1) + n * 86_400_000));

beforeAll(async () => {
  ctx = await createTestApp();
  const me = await makeUser(ctx.db);
  const other = await makeUser(ctx.db);
  [meId, otherId] = [me.id, other.id];
  agent = await loginAs(ctx.app, me.email, me.password);
});
afterAll(() => ctx.close());

type P = { items: Array<{ id: string | number }>; page: number; total: number; nextCursor: string | null; prevCursor: string | null };
async function get(path: string, query: Record<string, string | number>): Promise<P> {
  const res = await agent.get(path).query(query);
  expect(res.status, `${path} ${JSON.stringify(query)} ${JSON.stringify(res.body)}`).toBe(200);
  return res.body as P;
}
const idsOf = (p: P) => p.items.map((i) => String(i.id));

/** Walks every page by cursor, checks each against the same page by number and back by `before`; answers the pages. */
async function walk(path: string, pages: number, pageSize: number): Promise<P[]> {
  const out: P[] = [];
  let after: string | null = null;
  for (let page = 1; page <= pages; page++) {
    const byCursor = await get(path, { pageSize, page, ...(after ? { after } : {}) });
    expect(byCursor.page).toBe(page);
    expect(idsOf(byCursor), `${path} page ${page}`).toEqual(idsOf(await get(path, { pageSize, page })));
    expect(byCursor.prevCursor).toBe(page === 1 ? null : String(byCursor.items[0]!.id));
    if (page > 1) expect(idsOf(await get(path, { pageSize, page: page - 1, before: byCursor.prevCursor! }))).toEqual(idsOf(out.at(-1)!));
    out.push(byCursor);
    after = byCursor.nextCursor;
  }
  expect(after).toBeNull();
  return out;
}

describe('My Leads (GET /api/my-leads) by keyset', () => {
  const buy = async (n: number, at: string, name = `Bought ${n}`) =>
    (
      await ctx.db('leads').insert({
        kind: 'aged',
        customerName: name,
        customerPhone: `51255${String(n).padStart(5, '0')}`,
        customerState: 'TX',
        zipCode: '73301',
        ageDays: 40,
        status: 'sold',
        buyerId: meId,
        soldAt: at,
      })
    )[0];
  const assign = async (agentId: number, at: string, name: string) => ctx.db('leadAssignments').insert({ agentId, name, phone: '5125550000', assignedAt: at });

  it('walks both sides merged, on ties of date too, both ways; keeps its pages when leads are bought in front; no page cap', async () => {
    // 14 bought and 9 assigned, three of each on the same day (the order then puts assigned first).
    for (let i = 0; i < 14; i++) await buy(i, day(i < 3 ? 5 : 10 + i));
    for (let i = 0; i < 9; i++) await assign(meId, day(i < 3 ? 5 : 30 + i), `Assigned ${i}`);
    await assign(otherId, day(6), 'Not mine');
    const pages = await walk('/api/my-leads', 5, 5);
    expect(pages[0]!.total).toBe(23);
    expect(pages[4]!.items).toHaveLength(3);
    const all = pages.flatMap(idsOf);
    expect(new Set(all).size).toBe(23);
    expect(all.slice(-6)).toEqual([...all.slice(-6).filter((id) => id.startsWith('assigned')), ...all.slice(-6).filter((id) => id.startsWith('purchased'))]);

    // Bought in front (newest) and assigned in between: the page after a cursor does not move.
    const p2 = pages[1]!;
    await buy(100, day(200));
    await assign(meId, day(201), 'New assigned');
    expect(idsOf(await get('/api/my-leads', { pageSize: 5, page: 3, after: p2.nextCursor! }))).toEqual(idsOf(pages[2]!));
    // The cursor's lead leaves the list (refunded back to stock): its place holds, read by id.
    const cursorLead = Number(p2.nextCursor!.split('-')[1]);
    if (p2.nextCursor!.startsWith('purchased')) await ctx.db('leads').where({ id: cursorLead }).update({ status: 'available', buyerId: null });
    else await ctx.db('leadAssignments').where({ id: cursorLead }).update({ agentId: otherId });
    expect(idsOf(await get('/api/my-leads', { pageSize: 5, page: 3, after: p2.nextCursor! }))).toEqual(idsOf(pages[2]!));
    // No page cap with a cursor: the number only names the page.
    expect((await get('/api/my-leads', { pageSize: 5, page: 9_999, after: p2.nextCursor! })).page).toBe(9_999);
    // Before the second page's first lead, with leads added in front: a full page, not page 1 by number.
    const back = await get('/api/my-leads', { pageSize: 5, page: 1, before: pages[1]!.prevCursor! });
    expect(idsOf(back)).toEqual(idsOf(pages[0]!));
    expect(back.prevCursor).toBe(idsOf(pages[0]!)[0]);
  });

  it('the CSV export reads by keyset batches: every lead once, in the list order, at any batch size', async () => {
    const listed = (await get('/api/my-leads', { pageSize: 100 })).items.map((i) => (i as unknown as { name: string }).name);
    for (const batch of [1, 4, 7, 100]) {
      let csv = '';
      for await (const chunk of myLeadsCsv(ctx.db, meId, undefined, batch)) csv += chunk;
      const names = csv
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => line.split(',')[0]!.replace(/^"|"$/g, ''));
      expect(names, `batch ${batch}`).toEqual(listed);
    }
  });

  it('a page that fails leaves no query of it unheard: its count is awaited with it (decision 267)', async () => {
    // A database with no tables: the count and the page both fail. The count was once started and awaited
    // only after the page; when the page failed first (a pool timeout under load), the count's rejection
    // went unheard and Node ended the server.
    const empty = createDb('sqlite::memory:');
    const unheard: unknown[] = [];
    const listen = (err: unknown) => unheard.push(err);
    process.on('unhandledRejection', listen);
    try {
      await expect(listMyLeads(empty, meId)).rejects.toThrow(/no such table/);
      await expect(listMyLeads(empty, meId, { after: 'purchased-1' })).rejects.toThrow(/no such table/);
      await new Promise((r) => setTimeout(r, 100));
    } finally {
      process.off('unhandledRejection', listen);
      await empty.destroy();
    }
    expect(unheard).toEqual([]);
  });

  it('refuses a cursor that is no lead of the list, or both cursors, with a 400 naming the field', async () => {
    for (const after of ['12', 'sold-3', 'purchased-0', 'purchased-x']) {
      const res = await agent.get('/api/my-leads').query({ after });
      expect(res.status, after).toBe(400);
      expect(res.body.fields.after).toBe('After must be a lead of My Leads, such as purchased-12');
    }
    const none = await agent.get('/api/my-leads').query({ after: 'purchased-999999999' });
    expect(none.status).toBe(400);
    expect(none.body.fields).toEqual({ after: 'No such lead' });
    const both = await agent.get('/api/my-leads').query({ after: 'purchased-1', before: 'assigned-1' });
    expect(both.status).toBe(400);
    expect(both.body.fields.before).toBe('Use after or before, not both');
  });
});

describe('My Appointments (GET /api/vapi/my-appointments) by keyset', () => {
  const bought = (n: number, userId = meId, at = day(n)) =>
    Appointment.query(ctx.db).insert({
      ...extractedAppointmentRow(),
      followUpRequired: false,
      status: 'sold',
      buyerId: userId,
      purchasedAt: at,
      createdAt: at,
      customerName: `Appt ${n}`,
    });

  it('walks both ways on (purchased at, id), keeps its pages when appointments are bought or deleted in between; no page cap', async () => {
    // Two bought in the same instant: the id breaks the tie.
    for (let i = 0; i < 11; i++) await bought(i, meId, i < 2 ? day(50) : day(i));
    await bought(99, otherId);
    const pages = await walk('/api/vapi/my-appointments', 3, 4);
    expect(pages[0]!.total).toBe(11);
    expect(pages[2]!.items).toHaveLength(3);
    await bought(200, meId, day(300));
    const cursor = pages[0]!.nextCursor!;
    // The cursor's appointment is deleted by the buyer (it leaves the list): its place holds.
    await Appointment.query(ctx.db)
      .where({ id: Number(cursor) })
      .patch({ buyerDeletedAt: day(301) });
    expect(idsOf(await get('/api/vapi/my-appointments', { pageSize: 4, page: 2, after: cursor }))).toEqual(idsOf(pages[1]!));
    expect((await get('/api/vapi/my-appointments', { pageSize: 4, page: 5_000, after: cursor })).page).toBe(5_000);
    const bad = await agent.get('/api/vapi/my-appointments').query({ after: 'abc' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('after');
  });
});
