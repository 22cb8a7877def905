import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import request from 'supertest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { samplePdf, samplePng, sampleJpeg, sampleDoc, sampleDocx, storedZip } from '../../services/funnel/sample-files.ts';
import { FILE_TOO_LARGE } from './affnetwork.routes.ts';
import { PARTNER_SUCCESS_MESSAGE } from '../../services/funnel/partner-applications.service.ts';
import { PARTNER_FORM_LIMIT, PARTNER_FORM_RATE_MESSAGE } from '../../services/funnel/limits.ts';
import { partnerForm } from '../../test/proof-fixtures.ts';

// Two apps over one upload folder: the per-address rate limit would stop one app before the end.
let ctx: TestContext;
let ctxFields: TestContext;
let uploadDir: string;
beforeAll(async () => {
  uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-uploads-'));
  ctx = await createTestApp({ config: { uploadDir } });
  ctxFields = await createTestApp({ config: { uploadDir } });
});
afterAll(async () => {
  await ctx.close();
  await ctxFields.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

const good: Record<string, string> = { ...partnerForm(), email: 'pat@northwind.example' };

function post(fields: Record<string, string | undefined>, files: [string, Buffer, string][] = [], on: TestContext = ctx) {
  let req = request(on.app).post('/api/affnetwork-signup');
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) req = req.field(k, v);
  for (const [field, buf, name] of files) req = req.attach(field, buf, name);
  return req;
}

async function rows(on: TestContext = ctx) {
  const a = await on.db('partner_applications').count({ n: '*' }).first();
  const f = await on.db('partner_application_files').count({ n: '*' }).first();
  return { apps: Number(a?.n), files: Number(f?.n) };
}

function storedFiles(): string[] {
  const dir = path.join(uploadDir, 'partner-applications');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

function tmpFiles(): string[] {
  const dir = path.join(uploadDir, 'tmp');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

describe('POST /api/affnetwork-signup', () => {
  it('stores the application and its files (checked by content, random names, outside public folders)', async () => {
    const res = await post(good, [
      ['file_0', samplePdf(), 'license.pdf'],
      ['file_1', sampleDocx(), 'profile.docx'],
      ['file_2', sampleDoc(), 'old.doc'],
      ['file_3', samplePng(), 'logo.png'],
      ['file_4', sampleJpeg(), 'team.JPEG'],
    ]);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ok: true, message: PARTNER_SUCCESS_MESSAGE });
    const app = await ctx.db('partner_applications').where({ id: res.body.applicationId }).first();
    expect(app).toMatchObject({
      businessName: 'Northwind Leads',
      email: 'pat@northwind.example',
      website: 'https://northwind.example',
      businessType: 'Call Center',
    });
    expect(JSON.parse(app.servicesInterested)).toEqual(['Call Transfers', 'Aged Leads']);
    expect(Boolean(app.agreeToTerms)).toBe(true);
    const files = await ctx.db('partner_application_files').where({ applicationId: app.id }).orderBy('id');
    expect(files.map((f: { originalName: string; mimeType: string }) => [f.originalName, f.mimeType])).toEqual([
      ['license.pdf', 'application/pdf'],
      ['profile.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ['old.doc', 'application/msword'],
      ['logo.png', 'image/png'],
      ['team.JPEG', 'image/jpeg'],
    ]);
    for (const f of files) {
      expect(f.storedPath).toMatch(/^partner-applications\/[0-9a-f]{32}\.(pdf|docx|doc|png|jpg)$/);
      expect(fs.existsSync(path.join(uploadDir, f.storedPath))).toBe(true);
    }
    expect(fs.readFileSync(path.join(uploadDir, files[0].storedPath))).toEqual(samplePdf());
    expect(tmpFiles()).toEqual([]);
  });

  it('accepts an application without files', async () => {
    const res = await post(good);
    expect(res.status).toBe(201);
  });

  it('refuses a .pdf name whose content is something else, naming the field, storing nothing', async () => {
    const before = await rows();
    const stored = storedFiles().length;
    const res = await post(good, [
      ['file_0', samplePdf(), 'ok.pdf'],
      ['file_1', samplePng(), 'fake.pdf'],
    ]);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^file_1: "fake\.pdf" is not a valid PDF file/);
    expect(res.body.fields).toHaveProperty('file_1');
    expect(await rows()).toEqual(before);
    expect(storedFiles().length).toBe(stored);
    expect(tmpFiles()).toEqual([]);
  });

  it('refuses plain text named .pdf, a zip named .docx and an unknown extension', async () => {
    const text = await post(good, [['file_0', Buffer.from('hello, I am not a pdf'), 'notes.pdf']]);
    expect(text.status).toBe(400);
    expect(text.body.fields).toHaveProperty('file_0');
    const zip = await post(good, [['file_0', storedZip([['a.txt', 'hello']]), 'resume.docx']]);
    expect(zip.status).toBe(400);
    expect(zip.body.error).toMatch(/^file_0: .*not a valid Word \(\.docx\) file/);
    const exe = await post(good, [['file_0', samplePdf(), 'setup.exe']]);
    expect(exe.status).toBe(400);
    expect(exe.body.error).toMatch(/^file_0: .*not an accepted file type/);
    const cfb = await post(good, [['file_0', sampleDoc().subarray(0, 1024), 'sheet.doc']]);
    expect(cfb.status).toBe(400);
    expect(tmpFiles()).toEqual([]);
  });

  it('refuses a file over 10 MB naming the field', async () => {
    const before = await rows();
    const big = Buffer.concat([samplePdf(), Buffer.alloc(10 * 1024 * 1024)]);
    const res = await post(good, [['file_0', big, 'big.pdf']]);
    expect(res.status).toBe(400);
    expect(res.body.fields.file_0).toBe(FILE_TOO_LARGE);
    expect(await rows()).toEqual(before);
    expect(tmpFiles()).toEqual([]);
  });

  it.each([
    ['businessName', '', 'Business name is required'],
    ['contactName', undefined, 'Contact name is required'],
    ['email', 'pat@', 'Invalid email address'],
    ['phone', '555-0142', 'Phone number must be at least 10 digits'],
    ['website', 'not a url', 'Please enter a valid website URL'],
    ['businessType', 'Bakery', 'Please select your business type'],
    ['experienceYears', '', 'Please select your experience level'],
    ['monthlyVolume', '10', 'Please select your monthly volume'],
    ['servicesInterested', '[]', 'Please select at least one service'],
    ['servicesInterested', '["Pizza"]', 'Please select at least one service'],
    ['targetMarkets', '', 'Please specify your target markets'],
    ['businessDescription', 'Too short.', 'Please provide at least 50 characters'],
    ['whyPartner', 'x'.repeat(49), 'Please provide at least 50 characters'],
    ['agreeToTerms', 'false', 'You must agree to the terms and conditions'],
  ])('refuses a bad %s with its message and writes nothing', async (field, value, message) => {
    const before = await rows(ctxFields);
    const res = await post({ ...good, [field]: value }, [['file_0', samplePdf(), 'a.pdf']], ctxFields);
    expect(res.status).toBe(400);
    expect(res.body.fields[field]).toBe(message);
    expect(await rows(ctxFields)).toEqual(before);
    expect(tmpFiles()).toEqual([]);
  });

  it('rate limits applications per address with 429', async () => {
    const own = await createTestApp({ config: { uploadDir } });
    try {
      for (let i = 0; i < PARTNER_FORM_LIMIT; i += 1) expect((await post({}, [], own)).status).toBe(400);
      const limited = await post(good, [['file_0', samplePdf(), 'a.pdf']], own);
      expect(limited.status).toBe(429);
      expect(limited.body.error).toBe(PARTNER_FORM_RATE_MESSAGE);
      expect(await rows(own)).toEqual({ apps: 0, files: 0 });
    } finally {
      await own.close();
    }
  });
});
