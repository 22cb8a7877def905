// The list's read plan: exact totals for small match sets, briefly kept totals for huge ones, and
// the same page whichever way the page's ids are read.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { createTestDb, type Db } from '../../db/index.ts';
import { leadsQuerySchema } from '@tm/shared/schemas/leads';
import { listLeadsForSale } from './leads.service.ts';

let db: Db;
let destroy: () => Promise<void>;
beforeAll(async () => {
  ({ db, destroy } = await createTestDb());
});
afterAll(async () => {
  await destroy();
});

const insert = (n: number, state: string) =>
  db('leads').insert(
    Array.from({ length: n }, (_, i) => ({
      kind: 'aged',
      customerName: `Lead ${i}`,
      customerState: state,
      zipCode: '73301',
      ageDays: 40 + i,
      status: 'available',
    })),
  );

describe('listLeadsForSale', () => {
  it('keeps a large total for a few seconds and counts small ones exactly', async () => {
    await insert(10, 'TX');
    await insert(3, 'FL');
    const tx = leadsQuerySchema.parse({ state: 'TX' });
    const fl = leadsQuerySchema.parse({ state: 'FL' });
    const opts = { sparseMatches: 5, countTtlMs: 60_000 };
    expect((await listLeadsForSale(db, 'aged', tx, opts)).total).toBe(10);
    expect((await listLeadsForSale(db, 'aged', fl, opts)).total).toBe(3);
    await insert(1, 'TX');
    await insert(1, 'FL');
    // Large: the kept figure; the page itself is read fresh.
    const kept = await listLeadsForSale(db, 'aged', tx, opts);
    expect(kept.total).toBe(10);
    expect(kept.items).toHaveLength(11);
    expect((await listLeadsForSale(db, 'aged', tx, { ...opts, countTtlMs: 0 })).total).toBe(11);
    // Small: always exact.
    expect((await listLeadsForSale(db, 'aged', fl, opts)).total).toBe(4);
  });

  it('answers the same page through the filter index, the id order or per state', async () => {
    const q = leadsQuerySchema.parse({ state: 'TX,FL', age: '40-45', pageSize: '3', page: '2' });
    const sparse = await listLeadsForSale(db, 'aged', q, { sparseMatches: 1_000, perStateWindow: 0 });
    const dense = await listLeadsForSale(db, 'aged', q, { sparseMatches: 0, countTtlMs: 0, perStateWindow: 0 });
    const perState = await listLeadsForSale(db, 'aged', q, { countTtlMs: 0 });
    expect(sparse.items.map((l) => l.id)).toEqual(dense.items.map((l) => l.id));
    expect(perState.items.map((l) => l.id)).toEqual(dense.items.map((l) => l.id));
    expect(perState.total).toBe(dense.total);
    // Every page of a larger mix, per state and not, is the same.
    await insert(40, 'GA');
    await insert(7, 'FL');
    for (const filter of [{ state: 'GA,FL,TX' }, { state: 'GA', age: '45-70' }, { state: 'TX,GA', age: '40,41,50-60' }]) {
      for (let page = 1; page <= 6; page++) {
        const pq = leadsQuerySchema.parse({ ...filter, pageSize: '7', page: String(page) });
        const a = await listLeadsForSale(db, 'aged', pq, { countTtlMs: 0 });
        const b = await listLeadsForSale(db, 'aged', pq, { countTtlMs: 0, perStateWindow: 0 });
        expect(
          a.items.map((l) => l.id),
          JSON.stringify([filter, page]),
        ).toEqual(b.items.map((l) => l.id));
        expect(a.total).toBe(b.total);
      }
    }
    expect(sparse.items).toHaveLength(3);
    const ids = sparse.items.map((l) => l.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });
});
