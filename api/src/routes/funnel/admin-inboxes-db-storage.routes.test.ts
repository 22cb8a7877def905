// Issue 27 M6: with STORAGE=db (the production default) a partner application's file is kept in the
// database, and the admin's download reads it from there, not from the upload folder (which stays empty).
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import request from 'supertest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestApp, makeUser, loginAs, type TestContext } from '../../test/harness.ts';
import { samplePdf } from '../../services/funnel/sample-files.ts';
import { partnerForm } from '../../test/proof-fixtures.ts';
import { createStorage } from '../../storage/index.ts';
import { PartnerApplicationFile } from '../../models/index.ts';

let ctx: TestContext;
let uploadDir: string;
let admin: Awaited<ReturnType<typeof loginAs>>;

beforeAll(async () => {
  uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-inbox-db-'));
  ctx = await createTestApp({ config: { uploadDir, storage: 'db' } });
  const a = await makeUser(ctx.db, { isAdmin: true });
  admin = await loginAs(ctx.app, a.email, a.password);
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

const asBuffer = (res: request.Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

describe('partner application files with STORAGE=db', () => {
  it('an admin downloads the file the applicant sent, read from the database; a file no longer stored is 404', async () => {
    const pdf = samplePdf();
    let req = request(ctx.app).post('/api/affnetwork-signup');
    for (const [k, v] of Object.entries({ ...partnerForm(), businessName: 'Blob Leads LLC' })) req = req.field(k, v);
    const sent = await req.attach('file_0', pdf, 'license.pdf');
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const id = Number(sent.body.applicationId);

    // Stored in the database, nothing under the upload folder.
    const row = await PartnerApplicationFile.query(ctx.db).where({ applicationId: id }).first();
    expect(row).toBeDefined();
    const dbStore = createStorage('db', { db: ctx.db, uploadDir });
    expect(await dbStore.exists(String(row!.storedPath))).toBe(true);
    expect(fs.existsSync(path.join(uploadDir, String(row!.storedPath)))).toBe(false);

    const detail = await admin.get(`/api/admin/partner-applications/${id}`);
    const file = detail.body.files[0] as { downloadUrl: string };
    const got = await admin.get(file.downloadUrl).buffer(true).parse(asBuffer);
    expect(got.status, String(got.body)).toBe(200);
    expect(got.headers['content-type']).toMatch(/application\/pdf/);
    expect(got.headers['content-disposition']).toMatch(/^attachment; filename="?license.pdf"?$/);
    expect(got.headers['cache-control']).toBe('private, no-store');
    expect(Buffer.compare(got.body as Buffer, pdf)).toBe(0);

    await dbStore.remove(String(row!.storedPath));
    const gone = await admin.get(file.downloadUrl);
    expect(gone.status).toBe(404);
    expect(gone.body.error).toBe('File not found');
  });
});
