// Decision 265: the portal home's newest purchases are read `n` orders at most per status, and say what the ledger's
// purchase entries say, in its order (paid, refunded and legacy orders; pending and failed ones left out;
// another agent's never).
import { describe, it, expect } from 'vitest';
import { toDbDate } from '../../db/dates.ts';
import { makeUser, testDbOfFile } from '../../test/harness.ts';
import { ledgerEntries, recentPurchases } from './ledger.service.ts';

const file = testDbOfFile();
const at = (iso: string) => toDbDate(new Date(iso));

describe('recent purchases (SQLite, or MariaDB with TEST_DATABASE_URL)', () => {
  it('are the ledger purchase entries, newest first, reading no more orders than shown', async () => {
    const db = file.db;
    const me = await makeUser(db);
    const other = await makeUser(db);
    const orders: Array<[string, string, string | null, string]> = [
      ['aged_leads', 'paid', '2026-03-01T10:00:00Z', '2026-03-01T09:59:00Z'],
      ['transfer_package', 'paid', '2026-03-05T10:00:00Z', '2026-03-05T09:00:00Z'],
      ['aged_leads', 'refunded', '2026-03-03T10:00:00Z', '2026-03-03T09:00:00Z'],
      ['aged_leads', 'pending', null, '2026-03-09T09:00:00Z'],
      ['aged_leads', 'failed', null, '2026-03-09T10:00:00Z'],
      ['appointments', 'refunded', null, '2026-03-04T09:00:00Z'],
      ['live_transfer', 'paid', '2026-03-02T10:00:00Z', '2026-03-02T09:00:00Z'],
      ['aged_leads', 'paid', '2026-03-06T10:00:00Z', '2026-03-06T09:00:00Z'],
      ['aged_leads', 'paid', '2026-03-07T10:00:00Z', '2026-03-07T09:00:00Z'],
    ];
    for (const [k, [kind, status, paidAt, createdAt]] of orders.entries()) {
      await db('orders').insert({
        userId: me.id,
        kind,
        tier: kind === 'transfer_package' ? 'standard' : null,
        count: 10 + k,
        status,
        unitPriceCents: 100,
        amountCents: 1000 + k,
        idempotencyKey: `recent-${k}`,
        paidAt: paidAt ? at(paidAt) : null,
        createdAt: at(createdAt),
      });
    }
    await db('orders').insert({
      userId: other.id,
      kind: 'aged_leads',
      count: 1,
      status: 'paid',
      unitPriceCents: 1,
      amountCents: 1,
      idempotencyKey: 'recent-other',
      paidAt: at('2026-03-08T00:00:00Z'),
    });

    const ledger = (await ledgerEntries(db, me.id))
      .filter((e) => e.type === 'purchase')
      .map((e) => ({ orderId: e.orderId, at: e.at, description: e.description, amountCents: e.amountCents, receiptPath: e.receiptPath }));
    expect(ledger).toHaveLength(7);
    expect(await recentPurchases(db, me.id, 20)).toEqual(ledger);

    const reads: number[] = [];
    const listen = (response: unknown, q: { sql: string }) => {
      if (/from\s+[`"]?orders[`"]?/i.test(q.sql)) reads.push(Array.isArray(response) ? (Array.isArray(response[0]) ? response[0].length : response.length) : 0);
    };
    db.on('query-response', listen);
    try {
      expect(await recentPurchases(db, me.id, 5)).toEqual(ledger.slice(0, 5));
    } finally {
      db.removeListener('query-response', listen);
    }
    // Three bounded reads (paid, refunded, no paid time), each of five orders at most.
    expect(reads).toHaveLength(3);
    for (const n of reads) expect(n).toBeLessThanOrEqual(5);
  });
});
