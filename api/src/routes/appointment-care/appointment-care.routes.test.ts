// Appointments that respect the agent's time (issue 19, item 3): .ics per purchased appointment, a
// secret calendar feed per agent (revocable), and no-show reports at their edges: the window opens at the
// appointment time and closes 24 hours later (both included); every report (even a call under the buffer)
// goes to the admin's queue (issue 27 L4), decided exactly once.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import request from 'supertest';
import { APPOINTMENT_PRICE_CENTS } from '@tm/shared';
import { NO_SHOW_WINDOW_MS } from '@tm/shared/schemas/appointment-care';
import { createTestApp, makeUser, loginAs, type TestContext } from '../../test/harness.ts';
import { NO_ANSWER_BUFFER_SECONDS } from '../../services/appointment-care/no-shows.service.ts';

let ctx: TestContext;
let a: Awaited<ReturnType<typeof makeUser>>;
let agentA: Awaited<ReturnType<typeof loginAs>>;
let agentB: Awaited<ReturnType<typeof loginAs>>;
let admin: Awaited<ReturnType<typeof loginAs>>;
const START = new Date('2026-11-20T15:00:00.000Z');

async function appointment(buyerId: number, at: Date | null, over: Record<string, unknown> = {}): Promise<number> {
  const [id] = await ctx.db('appointments').insert({
    customerName: 'Dana Whitfield',
    customerPhone: '4045550199',
    customerState: 'GA',
    status: 'sold',
    buyerId,
    purchasedAt: '2026-11-18 10:00:00.000',
    extractedAppointmentDateTime: at ? at.toISOString() : null,
    hasExtractedAppointment: Boolean(at),
    priceCents: null,
    ...over,
  });
  return Number(id);
}

beforeAll(async () => {
  ctx = await createTestApp();
  a = await makeUser(ctx.db);
  const b = await makeUser(ctx.db);
  const ad = await makeUser(ctx.db, { isAdmin: true });
  agentA = await loginAs(ctx.app, a.email, a.password);
  agentB = await loginAs(ctx.app, b.email, b.password);
  admin = await loginAs(ctx.app, ad.email, ad.password);
});
afterAll(() => ctx.close());

describe('calendar', () => {
  it('downloads a purchased appointment as .ics; not another agent, not one without a time', async () => {
    const id = await appointment(a.id, START);
    const res = await agentA.get(`/api/appointments/${id}/calendar.ics`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/calendar/);
    expect(res.text).toContain('BEGIN:VEVENT');
    expect(res.text).toContain('DTSTART:20261120T150000Z');
    expect(res.text).toContain('SUMMARY:Appointment: Dana Whitfield');
    expect((await agentB.get(`/api/appointments/${id}/calendar.ics`)).status).toBe(404);
    const timeless = await appointment(a.id, null);
    expect((await agentA.get(`/api/appointments/${timeless}/calendar.ics`)).status).toBe(422);
  });

  it('serves a secret feed of the agent’s appointments; a new URL retires the old one; revoke stops it', async () => {
    const mine = await appointment(a.id, new Date('2026-11-25T18:30:00Z'));
    const theirs = await appointment((await makeUser(ctx.db)).id, new Date('2026-11-26T18:30:00Z'));
    expect((await agentA.get('/api/calendar-feed')).body).toEqual({ active: false, createdAt: null });
    const created = await agentA.post('/api/calendar-feed');
    expect(created.status).toBe(201);
    const url = new URL(created.body.url);
    const feed = await request(ctx.app).get(url.pathname);
    expect(feed.status).toBe(200);
    expect(feed.text).toContain(`UID:appointment-${mine}@`);
    expect(feed.text).toContain('DTSTART:20261125T183000Z');
    expect(feed.text).not.toContain(`UID:appointment-${theirs}@`);
    expect(JSON.stringify(await ctx.db('calendar_feeds').where({ userId: a.id }).first())).not.toContain(url.pathname.split('/').pop()!.replace('.ics', ''));

    const again = new URL((await agentA.post('/api/calendar-feed')).body.url);
    expect((await request(ctx.app).get(url.pathname)).status).toBe(404);
    expect((await request(ctx.app).get(again.pathname)).status).toBe(200);
    expect((await agentA.delete('/api/calendar-feed')).status).toBe(204);
    expect((await request(ctx.app).get(again.pathname)).status).toBe(404);
    expect((await request(ctx.app).get('/api/calendar/not-a-secret.ics')).status).toBe(404);
  });
});

describe('no-show reports', () => {
  const report = (id: number, seconds: number, who = agentA) =>
    who.post(`/api/appointments/${id}/no-show`).send({ callDurationSeconds: seconds, recordingUrl: 'https://rec.example.com/x.mp3' });

  it('opens at the appointment time: a millisecond before is refused', async () => {
    const id = await appointment(a.id, START);
    ctx.clock.set(new Date(START.getTime() - 1));
    const early = await report(id, 10);
    expect(early.status).toBe(422);
    expect(early.body.error).toBe('A no-show can be reported once the appointment time has passed.');
    ctx.clock.set(START);
    const atStart = await report(id, 10);
    expect(atStart.status).toBe(201);
    expect(atStart.body).toMatchObject({ status: 'pending', creditCents: 0, callDurationSeconds: 10 });
  });

  it('closes 24 hours later: the last millisecond is inside, the next is refused', async () => {
    const inside = await appointment(a.id, START);
    const outside = await appointment(a.id, START);
    ctx.clock.set(new Date(START.getTime() + NO_SHOW_WINDOW_MS));
    expect((await report(inside, 5)).status).toBe(201);
    ctx.clock.set(new Date(START.getTime() + NO_SHOW_WINDOW_MS + 1));
    const late = await report(outside, 5);
    expect(late.status).toBe(422);
    expect(late.body.error).toBe('No-show reports close 24 hours after the appointment time.');
  });

  it("a call under the buffer is not credited on the agent's word: every report goes to the admin queue; once per appointment", async () => {
    ctx.clock.set(new Date(START.getTime() + 3_600_000));
    const under = await appointment(a.id, START, { priceCents: 1500 });
    const at = await appointment(a.id, START);
    const u = await report(under, NO_ANSWER_BUFFER_SECONDS - 1);
    expect(u.body).toMatchObject({ status: 'pending', creditCents: 0 });
    // Nothing credited yet: results count the appointment at its price.
    const items = (await agentA.get('/api/outcomes/items?from=2026-11-01&to=2026-11-30')).body.items as Array<{
      itemType: string;
      itemId: number;
      costCents: number;
    }>;
    expect(items.find((i) => i.itemType === 'appointment' && i.itemId === under)?.costCents).toBe(1500);
    expect(items.find((i) => i.itemType === 'appointment' && i.itemId === at)?.costCents).toBe(APPOINTMENT_PRICE_CENTS);
    const p = await report(at, NO_ANSWER_BUFFER_SECONDS);
    expect(p.status).toBe(201);
    expect(p.body).toMatchObject({ status: 'pending', creditCents: 0 });
    expect((await report(at, 1)).status).toBe(409);
    expect((await report(at, 1, agentB)).status).toBe(404);
    expect((await agentA.post(`/api/appointments/${at}/no-show`).send({ callDurationSeconds: -1 })).body.fields).toHaveProperty('callDurationSeconds');

    const queue = await admin.get('/api/admin/no-shows?status=pending');
    expect(queue.body.items.map((i: { id: number }) => i.id)).toContain(p.body.id);
    expect(queue.body.items.every((i: { status: string }) => i.status === 'pending')).toBe(true);
    expect((await agentA.get('/api/admin/no-shows')).status).toBe(403);
    expect((await admin.post(`/api/admin/no-shows/${p.body.id}/deny`).send({})).body.fields).toHaveProperty('reason');
    const results = await Promise.all([1, 2, 3].map(() => admin.post(`/api/admin/no-shows/${p.body.id}/approve`).send({ reason: 'Recording: voicemail' })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(2);
    const mine = await agentA.get('/api/appointments/no-shows');
    expect(mine.body.items.find((i: { id: number }) => i.id === p.body.id)).toMatchObject({
      status: 'approved',
      creditCents: APPOINTMENT_PRICE_CENTS,
      decisionReason: 'Recording: voicemail',
    });
  });
});
