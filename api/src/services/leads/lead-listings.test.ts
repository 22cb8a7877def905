// The listing behind the for-sale list (decision 140): whatever writes `leads` (the model, plain Knex, a
// bulk statement, the DNC upload; inserts, every kind of update, deletes, a rolled-back transaction),
// lead_listings holds exactly one row per `available` or `reserved` lead with the lead's listed columns,
// as the plain definition read from `leads` says.
import { describe, it, expect } from 'vitest';
import { toDbDate } from '../../db/dates.ts';
import { Lead, LeadListing } from '../../models/index.ts';
import { makeUser, testDbOfFile } from '../../test/harness.ts';
import { uploadDncList } from '../compliance/compliance.service.ts';

const file = testDbOfFile();

const now = new Date('2026-11-25T12:00:00Z');
const LISTED = [
  'kind',
  'customerState',
  'ageDays',
  'status',
  'reservedUntil',
  'customerName',
  'zipCode',
  'currentAgeRange',
  'priceCents',
  'callDuration',
  'formFillTime',
  'consentAt',
  'certificateKind',
  'timesSoldBefore',
] as const;

/** A row as text, one form for both databases (dates as strings or Date objects, booleans as 0/1). */
const norm = (v: unknown) => (v instanceof Date ? toDbDate(v) : v === null || v === undefined ? null : String(v));

/** What the listing must hold: the available and reserved leads, read from the leads themselves. */
async function expected(): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const l of await Lead.query(file.db).whereIn('status', ['available', 'reserved'])) {
    out[l.id] = {
      ...Object.fromEntries(LISTED.map((c) => [c, norm(l[c])])),
      exclusive: l.exclusive ? 1 : 0,
      hasRecording: l.recordingUrl ? 1 : 0,
    };
  }
  return out;
}

async function listed(): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const r of await LeadListing.query(file.db)) {
    expect(out[r.id], `lead ${r.id} listed twice`).toBeUndefined();
    out[r.id] = { ...Object.fromEntries(LISTED.map((c) => [c, norm(r[c])])), exclusive: Number(r.exclusive), hasRecording: Number(r.hasRecording) };
  }
  return out;
}

describe('lead_listings', () => {
  it('follows every write to leads exactly', async () => {
    const stamp = toDbDate(now);
    const past = toDbDate(new Date(now.getTime() - 60_000));
    const rows = Array.from({ length: 240 }, (_, i) => ({
      kind: i % 5 === 0 ? 'fresh' : 'aged',
      customerName: `Listing Lead ${i}`,
      customerPhone: `555010${String(i).padStart(4, '0')}`,
      customerState: ['TX', 'FL', 'GA'][i % 3]!,
      zipCode: String(73000 + (i % 30)),
      currentAgeRange: '30-60',
      ageDays: 30 + (i % 40),
      priceCents: i % 4 === 0 ? 450 : null,
      callDuration: i % 6 === 0 ? null : 60 + i,
      recordingUrl: i % 3 === 0 ? `https://rec.example/${i}.mp3` : i % 10 === 1 ? '' : null,
      formFillTime: stamp,
      status: i % 9 === 0 ? 'sold' : i % 11 === 0 ? 'reserved' : 'available',
      reservedUntil: i % 11 === 0 ? (i % 2 ? past : stamp) : null,
      timesSoldBefore: i % 4 === 0 ? 1 : 0,
      certificateKind: i % 6 === 0 ? 'trustedform' : null,
      consentAt: i % 7 === 0 ? stamp : null,
      exclusive: i % 8 === 0,
    }));
    await file.db.insert(rows).into(Lead.tableName);
    await Lead.query(file.db).insert({ kind: 'aged', customerName: 'One', customerState: 'TX', zipCode: '73301', ageDays: 45, status: 'available' });
    expect(await listed()).toEqual(await expected());
    expect(Object.keys(await listed()).length).toBeGreaterThan(180);

    const ids = (await Lead.query(file.db).orderBy('id').select('id')).map((r) => Number(r.id));
    const some = (k: number, from = 0) => ids.filter((_, i) => i % k === from);
    // Reserve (the order paths), sell, lapse and sweep (the sweep's own statement), prices, ages and
    // consent changed, re-stated, renamed, recordings added and removed, exclusivity, resale counts.
    await Lead.query(file.db).whereIn('id', some(3)).where('status', 'available').patch({ status: 'reserved', reservedOrderId: 7, reservedUntil: stamp });
    await Lead.query(file.db).whereIn('id', some(6)).patch({ status: 'sold', soldAt: stamp });
    await Lead.query(file.db).whereIn('id', some(4)).where('status', 'reserved').patch({ reservedUntil: past });
    await Lead.query(file.db)
      .where({ status: 'reserved' })
      .where('reservedUntil', '<', stamp)
      .whereIn('id', some(2))
      .patch({ status: 'available', reservedOrderId: null, reservedUntil: null });
    await Lead.query(file.db).whereIn('id', some(5)).patch({ priceCents: 999 });
    await Lead.query(file.db).whereIn('id', some(7)).increment('ageDays', 3);
    await Lead.query(file.db).whereIn('id', some(8)).increment('timesSoldBefore', 1);
    await Lead.query(file.db).whereIn('id', some(10)).patch({ certificateKind: 'jornaya' });
    await Lead.query(file.db).whereIn('id', some(12)).patch({ consentAt: stamp, certificateKind: null });
    await Lead.query(file.db).whereIn('id', some(13)).patch({ customerState: 'OH', zipCode: '43004' });
    await Lead.query(file.db).whereIn('id', some(2, 1)).patch({ customerName: 'Renamed', currentAgeRange: '60-90', callDuration: 5 });
    await Lead.query(file.db).whereIn('id', some(9, 1)).patch({ recordingUrl: null });
    await Lead.query(file.db).whereIn('id', some(9, 2)).patch({ recordingUrl: 'https://rec.example/new.mp3', formFillTime: past, exclusive: true });
    await Lead.query(file.db).whereIn('id', some(14, 3)).patch({ kind: 'fresh' });
    // Back on sale: a sold lead returned by an admin tool.
    await Lead.query(file.db).whereIn('id', some(18)).where('status', 'sold').patch({ status: 'available', soldAt: null });
    // Columns the list does not show change nothing in it.
    await Lead.query(file.db).whereIn('id', some(2)).patch({ dncScrubbedAt: stamp, transcript: 'x' });
    expect(await listed()).toEqual(await expected());

    // A write that rolls back leaves the listing as it was.
    const before = await listed();
    await expect(
      file.db.transaction(async (trx) => {
        await trx(Lead.tableName).whereIn('id', some(2)).update({ status: 'sold' });
        await trx(Lead.tableName).whereIn('id', some(3, 1)).update({ ageDays: 400 });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await listed()).toEqual(before);

    // DNC take-down (the upload path), a bulk status change, deletes.
    const admin = await makeUser(file.db);
    const phones = (await Lead.query(file.db).whereIn('id', some(15, 2)).select('customerPhone')).map((l) => l.customerPhone);
    const dnc = await uploadDncList(file.db, 'dnc', phones.join('\n'), null, admin.id, now);
    expect(dnc.blockedLeads).toBeGreaterThan(0);
    await file.db(Lead.tableName).whereIn('id', some(11)).update({ status: 'blocked' });
    await file.db(Lead.tableName).whereIn('id', some(9)).delete();
    await Lead.query(file.db).deleteById(ids.at(-1)!);
    expect(await listed()).toEqual(await expected());
  });
});
