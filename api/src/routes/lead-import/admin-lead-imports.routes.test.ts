import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestApp, loginAs, makeUser, type TestContext } from '../../test/harness.ts';
import type { ImportProgressEvent, UploadedImport } from '@tm/shared/schemas/admin';
import { LEAD_DEFAULT_PRICE_CENTS } from '@tm/shared';
import { BATCH_ROWS, STALE_RUN_MS } from '../../services/lead-import/imports.service.ts';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof loginAs>>;
let agentId: number;
let agentLogin: Awaited<ReturnType<typeof loginAs>>;

// Uploaded files go to a folder of this run's own, removed at the end.
const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-lead-imports-'));

beforeAll(async () => {
  ctx = await createTestApp({ config: { uploadDir } });
  ctx.clock.set(new Date('2026-04-01T12:00:00Z'));
  const a = await makeUser(ctx.db, { isAdmin: true });
  admin = await loginAs(ctx.app, a.email, a.password);
  const agent = await makeUser(ctx.db, { email: 'pool.agent@example.com' });
  agentId = agent.id;
  agentLogin = await loginAs(ctx.app, agent.email, agent.password);
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

async function upload(csv: string, query: string): Promise<UploadedImport> {
  const res = await admin.post(`/api/admin/lead-imports?${query}`).set('Content-Type', 'text/csv').send(csv);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as UploadedImport;
}

/** Starts the run (202 at once: it is a job) and polls the import, as the admin page does, until it ends. */
async function run(id: number, mapping: object, dryRun = false): Promise<ImportProgressEvent[]> {
  const res = await admin.post(`/api/admin/lead-imports/${id}/run`).send({ mapping, dryRun });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  expect(res.body.import.id).toBe(id);
  const events: ImportProgressEvent[] = [];
  let progress = res.body.progress as ImportProgressEvent | null;
  const deadline = Date.now() + 110_000;
  for (;;) {
    if (progress && JSON.stringify(progress) !== JSON.stringify(events.at(-1))) events.push(progress);
    if (progress?.type === 'done' || progress?.type === 'error') return events;
    if (Date.now() > deadline) throw new Error(`import ${id} did not finish: ${JSON.stringify(progress)}`);
    await new Promise((r) => setTimeout(r, 5));
    const state = await admin.get(`/api/admin/lead-imports/${id}`);
    expect(state.status).toBe(200);
    progress = state.body.progress as ImportProgressEvent | null;
  }
}

const done = (events: ImportProgressEvent[]) => {
  const last = events.at(-1)!;
  if (last.type !== 'done') throw new Error(`expected done, got ${JSON.stringify(last)}`);
  return last;
};

// Rows 2..13 (row 1 is the header). Good: 2, 3, 4, 6, 11 (5 rows).
const ASSIGNMENT_CSV = [
  'First Name,Last Name,Phone Number,E-mail,State,Zip,Age Range',
  'Ada,Lovelace,(512) 555-0101,ada@example.com,TX,78701,60-70', // 2 good
  'Alan,Turing,+1 512.555.0102,,California,9021,70-80', // 3 good: +1 dropped, state name, ZIP padded
  'Grace,Hopper,1-512-555-0103,GRACE@EXAMPLE.COM,ny,10001,', // 4 good
  'Bad,Phone,555-0104,,TX,78701,', // 5 malformed phone
  'Edsger,Dijkstra,5125550105,,,,', // 6 good (state and zip optional for assignment)
  ',,5125550106,,TX,78701,', // 7 no name
  'Dup,InFile,512-555-0101,,TX,78701,', // 8 duplicate of row 2
  'Already,There,5125559999,,TX,78701,', // 9 duplicate against the database
  'Too,Many,5125550109,,TX,78701,,extra', // 10 more cells than the header
  'Barbara,Liskov,5125550110,bad-email,TX,78701,', // 11 bad e-mail -> refused
  'Ken,Thompson,5125550111,,Texas,787,', // 12 good: ZIP 787 -> 00787
  'Short,Row,5125550112', // 13 fewer cells than the header
].join('\n');

describe('lead import for assignment', () => {
  let importId: number;

  it('uploads the file and suggests a mapping from the header', async () => {
    await ctx.db('leadAssignments').insert({ agentId, name: 'Existing', phone: '5125559999' });
    const up = await upload(ASSIGNMENT_CSV, 'target=assignment&filename=batch.csv');
    importId = up.import.id;
    expect(up.import).toMatchObject({ target: 'assignment', kind: null, filename: 'batch.csv', status: 'uploaded' });
    expect(up.headers).toEqual(['First Name', 'Last Name', 'Phone Number', 'E-mail', 'State', 'Zip', 'Age Range']);
    expect(up.sample[0]).toEqual(['Ada', 'Lovelace', '(512) 555-0101', 'ada@example.com', 'TX', '78701', '60-70']);
    expect(up.suggestedMapping).toEqual({ firstName: 0, lastName: 1, phone: 2, email: 3, state: 4, zipCode: 5, ageRange: 6 });
  });

  it('refuses a mapping without phone or name', async () => {
    const res = await admin.post(`/api/admin/lead-imports/${importId}/run`).send({ mapping: { firstName: 0 } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Map a column to Phone');
    const noName = await admin.post(`/api/admin/lead-imports/${importId}/run`).send({ mapping: { phone: 2 } });
    expect(noName.body.error).toBe('Map a column to Full name, or to First name and Last name');
    const outside = await admin.post(`/api/admin/lead-imports/${importId}/run`).send({ mapping: { phone: 7, name: 0 } });
    expect(outside.status).toBe(400);
  });

  it('a check (dry run) reports the refused rows and imports nothing', async () => {
    const events = await run(importId, { firstName: 0, lastName: 1, phone: 2, email: 3, state: 4, zipCode: 5, ageRange: 6 }, true);
    const result = done(events);
    expect(result.import).toMatchObject({ status: 'checked', totalRows: 12, importedRows: 0, rejectedRows: 7 });
    expect(await ctx.db('leadPool').count({ n: '*' }).first()).toMatchObject({ n: 0 });
  });

  it('imports the good rows and reports each refused one with its row number and reason', async () => {
    const events = await run(importId, { firstName: 0, lastName: 1, phone: 2, email: 3, state: 4, zipCode: 5, ageRange: 6 });
    const result = done(events);
    expect(result.import).toMatchObject({ status: 'imported', totalRows: 12, importedRows: 5, rejectedRows: 7 });
    expect(result.errors.map((e) => e.row)).toEqual([5, 7, 8, 9, 10, 11, 13]);
    const reason = (row: number) => result.errors.find((e) => e.row === row)!.reason;
    expect(reason(5)).toMatch(/not a 10-digit US number/);
    expect(reason(7)).toBe('Name is required');
    expect(reason(8)).toBe('Duplicate: same phone number as row 2');
    expect(reason(9)).toBe('Duplicate: this phone number is already in the database');
    expect(reason(10)).toBe('Row has 8 columns but the header has 7');
    expect(reason(11)).toMatch(/not a valid email address/);
    expect(reason(13)).toBe('Row has 3 columns but the header has 7');

    const pool = await ctx.db('leadPool').orderBy('id');
    expect(pool.map((p: { phone: string }) => p.phone)).toEqual(['5125550101', '5125550102', '5125550103', '5125550105', '5125550111']);
    expect(pool[1]).toMatchObject({ name: 'Alan Turing', state: 'CA', zipCode: '09021' });
    expect(pool[2]).toMatchObject({ email: 'grace@example.com', state: 'NY' });
    expect(pool[4]).toMatchObject({ state: 'TX', zipCode: '00787' });

    const errors = await admin.get(`/api/admin/lead-imports/${importId}/errors?pageSize=5`);
    expect(errors.body.total).toBe(7);
    expect(errors.body.items).toHaveLength(5);
    expect(errors.body.items[0]).toEqual({ row: 5, reason: expect.stringMatching(/10-digit/) });
  });

  it('cannot run the same import twice', async () => {
    const res = await admin.post(`/api/admin/lead-imports/${importId}/run`).send({ mapping: { name: 0, phone: 2 } });
    expect(res.status).toBe(409);
  });

  it('a second file with the same phones is refused row by row against the database', async () => {
    const up = await upload('name,phone\nAda Again,512 555 0101\nNew Person,5125550150\n', 'target=assignment');
    const result = done(await run(up.import.id, up.suggestedMapping));
    expect(result.import).toMatchObject({ importedRows: 1, rejectedRows: 1 });
    expect(result.errors).toEqual([{ row: 2, reason: 'Duplicate: this phone number is already in the database' }]);
  });

  it('lists the pool and assigns chosen leads to an agent, who sees them in My Leads', async () => {
    const pool = await admin.get('/api/admin/lead-pool?status=unassigned');
    expect(pool.body.total).toBe(6);
    const byPhone = await admin.get(`/api/admin/lead-pool?q=${encodeURIComponent('(512)555-0105')}`);
    expect(byPhone.body.items.map((p: { name: string }) => p.name)).toEqual(['Edsger Dijkstra']);
    const byWord = await admin.get('/api/admin/lead-pool?q=turing');
    expect(byWord.body.items.map((p: { name: string }) => p.name)).toEqual(['Alan Turing']);
    const mixed = await admin.get('/api/admin/lead-pool?q=Ken9');
    expect(mixed.body.total).toBe(0);
    const chosen = pool.body.items.slice(0, 2).map((p: { id: number }) => p.id);
    const res = await admin.post('/api/admin/lead-pool/assign').send({ agentId, leadIds: chosen });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ assigned: 2, agentId });
    const rows = await ctx.db('leadAssignments').where({ agentId }).whereIn('phone', ['5125550101', '5125550102']);
    expect(rows).toHaveLength(2);
    expect((await admin.get('/api/admin/lead-pool?status=unassigned')).body.total).toBe(4);
    const assigned = await admin.get('/api/admin/lead-pool?status=assigned');
    expect(assigned.body.items[0]).toMatchObject({ assignedAgentId: agentId, assignedAgentEmail: 'pool.agent@example.com' });

    const mine = await agentLogin.get('/api/my-leads');
    expect(mine.status).toBe(200);
    expect(JSON.stringify(mine.body)).toContain('Ada Lovelace');

    const again = await admin.post('/api/admin/lead-pool/assign').send({ agentId, leadIds: [chosen[0], pool.body.items[2].id] });
    expect(again.status).toBe(409);
    expect((await admin.get('/api/admin/lead-pool?status=unassigned')).body.total).toBe(4);
  });

  it('answers 404 for an unknown agent and 400 for an empty selection', async () => {
    expect((await admin.post('/api/admin/lead-pool/assign').send({ agentId: 999999, leadIds: [1] })).status).toBe(404);
    const empty = await admin.post('/api/admin/lead-pool/assign').send({ agentId, leadIds: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.fields.leadIds).toBe('Select at least one lead');
  });
});

describe('lead import for sale', () => {
  it('imports into leads with the chosen kind, price in cents, the catalogue default when missing', async () => {
    await ctx.db('leads').insert({ kind: 'aged', customerName: 'Old', customerPhone: '3055550001', customerState: 'FL', zipCode: '33101' });
    const csv = [
      'Customer Name,Phone,State,Zip Code,Price,Form Fill Date,Lead Age',
      'Rosa Parks,305-555-0002,FL,33101,$7.50,2026-01-01,',
      'Cesar Chavez,3055550003,AZ,85001,,03/01/2026,',
      'No State,3055550004,,33101,5,,',
      'Old Lead,(305) 555-0001,FL,33101,5,,',
      'Bad Price,3055550005,FL,33101,cheap,,',
      'Given Age,3055550006,FL,33101,,,45',
    ].join('\r\n');
    const up = await upload(csv, 'target=sale&kind=fresh');
    expect(up.suggestedMapping).toEqual({ name: 0, phone: 1, state: 2, zipCode: 3, price: 4, formFillTime: 5, ageDays: 6 });
    const result = done(await run(up.import.id, up.suggestedMapping));
    expect(result.import).toMatchObject({ target: 'sale', kind: 'fresh', importedRows: 3, rejectedRows: 3 });
    expect(result.errors.map((e) => [e.row, e.reason])).toEqual([
      [4, 'State is required'],
      [5, 'Duplicate: this phone number is already in the database'],
      [6, expect.stringMatching(/must be an amount in dollars/)],
    ]);
    const leads = await ctx.db('leads').where({ kind: 'fresh' }).orderBy('id');
    expect(leads.map((l: { customerName: string }) => l.customerName)).toEqual(['Rosa Parks', 'Cesar Chavez', 'Given Age']);
    expect(leads[0]).toMatchObject({ customerPhone: '3055550002', priceCents: 750, ageDays: 90, status: 'available', customerState: 'FL' });
    expect(leads[1]).toMatchObject({ priceCents: null, ageDays: 31 });
    expect(leads[2]).toMatchObject({ ageDays: 45 });
    expect(LEAD_DEFAULT_PRICE_CENTS).toBeGreaterThan(0); // null price means this default
  });

  it('requires the kind, and state and ZIP mappings', async () => {
    const res = await admin.post('/api/admin/lead-imports?target=sale').set('Content-Type', 'text/csv').send('name,phone\nA,5125550100\n');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Choose aged or fresh leads');
    const up = await upload('name,phone\nA,5125550100\n', 'target=sale&kind=aged');
    const run400 = await admin.post(`/api/admin/lead-imports/${up.import.id}/run`).send({ mapping: up.suggestedMapping });
    expect(run400.body.error).toBe('Map a column to State (leads for sale need one)');
  });
});

describe('lead import with consent records (issue 19)', () => {
  it("keeps each lead's consent record; a bad consent value refuses the row, naming the field", async () => {
    const tf = 'https://cert.trustedform.com/0123456789abcdef0123456789abcdef01234567';
    const csv = [
      'Name,Phone,State,Zip,Consent URL,Consent Time,IP Address,Consent Text,TrustedForm Cert URL,Claim Expires',
      `Full Record,7135550001,TX,77001,https://quotes.example.com/fe,2026-03-30T14:05:00Z,203.0.113.9,"I agree, by clicking, to be called.",${tf},2026-04-02T14:05:00Z`,
      'Jornaya Only,7135550002,TX,77001,,,2001:db8::1,,7C9E6679-7425-40DE-944B-E07FC1F90AE7,',
      'No Consent,7135550003,TX,77001,,,,,,',
      'Bad Url,7135550004,TX,77001,javascript:alert(1),,,,,',
      'Bad Ip,7135550005,TX,77001,,,999.0.0.1,,,',
      'Bad Cert,7135550006,TX,77001,,,,,cert-123,',
      'Future Consent,7135550007,TX,77001,,2026-05-01,,,,',
      'Bad Expiry,7135550008,TX,77001,,,,,,someday',
    ].join('\n');
    const up = await upload(csv, 'target=sale&kind=fresh');
    expect(up.suggestedMapping).toEqual({
      name: 0,
      phone: 1,
      state: 2,
      zipCode: 3,
      consentSourceUrl: 4,
      consentAt: 5,
      consentIp: 6,
      consentText: 7,
      certificateId: 8,
      certificateClaimExpiresAt: 9,
    });
    const result = done(await run(up.import.id, up.suggestedMapping));
    expect(result.import).toMatchObject({ importedRows: 3, rejectedRows: 5 });
    expect(result.errors.map((e) => [e.row, e.reason])).toEqual([
      [5, 'Consent source page URL "javascript:alert(1)" is not a valid http(s) URL'],
      [6, 'Consent IP address "999.0.0.1" is not an IP address'],
      [7, 'TrustedForm / Jornaya certificate "cert-123" is not a TrustedForm certificate URL or a Jornaya LeadiD'],
      [8, 'Consent time cannot be in the future'],
      [9, 'Certificate claim expires "someday" is not a date (use YYYY-MM-DD or MM/DD/YYYY)'],
    ]);
    const leads = await ctx.db('leads').whereIn('customerPhone', ['7135550001', '7135550002', '7135550003']).orderBy('customerPhone');
    expect(leads[0]).toMatchObject({
      consentSourceUrl: 'https://quotes.example.com/fe',
      consentIp: '203.0.113.9',
      consentText: 'I agree, by clicking, to be called.',
      certificateKind: 'trustedform',
      certificateId: tf,
    });
    expect(String(leads[0].consentAt)).toMatch(/^2026-03-30[ T]14:05:00/);
    expect(String(leads[0].certificateClaimExpiresAt)).toMatch(/^2026-04-02[ T]14:05:00/);
    expect(leads[1]).toMatchObject({
      consentIp: '2001:db8::1',
      certificateKind: 'jornaya',
      certificateId: '7C9E6679-7425-40DE-944B-E07FC1F90AE7',
      consentAt: null,
    });
    expect(leads[2]).toMatchObject({ consentSourceUrl: null, consentAt: null, consentIp: null, consentText: null, certificateKind: null, certificateId: null });
  });
});

describe('bad files', () => {
  it('refuses an empty file', async () => {
    const res = await admin.post('/api/admin/lead-imports?target=assignment').set('Content-Type', 'text/csv').send('');
    expect(res.status).toBe(400);
  });

  it('imports nothing from a file that is not valid CSV and says why', async () => {
    const early = await admin.post('/api/admin/lead-imports?target=assignment').set('Content-Type', 'text/csv').send('name,phone\n"Broken,5125550171\n');
    expect(early.status).toBe(400);
    expect(early.body.error).toMatch(/not valid CSV/);
    // Past the rows read for the mapping screen, the run finds it.
    const good = Array.from({ length: 8 }, (_, i) => `Good Row ${i},51255501${70 + i}`);
    const up = await upload(['name,phone', ...good, '"Broken,5125550190', 'Other,5125550191'].join('\n'), 'target=assignment');
    const events = await run(up.import.id, { name: 0, phone: 1 });
    const last = events.at(-1)!;
    expect(last.type).toBe('error');
    expect(last.type === 'error' && last.error).toMatch(/not valid CSV.*Nothing was imported/);
    expect(await ctx.db('leadPool').where({ phone: '5125550170' }).first()).toBeUndefined();
    expect((await admin.get(`/api/admin/lead-imports/${up.import.id}`)).body.import.status).toBe('failed');
  });

  it('deletes the stored file once imported', async () => {
    const up = await upload('name,phone\nFile Gone,5125550180\n', 'target=assignment');
    const dir = path.join(ctx.config.uploadDir, 'lead-imports');
    const before = fs.readdirSync(dir).length;
    done(await run(up.import.id, { name: 0, phone: 1 }));
    expect(fs.readdirSync(dir).length).toBe(before - 1);
  });
});

describe('a large file', () => {
  it('imports 100,000 rows in streaming batches with progress', async () => {
    const lines = ['name,phone,state'];
    for (let i = 0; i < 100_000; i++) lines.push(`Person ${i},${7000000000 + i},TX`);
    lines.push('Dup Person,7000000000,TX');
    const up = await upload(lines.join('\n'), 'target=assignment&filename=big.csv');
    const events = await run(up.import.id, up.suggestedMapping);
    // The page polls: it sees some of the progress reports (one is written after each batch), in order.
    const progress = events.filter((e) => e.type === 'progress');
    expect(progress.length).toBeGreaterThanOrEqual(3);
    const rows = progress.map((e) => (e.type === 'progress' ? e.rowsProcessed : 0));
    expect(rows.every((n) => n % BATCH_ROWS === 0 || n === 100_001)).toBe(true);
    const bytes = progress.map((e) => (e.type === 'progress' ? e.bytesProcessed : 0));
    expect(bytes).toEqual([...bytes].sort((a, b) => a - b));
    const result = done(events);
    expect(result.import).toMatchObject({ totalRows: 100_001, importedRows: 100_000, rejectedRows: 1 });
    expect(result.errors).toEqual([{ row: 100_002, reason: 'Duplicate: same phone number as row 2' }]);
    const n = await ctx.db('leadPool').where('phone', 'like', '7%').count({ n: '*' }).first();
    expect(Number(n?.n)).toBe(100_000);
  }, 120_000);
});

describe('an interrupted import', () => {
  it('an import whose process died mid-run can be run again once its heartbeat is stale, never while it beats', async () => {
    const up = await upload('name,phone\nIvy Interrupted,7135550170\nOwen Orphan,7135550171\n', 'target=assignment');
    // What a server killed mid-run leaves behind: the claim and some staged rows, nothing imported.
    const beat = new Date(ctx.clock.now().getTime() - 30_000).toISOString().replace('T', ' ').replace('Z', '');
    await ctx.db('leadImports').where({ id: up.import.id }).update({ status: 'running', heartbeatAt: beat });
    await ctx.db('leadImportRows').insert({ importId: up.import.id, rowNumber: 2, name: 'Ivy Interrupted', phone: '7135550170' });
    const busy = await admin.post(`/api/admin/lead-imports/${up.import.id}/run`).send({ mapping: { name: 0, phone: 1 } });
    expect(busy.status).toBe(409);
    expect(busy.body.error).toBe('This import is already running');
    ctx.clock.advance(STALE_RUN_MS);
    const last = done(await run(up.import.id, { name: 0, phone: 1 }));
    expect(last.import).toMatchObject({ status: 'imported', importedRows: 2, rejectedRows: 0 });
    expect(await ctx.db('leadPool').whereIn('phone', ['7135550170', '7135550171']).count({ n: '*' }).first()).toMatchObject({ n: 2 });
  });
});
