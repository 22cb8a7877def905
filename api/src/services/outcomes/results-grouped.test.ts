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

    // A transfer not billed (not an item), and one billed with a sale recorded.
    for (const [k, status] of (['credited', 'billed'] as const).entries()) {
      const [callId] = await db('transferCalls').insert({
        externalCallId: `results-grouped-${k + 2}`,
        userId: me.id,
        callerName: 'Caller',
        callerPhone: '5125550101',
        callerPhoneKey: '5125550101',
        state: 'TX',
        startedAt: at(`2026-03-0${6 + k}T15:00:00Z`),
        endedAt: at(`2026-03-0${6 + k}T15:05:00Z`),
        durationSeconds: 300,
        bufferSeconds: 120,
        billable: true,
        status,
        chargeCents: 5100,
      });
      await db('itemOutcomes').insert({ userId: me.id, itemType: 'transfer', itemId: callId, status: 'sold', premiumCents: 90_000, outcomeDate: '2026-03-20' });
    }
    // Appointments: priced by an order line, by their own price, by the catalogue; one assigned free; one
    // credited back in part, one credited more than it cost, one whose no-show is still pending; outcomes.
    const appointments: Array<{ price: number | null; assigned?: boolean; credit?: [string, number]; line?: number; state: string }> = [
      { price: null, line: 1500, state: 'tx' },
      { price: 1200, state: 'FL' },
      { price: null, state: 'Texas' },
      { price: 900, assigned: true, state: 'FL' },
      { price: 1100, credit: ['credited', 400], state: 'GA' },
      { price: 800, credit: ['approved', 5000], state: 'GA' },
      { price: 700, credit: ['pending', 700], state: '' },
    ];
    for (const [k, a] of appointments.entries()) {
      const [id] = await db('appointments').insert({
        customerName: `Appointment ${k}`,
        customerPhone: `51244${String(k).padStart(5, '0')}`,
        customerState: a.state,
        status: 'sold',
        buyerId: me.id,
        priceCents: a.price,
        purchasedAt: at(`2026-03-${String(3 + k).padStart(2, '0')}T20:00:00Z`),
        assignedAt: a.assigned ? at('2026-03-03T20:00:00Z') : null,
        createdAt: at('2026-03-01T12:00:00Z'),
      });
      if (a.line) {
        const [apptOrder] = await db('orders').insert({
          userId: me.id,
          kind: 'appointments',
          count: 1,
          status: 'paid',
          unitPriceCents: a.line,
          amountCents: a.line,
          idempotencyKey: `results-grouped-appt-${k}`,
        });
        await db('orderItems').insert({ orderId: apptOrder, kind: 'appointment', itemId: id, quantity: 1, unitPriceCents: a.line, amountCents: a.line });
        await db('appointments').where({ id }).update({ reservedOrderId: apptOrder });
      }
      if (a.credit) {
        await db('appointmentNoShows').insert({
          appointmentId: id,
          userId: me.id,
          callDurationSeconds: 10,
          bufferSeconds: 60,
          status: a.credit[0],
          creditCents: a.credit[1],
          createdAt: at('2026-03-10T12:00:00Z'),
        });
      }
      const status = statuses[(k + 1) % statuses.length];
      if (status) {
        const premiumCents = status === 'sold' || status === 'issued' ? 70_000 + k : null;
        await db('itemOutcomes').insert({ userId: me.id, itemType: 'appointment', itemId: id, status, premiumCents, outcomeDate: '2026-03-20' });
      }
    }

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
      // Transfers and appointments come grouped too: a row per product and state, not per item.
      const liveReads = statements.filter((s) => /from\s+[`"]?(transfer_calls|appointments)[`"]?/i.test(s.sql));
      expect(liveReads).toHaveLength(1);
      expect(liveReads[0]!.rows).toBeLessThan(items.length - leadsInPeriod);
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
