// Reads from a replica (decision 238): with a replica configured the lead lists read it, a browser
// that has just bought reads the primary until the replica has its purchase (here a replica that never
// catches up: a copy taken before the purchase, the worst lag there is), the purchase itself is decided
// on the primary, and a replica that cannot be reached degrades the lists to the primary without an error.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { createTestApp, loginAs, makeUser, type TestContext } from '../test/harness.ts';
import { createDb, createTestDb, type Db } from './index.ts';
import { READ_AFTER_COOKIE } from './read-routing.ts';

let replica: Awaited<ReturnType<typeof createTestDb>>;
let ctx: TestContext;
const ids: number[] = [];

/** The same leads, with the same ids, in the primary and in the replica's copy. */
async function seedBoth(rows: Array<Record<string, unknown>>) {
  for (const r of rows) {
    const [id] = await ctx.db('leads').insert(r);
    await replica.db('leads').insert({ ...r, id: Number(id) });
    ids.push(Number(id));
  }
}

const lead = (name: string) => ({ kind: 'aged', customerName: name, customerState: 'WY', zipCode: '82001', ageDays: 40, status: 'available' });

beforeAll(async () => {
  replica = await createTestDb();
  ctx = await createTestApp({ readDb: replica.db });
  await seedBoth([lead('Ann Lagging'), lead('Bob Lagging')]);
  // Only the replica holds this one: a list that shows it was read from the replica.
  await replica.db('leads').insert(lead('Only Replica'));
});
afterAll(async () => {
  await ctx.close();
  await replica.destroy();
});

const names = (body: { items: Array<{ customerName: string }> }) => body.items.map((l) => l.customerName).sort();

describe('READ_DATABASE_URL: lists from the replica', () => {
  it("reads the lead list from the replica, and after the agent's own purchase from the primary, whatever the lag", async () => {
    const a = await makeUser(ctx.db);
    const b = await makeUser(ctx.db);
    const buyer = await loginAs(ctx.app, a.email, a.password);
    const other = await loginAs(ctx.app, b.email, b.password);
    const before = await buyer.get('/api/aged-leads').query({ state: 'WY' });
    expect(before.body.items.map((l: { id: number }) => l.id)).toEqual(expect.arrayContaining(ids));
    expect(before.body.items).toHaveLength(3);

    // The purchase is decided on the primary (the replica's copy is never written).
    const start = await buyer.post('/api/bulk-purchase-leads').send({ leadIds: [ids[0]] });
    expect(start.status, JSON.stringify(start.body)).toBeLessThan(300);
    expect(String(start.headers['set-cookie'])).toContain(`${READ_AFTER_COOKIE}=`);
    expect((await replica.db('leads').where('id', ids[0]!).first()).status).toBe('available');

    // The buyer's next list: not the held lead, though the replica still lists it (read from the primary).
    const after = await buyer.get('/api/aged-leads').query({ state: 'WY' });
    expect(after.status).toBe(200);
    expect(after.body.items.map((l: { id: number }) => l.id)).not.toContain(ids[0]);
    expect(names(after.body)).toEqual(['Bob LaXXX']);
    // Another agent, who bought nothing, still reads the lagging replica.
    expect(names((await other.get('/api/aged-leads').query({ state: 'WY' })).body)).toEqual(names(before.body));

    // A second buyer of the same lead (from the stale list) is refused by the primary: sold once.
    const twice = await other.post('/api/bulk-purchase-leads').send({ leadIds: [ids[0]] });
    expect(twice.status).toBe(409);
  });
});

describe('a replica that is down', () => {
  let down: TestContext;
  let unreachable: Db;
  beforeAll(async () => {
    // Nothing listens on port 1: every connection is refused at once.
    unreachable = createDb('mysql://root@127.0.0.1:1/none');
    down = await createTestApp({ readDb: unreachable });
    await down.db('leads').insert(lead('Primary Only'));
  });
  afterAll(async () => {
    await down.close();
    await unreachable.destroy();
  });

  it('answers the lists from the primary, without an error, and again on the next read', async () => {
    const u = await makeUser(down.db, { isAdmin: true });
    const s = await loginAs(down.app, u.email, u.password);
    for (let i = 0; i < 2; i++) {
      const res = await s.get('/api/aged-leads').query({ state: 'WY' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(names(res.body)).toEqual(['Primary OnXX']);
    }
    expect((await s.get('/api/admin/leads').query({ status: 'all' })).status).toBe(200);
    const csv = await s.get('/api/my-leads/export.csv');
    expect(csv.status).toBe(200);
  });
});
