// Decision 264: Results reads the whole UTC days of its period from `lead_results_days`, which triggers on
// `leads`, `order_items` and `item_outcomes` keep. After a mixed sequence of writes (sales one by one and
// in bulk, a resale, a refund, outcomes recorded, replaced, moved to the new buyer and deleted, order lines
// added, repriced and removed, a lead's price, state and age changed, a lead deleted), Results still equals
// the per-item rule over every bought item, in zones whose midnight is whole, :30 and :45 hours off UTC.
import { describe, it, expect } from 'vitest';
import { buildResults } from '@tm/shared/schemas/outcomes';
import { toDbDate } from '../../db/dates.ts';
import { makeUser, testDbOfFile } from '../../test/harness.ts';
import { boughtItems, periodOf, recordOutcome, results } from './outcomes.service.ts';

const file = testDbOfFile();
const at = (iso: string) => toDbDate(new Date(iso));
const PERIODS: Array<[string, string, string]> = [
  ['2026-03-01', '2026-03-31', 'America/Chicago'],
  ['2026-03-02', '2026-03-09', 'Asia/Kolkata'],
  ['2026-03-03', '2026-03-12', 'America/St_Johns'],
  ['2026-03-04', '2026-03-04', 'Asia/Kathmandu'],
  ['2026-03-05', '2026-03-06', 'UTC'],
  ['2026-02-01', '2026-04-30', 'Pacific/Chatham'],
];

describe('Results from the daily sums kept by triggers (SQLite, or MariaDB with TEST_DATABASE_URL)', () => {
  it('equals the per-item rule after every kind of write, at partial days in any zone', async () => {
    const db = file.db;
    const me = await makeUser(db);
    const other = await makeUser(db);
    const check = async (step: string) => {
      for (const [from, to, zone] of PERIODS) {
        const items = await boughtItems(db, me.id, periodOf(from, to, zone));
        expect(await results(db, me.id, from, to, zone), `${step}: ${from}..${to} ${zone}`).toEqual(buildResults(from, to, items));
      }
    };
    const ids: number[] = [];
    for (let i = 0; i < 48; i++) {
      // Spread over 12 days and every hour, so partial days at both ends of each period hold leads.
      const when = new Date(Date.UTC(2026, 2, 1 + (i % 12), (i * 7) % 24, (i * 13) % 60));
      const [id] = await db('leads').insert({
        kind: i % 3 === 0 ? 'fresh' : 'aged',
        customerName: `Day ${i}`,
        customerPhone: `51288${String(i).padStart(5, '0')}`,
        customerState: ['TX', 'FL', 'CA', 'GA'][i % 4],
        zipCode: '73301',
        ageDays: [3, 30, 31, 90, 91, 180, 181, 365, 366][i % 9],
        priceCents: i % 5 === 0 ? null : 100 + i,
        // A third inserted sold, the rest sold below.
        status: i % 3 === 1 ? 'sold' : 'available',
        buyerId: i % 3 === 1 ? me.id : null,
        soldAt: i % 3 === 1 ? toDbDate(when) : null,
      });
      ids.push(Number(id));
    }
    await check('inserted sold');

    // Sold one by one, then the rest in one statement.
    for (const [k, id] of ids.entries()) {
      if (k % 3 === 0) {
        const when = new Date(Date.UTC(2026, 2, 1 + (k % 12), (k * 5) % 24, 30));
        await db('leads')
          .where({ id })
          .update({ status: 'sold', buyerId: me.id, soldAt: toDbDate(when) });
      }
    }
    await db('leads')
      .whereIn('id', ids)
      .where({ status: 'available' })
      .update({ status: 'sold', buyerId: me.id, soldAt: at('2026-03-07T23:45:00Z') });
    await check('sold');

    // Outcomes recorded (inserted), replaced (updated), with and without premium.
    const statuses = ['no_answer', 'contacted', 'quoted', 'sold', 'issued', 'chargeback'] as const;
    const now = new Date('2026-03-20T12:00:00Z');
    for (const [k, id] of ids.entries()) {
      const status = statuses[k % statuses.length]!;
      const premium = status === 'sold' || status === 'issued' || status === 'chargeback' ? 50_000 + k : undefined;
      await recordOutcome(db, me.id, 'lead', id, { status, premiumCents: premium, date: '2026-03-20' }, 'portal', now);
    }
    for (const id of ids.slice(0, 12)) await recordOutcome(db, me.id, 'lead', id, { status: 'issued', premiumCents: 123_456, date: '2026-03-21' }, 'api', now);
    await check('outcomes');

    // Order lines: added after the sale, repriced (a price source change), one line moved to another lead, one removed.
    const [orderId] = await db('orders').insert({
      userId: me.id,
      kind: 'aged_leads',
      count: 4,
      status: 'paid',
      unitPriceCents: 700,
      amountCents: 2800,
      idempotencyKey: 'results-days-order',
    });
    const lined = ids.slice(20, 24);
    await db('leads').whereIn('id', lined).update({ reservedOrderId: orderId });
    for (const id of lined) await db('orderItems').insert({ orderId, kind: 'aged_lead', itemId: id, quantity: 1, unitPriceCents: 700, amountCents: 700 });
    await db('orderItems').where({ orderId, itemId: lined[0] }).update({ unitPriceCents: 650, amountCents: 650, priceSource: 'buyer' });
    await db('orderItems').where({ orderId, itemId: lined[1] }).update({ itemId: ids[25] });
    await db('orderItems').where({ orderId, itemId: lined[2] }).delete();
    await check('order lines');

    // A lead's own price, state and age changed; a refund (back for sale); a resale to another agent whose
    // outcome replaces mine; a lead deleted; an outcome deleted.
    await db('leads').where({ id: ids[30] }).update({ priceCents: 999, customerState: 'OH', ageDays: 400 });
    await db('leads').where({ id: ids[31] }).update({ priceCents: null });
    await db('leads').where({ id: ids[32] }).update({ status: 'available', buyerId: null, soldAt: null });
    await db('leads')
      .where({ id: ids[33] })
      .update({ buyerId: other.id, soldAt: at('2026-03-08T01:00:00Z') });
    await recordOutcome(db, other.id, 'lead', ids[33]!, { status: 'sold', premiumCents: 1, date: '2026-03-22' }, 'portal', now);
    await db('leads')
      .where({ id: ids[34] })
      .update({ soldAt: at('2026-03-11T02:00:00Z') });
    await db('itemOutcomes').where({ itemType: 'lead', itemId: ids[35] }).delete();
    await db('leads').where({ id: ids[36] }).delete();
    await db('leads').where({ id: ids[33] }).update({ buyerId: me.id });
    await check('changes');

    // The other agent's sums hold only what they bought.
    const theirs = await results(db, other.id, '2026-03-01', '2026-03-31', 'UTC');
    expect(theirs.totals.items).toBe(0);
  });

  it('counts transfers from the sums too (decision 272): equal to the per-item rule after every kind of write', async () => {
    const db = file.db;
    const me = await makeUser(db);
    const other = await makeUser(db);
    const check = async (step: string) => {
      for (const [from, to, zone] of PERIODS) {
        const items = await boughtItems(db, me.id, periodOf(from, to, zone));
        expect(await results(db, me.id, from, to, zone), `${step}: ${from}..${to} ${zone}`).toEqual(buildResults(from, to, items));
      }
    };
    const ids: number[] = [];
    for (let i = 0; i < 36; i++) {
      // Spread over 12 days and every hour; a third inserted billed, the rest free or credited, billed below.
      const when = new Date(Date.UTC(2026, 2, 1 + (i % 12), (i * 7) % 24, (i * 11) % 60));
      const [id] = await db('transferCalls').insert({
        externalCallId: `results-days-${me.id}-${i}`,
        userId: me.id,
        callerName: 'Caller',
        callerPhone: '5125550100',
        callerPhoneKey: '5125550100',
        state: i % 7 === 0 ? '' : ['TX', 'FL', 'CA'][i % 3],
        startedAt: toDbDate(when),
        endedAt: toDbDate(new Date(when.getTime() + 300_000)),
        durationSeconds: 300,
        bufferSeconds: 120,
        billable: true,
        status: i % 3 === 0 ? 'billed' : i % 3 === 1 ? 'no_charge' : 'credited',
        chargeCents: i % 3 === 0 ? 4000 + i : 0,
      });
      ids.push(Number(id));
    }
    await check('inserted');
    await db('transferCalls').whereIn('id', ids).where({ status: 'no_charge' }).update({ status: 'billed', chargeCents: 3500 });
    const now = new Date('2026-03-20T12:00:00Z');
    const statuses = ['no_answer', 'contacted', 'quoted', 'sold', 'issued', 'chargeback'] as const;
    for (const [k, id] of ids.entries()) {
      const status = statuses[k % statuses.length]!;
      const premium = status === 'sold' || status === 'issued' || status === 'chargeback' ? 70_000 + k : undefined;
      await recordOutcome(db, me.id, 'transfer', id, { status, premiumCents: premium, date: '2026-03-20' }, 'portal', now);
    }
    await check('billed, outcomes');
    // An outcome replaced and one deleted; a charge, a state and a start time changed; a billed call credited
    // (a refund); one moved to another agent (reassigned), with their outcome; one deleted.
    await recordOutcome(db, me.id, 'transfer', ids[3]!, { status: 'issued', premiumCents: 99_999, date: '2026-03-21' }, 'api', now);
    await db('itemOutcomes').where({ itemType: 'transfer', itemId: ids[4] }).delete();
    await db('transferCalls').where({ id: ids[6] }).update({ chargeCents: 1234 });
    await db('transferCalls').where({ id: ids[9] }).update({ state: 'OH' });
    await db('transferCalls')
      .where({ id: ids[12] })
      .update({ startedAt: at('2026-03-11T01:30:00Z') });
    await db('transferCalls').where({ id: ids[15] }).update({ status: 'credited', chargeCents: 0 });
    await db('transferCalls').where({ id: ids[18] }).update({ userId: other.id });
    await recordOutcome(db, other.id, 'transfer', ids[18]!, { status: 'sold', premiumCents: 5, date: '2026-03-22' }, 'portal', now);
    await db('transferCalls').where({ id: ids[21] }).delete();
    await check('changes');
    const theirs = await results(db, other.id, '2026-03-01', '2026-03-31', 'UTC');
    expect(theirs.totals.items).toBe(1);
  });

  it('reads whole days from the sums and only the partial days from the leads', async () => {
    const db = file.db;
    const me = await makeUser(db);
    for (let d = 1; d <= 28; d++) {
      for (const h of [3, 15]) {
        await db('leads').insert({
          kind: 'aged',
          customerName: `Read ${d} ${h}`,
          customerPhone: `51299${String(d * 100 + h).padStart(5, '0')}`,
          customerState: 'TX',
          zipCode: '73301',
          ageDays: 40,
          priceCents: 200,
          status: 'sold',
          buyerId: me.id,
          soldAt: at(`2026-03-${String(d).padStart(2, '0')}T${String(h).padStart(2, '0')}:00:00Z`),
        });
      }
    }
    const statements: Array<{ sql: string; rows: number }> = [];
    const listen = (response: unknown, q: { sql: string }) => {
      const rows = Array.isArray(response) ? (Array.isArray(response[0]) ? response[0].length : response.length) : 0;
      statements.push({ sql: q.sql, rows });
    };
    db.on('query-response', listen);
    try {
      const view = await results(db, me.id, '2026-03-02', '2026-03-27', 'America/New_York');
      // [03-02 05:00Z, 03-28 04:00Z): 03-02 15:00, two a day from 03-03 to 03-27, 03-28 03:00.
      expect(view.totals.items).toBe(52);
      expect(view.totals.spendCents).toBe(52 * 200);
    } finally {
      db.removeListener('query-response', listen);
    }
    const sums = statements.filter((s) => /from\s+[`"]?lead_results_days/i.test(s.sql));
    expect(sums).toHaveLength(1);
    // Decision 272: March's month row less the days 03-01, 03-02 and 03-28..03-31 (monthPlan).
    expect(sums[0]!.sql).toMatch(/from\s+[`"]?lead_results_months/i);
    const leadReads = statements.filter((s) => /from\s+[`"]?leads[`"]?/i.test(s.sql));
    expect(leadReads).toHaveLength(1);
    // The edges are [03-02 05:00Z, 03-03) and [03-28, 03-28 04:00Z): two of the 52 leads, one cell.
    expect(leadReads[0]!.sql).toMatch(/group by/i);
    expect(leadReads[0]!.rows).toBe(1);
  });
});
