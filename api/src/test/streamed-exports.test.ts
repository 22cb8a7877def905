// Decision 277 (issue 38: exports stream in constant memory): the admin's Orders, Audit log and Google Ads
// CSVs are async generators read `batch` rows a statement by keyset (`seekBatches`), not one read of every
// row into one string. With a small batch they yield a chunk per batch whose concatenation is the CSV a
// single batch gives; a row written between two batches neither repeats a row nor pushes one out (by
// offset, a newer order shifted the list and the next batch began with the last row again); `limit` caps
// the rows. SQLite, or MariaDB with TEST_DATABASE_URL.
import { describe, it, expect } from 'vitest';
import { adminOrdersQuerySchema } from '@tm/shared/schemas/admin-business';
import { auditLogQuerySchema } from '@tm/shared/schemas/audit';
import { makeUser, testDbOfFile } from './harness.ts';
import { insertPaidOrder } from './transfers-testing.ts';
import { seekBatches } from '../db/paging.ts';
import type { Db } from '../db/index.ts';
import { adminOrdersCsv } from '../services/orders/admin-orders.service.ts';
import { auditLogCsv, recordAudit } from '../services/audit/audit.service.ts';
import { googleAdsCsv } from '../services/marketing/conversions.service.ts';
import { saveAttribution } from '../services/marketing/attribution.service.ts';

const file = testDbOfFile();
const AT = new Date('2026-11-20T15:00:00Z');
const NEWEST_FIRST = ['createdAt', 'id'].map((column) => ({ column, order: 'desc' as const }));

async function chunks(gen: AsyncGenerator<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const c of gen) out.push(c);
  return out;
}

/** Seven orders of one buyer, in pairs paid (and created) at the same second: ties the id breaks. */
async function sevenOrders(db: Db, lastName: string) {
  const user = await makeUser(db, { lastName });
  const ids: number[] = [];
  for (let i = 0; i < 7; i++)
    ids.push(
      await insertPaidOrder(db, user.id, { kind: 'transfer_package', tier: 'standard', count: 1 + i }, new Date(AT.getTime() + Math.floor(i / 2) * 1000)),
    );
  return { user, ids };
}

describe('CSV exports read by keyset batches', () => {
  it('seekBatches: the order of one read, batch by batch, a new row between batches not repeating one, at most limit rows', async () => {
    const db = file.db;
    const { user, ids } = await sevenOrders(db, 'Seekbatches');
    const query = () => db('orders').where('userId', user.id).select('id', 'createdAt');
    const once = ((await query().orderBy(NEWEST_FIRST)) as Array<{ id: number }>).map((r) => Number(r.id));
    expect(once.toSorted((a, b) => a - b)).toEqual(ids);
    const seen: number[][] = [];
    for await (const rows of seekBatches<{ id: number; createdAt: unknown }>(query, NEWEST_FIRST, (r) => [r.createdAt, r.id], 3)) {
      seen.push(rows.map((r) => Number(r.id)));
      // A newer order of the same buyer arrives while the export runs: it is before the seek, never read.
      if (seen.length === 1) await insertPaidOrder(db, user.id, { kind: 'transfer_package', tier: 'standard', count: 9 }, new Date(AT.getTime() + 60_000));
    }
    expect(seen.map((b) => b.length)).toEqual([3, 3, 1]);
    expect(seen.flat()).toEqual(once);
    const capped: number[] = [];
    for await (const rows of seekBatches<{ id: number; createdAt: unknown }>(query, NEWEST_FIRST, (r) => [r.createdAt, r.id], 3, 5)) capped.push(rows.length);
    expect(capped).toEqual([3, 2]);
  });

  it("the admin's orders CSV: a chunk per batch, the same bytes as one batch, capped by limit", async () => {
    const db = file.db;
    await sevenOrders(db, 'Ordersstream');
    const q = adminOrdersQuerySchema.parse({ q: 'Ordersstream' });
    const whole = await chunks(adminOrdersCsv(db, q));
    expect(whole.length).toBe(2);
    expect(whole.join('').trim().split('\r\n').length).toBe(8);
    const small = await chunks(adminOrdersCsv(db, q, 50_000, 2));
    expect(small.length).toBe(1 + 4);
    expect(small.join('')).toBe(whole.join(''));
    const capped = await chunks(adminOrdersCsv(db, q, 5, 2));
    expect(capped.join('')).toBe(whole.join('').split('\r\n').slice(0, 6).join('\r\n') + '\r\n');
  });

  it('the audit log CSV: a chunk per batch, the same bytes as one batch', async () => {
    const db = file.db;
    const user = await makeUser(db, { lastName: 'Auditstream' });
    for (let i = 0; i < 5; i++) {
      await recordAudit(db, {
        actor: { type: 'system', id: null },
        action: 'user.updated',
        entity: 'user',
        entityId: user.id,
        userId: user.id,
        before: { n: i },
        after: { n: i + 1 },
        at: AT,
      });
    }
    const q = auditLogQuerySchema.parse({ user: user.email });
    const whole = await chunks(auditLogCsv(db, q));
    expect(whole.join('').trim().split('\r\n').length).toBe(6);
    const small = await chunks(auditLogCsv(db, q, 50_000, 2));
    expect(small.length).toBe(1 + 3);
    expect(small.join('')).toBe(whole.join(''));
  });

  it('the Google Ads CSV: a chunk per batch with a row, the same bytes as one batch', async () => {
    const db = file.db;
    const { ids } = await sevenOrders(db, 'Adsstream');
    const touch = {
      source: 'google',
      medium: 'cpc',
      campaign: 'stream',
      gclid: 'GCLID-STREAM',
      landing: '/',
      at: new Date(AT.getTime() - 86_400_000).toISOString(),
    };
    const attributionId = await saveAttribution(db, { first: touch, last: touch }, AT);
    await db('orders').whereIn('id', ids).update({ attributionId });
    const q = { from: '2026-11-20', to: '2026-11-20', tz: 'America/New_York' };
    const whole = await chunks(googleAdsCsv(db, q, 'Purchase'));
    expect(whole.join('').split('GCLID-STREAM').length - 1).toBe(7);
    // (The other tests' orders of that day, without a click, are read too and give no row.)
    const small = await chunks(googleAdsCsv(db, q, 'Purchase', 3));
    expect(small.length).toBeGreaterThanOrEqual(1 + 3);
    expect(small.join('')).toBe(whole.join(''));
  });
});
