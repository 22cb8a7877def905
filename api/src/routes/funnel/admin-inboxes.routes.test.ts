// Admin inboxes (issue 13 item 4): partner applications (list, detail, each file downloadable by admins
// only, status new / approved / rejected with a note) and the agent-lab and RingCloud sign-ups (who,
// when, what they asked for, whether they have set a password). Real database, real uploads folder.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import request from 'supertest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestApp, makeUser, loginAs, type TestContext } from '../../test/harness.ts';
import { samplePdf, samplePng } from '../../services/funnel/sample-files.ts';
import { partnerForm, agentLabBody, insertSignup, ringcloudSurveyBody } from '../../test/proof-fixtures.ts';
import { REJECT_NOTE_REQUIRED } from '@tm/shared/schemas/admin-business';
import { createSetPasswordLink } from '../../services/accounts/set-password-links.ts';

let ctx: TestContext;
let uploadDir: string;
let admin: Awaited<ReturnType<typeof loginAs>>;
let adminEmail: string;
let plain: Awaited<ReturnType<typeof loginAs>>;

beforeAll(async () => {
  uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-inbox-'));
  ctx = await createTestApp({ config: { uploadDir } });
  const a = await makeUser(ctx.db, { isAdmin: true });
  adminEmail = a.email;
  admin = await loginAs(ctx.app, a.email, a.password);
  const p = await makeUser(ctx.db);
  plain = await loginAs(ctx.app, p.email, p.password);
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

async function apply(over: Record<string, string> = {}, files: [Buffer, string][] = []) {
  let req = request(ctx.app).post('/api/affnetwork-signup');
  for (const [k, v] of Object.entries({ ...partnerForm(), ...over })) req = req.field(k, v);
  files.forEach(([buf, name], i) => {
    req = req.attach(`file_${i}`, buf, name);
  });
  const res = await req;
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return Number(res.body.applicationId);
}

describe('access', () => {
  it.each([
    ['get', '/api/admin/partner-applications'],
    ['get', '/api/admin/partner-applications/1'],
    ['put', '/api/admin/partner-applications/1/status'],
    ['get', '/api/admin/partner-applications/1/files/1'],
    ['get', '/api/admin/signups'],
  ] as const)('%s %s is 401 anonymous and 403 for an agent', async (method, p) => {
    expect((await request(ctx.app)[method](p).send({})).status).toBe(401);
    const res = await plain[method](p).send({});
    expect(res.status).toBe(403);
  });
});

describe('partner applications', () => {
  it('lists new applications with their file count; the detail has every answer and each file downloads for admins only', async () => {
    const pdf = samplePdf();
    const png = samplePng();
    const id = await apply({ businessName: 'Inbox Leads LLC', contactName: 'Ivy Inbox' }, [
      [pdf, 'license.pdf'],
      [png, 'logo.png'],
    ]);
    const list = await admin.get('/api/admin/partner-applications').query({ q: 'Inbox Leads' });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(1);
    expect(list.body.items[0]).toMatchObject({
      id,
      businessName: 'Inbox Leads LLC',
      contactName: 'Ivy Inbox',
      status: 'new',
      fileCount: 2,
      businessType: 'Call Center',
    });

    const detail = await admin.get(`/api/admin/partner-applications/${id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      website: 'https://northwind.example',
      servicesInterested: ['Call Transfers', 'Aged Leads'],
      experienceYears: '3-5 years',
      reviewNote: null,
    });
    expect(detail.body.files.map((f: { originalName: string }) => f.originalName)).toEqual(['license.pdf', 'logo.png']);

    const file = detail.body.files[0] as { downloadUrl: string; id: number };
    const got = await admin
      .get(file.downloadUrl)
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(got.status).toBe(200);
    expect(got.headers['content-type']).toMatch(/application\/pdf/);
    expect(got.headers['content-disposition']).toMatch(/^attachment; filename="?license.pdf"?$/);
    expect(Buffer.compare(got.body as Buffer, pdf)).toBe(0);
    // Not for agents, not anonymous, not through another application's id, not a missing file.
    expect((await plain.get(file.downloadUrl)).status).toBe(403);
    expect((await request(ctx.app).get(file.downloadUrl)).status).toBe(401);
    const other = await apply();
    expect((await admin.get(`/api/admin/partner-applications/${other}/files/${file.id}`)).status).toBe(404);
    expect((await admin.get(`/api/admin/partner-applications/${id}/files/999999`)).status).toBe(404);
    expect((await admin.get('/api/admin/partner-applications/999999')).status).toBe(404);
  });

  it('approves or rejects with a note (a rejection needs one), records who and when, and filters by status', async () => {
    const a = await apply({ businessName: 'Statusco Approved' });
    const b = await apply({ businessName: 'Statusco Rejected' });
    const noNote = await admin.put(`/api/admin/partner-applications/${b}/status`).send({ status: 'rejected' });
    expect(noNote.status).toBe(400);
    expect(noNote.body.fields.note).toBe(REJECT_NOTE_REQUIRED);
    const bad = await admin.put(`/api/admin/partner-applications/${b}/status`).send({ status: 'maybe' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('status');

    const ok = await admin.put(`/api/admin/partner-applications/${a}/status`).send({ status: 'approved', note: 'Good references' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ status: 'approved', reviewNote: 'Good references', reviewedBy: adminEmail });
    expect(ok.body.reviewedAt).toBe(ctx.clock.now().toISOString());
    const no = await admin.put(`/api/admin/partner-applications/${b}/status`).send({ status: 'rejected', note: 'No licence on file' });
    expect(no.body).toMatchObject({ status: 'rejected', reviewNote: 'No licence on file' });

    const ids = async (status: string) =>
      (await admin.get('/api/admin/partner-applications').query({ q: 'Statusco', status })).body.items.map((x: { id: number }) => x.id);
    expect(await ids('approved')).toEqual([a]);
    expect(await ids('rejected')).toEqual([b]);
    expect(await ids('new')).toEqual([]);
    // Back to new clears the reviewer.
    const back = await admin.put(`/api/admin/partner-applications/${a}/status`).send({ status: 'new' });
    expect(back.body).toMatchObject({ status: 'new', reviewedAt: null, reviewedBy: null });
    expect((await admin.put('/api/admin/partner-applications/999999/status').send({ status: 'approved' })).status).toBe(404);
  });
});

describe('sign-ups', () => {
  it('lists agent-lab and RingCloud sign-ups: who, when, what they asked for, and whether a password is set', async () => {
    const lab = agentLabBody() as { email: string; firstName: string };
    const labRes = await request(ctx.app).post('/api/survey').send(lab);
    expect(labRes.status, JSON.stringify(labRes.body)).toBeLessThan(300);
    const ring = ringcloudSurveyBody() as { email: string };
    const ringBrowser = request.agent(ctx.app);
    const ringRes = await ringBrowser.post('/api/ringcloud-survey').send(ring);
    expect(ringRes.status, JSON.stringify(ringRes.body)).toBeLessThan(300);

    const all = await admin.get('/api/admin/signups');
    expect(all.status).toBe(200);
    const labRow = all.body.items.find((s: { email: string }) => s.email === lab.email);
    const ringRow = all.body.items.find((s: { email: string }) => s.email === ring.email);
    expect(labRow).toMatchObject({ source: 'agent-lab', name: 'Jane Lab', agencyName: 'Lab Agency', passwordSet: false });
    expect(labRow.createdAt).toBe(ctx.clock.now().toISOString());
    expect(labRow.request).toEqual(
      expect.arrayContaining([
        { label: 'Lead type', value: 'Live Transfers' },
        { label: 'Total transfers', value: '120' },
        { label: 'Transfers per day', value: '6' },
      ]),
    );
    // No account before the payment (decision 180): the RingCloud sign-up has none, so no password yet.
    expect(ringRow).toMatchObject({ source: 'ringcloud', name: 'Rita Cloud', userId: null, passwordSet: false });
    expect(ringRow.request).toEqual(
      expect.arrayContaining([
        { label: 'Total transfers', value: '40' },
        { label: 'Working states', value: 'TX, FL' },
      ]),
    );

    // Its payment makes the account with the password chosen on the form.
    const order = await ringBrowser
      .post('/api/create-payment-intent')
      .send({ tier: 'ringcloud', callCount: 1, packageType: 'RingCloud Live Transfers', calls: 40, amount: 1480 });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    const paid = await request(ctx.app)
      .post('/api/test-payments/confirm')
      .send({ clientSecret: order.body.clientSecret, cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' });
    expect(paid.status).toBe(200);
    await ctx.emulator.flush();
    const ringAccount = await ctx.db('users').where({ email: ring.email.toLowerCase() }).first();
    const ringAfter = (await admin.get('/api/admin/signups').query({ q: ring.email })).body.items[0];
    expect(ringAfter).toMatchObject({ source: 'ringcloud', userId: Number(ringAccount.id), passwordSet: true });

    expect((await admin.get('/api/admin/signups').query({ source: 'ringcloud' })).body.items.every((s: { source: string }) => s.source === 'ringcloud')).toBe(
      true,
    );
    expect((await admin.get('/api/admin/signups').query({ source: 'agent-lab', q: lab.email })).body.total).toBe(1);
    expect((await admin.get('/api/admin/signups').query({ source: 'nope' })).status).toBe(400);

    // The agent-lab account's owner sets a password through the link: the inbox says so.
    const link = await createSetPasswordLink(ctx.db, ctx.config.sessionSecret, ctx.config.publicOrigin, labRow.userId, ctx.clock.now());
    const token = new URL(link.url).searchParams.get('token') ?? new URL(link.url).hash.slice(1);
    const set = await request(ctx.app).post('/api/set-password').send({ token, password: 'my-own-password-1' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const after = await admin.get('/api/admin/signups').query({ q: lab.email });
    expect(after.body.items[0].passwordSet).toBe(true);
  });

  it('a follow-up status per sign-up (new, contacted, onboarded), set by the admin, filtered on, and written to the audit log', async () => {
    const id = await insertSignup(ctx.db, { firstName: 'Stat', lastName: 'Us' });
    const row = async () => (await admin.get('/api/admin/signups').query({ q: 'Stat Us' })).body.items.find((x: { id: number }) => x.id === id);
    expect((await row()).status).toBe('new');

    const moved = await admin.put(`/api/admin/signups/${id}/status`).send({ status: 'contacted' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ id, status: 'contacted', name: 'Stat Us' });
    expect((await row()).status).toBe('contacted');
    const filtered = async (status: string) =>
      (await admin.get('/api/admin/signups').query({ status, q: 'Stat Us' })).body.items.map((x: { id: number }) => x.id);
    expect(await filtered('contacted')).toEqual([id]);
    expect(await filtered('new')).toEqual([]);

    const audit = await admin.get('/api/admin/audit').query({ kind: 'signup' });
    const entry = audit.body.items.find((e: { entityId: number }) => e.entityId === id);
    expect(entry).toMatchObject({
      action: 'signup.status',
      kind: 'signup',
      actor: { type: 'admin', email: adminEmail },
      summary: `Marked sign-up #${id} contacted`,
      changes: [{ field: 'Status', from: 'new', to: 'contacted' }],
    });

    // Setting the same status again changes nothing and writes nothing.
    expect((await admin.put(`/api/admin/signups/${id}/status`).send({ status: 'contacted' })).status).toBe(200);
    const count = async () =>
      (await admin.get('/api/admin/audit').query({ kind: 'signup' })).body.items.filter((e: { entityId: number }) => e.entityId === id).length;
    expect(await count()).toBe(1);
    expect((await admin.put(`/api/admin/signups/${id}/status`).send({ status: 'onboarded' })).body.status).toBe('onboarded');
    expect(await count()).toBe(2);

    // Bad input names the field; an unknown sign-up is 404; agents are refused.
    const bad = await admin.put(`/api/admin/signups/${id}/status`).send({ status: 'done' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ status: 'status must be new, contacted or onboarded' });
    expect((await admin.put(`/api/admin/signups/${id}/status`).send({})).body.fields).toEqual({ status: 'status must be new, contacted or onboarded' });
    expect((await admin.get('/api/admin/signups').query({ status: 'done' })).status).toBe(400);
    expect((await admin.put('/api/admin/signups/999999/status').send({ status: 'new' })).status).toBe(404);
    expect((await plain.put(`/api/admin/signups/${id}/status`).send({ status: 'new' })).status).toBe(403);
    expect((await row()).status).toBe('onboarded');
  });

  it('links a sign-up to the account with its e-mail when it has none of its own (the audit entry names that user)', async () => {
    const owner = await makeUser(ctx.db, { email: 'signup.owner@example.com', firstName: 'Owen', lastName: 'Owner' });
    const linked = await insertSignup(ctx.db, { email: 'signup.owner@example.com' });
    const alone = await insertSignup(ctx.db, { email: 'signup.nobody@example.com' });
    const items = (await admin.get('/api/admin/signups').query({ pageSize: 100 })).body.items as { id: number; userId: number | null }[];
    expect(items.find((x) => x.id === linked)?.userId).toBe(owner.id);
    expect(items.find((x) => x.id === alone)?.userId).toBeNull();
    // One row per sign-up, also with the join.
    expect(items.filter((x) => x.id === linked)).toHaveLength(1);

    await admin.put(`/api/admin/signups/${linked}/status`).send({ status: 'onboarded' });
    const audit = await admin.get('/api/admin/audit').query({ kind: 'signup', user: 'Owen Owner' });
    expect(audit.body.items.map((e: { entityId: number }) => e.entityId)).toEqual([linked]);
    expect(audit.body.items[0].subject).toMatchObject({ id: owner.id, email: 'signup.owner@example.com' });
  });
});
