// The list's read plan: totals exact up to COUNT_LIMIT and capped beyond it, and every page the same
// as the plain definition (youngest first, the newest listing first among leads of one age, the filter
// applied), whichever way its ids are read.
import { describe, it, expect } from 'vitest';
import { toDbDate } from '../../db/dates.ts';
import { testDbOfFile } from '../../test/harness.ts';
import { Lead } from '../../models/index.ts';
import { leadsQuerySchema } from '@tm/shared/schemas/leads';
import { COUNT_LIMIT } from '@tm/shared/schemas/paging';
import { listLeadsForSale } from './leads.service.ts';

const file = testDbOfFile();

const now = new Date('2026-11-24T12:00:00Z');

/** Many rows at once (the model inserts one at a time on SQLite and MariaDB). */
async function insert(n: number, row: (i: number) => Partial<Lead>): Promise<void> {
  const rows = Array.from({ length: n }, (_, i) => ({ kind: 'aged', customerName: `Lead ${i}`, zipCode: '73301', status: 'available', ...row(i) }));
  for (let i = 0; i < rows.length; i += 500) await file.db.insert(rows.slice(i, i + 500)).into(Lead.tableName);
}

describe('listLeadsForSale', () => {
  it('counts exactly up to 10,000 and says "more" beyond, without counting further', async () => {
    await insert(COUNT_LIMIT, () => ({ customerState: 'ND', ageDays: 50 }));
    const q = leadsQuerySchema.parse({ state: 'ND' });
    const exact = await listLeadsForSale(file.db, 'aged', q, now);
    expect(exact).toMatchObject({ total: COUNT_LIMIT, totalCapped: false, pageCount: 200 });
    await insert(2, () => ({ customerState: 'ND', ageDays: 51 }));
    const capped = await listLeadsForSale(file.db, 'aged', q, now);
    expect(capped).toMatchObject({ total: COUNT_LIMIT, totalCapped: true, pageCount: 200 });
    expect(capped.items).toHaveLength(50);
    // Small sets stay exact.
    expect((await listLeadsForSale(file.db, 'aged', leadsQuerySchema.parse({ state: 'ND', age: '51' }), now)).total).toBe(2);
    await file.db(Lead.tableName).where({ customerState: 'ND' }).delete();
  });

  it('answers every page as the plain definition: youngest first, filtered, lapsed reservations included', async () => {
    const past = toDbDate(new Date(now.getTime() - 1000));
    const future = toDbDate(new Date(now.getTime() + 60_000));
    await insert(300, (i) => ({
      customerState: ['TX', 'FL', 'GA', 'OH'][i % 4]!,
      zipCode: i % 7 === 0 ? '73301' : '30301',
      ageDays: 30 + ((i * 13) % 100),
      status: i % 11 === 0 ? 'reserved' : i % 17 === 0 ? 'sold' : 'available',
      reservedUntil: i % 11 === 0 ? (i % 2 ? past : future) : null,
      timesSoldBefore: i % 3,
      certificateKind: i % 5 === 0 ? 'trustedform' : null,
      consentAt: i % 4 === 1 ? past : null,
    }));
    const all = await Lead.query(file.db).where('kind', 'aged');
    const forSale = (l: Lead) => l.status === 'available' || (l.status === 'reserved' && l.reservedUntil !== null && l.reservedUntil < toDbDate(now));
    const filters: Array<Record<string, string>> = [
      {},
      { state: 'GA,FL,TX' },
      { state: 'GA', age: '45-70' },
      { state: 'TX,GA', age: '40,41,50-60', maxSold: '1' },
      { zip: '73301', consent: 'any' },
      { age: '30-60', consent: 'certificate' },
      { state: 'TX,FL,GA,OH,NV,NY,CA,AZ,WA', maxSold: '0' },
    ];
    for (const filter of filters) {
      const q0 = leadsQuerySchema.parse(filter);
      const expected = all
        .filter(forSale)
        .filter((l) => !q0.states.length || q0.states.includes(l.customerState))
        .filter((l) => !q0.zips.length || q0.zips.includes(l.zipCode))
        .filter((l) => !q0.ages.length || q0.ages.some((c) => l.ageDays >= c.min && l.ageDays <= c.max))
        .filter((l) => q0.maxSold === undefined || l.timesSoldBefore <= q0.maxSold)
        .filter((l) => q0.consent !== 'certificate' || l.certificateKind !== null)
        .filter((l) => q0.consent !== 'any' || l.certificateKind !== null || l.consentAt !== null)
        .sort((a, b) => a.ageDays - b.ageDays || b.id - a.id)
        .map((l) => l.id);
      expect(expected.length, JSON.stringify(filter)).toBeGreaterThan(5);
      let after: string | null | undefined;
      for (let page = 1; page <= Math.ceil(expected.length / 7) + 1; page++) {
        const pq = leadsQuerySchema.parse({ ...filter, pageSize: '7', page: String(page) });
        const got = await listLeadsForSale(file.db, 'aged', pq, now);
        const want = expected.slice((page - 1) * 7, page * 7);
        expect(
          got.items.map((l) => l.id),
          JSON.stringify([filter, page]),
        ).toEqual(want);
        expect(got.total).toBe(expected.length);
        if (after !== null) {
          const byCursor = await listLeadsForSale(file.db, 'aged', leadsQuerySchema.parse({ ...filter, pageSize: '7', ...(after ? { after } : {}) }), now);
          expect(byCursor.items.map((l) => l.id)).toEqual(want);
          after = byCursor.nextCursor;
        }
      }
    }
  });
});
