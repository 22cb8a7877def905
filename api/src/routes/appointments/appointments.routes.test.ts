import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import request from 'supertest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestApp, makeUser, loginAs, type TestContext } from '../../test/harness.ts';
import { toDbDate } from '../../db/dates.ts';
import { generateWav } from '../../db/seed.ts';
import { appointmentForSaleSchema, appointmentsForSalePageSchema } from '@tm/shared/schemas/dashboard';
import { extractedAppointmentRow } from '../../test/proof-fixtures.ts';

let ctx: TestContext;
let dataDir: string;
const demoWav = generateWav(100); // 8 kHz, 8-bit mono: 8000 bytes a second
let me: Awaited<ReturnType<typeof makeUser>>;
let other: Awaited<ReturnType<typeof makeUser>>;
let agent: Awaited<ReturnType<typeof loginAs>>;
let otherAgent: Awaited<ReturnType<typeof loginAs>>;

const longTranscript = Array.from({ length: 40 }, (_, i) => `AI: line ${i} about coverage for Harold Thompson`).join('\n');

async function insertAppointment(over: Record<string, unknown> = {}): Promise<number> {
  const [id] = await ctx.db('appointments').insert({
    ...extractedAppointmentRow(),
    callDate: toDbDate(new Date('2026-01-15T19:05:00Z')),
    extractedAppointmentDateTime: '2026-01-17T20:00:00.000Z',
    extractedAppointmentInfo: JSON.stringify({ coverageInterest: 'Final expense' }),
    callDuration: 240,
    recordingUrl: '/api/media/demo-call.wav',
    transcript: longTranscript,
    summary: 'Agreed to a call.',
    notes: 'Prefers afternoons.',
    followUpRequired: true,
    createdAt: toDbDate(new Date('2026-01-15T19:10:00Z')),
    ...over,
  });
  return Number(id);
}

let forSale: number[];
let mine: number;
let theirs: number;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-appts-'));
  fs.mkdirSync(path.join(dataDir, 'media'));
  fs.writeFileSync(path.join(dataDir, 'media', 'demo-call.wav'), demoWav);
  ctx = await createTestApp({ config: { dataDir } });
  me = await makeUser(ctx.db);
  other = await makeUser(ctx.db);
  agent = await loginAs(ctx.app, me.email, me.password);
  otherAgent = await loginAs(ctx.app, other.email, other.password);
  forSale = [
    await insertAppointment({ createdAt: toDbDate(new Date('2026-01-14T00:00:00Z')), extractionConfidence: 0.7 }),
    await insertAppointment({ createdAt: toDbDate(new Date('2026-01-16T00:00:00Z')), extractionConfidence: 0.69, callStatus: 'failed' }),
  ];
  await insertAppointment({ status: 'reserved' });
  mine = await insertAppointment({ status: 'sold', buyerId: me.id, purchasedAt: toDbDate(new Date('2026-01-18T00:00:00Z')) });
  theirs = await insertAppointment({ status: 'sold', buyerId: other.id, purchasedAt: toDbDate(new Date('2026-01-18T00:00:00Z')) });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('appointments for sale', () => {
  it('needs a logged-in agent', async () => {
    for (const url of ['/api/vapi/available-appointments', '/api/vapi/my-appointments', '/api/vapi/all-appointments']) {
      expect((await request(ctx.app).get(url)).status).toBe(401);
    }
    expect((await request(ctx.app).delete(`/api/vapi/my-appointments/${mine}`)).status).toBe(401);
  });

  it('lists available records newest first, masked, with a 500-character transcript tail and the verified flag', async () => {
    const res = await agent.get('/api/vapi/available-appointments');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    expect(res.body.items.map((a: { id: number }) => a.id)).toEqual([forSale[1], forSale[0]]);
    const [failed, ok] = res.body.items;
    expect(ok).toMatchObject({
      customerName: 'Harold ThXXX',
      customerPhone: '***-***-0199',
      callStatus: 'completed',
      extractionConfidence: 0.7,
      verified: true,
      priceCents: 1000,
      recordingUrl: expect.stringMatching(/^\/api\/media\/demo-call\.wav\?exp=\d+&preview=90&sig=[\w-]+$/),
      hasRecording: true,
    });
    expect(failed).toMatchObject({ callStatus: 'failed', verified: false });
    expect(ok.transcriptPreview).toHaveLength(501);
    expect(longTranscript.replaceAll('Thompson', 'ThXXX').endsWith(ok.transcriptPreview.slice(1))).toBe(true);
    // The transcript names the customer: the preview masks the name as the list does.
    expect(ok.transcriptPreview).toContain('Harold ThXXX');
    const raw = JSON.stringify(res.body);
    for (const secret of ['Thompson', '5125550199', 'harold@example.net']) expect(raw).not.toContain(secret);
    expect(ok.customerEmail).toBeUndefined();
    // One name per value (decision 260): the shared output schema's fields, exactly; the price in cents only.
    expect(appointmentsForSalePageSchema.parse(res.body).items).toHaveLength(2);
    for (const item of res.body.items) expect(Object.keys(item).sort()).toEqual(Object.keys(appointmentForSaleSchema.shape).sort());
  });
});

describe('my appointments', () => {
  it("lists only the agent's own purchases with every detail", async () => {
    const res = await agent.get('/api/vapi/my-appointments');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(1);
    expect(res.body.items[0]).toMatchObject({
      id: mine,
      customerName: 'Harold Thompson',
      customerPhone: '5125550199',
      customerEmail: 'harold@example.net',
      extractionConfidence: 82,
      transcript: longTranscript,
      extractedAppointmentInfo: { coverageInterest: 'Final expense' },
      summary: 'Agreed to a call.',
      notes: 'Prefers afternoons.',
      leadQuality: 'hot',
      followUpRequired: true,
      hasExtractedAppointment: true,
      purchasedAt: '2026-01-18T00:00:00.000Z',
      priceCents: 1000,
    });
    expect(res.body.items[0]).not.toHaveProperty('price');
    const one = await agent.get(`/api/vapi/my-appointments/${mine}`);
    expect(one.body.id).toBe(mine);
  });

  it("answers 404 for another agent's appointment, to read or to delete, and leaves it alone", async () => {
    expect((await agent.get(`/api/vapi/my-appointments/${theirs}`)).status).toBe(404);
    expect((await agent.get(`/api/vapi/my-appointments/${forSale[0]}`)).status).toBe(404);
    const del = await agent.delete(`/api/vapi/my-appointments/${theirs}`);
    expect(del.status).toBe(404);
    expect(del.body).toEqual({ error: 'Appointment not found' });
    const still = await otherAgent.get('/api/vapi/my-appointments');
    expect(still.body.items.map((a: { id: number }) => a.id)).toEqual([theirs]);
    // The one id reader (api/src/http/params.ts): an id that cannot exist is not found, as one that does not.
    for (const bad of ['abc', '1e3', '0', '7.0']) {
      const res = await agent.delete(`/api/vapi/my-appointments/${bad}`);
      expect({ bad, status: res.status, body: res.body }).toEqual({ bad, status: 404, body: { error: 'Appointment not found' } });
    }
  });

  it('counts both lists for the agent', async () => {
    const res = await agent.get('/api/vapi/all-appointments');
    expect(res.body).toEqual({ availableCount: 2, purchasedCount: 1 });
  });

  it("deletes the agent's own appointment from their list once", async () => {
    const del = await agent.delete(`/api/vapi/my-appointments/${mine}`);
    expect(del.status).toBe(200);
    expect((await agent.get('/api/vapi/my-appointments')).body.total).toBe(0);
    expect((await agent.delete(`/api/vapi/my-appointments/${mine}`)).status).toBe(404);
    // The sale stays on record.
    const row = await ctx.db('appointments').where({ id: mine }).first();
    expect(row.status).toBe('sold');
    expect(row.buyerDeletedAt).toBeTruthy();
  });
});

function binary(res: request.Response, cb: (err: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
}

describe('recordings: previews before purchase, the whole call after', () => {
  const external = 'https://platform.example/rec.mp3';
  let extForSale: number;
  let noRecording: number;
  let boughtLocal: number;
  let boughtExternal: number;
  beforeAll(async () => {
    extForSale = await insertAppointment({ recordingUrl: external, createdAt: toDbDate(new Date('2026-01-10T00:00:00Z')) });
    noRecording = await insertAppointment({ recordingUrl: null, createdAt: toDbDate(new Date('2026-01-09T00:00:00Z')) });
    await insertAppointment({
      recordingUrl: null,
      uploadedAudioPath: 'https://platform.example/uploaded.wav',
      createdAt: toDbDate(new Date('2026-01-08T00:00:00Z')),
    });
    boughtLocal = await insertAppointment({ status: 'sold', buyerId: me.id, purchasedAt: toDbDate(new Date('2026-01-19T00:00:00Z')) });
    boughtExternal = await insertAppointment({
      status: 'sold',
      buyerId: me.id,
      recordingUrl: external,
      purchasedAt: toDbDate(new Date('2026-01-20T00:00:00Z')),
    });
  });

  it('gives a non-buyer a preview link that plays exactly the last 90 seconds', async () => {
    const list = await agent.get('/api/vapi/available-appointments');
    const item = list.body.items.find((a: { id: number }) => a.id === forSale[0]);
    expect(item.recordingUrl).toContain('preview=90');
    const res = await agent.get(item.recordingUrl).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    const wav = res.body as Buffer;
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
    expect(wav.toString('latin1', 36, 40)).toBe('data');
    const dataSize = wav.readUInt32LE(40);
    expect(dataSize / wav.readUInt32LE(28)).toBe(90);
    expect(Buffer.compare(wav.subarray(44), demoWav.subarray(demoWav.length - dataSize))).toBe(0);
    // The preview link names its length: without it, or with another, it plays nothing.
    expect((await agent.get(item.recordingUrl.replace('&preview=90', ''))).status).toBe(404);
    expect((await agent.get(item.recordingUrl.replace('preview=90', 'preview=900'))).status).toBe(404);
  });

  it('never hands an external recording to a non-buyer: no URL, only that one comes with the purchase', async () => {
    const list = await agent.get('/api/vapi/available-appointments');
    const byId = new Map<number, { recordingUrl: string | null; hasRecording: boolean }>(list.body.items.map((a: { id: number }) => [a.id, a]));
    expect(byId.get(extForSale)).toMatchObject({ recordingUrl: null, hasRecording: true });
    expect(byId.get(noRecording)).toMatchObject({ recordingUrl: null, hasRecording: false });
    expect(JSON.stringify(list.body)).not.toContain('platform.example');
  });

  it('gives the buyer the whole recording of a purchase, and an external one as it is', async () => {
    const list = await agent.get('/api/vapi/my-appointments');
    const byId = new Map<number, { recordingUrl: string }>(list.body.items.map((a: { id: number }) => [a.id, a]));
    expect(byId.get(boughtExternal)!.recordingUrl).toBe(external);
    const full = byId.get(boughtLocal)!.recordingUrl;
    expect(full).toMatch(/^\/api\/media\/demo-call\.wav\?exp=\d+&sig=[\w-]+$/);
    const res = await agent.get(full).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    expect(Buffer.compare(res.body as Buffer, demoWav)).toBe(0);
    const one = await agent.get(`/api/vapi/my-appointments/${boughtLocal}`);
    expect(one.body.recordingUrl).not.toContain('preview');
    expect((await agent.get(one.body.recordingUrl).buffer(true).parse(binary)).body.length).toBe(demoWav.length);
    // Another agent cannot use the buyer's link.
    expect((await otherAgent.get(full)).status).toBe(404);
  });
});
