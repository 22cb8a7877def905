// Decision 264: the migration's backfill sums the leads sold before it the way its triggers sum those sold
// after it. Rows written by triggers, then the migration rolled back and run again: the same sums.
import { describe, it, expect } from 'vitest';
import { createTestDb } from '../api/src/db/index.ts';
import * as m from './20261201100000_lead_results_days.ts';
import * as callTotals from './20261201100200_transfer_call_totals.ts';

describe('lead_results_days backfill (SQLite, or MariaDB with TEST_DATABASE_URL)', () => {
  it('sums the leads already sold as the triggers do', async () => {
    const { db, destroy } = await createTestDb();
    try {
      const [buyerId] = await db('users').insert({ email: 'backfill@example.com', username: 'backfill', passwordHash: 'x', firstName: 'B', lastName: 'F' });
      const [orderId] = await db('orders').insert({
        userId: buyerId,
        kind: 'aged_leads',
        count: 1,
        status: 'paid',
        unitPriceCents: 555,
        amountCents: 555,
        idempotencyKey: 'backfill',
      });
      for (let i = 0; i < 12; i++) {
        const [id] = await db('leads').insert({
          kind: i % 2 ? 'fresh' : 'aged',
          customerName: `Backfill ${i}`,
          customerPhone: `51266${String(i).padStart(5, '0')}`,
          customerState: i % 3 ? 'TX' : 'FL',
          zipCode: '73301',
          ageDays: 20 * i,
          priceCents: i % 4 ? 300 : null,
          status: i === 11 ? 'available' : 'sold',
          buyerId: i === 11 ? null : buyerId,
          soldAt: i === 11 ? null : `2026-03-0${1 + (i % 3)} 1${i % 10}:00:00.000`,
          reservedOrderId: i === 2 ? orderId : null,
        });
        if (i === 2) await db('orderItems').insert({ orderId, kind: 'aged_lead', itemId: id, quantity: 1, unitPriceCents: 555, amountCents: 555 });
        if (i % 2 === 0)
          await db('itemOutcomes').insert({
            userId: buyerId,
            itemType: 'lead',
            itemId: id,
            status: i % 4 ? 'sold' : 'contacted',
            premiumCents: i % 4 ? 1000 + i : null,
            outcomeDate: '2026-03-05',
          });
      }
      const rows = async () =>
        ((await db('leadResultsDays').where('items', '>', 0).orderBy(['day', 'product', 'state', 'band'])) as Array<Record<string, unknown>>).map(
          (r): Record<string, unknown> => ({
            ...r,
            day: String(r.day instanceof Date ? r.day.toISOString() : r.day).slice(0, 10),
          }),
        );
      const kept = await rows();
      expect(kept.length).toBeGreaterThan(3);
      expect(kept.reduce((s, r) => s + Number(r.items), 0)).toBe(11);
      await m.down(db);
      await m.up(db);
      expect(await rows()).toEqual(kept);
    } finally {
      await destroy();
    }
  });

  it('transfer_call_totals: the backfill counts the calls made before it as the triggers do', async () => {
    const { db, destroy } = await createTestDb();
    try {
      const [userId] = await db('users').insert({ email: 'calls@example.com', username: 'calls', passwordHash: 'x', firstName: 'C', lastName: 'T' });
      for (let i = 0; i < 7; i++) {
        await db('transferCalls').insert({
          externalCallId: `backfill-${i}`,
          userId,
          callerName: 'Caller',
          callerPhone: '5125550100',
          callerPhoneKey: '5125550100',
          state: 'TX',
          startedAt: `2026-03-0${1 + i} 15:00:00.000`,
          endedAt: `2026-03-0${1 + i} 15:05:00.000`,
          durationSeconds: 300,
          bufferSeconds: 120,
          billable: true,
          status: i % 3 ? 'billed' : 'no_charge',
          chargeCents: i % 3 ? 4000 + i : 0,
        });
      }
      const rows = async () =>
        (await db('transferCallTotals').where('n', '>', 0).orderBy('status')).map((r: Record<string, unknown>) => ({
          status: r.status,
          n: Number(r.n),
          cents: Number(r.cents),
        }));
      const kept = await rows();
      expect(kept).toEqual([
        { status: 'billed', n: 4, cents: 4001 + 4002 + 4004 + 4005 },
        { status: 'no_charge', n: 3, cents: 0 },
      ]);
      await callTotals.down(db);
      await callTotals.up(db);
      expect(await rows()).toEqual(kept);
    } finally {
      await destroy();
    }
  });
});
