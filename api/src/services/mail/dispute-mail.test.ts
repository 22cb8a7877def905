// Issue 34 item 8: the dispute e-mails, through the real routes and a real SMTP server, name the call as My
// Transfers does (caller, state, start on the agent's own clock, zone named), and a denial quotes the
// evidence the rules read. Filed, decided by the rules, and the outcome of the human review the agent asked for.
import { describe, it, expect, beforeAll } from 'vitest';
import request from 'supertest';
import { loginAs, makeUser } from '../../test/harness.ts';
import { useMailTestApp } from '../../test/smtp-sink.ts';
import { EARL_SALES_CALL } from '../../test/dispute-transcripts.ts';
import { callPayload, insertPaidOrder } from '../../test/transfers-testing.ts';
import { AgentTransferSetting } from '../../models/index.ts';

const KEY = 'dispute-mail-transfer-key-0123456789';
const mail = useMailTestApp({ transferApiKey: KEY });
let admin: Awaited<ReturnType<typeof loginAs>>;

// 19:55 UTC on Nov 20 is 11:55 AM in Los Angeles, where the agent works.
const STARTED = '2026-11-20T19:55:00.000Z';
const CALL = 'Pat Caller, FL, Nov 20, 2026, 11:55 AM PST';

beforeAll(async () => {
  mail.ctx.clock.set(new Date('2026-11-20T20:30:00.000Z'));
  const boss = await makeUser(mail.ctx.db, { isAdmin: true, email: 'dispute.mail.boss@example.com' });
  admin = await loginAs(mail.ctx.app, boss.email, boss.password);
});

/** An agent in Los Angeles with one billed call from Pat Caller (FL) at STARTED, with this transcript. */
async function billedCall(transcript: string) {
  const user = await makeUser(mail.ctx.db, { email: `dispute.mail.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.com` });
  await insertPaidOrder(mail.ctx.db, user.id, { kind: 'live_transfer', count: 20 }, new Date(mail.ctx.clock.now().getTime() - 3_600_000));
  const res = await request(mail.ctx.app)
    .post('/api/callbacks/transfer')
    .set('x-api-key', KEY)
    .send(callPayload({ id: user.id }, 170, { startedAt: STARTED, endedAt: '2026-11-20T19:57:50.000Z', transcript }));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await AgentTransferSetting.query(mail.ctx.db).where({ userId: user.id }).patch({ timeZone: 'America/Los_Angeles' });
  return { user, callId: res.body.call.id as number, agent: await loginAs(mail.ctx.app, user.email, user.password) };
}

const textsTo = async (email: string) => {
  await mail.drain();
  return mail.sink.to(email).map((m) => ({ subject: m.subject, text: m.text ?? '' }));
};

describe('dispute e-mails', () => {
  it('filed and left to an admin: names the call; decided: names it again', async () => {
    const { user, callId, agent } = await billedCall('Agent: Hello? Caller: Yes, I would like a quote.');
    const filed = await agent.post(`/api/transfers/${callId}/disputes`).send({ reasonCode: 'other', reasonText: 'The caller was a fax machine.' });
    expect(filed.status, JSON.stringify(filed.body)).toBe(201);
    expect(filed.body.status).toBe('pending');
    const [received] = await textsTo(user.email);
    expect(received!.subject).toBe(`We received your dispute #${filed.body.id}`);
    expect(received!.text).toContain(`We received your dispute of the call with ${CALL}.`);
    // Not the internal row number the agent never sees.
    expect(received!.text).not.toMatch(/transfer #\d/);

    mail.sink.received.length = 0;
    expect((await admin.post(`/api/admin/transfer-disputes/${filed.body.id}/approve`).send({ note: 'A fax tone all along.' })).status).toBe(200);
    const [decided] = await textsTo(user.email);
    expect(decided!.subject).toBe(`Your dispute #${filed.body.id} was approved`);
    expect(decided!.text).toContain(`Your dispute of the call with ${CALL} was approved.`);
    expect(decided!.text).toContain('A fax tone all along.');
    expect(decided!.text).not.toContain('What the rules read');
  });

  it('denied by the rules: quotes the caller lines the rules read, and says a human review can be asked', async () => {
    const { user, callId, agent } = await billedCall(EARL_SALES_CALL);
    const filed = await agent.post(`/api/transfers/${callId}/disputes`).send({ reasonCode: 'wrong_number' });
    expect(filed.body).toMatchObject({ status: 'denied', decidedBy: 'rules' });
    const [denied] = await textsTo(user.email);
    expect(denied!.subject).toBe(`Your dispute #${filed.body.id} was denied`);
    expect(denied!.text).toContain(`Your dispute of the call with ${CALL} was denied.`);
    expect(denied!.text).toContain('What the rules read in the call:');
    expect(denied!.text).toContain(`[00:24] "Earl: I'm 71."`);
    expect(denied!.text).toContain('[02:30] "Marcus: For ten thousand you would be at $48.20 a month, and it never goes up."');
    expect(denied!.text).toContain('Ask for a human review');
  });

  it("the human review's outcome: says it followed the review and quotes what the rules read on a denial", async () => {
    const { user, callId, agent } = await billedCall(EARL_SALES_CALL);
    const filed = await agent.post(`/api/transfers/${callId}/disputes`).send({ reasonCode: 'wrong_number' });
    expect(filed.body.status).toBe('denied');
    expect((await agent.post(`/api/transfers/${callId}/disputes/review`)).status).toBe(200);
    await mail.drain();
    mail.sink.received.length = 0;
    const deny = await admin.post(`/api/admin/transfer-disputes/${filed.body.id}/deny`).send({ reason: 'Earl answered every question and heard a price.' });
    expect(deny.status, JSON.stringify(deny.body)).toBe(200);
    const [outcome] = await textsTo(user.email);
    expect(outcome!.subject).toBe(`Your dispute #${filed.body.id} was denied`);
    expect(outcome!.text).toContain(`After the human review you asked for, your dispute of the call with ${CALL} was denied.`);
    expect(outcome!.text).toContain('Earl answered every question and heard a price.');
    expect(outcome!.text).toContain(`[00:24] "Earl: I'm 71."`);
    // Asked once already: no second offer.
    expect(outcome!.text).not.toContain('Ask for a human review');
  });
});
