// Per-lead do-not-call scrub results (issue 19 item 1) and the re-check before sale at the 31-day edge:
// an admin uploads scrub results with their date (bad rows come back by line and field); a listed result
// takes the lead off sale at once; every sale re-checks the lead against the lists held, so a lead scrubbed
// more than 31 days ago (and one scrubbed exactly 31 days ago) whose number was listed since is not sold,
// and a clean one is sold with the sale time as its new scrub date.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { createTestApp, loginAs, loggedInUser, type TestContext } from '../../test/harness.ts';
import { insertLead } from '../../test/proof-fixtures.ts';
import { DncEntry, Lead } from '../../models/index.ts';
import { SCRUB_MAX_AGE_DAYS } from '../../services/compliance/compliance.service.ts';
import { toDbDate, toIso } from '../../db/dates.ts';

let ctx: TestContext;
let agent: Awaited<ReturnType<typeof loginAs>>;
let admin: Awaited<ReturnType<typeof loginAs>>;
const NOW = new Date('2026-11-20T15:00:00.000Z');
const DAY = 86_400_000;

/** An aged lead for sale at $5 (a phone of its own unless given). */
async function lead(over: Partial<Lead> = {}): Promise<Lead> {
  return Lead.query(ctx.db)
    .findById(await insertLead(ctx.db, { priceCents: 500, ...over }))
    .throwIfNotFound();
}
async function buy(leadIds: number[]) {
  const start = await agent.post('/api/bulk-purchase-leads').send({ leadIds });
  if (start.status !== 201) return `start ${start.status}`;
  await ctx.stripe.paymentIntents.confirm(start.body.clientSecret.split('_secret_')[0], { payment_method: 'pm_card_visa' }).catch(() => null);
  const res = await agent.post('/api/bulk-purchase-leads/confirm').send({ payment_intent_id: start.body.paymentIntentId });
  return String(res.body.status);
}

beforeAll(async () => {
  ctx = await createTestApp();
  ctx.emulator.holdWebhooks();
  ctx.clock.set(NOW);
  agent = (await loggedInUser(ctx)).agent;
  admin = (await loggedInUser(ctx, { isAdmin: true })).agent;
});
afterAll(() => ctx.close());

describe('per-lead scrub results', () => {
  it('apply the result and its date to each lead with the number; a listed one leaves sale; bad rows are named', async () => {
    const clean = await lead();
    const listed = await lead();
    const csv = [
      'phone,result,scrubbed_at',
      `${clean.customerPhone},clear,2026-11-18`,
      `"(${listed.customerPhone!.slice(0, 3)}) ${listed.customerPhone!.slice(3, 6)}-${listed.customerPhone!.slice(6)}",litigator,2026-11-19T10:30:00Z`,
      '12345,clear,2026-11-18',
      `${clean.customerPhone},maybe,2026-11-18`,
      `${clean.customerPhone},clear,2026-12-01`,
      `${clean.customerPhone},clear,18/11/2026`,
      '',
    ].join('\n');
    const res = await admin.post('/api/admin/dnc-scrubs').set('content-type', 'text/csv').send(csv);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ rows: 6, applied: 2, updatedLeads: 2, blockedLeads: 1 });
    expect(res.body.errors).toEqual([
      { line: 4, field: 'phone', message: 'phone must be a 10-digit US number' },
      { line: 5, field: 'result', message: 'result must be clear or listed' },
      { line: 6, field: 'scrubbedAt', message: 'scrubbed_at must be a date (YYYY-MM-DD), not in the future' },
      { line: 7, field: 'scrubbedAt', message: 'scrubbed_at must be a date (YYYY-MM-DD), not in the future' },
    ]);
    const c = await Lead.query(ctx.db).findById(clean.id);
    expect({ status: c?.status, dncStatus: c?.dncStatus, at: toIso(c?.dncScrubbedAt) }).toEqual({
      status: 'available',
      dncStatus: 'clear',
      at: '2026-11-18T00:00:00.000Z',
    });
    const l = await Lead.query(ctx.db).findById(listed.id);
    expect({ status: l?.status, dncStatus: l?.dncStatus, at: toIso(l?.dncScrubbedAt) }).toEqual({
      status: 'blocked',
      dncStatus: 'listed',
      at: '2026-11-19T10:30:00.000Z',
    });
    const offered = (await agent.get('/api/aged-leads?state=TX&pageSize=100')).body.items.map((i: { id: number }) => i.id);
    expect(offered).toContain(clean.id);
    expect(offered).not.toContain(listed.id);
    expect(await buy([listed.id])).toBe('start 409');
  });

  it('refuse a file with no good row (400 naming the field), an empty one, and non-admins', async () => {
    const bad = await admin.post('/api/admin/dnc-scrubs').send({ csv: 'phone,result,scrubbed_at\n5125550000,clear,tomorrow\n' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      error: 'Line 2: scrubbed_at must be a date (YYYY-MM-DD), not in the future',
      fields: { scrubbedAt: 'scrubbed_at must be a date (YYYY-MM-DD), not in the future' },
    });
    const empty = await admin.post('/api/admin/dnc-scrubs').send({ csv: 'phone,result,scrubbed_at\n' });
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toHaveProperty('csv');
    expect((await admin.post('/api/admin/dnc-scrubs').send({})).body.fields).toHaveProperty('csv');
    const unreadable = await admin.post('/api/admin/dnc-scrubs').send({ csv: '"5125550000,clear,2026-11-01\n' });
    expect(unreadable.status).toBe(400);
    expect(unreadable.body.fields).toHaveProperty('csv');
    expect((await agent.post('/api/admin/dnc-scrubs').send({ csv: '5125550000,clear,2026-11-01' })).status).toBe(403);
  });
});

describe('the re-check before sale, at the 31-day edge', () => {
  const edge = new Date(NOW.getTime() - SCRUB_MAX_AGE_DAYS * DAY);
  const over = new Date(edge.getTime() - 1);

  it('a lead scrubbed clear more than 31 days ago whose number was listed since is not sold (nor one scrubbed exactly 31 days ago)', async () => {
    for (const scrubbed of [over, edge]) {
      const l = await lead({ dncStatus: 'clear', dncScrubbedAt: toDbDate(scrubbed) });
      // Listed by another process after the scrub, without the lead being taken off sale.
      await DncEntry.query(ctx.db).insert({ list: 'dnc', phoneKey: l.customerPhone!, createdAt: toDbDate(NOW) });
      expect(await buy([l.id]), scrubbed.toISOString()).not.toBe('paid');
      expect(await Lead.query(ctx.db).findById(l.id)).toMatchObject({ buyerId: null });
    }
  });

  it('a clean lead scrubbed 31 days + 1 ms ago is re-checked and sold, stamped with the sale as its new scrub', async () => {
    const l = await lead({ dncStatus: 'clear', dncScrubbedAt: toDbDate(over) });
    expect(await buy([l.id])).toBe('paid');
    const sold = await Lead.query(ctx.db).findById(l.id);
    expect({ status: sold?.status, dncStatus: sold?.dncStatus, at: toIso(sold?.dncScrubbedAt) }).toEqual({
      status: 'sold',
      dncStatus: 'clear',
      at: NOW.toISOString(),
    });
  });
});
