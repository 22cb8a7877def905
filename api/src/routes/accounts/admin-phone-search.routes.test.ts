// Issue 36 point 5: search by phone in any form. "(615) 555-0142", "615-555-0142", "6155550142" and
// "+1 615 555 0142" find the same rows in the admin's users, orders, appointments and lead pool, by
// equality on an indexed digits column (the SQL the search runs is checked: no LIKE over the phone).
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { createTestApp, loginAs, makeUser, type TestContext } from '../../test/harness.ts';
import { insertPaidOrder } from '../../test/transfers-testing.ts';
import { LeadPoolEntry } from '../../models/index.ts';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof loginAs>>;
const FORMS = ['(615) 555-0142', '615-555-0142', '6155550142', '+1 615 555 0142'];
let userId: number;
let orderId: number;
let callbackId: number;
let poolId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  const a = await makeUser(ctx.db, { isAdmin: true });
  admin = await loginAs(ctx.app, a.email, a.password);
  // Stored three different ways.
  userId = (await makeUser(ctx.db, { phone: '(615) 555-0142', firstName: 'Phoebe' })).id;
  await makeUser(ctx.db, { phone: '615-555-0143' });
  orderId = await insertPaidOrder(ctx.db, userId, { kind: 'transfer_package', tier: 'standard', count: 5 });
  const created = await admin.post('/api/admin/appointments/brightcall').send({ firstName: 'Ana', lastName: 'Caller', phone: '+1 615.555.0142', state: 'TX' });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  callbackId = created.body.appointment.id;
  await admin.post('/api/admin/appointments/brightcall').send({ firstName: 'Other', lastName: 'Caller', phone: '6155550199', state: 'TX' }).expect(201);
  poolId = (await LeadPoolEntry.query(ctx.db).insert({ name: 'Pool Person', phone: '6155550142', state: 'TX' })).id;
  await LeadPoolEntry.query(ctx.db).insert({ name: 'Pool Other', phone: '6155550144', state: 'TX' });
});
afterAll(() => ctx.close());

/** The SQL statements a request runs (knex's query event). */
async function sqlOf(run: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const listen = (q: { sql: string }) => seen.push(q.sql);
  ctx.db.on('query', listen);
  try {
    await run();
  } finally {
    ctx.db.off('query', listen);
  }
  return seen;
}

describe('search by phone in any form', () => {
  it.each(FORMS)('%s finds the user, their order, the appointment and the pool lead, and nothing else', async (typed) => {
    const q = encodeURIComponent(typed);
    const users = await admin.get(`/api/admin/users/search?q=${q}`);
    expect(users.status).toBe(200);
    expect(users.body.items.map((u: { id: number }) => u.id)).toEqual([userId]);

    const orders = await admin.get(`/api/admin/orders?q=${q}`);
    expect(orders.status, JSON.stringify(orders.body)).toBe(200);
    expect(orders.body.items.map((o: { id: number }) => o.id)).toEqual([orderId]);

    const appts = await admin.get(`/api/admin/appointments/brightcall/search?q=${q}`);
    expect(appts.body.items.map((c: { id: number }) => c.id)).toEqual([callbackId]);

    const pool = await admin.get(`/api/admin/lead-pool?q=${q}`);
    expect(pool.body.items.map((l: { id: number }) => l.id)).toEqual([poolId]);
  });

  it('matches on the digits column by equality, not LIKE over the formatted phone', async () => {
    for (const path of ['/api/admin/users/search', '/api/admin/orders', '/api/admin/appointments/brightcall/search', '/api/admin/lead-pool']) {
      const sql = (await sqlOf(() => admin.get(`${path}?q=${encodeURIComponent('(615) 555-0142')}`).expect(200))).join('\n').toLowerCase();
      expect(sql, path).toMatch(/[`"]phone(_digits)?[`"] = \?/);
      expect(sql, path).not.toContain('like');
    }
  });

  it('the digits follow a phone edited by the admin', async () => {
    const u = await makeUser(ctx.db, { phone: '2125550100' });
    const r = await admin.patch(`/api/admin/users/${u.id}`).send({ phone: '(917) 555-0101' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await admin.get('/api/admin/users/search?q=9175550101')).body.items.map((x: { id: number }) => x.id)).toEqual([u.id]);
    expect((await admin.get('/api/admin/users/search?q=2125550100')).body.items).toEqual([]);
  });

  it('a name or an e-mail still searches as before', async () => {
    const byName = await admin.get('/api/admin/users/search?q=phoebe');
    expect(byName.body.items.map((u: { id: number }) => u.id)).toContain(userId);
  });
});
