// Issue 33: credits from evidence no one can shape. The transfer callback's endedBy and the hang-up rule read on
// it, a refusal taken back, an admin's own dispute and no-show report decided by another admin only, the calling
// platform's record of attempts (POST /api/callbacks/attempts: idempotent by callId, refusing a bad key, an
// unknown appointment and a bad body with a clear 4xx), typed attempts that never credit, and the admin's queues
// showing what each rule read apart from the agent's own account.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import request from 'supertest';
import { APPOINTMENT_PRICE_CENTS } from '@tm/shared';
import type { AdminDisputeView } from '@tm/shared/schemas/transfers';
import type { NoShowView } from '@tm/shared/schemas/appointment-care';
import { createTestApp, makeUser, loginAs, type TestContext } from '../../test/harness.ts';
import { agentWithSoldAppointment, agentWithTransfers, postTransferCall } from '../../test/proof-fixtures.ts';
import { OWN_CASE_SUMMARY, OWN_DISPUTE_MESSAGE } from '../../services/transfers/disputes.service.ts';
import { UNKNOWN_APPOINTMENT_MESSAGE } from '../../services/appointment-care/call-attempts.service.ts';
import { expectDocumented } from '../../test/openapi-contract.ts';

const KEY = 'test-transfer-key-issue-33-evidence';
const START = new Date('2026-11-20T15:00:00.000Z');
const min = (n: number) => new Date(START.getTime() + n * 60_000);
type Agent = Awaited<ReturnType<typeof loginAs>>;

let ctx: TestContext;
let admin: Agent;
let adminId: number;
let seq = 0;

beforeAll(async () => {
  ctx = await createTestApp({ config: { transferApiKey: KEY, inactivityTimeoutMs: 7 * 86_400_000 } });
  const ad = await makeUser(ctx.db, { isAdmin: true });
  adminId = ad.id;
  admin = await loginAs(ctx.app, ad.email, ad.password);
});
afterAll(() => ctx.close());

async function deliver(userId: number, durationSeconds: number, over: Record<string, unknown> = {}) {
  ctx.clock.set(new Date());
  const res = await postTransferCall(ctx.app, KEY, userId, ctx.clock.now(), over, durationSeconds);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body.call.status).toBe('billed');
  return res.body.call as { id: number };
}

const dispute = (agent: Agent, callId: number, reasonCode: string, reasonText?: string) =>
  agent.post(`/api/transfers/${callId}/disputes`).send({ reasonCode, ...(reasonText ? { reasonText } : {}) });

const queued = async (id: number): Promise<AdminDisputeView> => {
  const res = await admin.get('/api/admin/transfer-disputes?status=all&pageSize=100');
  expect(res.status).toBe(200);
  return (res.body.items as AdminDisputeView[]).find((d) => d.id === id)!;
};

const LEFT = "[00:01] Caller: Who is this? I'm busy.\n[00:04] Agent: Hi, it's Tom with Golden Years Coverage.\n[00:20] Agent: How old are you?";
const NO_QUESTION = [
  'Agent: Hi, this is Tom with Golden Years Coverage, how are you today?',
  'Caller: Oh, fine, fine.',
  'Agent: Great weather we are having.',
  'Caller: Sure is.',
  'Agent: Let me pull up your file.',
  'Caller: Okay.',
].join('\n');

describe('the transfer callback records who ended the call', () => {
  it('keeps endedBy ("caller" | "agent" | "platform" | null) and refuses anything else naming the field', async () => {
    const { user } = await agentWithTransfers(ctx, 5);
    for (const endedBy of ['caller', 'agent', 'platform', null]) {
      const call = await deliver(user.id, 100, { endedBy });
      expect((await ctx.db('transfer_calls').where({ id: call.id }).first()).endedBy).toBe(endedBy);
    }
    const absent = await deliver(user.id, 100);
    expect((await ctx.db('transfer_calls').where({ id: absent.id }).first()).endedBy).toBeNull();
    const bad = await postTransferCall(ctx.app, KEY, user.id, ctx.clock.now(), { endedBy: 'customer' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ endedBy: 'endedBy must be "caller", "agent", "platform" or null' });
  });
});

describe('hung up before the questions, from the platform record', () => {
  it('a 600-second call with no question and no caller hang-up is not approved as a hang-up (nor with one)', async () => {
    const { user, agent, orderId } = await agentWithTransfers(ctx, 5);
    const agentEnded = await deliver(user.id, 600, { transcript: NO_QUESTION, endedBy: 'agent' });
    const a = await dispute(agent, agentEnded.id, 'hung_up_before_questions', 'The caller never let me ask anything.');
    expect(a.status).toBe(201);
    expect(a.body.status).not.toBe('approved');
    expect(a.body).toMatchObject({ status: 'denied', decidedBy: 'rules' });
    const callerEnded = await deliver(user.id, 600, { transcript: NO_QUESTION, endedBy: 'caller' });
    expect((await dispute(agent, callerEnded.id, 'hung_up_before_questions')).body).toMatchObject({ status: 'denied' });
    const unsaid = await deliver(user.id, 600, { transcript: NO_QUESTION });
    expect((await dispute(agent, unsaid.id, 'hung_up_before_questions')).body.status).not.toBe('approved');
    // Nothing was credited back: three transfers used.
    expect(Number((await ctx.db('transfer_order_usage').where({ orderId }).first()).used)).toBe(3);
  });

  it('approves a caller who left before the first question inside the window, and denies the same call past it', async () => {
    const { user, agent } = await agentWithTransfers(ctx, 5);
    const inside = await deliver(user.id, 180, { transcript: LEFT, endedBy: 'caller' });
    expect((await dispute(agent, inside.id, 'hung_up_before_questions')).body).toMatchObject({ status: 'approved', decidedBy: 'rules' });
    // A longer call is not the caller leaving before the questions (the guide; decision 242): denied.
    const past = await deliver(user.id, 181, { transcript: LEFT, endedBy: 'caller' });
    expect((await dispute(agent, past.id, 'hung_up_before_questions')).body).toMatchObject({ status: 'denied', decidedBy: 'rules' });
    const cut = await deliver(user.id, 100, { transcript: LEFT, endedBy: 'platform' });
    expect((await dispute(agent, cut.id, 'hung_up_before_questions')).body).toMatchObject({ status: 'pending' });
  });
});

describe('taken back is not evidence', () => {
  it('a caller who refused the quotes as unaffordable, then named a premium he could pay, is not approved as "cannot afford"', async () => {
    const { user, agent } = await agentWithTransfers(ctx, 5);
    const transcript = [
      'Agent: Hi, this is Tom with Golden Years Coverage. How old are you?',
      "Caller: I'm 72.",
      'Agent: For ten thousand that is $61.40 a month.',
      "Caller: No. I can't afford any premium like that, I'm on social security.",
      'Agent: The five thousand plan is thirty-two ten a month.',
      'Caller: Well, I could do about twenty-five dollars a month.',
    ].join('\n');
    const call = await deliver(user.id, 240, { transcript });
    const res = await dispute(agent, call.id, 'not_qualified');
    expect(res.status).toBe(201);
    expect(res.body.status).not.toBe('approved');
    expect(res.body.evidence).toEqual(expect.arrayContaining([{ quote: 'Caller: Well, I could do about twenty-five dollars a month.', at: null }]));
  });
});

describe("an admin's own dispute", () => {
  it('is decided by another admin, never by the rules and never by the admin who filed it', async () => {
    const { user, agent } = await agentWithTransfers(ctx, 5, { isAdmin: true });
    // A call the rules would approve for an agent (the platform says the caller left before the questions).
    const call = await deliver(user.id, 100, { transcript: LEFT, endedBy: 'caller' });
    const res = await dispute(agent, call.id, 'hung_up_before_questions');
    expect(res.body).toMatchObject({ status: 'pending', decidedBy: null });
    expect((await agent.post(`/api/admin/transfer-disputes/${res.body.id}/approve`).send({ note: 'mine' })).body.error).toBe(OWN_DISPUTE_MESSAGE);
    const deny = await agent.post(`/api/admin/transfer-disputes/${res.body.id}/deny`).send({ reason: 'mine' });
    expect(deny.status).toBe(403);
    const view = await queued(res.body.id);
    expect(view.reading).toMatchObject({ decision: 'human', summary: OWN_CASE_SUMMARY });
    const ok = await admin.post(`/api/admin/transfer-disputes/${res.body.id}/approve`).send({ note: 'Listened: he hung up.' });
    expect(ok.status).toBe(200);
    expect(ok.body.decider).toMatchObject({ id: adminId });
  });
});

describe("the admin's dispute queue shows why", () => {
  it('shows the evidence each rule read, the rule that stopped short and why, and the agent account apart', async () => {
    const { user, agent } = await agentWithTransfers(ctx, 5);
    // The platform does not say who ended the call: the rule stops short of a credit.
    const call = await deliver(user.id, 100, { transcript: LEFT, endedBy: null });
    const res = await dispute(agent, call.id, 'hung_up_before_questions', 'She hung up right away, I swear.');
    const view = await queued(res.body.id);
    expect(view.reading).toEqual({
      rule: 'hung_up_before_questions',
      reads: ['platform_record', 'delivery_record', 'caller_words'],
      decision: 'human',
      summary: 'The platform did not say who ended the call: an admin listens.',
      evidence: [
        { quote: 'Call length: 100 seconds (buffer 60 s); the platform did not say who ended it.', at: null },
        { quote: "Caller: Who is this? I'm busy.", at: '00:01' },
      ],
    });
    expect(view.agentAccount).toEqual({ reasonLabel: expect.any(String), reasonText: 'She hung up right away, I swear.' });
    expect(view.call.endedBy).toBeNull();
    // The agent's words are not among the evidence the rule read.
    expect(JSON.stringify(view.reading)).not.toContain('I swear');
  });
});

// ---------------------------------------------------------------------------------------------
// No-shows

function appointmentOf(over: { isAdmin?: boolean } = {}) {
  seq += 1;
  return agentWithSoldAppointment(ctx, START, `678555${String(1000 + seq).slice(-4)}`, over);
}

/** Every answer is checked against the OpenAPI document (decision 229). */
const attemptsCallback = async (body: Record<string, unknown>, key: string | null = KEY) => {
  const req = request(ctx.app).post('/api/callbacks/attempts');
  const res = await (key === null ? req.send(body) : req.set('x-api-key', key).send(body));
  expectDocumented(res, 'post', '/api/callbacks/attempts');
  return res;
};
const platformAttempt = (over: Record<string, unknown>, at: Date) => ({
  callId: `pa-${process.pid}-${++seq}`,
  startedAt: at.toISOString(),
  durationSeconds: 0,
  outcome: 'no_answer',
  ...over,
});

async function report(agent: Agent, id: number, at: Date) {
  ctx.clock.set(at);
  const res = await agent.post(`/api/appointments/${id}/no-show`).send({ callDurationSeconds: 0 });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as NoShowView;
}

describe('POST /api/callbacks/attempts', () => {
  it('records an attempt once per callId, by appointmentId or consumerPhone', async () => {
    const { id, phone } = await appointmentOf();
    ctx.clock.set(min(10));
    const body = platformAttempt({ appointmentId: id }, min(1));
    const first = await attemptsCallback(body);
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      ok: true,
      duplicate: false,
      attempt: { callId: body.callId, appointmentId: id, startedAt: min(1).toISOString(), durationSeconds: 0, outcome: 'no_answer' },
    });
    const again = await attemptsCallback({ ...body, durationSeconds: 55, outcome: 'answered' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ...first.body, duplicate: true });
    expect(await ctx.db('platform_call_attempts').where({ callId: body.callId }).count({ n: '*' })).toEqual([{ n: 1 }]);
    const byPhone = await attemptsCallback(platformAttempt({ consumerPhone: `+1 (${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}` }, min(7)));
    expect(byPhone.status).toBe(201);
    expect(byPhone.body.attempt.appointmentId).toBe(id);
  });

  it('refuses a bad key (401), an unknown appointment (404) and a bad body (400 naming each field)', async () => {
    const { id } = await appointmentOf();
    ctx.clock.set(min(10));
    for (const key of [null, 'wrong-key']) {
      const res = await attemptsCallback(platformAttempt({ appointmentId: id }, min(1)), key);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 'unauthorized' });
    }
    const unknown = await attemptsCallback(platformAttempt({ appointmentId: 987654 }, min(1)));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error: UNKNOWN_APPOINTMENT_MESSAGE, code: 'unknown_appointment' });
    expect((await attemptsCallback(platformAttempt({ consumerPhone: '212-555-0000' }, min(1)))).status).toBe(404);
    const bad = await attemptsCallback({ callId: 'bad id!', startedAt: 'yesterday', durationSeconds: -3, outcome: 'busy' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['callId', 'durationSeconds', 'outcome', 'startedAt']);
    const neither = await attemptsCallback(platformAttempt({}, min(1)));
    expect(neither.status).toBe(400);
    expect(neither.body.fields).toEqual({ appointmentId: 'Give appointmentId or consumerPhone' });
    const future = await attemptsCallback(platformAttempt({ appointmentId: id }, min(60)));
    expect(future.status).toBe(400);
    expect(future.body.fields).toEqual({ startedAt: 'startedAt is in the future' });
    expect(await ctx.db('platform_call_attempts').where({ appointmentId: id }).count({ n: '*' })).toEqual([{ n: 0 }]);
  });
});

describe('no-shows from the platform record of attempts', () => {
  it('typed attempts never credit: they are the agent account, shown apart', async () => {
    const { agent, id } = await appointmentOf();
    for (const at of [min(1), min(7), min(13)]) {
      ctx.clock.set(at);
      expect((await agent.post(`/api/appointments/${id}/attempts`).send({ outcome: 'no_answer', durationSeconds: 0 })).status).toBe(201);
    }
    const r = await report(agent, id, min(15));
    expect(r).toMatchObject({ status: 'pending', decidedBy: null, creditCents: 0 });
    expect(r.evidence).toMatchObject({ supported: false, attempts: [] });
    expect(r.evidence!.typed!.map((a) => a.at)).toEqual([min(1), min(7), min(13)].map((d) => d.toISOString()));
    expect(r.evidence!.findings[0]).toBe("3 attempts typed by the agent are the agent's own account: shown to the admin, they decide nothing.");
    const inQueue = (await admin.get('/api/admin/no-shows?status=pending')).body.items.find((n: NoShowView) => n.id === r.id);
    expect(inQueue.evidence.typed).toHaveLength(3);
    expect(inQueue.evidence.attempts).toEqual([]);
  });

  it('platform attempts do credit: two unanswered, six minutes apart', async () => {
    const { agent, id } = await appointmentOf();
    ctx.clock.set(min(10));
    expect((await attemptsCallback(platformAttempt({ appointmentId: id }, min(1)))).status).toBe(201);
    expect((await attemptsCallback(platformAttempt({ appointmentId: id, outcome: 'voicemail', durationSeconds: 8 }, min(7)))).status).toBe(201);
    const r = await report(agent, id, min(10));
    expect(r).toMatchObject({ status: 'credited', decidedBy: 'rules', creditCents: APPOINTMENT_PRICE_CENTS });
    expect(r.evidence!.attempts).toEqual([
      { at: min(1).toISOString(), source: 'platform', outcome: 'no_answer', durationSeconds: 0 },
      { at: min(7).toISOString(), source: 'platform', outcome: 'voicemail', durationSeconds: 8 },
    ]);
  });

  it('an answered typed attempt (the agent account) sends a platform-supported report to an admin', async () => {
    const { agent, id } = await appointmentOf();
    ctx.clock.set(min(10));
    await attemptsCallback(platformAttempt({ appointmentId: id }, min(1)));
    await attemptsCallback(platformAttempt({ appointmentId: id }, min(8)));
    ctx.clock.set(min(9));
    await agent.post(`/api/appointments/${id}/attempts`).send({ outcome: 'answered', durationSeconds: 120 });
    const r = await report(agent, id, min(10));
    expect(r).toMatchObject({ status: 'pending', creditCents: 0 });
    expect(r.evidence!.findings).toContain("The agent's own account says 1 attempt connected.");
  });

  it("an admin's own report waits for another admin even with the platform's attempts", async () => {
    const { agent, id } = await appointmentOf({ isAdmin: true });
    ctx.clock.set(min(10));
    await attemptsCallback(platformAttempt({ appointmentId: id }, min(1)));
    await attemptsCallback(platformAttempt({ appointmentId: id }, min(8)));
    const r = await report(agent, id, min(10));
    expect(r).toMatchObject({ status: 'pending', decidedBy: null, creditCents: 0 });
    expect(r.evidence!.findings).toContain(OWN_CASE_SUMMARY);
    expect((await agent.post(`/api/admin/no-shows/${r.id}/approve`).send({ reason: 'mine' })).status).toBe(403);
    const ok = await admin.post(`/api/admin/no-shows/${r.id}/approve`).send({ reason: 'Platform record checked' });
    expect(ok.body).toMatchObject({ status: 'approved', decidedBy: 'admin' });
  });
});
