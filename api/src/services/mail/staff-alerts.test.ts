// Staff alerts (issue 26): admins are e-mailed through the outbox, over a real SMTP server, when a dispute,
// a partner application or a sign-up (agent lab or RingCloud) arrives, unless they turned that alert off on
// their Profile; agents are neither offered nor sent them.
import { describe, it, expect, beforeAll, afterAll, beforeEach } from 'vitest';
import request from 'supertest';
import { loginAs, makeUser, type TestContext } from '../../test/harness.ts';
import { startMailTestApp, type SmtpSink } from '../../test/smtp-sink.ts';
import { agentLabBody, partnerForm, ringcloudSurveyBody } from '../../test/proof-fixtures.ts';
import { callPayload, insertPaidOrder } from '../../test/transfers-testing.ts';
import { OPTIONAL_MAIL_KINDS, STAFF_ALERT_KINDS } from '@tm/shared/schemas/mail';
import { STAFF_ALERT_DIGEST_MINUTES } from './staff-alerts.ts';

const KEY = 'staff-alert-transfer-key-0123456789';
let ctx: TestContext;
let sink: SmtpSink;
let drain: () => Promise<unknown>;
let close: () => Promise<void>;
/** An admin who keeps every alert on, one who turned them all off, and one deactivated. */
let keen: { email: string; password: string };
let quiet: { email: string; password: string };
let gone: { email: string };

beforeAll(async () => {
  ({ ctx, sink, drain, close } = await startMailTestApp({ transferApiKey: KEY }));
  const tag = Date.now().toString(36);
  keen = await makeUser(ctx.db, { isAdmin: true, email: `keen.${tag}@example.com` });
  quiet = await makeUser(ctx.db, { isAdmin: true, email: `quiet.${tag}@example.com` });
  gone = await makeUser(ctx.db, { isAdmin: true, email: `gone.${tag}@example.com` });
  await ctx.db('users').where({ email: gone.email }).update({ deactivatedAt: '2026-01-01 00:00:00.000' });
  const q = await loginAs(ctx.app, quiet.email, quiet.password);
  const saved = await q.put('/api/account/mail-preferences').send({ optOut: [...STAFF_ALERT_KINDS] });
  expect(saved.status).toBe(200);
});
afterAll(async () => {
  await close();
});
beforeEach(() => {
  sink.received.length = 0;
});

const outbox = (kind: string, email: string) => ctx.db('mailOutbox').where({ kind, toEmail: email });

async function expectAlert(kind: string, subject: RegExp, mustContain: string[]) {
  await drain();
  const got = sink.to(keen.email).filter((m) => subject.test(m.subject ?? ''));
  expect(got).toHaveLength(1);
  for (const text of mustContain) expect(got[0]!.text).toContain(text);
  expect(await outbox(kind, keen.email)).toHaveLength(1);
  // The admin who turned it off, and the deactivated one, get nothing.
  expect(sink.to(quiet.email)).toHaveLength(0);
  expect(sink.to(gone.email)).toHaveLength(0);
  expect(await outbox(kind, quiet.email)).toHaveLength(0);
  expect(await outbox(kind, gone.email)).toHaveLength(0);
}

describe('staff alerts', () => {
  it('a dispute: the admins who chose it are e-mailed, with the dispute, the agent and the reason', async () => {
    const user = await makeUser(ctx.db, { email: `disputer.${Date.now()}@example.com` });
    await insertPaidOrder(ctx.db, user.id, { kind: 'live_transfer', count: 5 }, new Date(ctx.clock.now().getTime() - 3600_000));
    const c = await request(ctx.app)
      .post('/api/callbacks/transfer')
      .set('x-api-key', KEY)
      .send(callPayload({ id: user.id }, 300, { now: ctx.clock.now() }));
    expect(c.status).toBe(201);
    const agent = await loginAs(ctx.app, user.email, user.password);
    const filed = await agent.post(`/api/transfers/${c.body.call.id}/disputes`).send({ reasonCode: 'wrong_number' });
    expect(filed.status, JSON.stringify(filed.body)).toBe(201);
    await expectAlert('staff-dispute', new RegExp(`^New transfer dispute #${filed.body.id} to review$`), [
      `An agent disputed transfer #${c.body.call.id}.`,
      user.email,
      '/admin/disputes',
    ]);
    // The agent gets their own receipt of the dispute, not the staff alert.
    expect(await outbox('staff-dispute', user.email)).toHaveLength(0);
  });

  it('a partner application: the admins who chose it are e-mailed, with the company and the contact', async () => {
    const form = partnerForm();
    const req = request(ctx.app).post('/api/affnetwork-signup');
    for (const [k, v] of Object.entries(form)) req.field(k, v);
    const res = await req;
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await expectAlert('staff-partner-application', /^New partner application #\d+$/, [form.businessName!, form.email!, '/admin?tab=applications']);
  });

  it('a sign-up, agent lab or RingCloud: the admins who chose it are e-mailed, with who signed up', async () => {
    const lab = agentLabBody();
    expect((await request(ctx.app).post('/api/survey').send(lab)).status).toBe(201);
    await expectAlert('staff-signup', /^New sign-up #\d+$/, [String(lab.email), '/admin?tab=signups']);
    sink.received.length = 0;
    // The next digest window (a burst of one kind within 5 minutes is one digest: issue 35 A1).
    ctx.clock.advance(STAFF_ALERT_DIGEST_MINUTES * 60_000);
    const rc = ringcloudSurveyBody();
    expect((await request(ctx.app).post('/api/ringcloud-survey').send(rc)).status).toBe(201);
    await drain();
    const got = sink.to(keen.email).filter((m) => /^New sign-up #\d+$/.test(m.subject ?? ''));
    expect(got).toHaveLength(1);
    expect(got[0]!.text).toContain(String(rc.email));
    expect(sink.to(quiet.email)).toHaveLength(0);
  });

  it('the Profile offers the staff alerts to admins only, and the choice saves', async () => {
    const admin = await loginAs(ctx.app, keen.email, keen.password);
    const prefs = await admin.get('/api/account/mail-preferences');
    expect(prefs.status).toBe(200);
    expect(Object.keys(prefs.body.options)).toEqual(expect.arrayContaining([...STAFF_ALERT_KINDS]));
    expect(prefs.body.options['staff-signup']).toBe(OPTIONAL_MAIL_KINDS['staff-signup']);
    const off = await admin.put('/api/account/mail-preferences').send({ optOut: ['staff-signup'] });
    expect(off.status).toBe(200);
    expect(off.body.optOut).toEqual(['staff-signup']);
    expect((await admin.get('/api/account/mail-preferences')).body.optOut).toEqual(['staff-signup']);
    // Turned off: the next sign-up reaches the admin no more.
    expect((await request(ctx.app).post('/api/survey').send(agentLabBody())).status).toBe(201);
    await drain();
    expect(sink.to(keen.email).filter((m) => /^New sign-up/.test(m.subject ?? ''))).toHaveLength(0);
    expect((await admin.put('/api/account/mail-preferences').send({ optOut: [] })).status).toBe(200);
    // An agent is not offered them.
    const user = await makeUser(ctx.db);
    const agent = await loginAs(ctx.app, user.email, user.password);
    const agentPrefs = await agent.get('/api/account/mail-preferences');
    for (const k of STAFF_ALERT_KINDS) expect(agentPrefs.body.options).not.toHaveProperty(k);
    expect(agentPrefs.body.options).toHaveProperty('balance-low');
  });
});
