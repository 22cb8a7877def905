// The e-mails the business events owe, through the real outbox and a real SMTP server (smtp-server,
// parsed with mailparser): a funnel buyer's new account gets its set-password link by e-mail (the link
// works once, then the buyer logs in and sees the paid balance); a partner application's decision is
// e-mailed once; a sign-up with a taken e-mail tells the owner and answers as for a new account.
import { describe, it, expect, beforeAll, afterAll, beforeEach } from 'vitest';
import request from 'supertest';
import { loginAs, makeUser, type TestContext } from '../../test/harness.ts';
import { startMailTestApp, type SmtpSink } from '../../test/smtp-sink.ts';
import { agentLabBody, insertApplication, ringcloudSurveyBody } from '../../test/proof-fixtures.ts';
import { testConfig } from '../../config.ts';

let ctx: TestContext;
let sink: SmtpSink;
let drain: () => Promise<unknown>;
let close: () => Promise<void>;
const ADMIN = { email: 'biz.mail.admin@example.com', password: 'biz-mail-admin-1' };

beforeAll(async () => {
  ({ ctx, sink, drain, close } = await startMailTestApp({ mail: { ...testConfig().mail, from: 'TransferLine <no-reply@transferline.test>' } }));
  await makeUser(ctx.db, { isAdmin: true, ...ADMIN });
});
afterAll(async () => {
  await close();
});
beforeEach(() => {
  sink.received.length = 0;
});

const linkIn = (text: string | undefined | false): string => {
  const m = /(http:\/\/\S+\/set-password\?token=\S+)/.exec(text || '');
  if (!m) throw new Error(`no set-password link in: ${text}`);
  return m[1]!;
};

describe('funnel buyers', () => {
  it('an anonymous checkout e-mails the new account its set-password link; it works once; the buyer then sees the paid balance', async () => {
    const email = `funnel.mail.${process.pid}@example.com`;
    const start = await request(ctx.app)
      .post('/api/create-payment-intent')
      .send({ callCount: 3, tier: 'standard', firstName: 'Fay', lastName: 'Funnel', email, phone: '(555) 010-0123' });
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    // No account and no e-mail before the payment (decision 180): both are written when it succeeds.
    expect(await ctx.db('users').where({ email }).first()).toBeUndefined();
    expect(await ctx.db('mail_outbox').where({ to_email: email })).toHaveLength(0);
    const pay = await request(ctx.app)
      .post('/api/test-payments/confirm')
      .send({ clientSecret: start.body.clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' });
    expect(pay.status).toBe(200);
    await ctx.emulator.flush();

    await drain();
    const welcome = sink.to(email).filter((m) => m.subject === 'Your TransferLine account is ready');
    expect(welcome).toHaveLength(1);
    const token = new URL(linkIn(welcome[0]!.text)).searchParams.get('token')!;
    expect((await request(ctx.app).post('/api/set-password').send({ token, password: 'fay-new-pass-1' })).status).toBe(200);
    expect((await request(ctx.app).post('/api/set-password').send({ token, password: 'fay-other-pass-2' })).status).toBe(400);

    const agent = await loginAs(ctx.app, email, 'fay-new-pass-1');
    const balance = await agent.get('/api/transfers/balance');
    expect(balance.status, JSON.stringify(balance.body)).toBe(200);
    expect(balance.body.remaining).toBe(3);
  });

  it('a checkout with an e-mail that already has an account sends no account e-mail', async () => {
    const known = await makeUser(ctx.db, { email: `funnel.known.${process.pid}@example.com` });
    const start = await request(ctx.app)
      .post('/api/create-payment-intent')
      .send({ callCount: 2, tier: 'standard', firstName: 'Kai', lastName: 'Known', email: known.email, phone: '(555) 010-0124' });
    expect(start.status).toBe(200);
    expect(await ctx.db('mail_outbox').where({ to_email: known.email, kind: 'account-created' })).toHaveLength(0);
  });
});

describe('partner application decisions', () => {
  it('e-mails the applicant once when approved; saving the same status again sends nothing more', async () => {
    const app = await insertApplication(ctx.db, ctx.config.uploadDir);
    const row = await ctx.db('partner_applications').where({ id: app.id }).first('email');
    const admin = await loginAs(ctx.app, ADMIN.email, ADMIN.password);
    expect((await admin.put(`/api/admin/partner-applications/${app.id}/status`).send({ status: 'approved', note: 'Welcome aboard' })).status).toBe(200);
    expect((await admin.put(`/api/admin/partner-applications/${app.id}/status`).send({ status: 'approved', note: 'Still welcome' })).status).toBe(200);
    await drain();
    const got = sink.to(String(row.email));
    expect(got).toHaveLength(1);
    expect(got[0]!.text).toMatch(/approved/i);
  });
});

describe('sign-up with a taken e-mail', () => {
  it('agent lab: answers as for a new account and tells the owner by e-mail', async () => {
    const owner = await makeUser(ctx.db, { email: `taken.${process.pid}@example.com`, firstName: 'Tia' });
    const res = await request(ctx.app)
      .post('/api/survey')
      .send({ ...agentLabBody(), email: owner.email });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(['ok', 'surveyId']);
    await drain();
    const got = sink.to(owner.email);
    expect(got).toHaveLength(1);
    expect(got[0]!.subject).toBe('Someone tried to sign up with your TransferLine e-mail');
    expect(got[0]!.text).toContain('/forgot-password');
  });

  it('RingCloud: answers as for a new account and mails nobody before a payment (decision 180)', async () => {
    const owner = await makeUser(ctx.db, { email: `taken.rc.${process.pid}@example.com`, firstName: 'Tom' });
    const res = await request(ctx.app)
      .post('/api/ringcloud-survey')
      .send({ ...ringcloudSurveyBody(), email: owner.email });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await drain();
    expect(sink.to(owner.email)).toHaveLength(0);
    expect(await ctx.db('mail_outbox').where({ to_email: owner.email })).toHaveLength(0);
  });
});
