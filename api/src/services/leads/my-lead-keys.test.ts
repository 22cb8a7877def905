// Decision 274: `my_lead_keys`, My Leads' order as one index kept by triggers on `leads` and
// `lead_assignments`. After every kind of write (a sale, a lead moved to another buyer, a sale undone, a
// sale date changed, a lead deleted, an assignment added, moved, re-dated and deleted, a column outside the
// key changed, a user deleted) the table holds exactly the keys the two sides give; the migration's
// backfill makes the same keys; and My Leads read through it answers what the two sides merged answer (a
// search matching every lead takes the old path), by number and by cursor, with dates shared across sides.
// SQLite, or MariaDB with TEST_DATABASE_URL.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { createTestDb, type Db } from '../../db/index.ts';
import { toIso } from '../../db/dates.ts';
import { makeUser } from '../../test/harness.ts';
import * as migration from '../../../../migrations/20261202100000_my_lead_keys.ts';
import { listMyLeads, myLeadsCsv } from './my-leads.service.ts';

let db: Db;
let destroy: () => Promise<void>;
let a: number;
let b: number;

type Key = string;
const key = (user: unknown, at: unknown, source: unknown, id: unknown): Key => `${String(user)}|${toIso(at) ?? 'none'}|${String(source)}|${String(id)}`;

/** The keys the table holds. */
async function kept(): Promise<Key[]> {
  const rows = (await db('myLeadKeys').select()) as Array<{ userId: number; listedAt: unknown; sourceKey: number; itemId: number }>;
  return rows.map((r) => key(r.userId, toIso(r.listedAt) === '1970-01-01T00:00:00.000Z' ? null : r.listedAt, r.sourceKey, r.itemId)).sort();
}

/** The keys the two sides give: every lead sold to a buyer, every assignment. */
async function rule(): Promise<Key[]> {
  const sold = (await db('leads').where({ status: 'sold' }).whereNotNull('buyerId').select('buyerId', 'soldAt', 'id')) as Array<Record<string, unknown>>;
  const assigned = (await db('leadAssignments').select('agentId', 'assignedAt', 'id')) as Array<Record<string, unknown>>;
  return [...sold.map((r) => key(r.buyerId, r.soldAt, 0, r.id)), ...assigned.map((r) => key(r.agentId, r.assignedAt, 1, r.id))].sort();
}

const at = (minute: number) => `2026-05-01 10:${String(minute).padStart(2, '0')}:00.000`;

async function lead(over: Record<string, unknown> = {}): Promise<number> {
  const [id] = await db('leads').insert({
    kind: 'aged',
    customerName: 'Keyed Lead',
    customerPhone: `5125${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`,
    customerState: 'TX',
    zipCode: '73301',
    ageDays: 40,
    status: 'available',
    ...over,
  });
  return Number(id);
}

async function assign(agentId: number, minute: number): Promise<number> {
  const [id] = await db('leadAssignments').insert({
    agentId,
    name: 'Assigned Lead',
    phone: '5125550199',
    state: 'TX',
    zipCode: '73301',
    assignedAt: at(minute),
  });
  return Number(id);
}

beforeAll(async () => {
  ({ db, destroy } = await createTestDb());
  a = (await makeUser(db)).id;
  b = (await makeUser(db)).id;
});
afterAll(async () => {
  await destroy?.();
});

describe('my_lead_keys (SQLite, or MariaDB with TEST_DATABASE_URL)', () => {
  it('holds the keys the two sides give after every kind of write, and the backfill makes the same', async () => {
    const checks: string[] = [];
    const check = async (step: string) => {
      checks.push(step);
      expect(await kept(), step).toEqual(await rule());
    };
    const sold = await lead({ status: 'sold', buyerId: a, soldAt: at(1) });
    const free = await lead();
    const undated = await lead({ status: 'sold', buyerId: a, soldAt: null });
    const reserved = await lead({ status: 'reserved', buyerId: a });
    await check('inserted: sold, available, sold without a date, reserved');
    expect((await kept()).length).toBe(2);

    await db('leads')
      .where({ id: free })
      .update({ status: 'sold', buyerId: b, soldAt: at(2) });
    await check('an available lead sold');
    await db('leads')
      .where({ id: reserved })
      .update({ status: 'sold', soldAt: at(3) });
    await check('a reserved lead paid for');
    await db('leads').where({ id: sold }).update({ buyerId: b });
    await check('a lead moved to another buyer');
    await db('leads')
      .where({ id: sold })
      .update({ soldAt: at(4) });
    await check('a sale re-dated');
    await db('leads')
      .where({ id: undated })
      .update({ soldAt: at(5) });
    await check('a sale without a date given one');
    await db('leads').where({ id: free }).update({ customerName: 'Renamed', ageDays: 41 });
    await check('columns outside the key changed');
    await db('leads').where({ id: free }).update({ status: 'available', buyerId: null, soldAt: null });
    await check('a sale undone');
    await db('leads').where({ id: reserved }).delete();
    await check('a sold lead deleted');

    const one = await assign(a, 6);
    const two = await assign(b, 6);
    await assign(a, 7);
    await check('assignments added');
    await db('leadAssignments').where({ id: one }).update({ agentId: b });
    await check('an assignment moved to another agent');
    await db('leadAssignments')
      .where({ id: two })
      .update({ assignedAt: at(8) });
    await check('an assignment re-dated');
    await db('leadAssignments').where({ id: two }).update({ name: 'Renamed' });
    await check('an assignment renamed');
    await db('leadAssignments').where({ id: one }).delete();
    await check('an assignment deleted');

    const gone = (await makeUser(db)).id;
    await lead({ status: 'sold', buyerId: gone, soldAt: at(9) });
    await assign(gone, 9);
    await check('a third user with a lead of each side');
    // MariaDB fires no trigger for a foreign key's action: the table's own cascade takes the user's keys.
    await db('users').where({ id: gone }).delete();
    await check('that user deleted');

    const before = await kept();
    expect(before.length).toBe(4);
    await migration.down(db);
    await migration.up(db);
    expect(await kept(), 'backfill').toEqual(before);
    expect(checks.length).toBe(16);
  });

  it('answers what the two sides merged answer: pages by number and by cursor, both ways, dates shared across sides', async () => {
    const agent = (await makeUser(db)).id;
    // 23 bought and 17 assigned, in groups of up to five sharing a minute, across sides.
    for (let i = 0; i < 23; i++) await lead({ status: 'sold', buyerId: agent, soldAt: at(10 + Math.floor(i / 5)), customerState: 'TX' });
    for (let i = 0; i < 17; i++) await assign(agent, 10 + Math.floor(i / 4));
    const everyLead = 'TX'; // every lead of both sides is in Texas: the search takes the two sides' path
    const ids = (p: { items: Array<{ id: string }> }) => p.items.map((l) => l.id);

    for (const pageSize of [7, 10]) {
      const pages = Math.ceil(40 / pageSize);
      const byKeys: string[] = [];
      const bySides: string[] = [];
      for (let page = 1; page <= pages; page++) {
        const k = await listMyLeads(db, agent, { page, pageSize });
        const s = await listMyLeads(db, agent, { page, pageSize }, everyLead);
        expect(ids(k), `page ${page} of ${pageSize}`).toEqual(ids(s));
        expect(k.total).toBe(40);
        byKeys.push(...ids(k));
        bySides.push(...ids(s));
      }
      expect(new Set(byKeys).size).toBe(40);
      // Next by cursor through the whole list, then Previous back: the same pages on both paths.
      let after: string | undefined;
      const walked: string[] = [];
      for (;;) {
        const k = await listMyLeads(db, agent, { after, pageSize });
        const s = await listMyLeads(db, agent, { after, pageSize }, everyLead);
        expect(ids(k)).toEqual(ids(s));
        walked.push(...ids(k));
        if (!k.nextCursor) break;
        after = k.nextCursor;
      }
      expect(walked).toEqual(byKeys);
      const before = await listMyLeads(db, agent, { before: byKeys[pageSize + 3], pageSize });
      expect(ids(before)).toEqual(byKeys.slice(3, pageSize + 3));
      expect(ids(before)).toEqual(ids(await listMyLeads(db, agent, { before: byKeys[pageSize + 3], pageSize }, everyLead)));
    }
    let csv = '';
    for await (const chunk of myLeadsCsv(db, agent, undefined, 6)) csv += chunk;
    let searched = '';
    for await (const chunk of myLeadsCsv(db, agent, everyLead, 6)) searched += chunk;
    expect(csv.split('\n').length).toBe(42);
    expect(csv).toEqual(searched);
  });
});
