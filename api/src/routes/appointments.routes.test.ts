import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import request from 'supertest';
import { createTestApp, makeUser, loginAs, type TestContext } from '../test/harness.ts';
import { toDbDate } from '../db/dates.ts';

let ctx: TestContext;
let me: Awaited<ReturnType<typeof makeUser>>;
let other: Awaited<ReturnType<typeof makeUser>>;
let agent: Awaited<ReturnType<typeof loginAs>>;
let otherAgent: Awaited<ReturnType<typeof loginAs>>;

const longTranscript = Array.from({ length: 40 }, (_, i) => `AI: line ${i} about coverage for Harold Thompson`).join('\n');

async function insertAppointment(over: Record<string, unknown> = {}): Promise<number> {
  const [id] = await ctx.db('appointments').insert({
    customerName: 'Harold Thompson',
    customerPhone: '5125550199',
    customerEmail: 'harold@example.net',
    customerState: 'TX',
    callStatus: 'completed',
    extractionConfidence: 0.82,
    callDate: toDbDate(new Date('2026-01-15T19:05:00Z')),
    extractedAppointmentDateTime: '2026-01-17T20:00:00.000Z',
    extractedAppointmentInfo: JSON.stringify({ coverageInterest: 'Final expense' }),
    hasExtractedAppointment: true,
    callDuration: 240,
    leadQuality: 'hot',
    recordingUrl: '/api/media/demo-call.wav',
    transcript: longTranscript,
    summary: 'Agreed to a call.',
    notes: 'Prefers afternoons.',
    followUpRequired: true,
    status: 'available',
    createdAt: toDbDate(new Date('2026-01-15T19:10:00Z')),
    ...over,
  });
  return Number(id);
}

let forSale: number[];
let mine: number;
let theirs: number;

beforeAll(async () => {
  ctx = await createTestApp();
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
    expect(ok).toMatchObject({ customerName: 'Harold ThXXX', customerPhone: '***-***-0199', callStatus: 'completed', extractionConfidence: 0.7, verified: true, price: '10.00', priceCents: 1000, recordingUrl: expect.stringMatching(/^\/api\/media\/demo-call\.wav\?exp=\d+&sig=[\w-]+$/) });
    expect(failed).toMatchObject({ callStatus: 'failed', verified: false });
    expect(ok.transcriptPreview).toHaveLength(501);
    expect(longTranscript.replaceAll('Thompson', 'ThXXX').endsWith(ok.transcriptPreview.slice(1))).toBe(true);
    // The transcript names the customer: the preview masks the name as the list does.
    expect(ok.transcriptPreview).toContain('Harold ThXXX');
    const raw = JSON.stringify(res.body);
    for (const secret of ['Thompson', '5125550199', 'harold@example.net']) expect(raw).not.toContain(secret);
    expect(ok.customerEmail).toBeUndefined();
  });
});

describe('my appointments', () => {
  it('lists only the agent\'s own purchases with every detail', async () => {
    const res = await agent.get('/api/vapi/my-appointments');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(1);
    expect(res.body.items[0]).toMatchObject({
      id: mine, customerName: 'Harold Thompson', customerPhone: '5125550199', customerEmail: 'harold@example.net', extractionConfidence: 82,
      transcript: longTranscript, extractedAppointmentInfo: { coverageInterest: 'Final expense' }, summary: 'Agreed to a call.', notes: 'Prefers afternoons.',
      leadQuality: 'hot', followUpRequired: true, hasExtractedAppointment: true, purchasedAt: '2026-01-18T00:00:00.000Z', price: '10.00',
    });
    const one = await agent.get(`/api/vapi/my-appointments/${mine}`);
    expect(one.body.id).toBe(mine);
  });

  it('answers 404 for another agent\'s appointment, to read or to delete, and leaves it alone', async () => {
    expect((await agent.get(`/api/vapi/my-appointments/${theirs}`)).status).toBe(404);
    expect((await agent.get(`/api/vapi/my-appointments/${forSale[0]}`)).status).toBe(404);
    const del = await agent.delete(`/api/vapi/my-appointments/${theirs}`);
    expect(del.status).toBe(404);
    expect(del.body).toEqual({ error: 'Appointment not found' });
    const still = await otherAgent.get('/api/vapi/my-appointments');
    expect(still.body.items.map((a: { id: number }) => a.id)).toEqual([theirs]);
    expect((await agent.delete('/api/vapi/my-appointments/abc')).status).toBe(400);
  });

  it('counts both lists for the agent', async () => {
    const res = await agent.get('/api/vapi/all-appointments');
    expect(res.body).toEqual({ availableCount: 2, purchasedCount: 1 });
  });

  it('deletes the agent\'s own appointment from their list once', async () => {
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
