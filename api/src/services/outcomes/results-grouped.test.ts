// Decision 255: Results reads the agent's leads grouped by the database (product, state, age band), never
// a row per lead, and its figures equal the per-item rule (buildResults over every bought item) on the
// same data: prices from the order line, the item or the catalogue, outcomes, ages, states, the period.
import { describe, it, expect } from 'vitest';
import { buildResults } from '@tm/shared/schemas/outcomes';
import { toDbDate } from '../../db/dates.ts';
import { makeUser, testDbOfFile } from '../../test/harness.ts';
import { boughtItems, periodOf, results } from './outcomes.service.ts';

const file = testDbOfFile();
const at = (iso: string) => toDbDate(new Date(iso));

describe('Results from grouped reads (SQLite, or MariaDB with TEST_DATABASE_URL)', () => {
  it('answers what the per-item rule answers, and no statement answers a row per lead', async () => {
    const db = file.db;
    const me = await makeUser(db);
    const other = await makeUser(db);
    const states = ['TX', 'FL', 'CA'];
    const ages = [5, 30, 31, 90, 120, 200, 365, 400];
    const statuses = [null, 'no_answer', 'contacted', 'quoted', 'sold', 'issued', 'chargeback'];
    const leadIds: number[] = [];
    for (let i = 0; i < 60; i++) {
      const [id] = await db('leads').insert({
        kind: i % 4 === 0 ? 'fresh' : 'aged',
        customerName: `Result ${i}`,
        customerPhone: `51277${String(i).padStart(5, '0')}`,
        customerState: states[i % 3],
        zipCode: '73301',
        ageDays: ages[i % ages.length],
        priceCents: i % 5 === 0 ? null : 150 + i,
        status: 'sold',
        buyerId: i === 59 ? other.id : me.id,
        soldAt: at(`2026-03-${String(1 + (i % 28)).padStart(2, '0')}T18:00:00Z`),
      });
      leadIds.push(Number(id));
    }
    // One bought through an order whose line says what it cost.
    const [orderId] = await db('orders').insert({
      userId: me.id,
      kind: 'aged_leads',
      count: 1,
      status: 'paid',
      unitPriceCents: 777,
      amountCents: 777,
      idempotencyKey: 'results-grouped-order',
    });
    await db('orderItems').insert({ orderId, kind: 'aged_lead', itemId: leadIds[1], quantity: 1, unitPriceCents: 777, amountCents: 777 });
    await db('leads').where({ id: leadIds[1] }).update({ reservedOrderId: orderId });
    for (const [k, id] of leadIds.entries()) {
      const status = statuses[k % statuses.length];
      if (!status) continue;
      await db('itemOutcomes').insert({
        userId: me.id,
        itemType: 'lead',
        itemId: id,
        status,
        premiumCents: status === 'sold' || status === 'issued' ? 100_000 + k : null,
        outcomeDate: '2026-03-20',
      });
    }
    await db('transferCalls').insert({
      externalCallId: 'results-grouped-1',
      userId: me.id,
      callerName: 'Caller',
      callerPhone: '5125550100',
      callerPhoneKey: '5125550100',
      state: 'GA',
      startedAt: at('2026-03-05T15:00:00Z'),
      endedAt: at('2026-03-05T15:05:00Z'),
      durationSeconds: 300,
      bufferSeconds: 120,
      billable: true,
      status: 'billed',
      chargeCents: 4500,
    });

    for (const [from, to] of [
      ['2026-03-01', '2026-03-31'],
      ['2026-03-03', '2026-03-10'],
    ] as const) {
      const items = await boughtItems(db, me.id, periodOf(from, to, 'America/Chicago'));
      const statements: Array<{ sql: string; rows: number }> = [];
      const listen = (response: unknown, q: { sql: string }) => {
        const rows = Array.isArray(response) ? (Array.isArray(response[0]) ? response[0].length : response.length) : 0;
        statements.push({ sql: q.sql, rows });
      };
      db.on('query-response', listen);
      try {
        expect(await results(db, me.id, from, to, 'America/Chicago')).toEqual(buildResults(from, to, items));
      } finally {
        db.removeListener('query-response', listen);
      }
      const leadsInPeriod = items.filter((i) => i.itemType === 'lead').length;
      expect(leadsInPeriod).toBeGreaterThan(10);
      // The leads come grouped (the period's partial days; its whole days from the daily sums, decision
      // 264): at most one row per product, state and band, fewer than the leads.
      const leadReads = statements.filter((s) => /from\s+[`"]?(leads|lead_results_days)[`"]?/i.test(s.sql));
      expect(leadReads.length).toBeGreaterThan(0);
      for (const read of leadReads) {
        expect(read.rows).toBeLessThan(leadsInPeriod);
        expect(read.sql).toMatch(/group by/i);
      }
    }
  });
});
