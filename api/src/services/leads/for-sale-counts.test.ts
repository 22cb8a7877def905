// The count table behind the for-sale totals (decision 115): whatever writes `leads` (the model, plain
// Knex, a bulk statement; inserts, every kind of update, deletes, a rolled-back transaction), the table
// holds exactly the `available` leads per kind, state, age, times sold and consent record, and a total
// read from it equals a count of the leads themselves.
import { describe, it, expect } from 'vitest';
import { toDbDate } from '../../db/dates.ts';
import { testDbOfFile } from '../../test/harness.ts';
import { Lead, LeadsForSaleCount } from '../../models/index.ts';
import { leadsQuerySchema } from '@tm/shared/schemas/leads';
import { countForSale } from './leads.service.ts';

const file = testDbOfFile();

const now = new Date('2026-11-25T12:00:00Z');
const consentOf = (l: { certificateKind: string | null; consentAt: unknown }) =>
  l.certificateKind === 'trustedform' || l.certificateKind === 'jornaya' ? 'certificate' : l.consentAt ? 'recorded' : 'none';

/** What the count table must hold: the available leads grouped, read from the leads themselves. */
async function expectedCounts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const l of await Lead.query(file.db).where('status', 'available')) {
    const key = [l.kind, l.customerState, Number(l.ageDays), Number(l.timesSoldBefore), consentOf(l)].join('|');
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}

async function tableCounts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const r of (await LeadsForSaleCount.query(file.db).where('n', '>', 0)) as unknown as Array<Record<string, unknown>>) {
    out[[r.kind, r.customerState, Number(r.ageDays), Number(r.timesSoldBefore), r.consent].join('|')] = Number(r.n);
  }
  return out;
}

describe('leads_for_sale_counts', () => {
  it('follows every write to leads exactly, and totals read from it equal the leads counted', async () => {
    const stamp = toDbDate(now);
    const rows = Array.from({ length: 240 }, (_, i) => ({
      kind: i % 5 === 0 ? 'fresh' : 'aged',
      customerName: `Count Lead ${i}`,
      customerState: ['TX', 'FL', 'GA'][i % 3]!,
      zipCode: '73301',
      ageDays: 30 + (i % 40),
      status: i % 9 === 0 ? 'sold' : 'available',
      timesSoldBefore: i % 4 === 0 ? 1 : 0,
      certificateKind: i % 6 === 0 ? 'trustedform' : i % 13 === 0 ? 'other' : null,
      consentAt: i % 7 === 0 ? stamp : null,
    }));
    await file.db.insert(rows).into(Lead.tableName);
    await Lead.query(file.db).insert({ kind: 'aged', customerName: 'One', customerState: 'TX', zipCode: '73301', ageDays: 45, status: 'available' });
    expect(await tableCounts()).toEqual(await expectedCounts());

    const ids = (await Lead.query(file.db).orderBy('id').select('id')).map((r) => Number(r.id));
    const some = (k: number) => ids.filter((_, i) => i % k === 0);
    // Reserve and sell (the order paths), give back, block (DNC), re-state, re-age, resell, consent changes.
    await Lead.query(file.db).whereIn('id', some(3)).where('status', 'available').patch({ status: 'reserved', reservedUntil: stamp });
    await Lead.query(file.db).whereIn('id', some(6)).patch({ status: 'sold', soldAt: stamp });
    await Lead.query(file.db).whereIn('id', some(4)).where('status', 'reserved').patch({ status: 'available', reservedUntil: null });
    await file.db(Lead.tableName).whereIn('id', some(11)).update({ status: 'blocked' });
    await Lead.query(file.db).whereIn('id', some(5)).patch({ customerState: 'OH' });
    await Lead.query(file.db).whereIn('id', some(7)).increment('ageDays', 3);
    await Lead.query(file.db).whereIn('id', some(8)).increment('timesSoldBefore', 1);
    await Lead.query(file.db).whereIn('id', some(10)).patch({ certificateKind: 'jornaya' });
    await Lead.query(file.db).whereIn('id', some(12)).patch({ consentAt: stamp, certificateKind: null });
    await Lead.query(file.db).whereIn('id', some(2)).patch({ customerName: 'Renamed' });
    // A write that rolls back leaves the table as it was.
    await expect(
      file.db.transaction(async (trx) => {
        await trx(Lead.tableName).whereIn('id', some(2)).update({ status: 'sold' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await file.db(Lead.tableName).whereIn('id', some(9)).delete();
    expect(await tableCounts()).toEqual(await expectedCounts());

    const all = await Lead.query(file.db);
    for (const filter of [
      {},
      { state: 'TX,OH' },
      { state: 'FL', age: '35-50' },
      { age: '30,33,40-45', maxSold: '0' },
      { state: 'GA,TX', consent: 'any' },
      { consent: 'certificate', maxSold: '1' },
      { zip: '73301', state: 'TX' },
    ]) {
      const q = leadsQuerySchema.parse(filter);
      for (const kind of ['aged', 'fresh'] as const) {
        const want = all.filter(
          (l) =>
            l.kind === kind &&
            l.status === 'available' &&
            (!q.states.length || q.states.includes(l.customerState)) &&
            (!q.ages.length || q.ages.some((c) => l.ageDays >= c.min && l.ageDays <= c.max)) &&
            (q.maxSold === undefined || l.timesSoldBefore <= q.maxSold) &&
            (q.consent !== 'certificate' || consentOf(l) === 'certificate') &&
            (q.consent !== 'any' || consentOf(l) !== 'none'),
        ).length;
        expect(await countForSale(file.db, kind, q, now), JSON.stringify([kind, filter])).toEqual({ total: want, capped: false });
      }
    }
  });
});
