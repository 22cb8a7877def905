// No-shows decided by the evidence (issue 29, item 2, decision 198; issue 33): a report is credited by the rules
// only when the calling platform's record of attempts after the callback time (POST /api/callbacks/attempts, or
// calls the caller system recorded to the consumer's phone through POST /api/callbacks/transfer) shows nobody
// answered: at least 2, the first and last at least 5 minutes apart, none answered or over 10 s. Otherwise
// it waits for an admin with the evidence; the agent's word alone never credits; an admin never decides
// their own. The evidence is in the JSON for the agent and the admin, and each rule decision is audited.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import request from 'supertest';
import { APPOINTMENT_PRICE_CENTS } from '@tm/shared';
import { MAX_CALL_ATTEMPTS, type NoShowView } from '@tm/shared/schemas/appointment-care';
import type { AuditLogEntry } from '@tm/shared/schemas/audit';
import { createTestApp, makeUser, loginAs, type TestContext } from '../../test/harness.ts';
import { callPayload } from '../../test/transfers-testing.ts';
import { agentWithSoldAppointment } from '../../test/proof-fixtures.ts';

const KEY = 'test-transfer-key-noshow-evidence';
const START = new Date('2026-11-20T15:00:00.000Z');
const min = (n: number) => new Date(START.getTime() + n * 60_000);
type Agent = Awaited<ReturnType<typeof loginAs>>;

let ctx: TestContext;
let admin: Agent;
let phoneSeq = 0;

beforeAll(async () => {
  // The tests move the clock around an appointment by hours: sessions are not what is tested here.
  ctx = await createTestApp({ config: { transferApiKey: KEY, inactivityTimeoutMs: 7 * 86_400_000 } });
  const ad = await makeUser(ctx.db, { isAdmin: true });
  admin = await loginAs(ctx.app, ad.email, ad.password);
});
afterAll(() => ctx.close());

/** A new agent (with a transfer balance, so the caller system may record calls for them) and one bought appointment at START. */
function setup(over: { isAdmin?: boolean } = {}) {
  phoneSeq += 1;
  return agentWithSoldAppointment(ctx, START, `404555${String(1000 + phoneSeq).slice(-4)}`, over);
}

async function attempt(agent: Agent, id: number, at: Date, outcome: string, durationSeconds: number) {
  ctx.clock.set(at);
  const res = await agent.post(`/api/appointments/${id}/attempts`).send({ outcome, durationSeconds });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** The calling platform's record of an attempt on appointment `id` (POST /api/callbacks/attempts, issue 33). */
async function platform(id: number, at: Date, outcome: string, durationSeconds: number) {
  ctx.clock.set(new Date(at.getTime() + 60_000));
  const res = await request(ctx.app)
    .post('/api/callbacks/attempts')
    .set('x-api-key', KEY)
    .send({ appointmentId: id, callId: `attempt-${id}-${at.getTime()}-${outcome}`, startedAt: at.toISOString(), durationSeconds, outcome });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

/** A call the caller system records between the agent and this phone, starting at `at`. */
async function systemCall(userId: number, phone: string, at: Date, durationSeconds: number) {
  ctx.clock.set(new Date(at.getTime() + durationSeconds * 1000 + 60_000));
  const res = await request(ctx.app)
    .post('/api/callbacks/transfer')
    .set('x-api-key', KEY)
    .send(
      callPayload({ id: userId }, durationSeconds, {
        now: ctx.clock.now(),
        callerPhone: phone,
        startedAt: at.toISOString(),
        endedAt: new Date(at.getTime() + durationSeconds * 1000).toISOString(),
      }),
    );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

async function report(agent: Agent, id: number, at: Date, body: Record<string, unknown> = { callDurationSeconds: 0 }) {
  ctx.clock.set(at);
  const res = await agent.post(`/api/appointments/${id}/no-show`).send(body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as NoShowView;
}

async function auditOf(noShowId: number): Promise<AuditLogEntry[]> {
  const res = await admin.get('/api/admin/audit').query({ pageSize: 100, kind: 'no_show' });
  expect(res.status).toBe(200);
  return (res.body.items as AuditLogEntry[]).filter((e) => e.entityId === noShowId);
}

describe('credited by the rules', () => {
  it('two unanswered attempts the platform recorded after the callback time, 6 minutes apart: credited at once, with the evidence, audited', async () => {
    const { agent, id } = await setup();
    await platform(id, min(1), 'no_answer', 0);
    await platform(id, min(7), 'voicemail', 8);
    const r = await report(agent, id, min(9));
    expect(r).toMatchObject({ status: 'credited', decidedBy: 'rules', creditCents: APPOINTMENT_PRICE_CENTS, decidedAt: min(9).toISOString() });
    expect(r.evidence).toMatchObject({
      callbackTime: START.toISOString(),
      checkedAt: min(9).toISOString(),
      supported: true,
      attempts: [
        { at: min(1).toISOString(), source: 'platform', outcome: 'no_answer', durationSeconds: 0 },
        { at: min(7).toISOString(), source: 'platform', outcome: 'voicemail', durationSeconds: 8 },
      ],
    });
    expect(r.evidence!.findings[0]).toBe('2 attempts after the callback time over 6 minutes, none answered (none over 10 s).');
    expect(r.decisionReason).toBe(r.evidence!.findings[0]);

    // The agent sees it with its evidence; the admin sees it too, already decided (nothing left to decide).
    const mine = (await agent.get('/api/appointments/no-shows')).body.items.find((n: NoShowView) => n.id === r.id);
    expect(mine).toMatchObject({ status: 'credited', decidedBy: 'rules', evidence: { supported: true } });
    expect(mine.evidence.attempts).toHaveLength(2);
    const queued = (await admin.get('/api/admin/no-shows?status=credited')).body.items.find((n: NoShowView) => n.id === r.id);
    expect(queued.evidence.attempts.map((a: { at: string }) => a.at)).toEqual([min(1).toISOString(), min(7).toISOString()]);
    expect((await admin.post(`/api/admin/no-shows/${r.id}/deny`).send({ reason: 'no' })).status).toBe(409);

    // Results count the appointment as credited back.
    const items = (await agent.get('/api/outcomes/items?from=2026-11-01&to=2026-11-30')).body.items as Array<{
      itemType: string;
      itemId: number;
      costCents: number;
    }>;
    expect(items.find((i) => i.itemType === 'appointment' && i.itemId === id)?.costCents).toBe(0);

    const [entry] = await auditOf(r.id);
    expect(entry).toMatchObject({ action: 'no_show.credited', actor: { type: 'system', id: null } });
    expect(entry!.summary).toContain('from the call attempts');
    expect(JSON.stringify(entry!.details)).toContain(min(7).toISOString());
  });

  it('calls the caller system recorded to the consumer’s phone count as attempts', async () => {
    const { user, agent, id, phone } = await setup();
    await systemCall(user.id, `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`, min(2), 4);
    await systemCall(user.id, phone, min(9), 0);
    const r = await report(agent, id, min(12));
    expect(r).toMatchObject({ status: 'credited', decidedBy: 'rules', creditCents: APPOINTMENT_PRICE_CENTS });
    expect(r.evidence!.attempts).toEqual([
      { at: min(2).toISOString(), source: 'call_system', outcome: 'no_answer', durationSeconds: 4 },
      { at: min(9).toISOString(), source: 'call_system', outcome: 'no_answer', durationSeconds: 0 },
    ]);
    expect((await agent.get(`/api/appointments/${id}/attempts`)).body.items).toHaveLength(2);
  });
});

describe('left to an admin, with the evidence', () => {
  it('on the word alone: a 0-second call with a recording and no attempts is not credited', async () => {
    const { agent, id } = await setup();
    const r = await report(agent, id, min(30), { callDurationSeconds: 0, recordingUrl: 'https://rec.example.com/x.mp3', note: 'Nobody answered' });
    expect(r).toMatchObject({ status: 'pending', decidedBy: null, creditCents: 0, decidedAt: null });
    expect(r.evidence).toMatchObject({ supported: false, attempts: [] });
    expect(r.evidence!.findings).toEqual(['The calling platform recorded no call attempt after the callback time.', 'An admin decides this report.']);
    const [entry] = await auditOf(r.id);
    expect(entry).toMatchObject({ action: 'no_show.referred', actor: { type: 'system' } });
    const queued = (await admin.get('/api/admin/no-shows?status=pending')).body.items.find((n: NoShowView) => n.id === r.id);
    expect(queued.evidence.findings[0]).toBe('The calling platform recorded no call attempt after the callback time.');
  });

  it('attempts before the callback time do not count', async () => {
    const { agent, id } = await setup();
    await platform(id, min(-30), 'no_answer', 0);
    await platform(id, min(-20), 'no_answer', 0);
    await platform(id, min(2), 'no_answer', 0);
    const r = await report(agent, id, min(9));
    expect(r).toMatchObject({ status: 'pending', creditCents: 0 });
    expect(r.evidence!.attempts.map((a) => a.at)).toEqual([min(2).toISOString()]);
    expect(r.evidence!.findings).toContain('2 attempts before the callback time do not count.');
    expect(r.evidence!.findings).toContain('Only 1 attempt after the callback time (at least 2 are needed).');
  });

  it('two quick redials are one try: attempts under 5 minutes apart', async () => {
    const { agent, id } = await setup();
    await platform(id, min(1), 'no_answer', 0);
    await platform(id, min(3), 'no_answer', 0);
    const r = await report(agent, id, min(4));
    expect(r).toMatchObject({ status: 'pending', creditCents: 0 });
    expect(r.evidence!.findings[0]).toBe('The first and last attempts were 2 minutes apart (at least 5 are needed).');
  });

  it('an answered attempt, or one over 10 seconds (a platform attempt or a recorded call), sends it to an admin', async () => {
    const logged = await setup();
    await platform(logged.id, min(1), 'no_answer', 0);
    await platform(logged.id, min(7), 'answered', 3);
    await platform(logged.id, min(9), 'no_answer', 0);
    const a = await report(logged.agent, logged.id, min(10));
    expect(a).toMatchObject({ status: 'pending', creditCents: 0 });
    expect(a.evidence!.findings).toContain('Attempt 2 was answered.');

    const called = await setup();
    await platform(called.id, min(1), 'no_answer', 0);
    await platform(called.id, min(8), 'no_answer', 0);
    await systemCall(called.user.id, called.phone, min(4), 45);
    const b = await report(called.agent, called.id, min(9));
    expect(b).toMatchObject({ status: 'pending', creditCents: 0 });
    expect(b.evidence!.attempts.find((x) => x.source === 'call_system')).toMatchObject({ outcome: 'answered', durationSeconds: 45 });
    expect(b.evidence!.attempts.map((x) => x.at)).toEqual([min(1), min(4), min(8)].map((d) => d.toISOString()));
    expect(b.evidence!.findings).toContain('Attempt 2 lasted 45 s (over 10 s: it connected).');
  });

  it('an admin cannot decide their own report (approve or deny); another admin can, and it is audited', async () => {
    const { agent, id } = await setup({ isAdmin: true });
    const r = await report(agent, id, min(30));
    expect(r.status).toBe('pending');
    ctx.clock.set(min(31));
    expect((await agent.post(`/api/admin/no-shows/${r.id}/approve`).send({ reason: 'mine' })).status).toBe(403);
    expect((await agent.post(`/api/admin/no-shows/${r.id}/deny`).send({ reason: 'mine' })).status).toBe(403);
    const ok = await admin.post(`/api/admin/no-shows/${r.id}/approve`).send({ reason: 'Recording checked: voicemail' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ status: 'approved', decidedBy: 'admin', creditCents: APPOINTMENT_PRICE_CENTS, evidence: { supported: false } });
    expect((await auditOf(r.id)).map((e) => e.action).sort()).toEqual(['no_show.approved', 'no_show.referred']);
  });
});

describe('logging attempts', () => {
  it('is the owner’s only, validated by field, stamped with the server time, and capped', async () => {
    const { agent, id } = await setup();
    const other = await setup();
    ctx.clock.set(min(1));
    const bad = await agent.post(`/api/appointments/${id}/attempts`).send({ outcome: 'busy', durationSeconds: -1 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['durationSeconds', 'outcome']);
    expect((await other.agent.post(`/api/appointments/${id}/attempts`).send({ outcome: 'no_answer', durationSeconds: 0 })).status).toBe(404);
    expect((await other.agent.get(`/api/appointments/${id}/attempts`)).status).toBe(404);
    const body = await attempt(agent, id, min(2), 'no_answer', 0);
    expect(body).toEqual({ at: min(2).toISOString(), source: 'logged', outcome: 'no_answer', durationSeconds: 0 });
    for (let i = 1; i < MAX_CALL_ATTEMPTS; i += 1) await attempt(agent, id, min(2), 'no_answer', 0);
    const over = await agent.post(`/api/appointments/${id}/attempts`).send({ outcome: 'no_answer', durationSeconds: 0 });
    expect(over.status).toBe(422);
    expect(over.body.error).toBe(`At most ${MAX_CALL_ATTEMPTS} call attempts can be logged on one appointment.`);
    expect((await agent.get(`/api/appointments/${id}/attempts`)).body.items).toHaveLength(MAX_CALL_ATTEMPTS);
  });
});
