// Decision 272: `lead_results_months` is `lead_results_days` summed per month, by the day table's triggers
// as sales, outcomes, refunds and deletions move its rows; the migration's backfill sums the days kept
// before it the same way. The billed transfers' day rows: the backfill sums the calls as the triggers do.
import { describe, it, expect } from 'vitest';
import { createTestDb, type Db } from '../api/src/db/index.ts';
import * as m from './20261201600100_lead_results_months.ts';
import * as transfers from './20261201600200_transfer_results_days.ts';

const SUMS = ['items', 'spendCents', 'unpriced', 'contacted', 'sales', 'premiumCents'] as const;
const monthOf = (d: unknown) => `${String(d instanceof Date ? d.toISOString() : d).slice(0, 7)}-01`;
type Row = Record<string, unknown>;

/** Rows keyed by buyer, month, product, state and band, with their sums; zero rows left out. */
function byMonth(rows: Row[], month: (r: Row) => string): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  for (const r of rows) {
    const key = [r.buyerId, month(r), r.product, r.state, r.band].join('|');
    const sums = (out[key] ??= SUMS.map(() => 0));
    SUMS.forEach((c, i) => (sums[i] = sums[i]! + Number(r[c])));
  }
  return Object.fromEntries(Object.entries(out).filter(([, s]) => s.some((n) => n !== 0)));
}
const months = async (db: Db) => byMonth(await db('leadResultsMonths'), (r) => monthOf(r.month));
const daysSummed = async (db: Db) => byMonth(await db('leadResultsDays'), (r) => monthOf(r.day));

describe('lead_results_months (SQLite, or MariaDB with TEST_DATABASE_URL)', () => {
  it('sums the day rows per month as they move, and the backfill sums them the same way', async () => {
    const { db, destroy } = await createTestDb();
    try {
      const [buyerId] = await db('users').insert({ email: 'months@example.com', username: 'months', passwordHash: 'x', firstName: 'M', lastName: 'O' });
      const ids: number[] = [];
      for (let i = 0; i < 16; i++) {
        const [id] = await db('leads').insert({
          kind: i % 2 ? 'fresh' : 'aged',
          customerName: `Month ${i}`,
          customerPhone: `51267${String(i).padStart(5, '0')}`,
          customerState: i % 3 ? 'TX' : 'FL',
          zipCode: '73301',
          ageDays: 25 * i,
          priceCents: i % 4 ? 300 + i : null,
          status: 'sold',
          buyerId,
          // Both sides of two month ends: Feb 27-28, Mar 1-2, Mar 30-31, Apr 1-2.
          soldAt:
            ['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02', '2026-03-30', '2026-03-31', '2026-04-01', '2026-04-02'][i % 8] + ` 1${i % 10}:00:00.000`,
        });
        ids.push(Number(id));
        if (i % 3 === 0) {
          await db('itemOutcomes').insert({ userId: buyerId, itemType: 'lead', itemId: id, status: 'sold', premiumCents: 900 + i, outcomeDate: '2026-04-05' });
        }
      }
      expect(Object.keys(await months(db)).length).toBeGreaterThan(4);
      expect(await months(db)).toEqual(await daysSummed(db));
      // Moves: an outcome changed and one deleted, a lead moved across a month end, a refund, a deletion.
      await db('itemOutcomes').where({ itemType: 'lead', itemId: ids[0] }).update({ status: 'contacted', premiumCents: null });
      await db('itemOutcomes').where({ itemType: 'lead', itemId: ids[3] }).delete();
      await db('leads').where({ id: ids[1] }).update({ soldAt: '2026-03-01 02:00:00.000' });
      await db('leads').where({ id: ids[5] }).update({ status: 'available', buyerId: null, soldAt: null });
      await db('leads').where({ id: ids[6] }).delete();
      const kept = await months(db);
      expect(kept).toEqual(await daysSummed(db));
      expect(Object.values(kept).reduce((n, s) => n + s[0]!, 0)).toBe(14);
      await m.down(db);
      await m.up(db);
      expect(await months(db)).toEqual(kept);
    } finally {
      await destroy();
    }
  });

  it('transfers: the backfill sums the billed calls made before it as the triggers do, months too', async () => {
    const { db, destroy } = await createTestDb();
    try {
      const [userId] = await db('users').insert({ email: 'tmonths@example.com', username: 'tmonths', passwordHash: 'x', firstName: 'T', lastName: 'M' });
      for (let i = 0; i < 9; i++) {
        const [id] = await db('transferCalls').insert({
          externalCallId: `months-${i}`,
          userId,
          callerName: 'Caller',
          callerPhone: '5125550100',
          callerPhoneKey: '5125550100',
          state: i % 2 ? 'TX' : 'FL',
          startedAt: `2026-0${3 + (i % 2)}-0${1 + (i % 3)} 1${i}:00:00.000`,
          endedAt: `2026-0${3 + (i % 2)}-0${1 + (i % 3)} 1${i}:05:00.000`,
          durationSeconds: 300,
          bufferSeconds: 120,
          billable: true,
          status: i % 4 ? 'billed' : 'no_charge',
          chargeCents: i % 4 ? 4000 + i : 0,
        });
        if (i % 3 === 0) {
          await db('itemOutcomes').insert({ userId, itemType: 'transfer', itemId: id, status: 'issued', premiumCents: 500 + i, outcomeDate: '2026-04-05' });
        }
      }
      const rows = async () =>
        byMonth(await db('leadResultsDays').where({ product: 'transfer' }), (r) => String(r.day instanceof Date ? r.day.toISOString() : r.day).slice(0, 10));
      const kept = await rows();
      expect(Object.values(kept).reduce((n, s) => n + s[0]!, 0)).toBe(6);
      expect(Object.values(kept).reduce((n, s) => n + s[5]!, 0)).toBe(503 + 506);
      expect(await months(db)).toEqual(await daysSummed(db));
      await transfers.down(db);
      expect(await rows()).toEqual({});
      expect(await months(db)).toEqual({});
      await transfers.up(db);
      expect(await rows()).toEqual(kept);
      expect(await months(db)).toEqual(await daysSummed(db));
    } finally {
      await destroy();
    }
  });
});
