// Issue 26, "Tools to correct mistakes: Leads": the admin takes an assigned lead back or moves it to
// another agent (their My Leads follow), deletes unsold leads of the pool and of the shop (never a sold,
// held or assigned one: 409 naming why), sees the for-sale inventory by state and by the shop's age bands
// with the shop's own prices, and downloads an import's refused rows as a CSV that uploads again once fixed.
// Every change leaves an audit entry.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { parse as parseCsv } from 'csv-parse/sync';
import { createTestApp, loginAs, makeUser, type TestContext } from '../../test/harness.ts';
import { Lead, LeadPoolEntry, LeadSale, OutboxMail } from '../../models/index.ts';
import { RINGCLOUD, LEAD_DEFAULT_PRICE_CENTS } from '@tm/shared';
import type { AuditLogEntry } from '@tm/shared/schemas/audit';
import type { ImportProgressEvent, LeadInventory, UploadedImport } from '@tm/shared/schemas/admin';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof loginAs>>;
let ann: { id: number; email: string; password: string };
let bob: { id: number; email: string; password: string };

beforeAll(async () => {
  ctx = await createTestApp();
  ctx.clock.set(new Date('2026-11-20T15:00:00.000Z'));
  const a = await makeUser(ctx.db, { isAdmin: true, firstName: 'Ada', lastName: 'Min' });
  admin = await loginAs(ctx.app, a.email, a.password);
  ann = await makeUser(ctx.db, { firstName: 'Ann', lastName: 'First', email: 'ann.first@example.com' });
  bob = await makeUser(ctx.db, { firstName: 'Bob', lastName: 'Second', email: 'bob.second@example.com' });
});
afterAll(() => ctx.close());

async function myLeadNames(agent: { email: string; password: string }): Promise<string[]> {
  const s = await loginAs(ctx.app, agent.email, agent.password);
  const res = await s.get('/api/my-leads');
  expect(res.status).toBe(200);
  return (res.body.items as Array<{ name: string }>).map((l) => l.name).sort();
}

async function audit(action: string): Promise<AuditLogEntry[]> {
  const res = await admin.get('/api/admin/audit').query({ pageSize: 100 });
  expect(res.status).toBe(200);
  return (res.body.items as AuditLogEntry[]).filter((i) => i.action === action);
}

async function poolLead(name: string, phone: string): Promise<number> {
  return Number((await LeadPoolEntry.query(ctx.db).insert({ name, phone, createdAt: '2026-11-20 10:00:00.000' })).id);
}

describe('unassign and reassign pool leads', () => {
  it('moves an assigned lead to another agent: both My Leads follow, the new agent is e-mailed, the log names both', async () => {
    const l1 = await poolLead('Rhea Move', '5550601111');
    const l2 = await poolLead('Stay Put', '5550602222');
    expect((await admin.post('/api/admin/lead-pool/assign').send({ agentId: ann.id, leadIds: [l1, l2] })).status).toBe(200);
    expect(await myLeadNames(ann)).toEqual(['Rhea Move', 'Stay Put']);

    const entriesBefore = (await admin.get('/api/admin/audit').query({ pageSize: 100 })).body.total as number;
    const res = await admin.post('/api/admin/lead-pool/reassign').send({ agentId: bob.id, leadIds: [l1] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ reassigned: 1, agentId: bob.id });
    expect(await myLeadNames(ann)).toEqual(['Stay Put']);
    expect(await myLeadNames(bob)).toEqual(['Rhea Move']);
    const pool = await admin.get('/api/admin/lead-pool?status=assigned&q=Rhea');
    expect(pool.body.items[0]).toMatchObject({ id: l1, assignedAgentId: bob.id, assignedAgentEmail: bob.email });
    const mail = await OutboxMail.query(ctx.db).where({ toEmail: bob.email }).orderBy('id', 'desc').first();
    expect(mail?.subject).toBe('1 new lead assigned to you');

    const [moved] = await audit('lead.reassigned');
    expect(moved).toMatchObject({ subject: { id: bob.id }, summary: `Reassigned 1 lead to Bob Second from ${ann.email}` });
    expect(moved!.changes).toContainEqual({ field: 'Agent', from: ann.email, to: bob.email });
    // A reassign is one entry (issue 34 item 8): from Ann to Bob, not also "took back from Ann".
    expect((await admin.get('/api/admin/audit').query({ pageSize: 100 })).body.total).toBe(entriesBefore + 1);
    expect(await audit('lead.unassigned')).toEqual([]);
  });

  it('unassigning takes the lead out of the agent’s My Leads and back to the pool', async () => {
    const id = await poolLead('Back Again', '5550603333');
    await admin.post('/api/admin/lead-pool/assign').send({ agentId: ann.id, leadIds: [id] });
    expect(await myLeadNames(ann)).toContain('Back Again');
    expect((await admin.post('/api/admin/lead-pool/unassign').send({ leadIds: [id] })).status).toBe(200);
    expect(await myLeadNames(ann)).not.toContain('Back Again');
    const [e] = await audit('lead.unassigned');
    expect(e).toMatchObject({ subject: { id: ann.id }, summary: 'Took 1 lead back from Ann First' });
    expect(e!.changes).toContainEqual({ field: 'Agent', from: ann.email, to: '(none)' });
    expect((await admin.get('/api/admin/lead-pool?status=unassigned&q=Back')).body.items.map((l: { id: number }) => l.id)).toEqual([id]);
  });

  it('refuses to reassign an unassigned lead, to the agent who has it, to nobody', async () => {
    const free = await poolLead('Free Lead', '5550604444');
    const notAssigned = await admin.post('/api/admin/lead-pool/reassign').send({ agentId: bob.id, leadIds: [free] });
    expect(notAssigned.status).toBe(409);
    const held = await poolLead('Held Lead', '5550605555');
    await admin.post('/api/admin/lead-pool/assign').send({ agentId: bob.id, leadIds: [held] });
    const same = await admin.post('/api/admin/lead-pool/reassign').send({ agentId: bob.id, leadIds: [held] });
    expect(same.status).toBe(409);
    expect(same.body.error).toBe(`Lead #${held} (Held Lead) is already assigned to ${bob.email}`);
    expect((await admin.post('/api/admin/lead-pool/reassign').send({ agentId: 999999, leadIds: [held] })).status).toBe(404);
    const noAgent = await admin.post('/api/admin/lead-pool/reassign').send({ leadIds: [held] });
    expect(noAgent.status).toBe(400);
    expect(noAgent.body.fields.agentId).toBe('Choose an agent');
  });
});

describe('deleting unsold leads', () => {
  it('pool: deletes unassigned leads, never an assigned one (409 naming it and its agent, nothing deleted)', async () => {
    const free = await poolLead('Bad Row', '5550701111');
    const given = await poolLead('Given Lead', '5550702222');
    await admin.post('/api/admin/lead-pool/assign').send({ agentId: ann.id, leadIds: [given] });
    const refused = await admin.post('/api/admin/lead-pool/delete').send({ leadIds: [free, given] });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toContain(`Lead #${given} (Given Lead) is assigned to ${ann.email}`);
    expect(await LeadPoolEntry.query(ctx.db).findById(free)).toBeTruthy();
    expect((await admin.post('/api/admin/lead-pool/delete').send({ leadIds: [free] })).status).toBe(200);
    expect(await LeadPoolEntry.query(ctx.db).findById(free)).toBeUndefined();
    const [e] = await audit('lead.deleted');
    expect(e!.summary).toBe('Deleted 1 unsold lead waiting for an agent');
  });

  it('shop: deletes unsold leads for sale; a sold, held or once-sold lead is refused with its reason', async () => {
    const ins = async (v: Partial<Lead>) =>
      Number((await Lead.query(ctx.db).insert({ kind: 'aged', customerState: 'TX', zipCode: '73301', ageDays: 40, status: 'available', ...v })).id);
    const forSale = await ins({ customerName: 'For Sale', customerPhone: '5550801111' });
    const blocked = await ins({ customerName: 'Blocked One', customerPhone: '5550802222', status: 'blocked' });
    const sold = await ins({ customerName: 'Sold One', customerPhone: '5550803333', status: 'sold', buyerId: ann.id, soldAt: '2026-11-18 12:00:00.000' });
    const held = await ins({
      customerName: 'Held One',
      customerPhone: '5550804444',
      status: 'reserved',
      reservedOrderId: 77,
      reservedUntil: '2026-11-20 15:10:00.000',
    });
    const resold = await ins({ customerName: 'Sold Before', customerPhone: '5550805555', timesSoldBefore: 1 });

    const list = await admin.get('/api/admin/leads?status=unsold&q=One');
    expect(list.status).toBe(200);
    expect(list.body.items.map((l: { name: string }) => l.name).sort()).toEqual(['Blocked One', 'Held One']);
    expect((await admin.get('/api/admin/leads?status=sold&q=One')).body.items[0]).toMatchObject({
      id: sold,
      buyerEmail: ann.email,
      priceCents: LEAD_DEFAULT_PRICE_CENTS,
    });

    const refused = await admin.post('/api/admin/leads/delete').send({ leadIds: [forSale, sold, held, resold] });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toContain(`Lead #${sold} (Sold One) was sold to ${ann.email} on Nov 18, 2026`);
    expect(refused.body.error).toContain(`Lead #${held} (Held One) is held by order #77 while it is paid`);
    expect(refused.body.error).toContain(`Lead #${resold} (Sold Before) was sold before`);
    expect(await Lead.query(ctx.db).findById(forSale)).toBeTruthy();

    const ok = await admin.post('/api/admin/leads/delete').send({ leadIds: [forSale, blocked] });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ deleted: 2 });
    expect(await Lead.query(ctx.db).whereIn('id', [forSale, blocked])).toEqual([]);
    const [e] = await audit('lead.deleted');
    expect(e!.summary).toBe('Deleted 2 unsold leads of the shop');

    // A lead whose sale is on record (lead_sales) is kept even if its status says available.
    const recorded = await ins({ customerName: 'Recorded Sale', customerPhone: '5550806666' });
    await ctx.db('consumerClaims').insert({ consumerKey: '5550806666', mode: 'shared' });
    await LeadSale.query(ctx.db).insert({ leadId: recorded, consumerKey: '5550806666', mode: 'shared', buyerId: ann.id });
    expect((await admin.post('/api/admin/leads/delete').send({ leadIds: [recorded] })).status).toBe(409);

    expect((await admin.post('/api/admin/leads/delete').send({ leadIds: [999999] })).status).toBe(404);
    const empty = await admin.post('/api/admin/leads/delete').send({ leadIds: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.fields.leadIds).toBe('Select at least one lead');
    expect((await admin.get('/api/admin/leads?status=nope')).status).toBe(400);
  });
});

describe('the for-sale inventory', () => {
  it('counts available leads by state and by the shop’s age bands, with the shop’s price per band', async () => {
    await Lead.query(ctx.db).delete();
    const rows = [
      ['aged', 'TX', 10],
      ['aged', 'TX', 45],
      ['aged', 'FL', 60],
      ['aged', 'FL', 75],
      ['aged', 'GA', 120],
      ['aged', 'GA', 400],
      ['fresh', 'TX', 2],
    ] as const;
    let phone = 5550900000;
    for (const [kind, state, age] of rows)
      await Lead.query(ctx.db).insert({ kind, customerState: state, zipCode: '73301', ageDays: age, status: 'available', customerPhone: String(phone++) });
    await Lead.query(ctx.db).insert({ kind: 'aged', customerState: 'TX', zipCode: '73301', ageDays: 45, status: 'sold', customerPhone: String(phone++) });

    const res = await admin.get('/api/admin/leads/inventory');
    expect(res.status).toBe(200);
    const inv = res.body as LeadInventory;
    expect(inv.totals).toEqual({ aged: 6, fresh: 1 });
    expect(inv.byState).toEqual([
      { state: 'TX', aged: 2, fresh: 1 },
      { state: 'FL', aged: 2, fresh: 0 },
      { state: 'GA', aged: 2, fresh: 0 },
    ]);
    const band = (key: string) => inv.byAge.find((b) => b.key === key)!;
    expect(inv.byAge.map((b) => b.label)).toEqual(['Under 30 days', '30-60 days', '60-90 days', '90-180 days', 'Over 180 days']);
    // Both ends included, as the shop counts a band: the 60-day lead is in 30-60 and 60-90.
    expect(band('30-60')).toMatchObject({ aged: 2, priceCents: RINGCLOUD.agedLeadCents['30-60'] });
    expect(band('60-90')).toMatchObject({ aged: 2, priceCents: RINGCLOUD.agedLeadCents['60-90'] });
    expect(band('90-180')).toMatchObject({ aged: 1, priceCents: RINGCLOUD.agedLeadCents['90-180'] });
    expect(band('under')).toMatchObject({ aged: 1, fresh: 1, priceCents: null });
    expect(band('over')).toMatchObject({ aged: 1, priceCents: null });
    expect(inv.defaultLeadPriceCents).toBe(LEAD_DEFAULT_PRICE_CENTS);
  });
});

describe('refused rows of an import as a CSV to fix and upload again', () => {
  async function importCsv(csv: string): Promise<{ id: number; errors: Array<{ row: number; reason: string }>; mapping: object; imported: number }> {
    const up = await admin.post('/api/admin/lead-imports?target=assignment&filename=vendor.csv').set('Content-Type', 'text/csv').send(csv);
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const u = up.body as UploadedImport;
    expect((await admin.post(`/api/admin/lead-imports/${u.import.id}/run`).send({ mapping: u.suggestedMapping })).status).toBe(202);
    for (let i = 0; i < 2000; i++) {
      const p = (await admin.get(`/api/admin/lead-imports/${u.import.id}`)).body.progress as ImportProgressEvent | null;
      if (p?.type === 'done') return { id: u.import.id, errors: p.errors, mapping: u.suggestedMapping, imported: p.import.importedRows };
      if (p?.type === 'error') throw new Error(p.error);
      await new Promise((r) => setTimeout(r, 5));
    }
    throw new Error('import did not finish');
  }

  it('gives the file’s own columns and the reason, every text cell quoted and formulas neutralised; fixed, it imports', async () => {
    const csv = [
      'Full Name,Phone Number,E-mail,State',
      'Good Row,5551001111,good@example.com,TX',
      '"=HYPERLINK(""http://x"")",555-0104,,TX',
      'Eve;=2+5;,5551002222,not-an-email,FL',
      'Short Row,5551003333',
    ].join('\n');
    const first = await importCsv(csv);
    expect(first.imported).toBe(1);
    expect(first.errors.map((e) => e.row)).toEqual([3, 4, 5]);

    const res = await admin.get(`/api/admin/lead-imports/${first.id}/refused.csv`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="vendor-refused-rows.csv"');
    const lines = res.text.split('\r\n');
    expect(lines[0]).toBe('"Reason refused","Full Name","Phone Number","E-mail","State"');
    expect(lines[1]).toBe(`"${first.errors[0]!.reason.replace(/"/g, '""')}","'=HYPERLINK(""http://x"")","555-0104",,"TX"`);
    expect(lines[2]).toContain('"Eve;\'=2+5;","5551002222","not-an-email","FL"');
    const parsed = parseCsv(res.text, { relax_column_count: true }) as string[][];
    expect(parsed.map((r) => r[0])).toEqual(['Reason refused', ...first.errors.map((e) => e.reason)]);
    expect(parsed[3]).toEqual([first.errors[2]!.reason, 'Short Row', '5551003333']);

    // The operator fixes the phone, the e-mail and the short row, and uploads the file as it is.
    const fixed = res.text
      .replace(',"555-0104",', ',"555-100-4444",')
      .replace(',"not-an-email",', ',"eve@example.com",')
      .replace(',"5551003333"', ',"5551003333","","OH"');
    const again = await importCsv(fixed);
    expect(again.mapping).toEqual({ name: 1, phone: 2, email: 3, state: 4 });
    expect(again.errors, JSON.stringify(again.errors)).toEqual([]);
    expect(again.imported).toBe(3);
    const names = (await LeadPoolEntry.query(ctx.db).whereIn('phone', ['5551004444', '5551002222', '5551003333']).orderBy('phone')).map((l) => [
      l.name,
      l.state,
    ]);
    expect(names).toEqual([
      ["Eve;'=2+5;", 'FL'],
      ['Short Row', 'OH'],
      ['\'=HYPERLINK("http://x")', 'TX'],
    ]);
  });

  it('answers 404 for an unknown import and 409 for one without kept rows', async () => {
    expect((await admin.get('/api/admin/lead-imports/999999/refused.csv')).status).toBe(404);
    const up = await admin
      .post('/api/admin/lead-imports?target=assignment&filename=x.csv')
      .set('Content-Type', 'text/csv')
      .send('name,phone\nA B,5551109999\n');
    expect((await admin.get(`/api/admin/lead-imports/${up.body.import.id}/refused.csv`)).status).toBe(409);
  });
});
