// E-mail (decision 045) against a real SMTP server started here (smtp-server, parsed with mailparser):
// forgot-password answers the same for known and unknown e-mails, its link arrives once and works once;
// account e-mails; an SMTP server that is down delays mail and never fails the request; a worker crash
// between sending and recording sends the message once (same Message-ID); admins see and resend failures.
import { describe, it, expect, beforeAll, afterAll, beforeEach } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import pino from 'pino';
import { FORGOT_PASSWORD_ANSWER } from '@tm/shared/schemas/mail';
import { createTestApp, loginAs, makeUser, type TestContext } from '../../test/harness.ts';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.ts';
import { createApp } from '../../app.ts';
import { smtpTransport, type MailTransport } from '../../services/mail/transport.ts';
import { LEASE_MS, MAX_ATTEMPTS, backoffMs, outboxDeps, sendDueMessages, type OutboxDeps } from '../../services/mail/outbox.ts';
import { agentLabBody, ringcloudSurveyBody } from '../../test/proof-fixtures.ts';

let ctx: TestContext;
let sink: SmtpSink;
let transport: MailTransport;
let app: Express;
const ADMIN = { email: 'mail.boss@example.com', password: 'mail-boss-pass-1' };

beforeAll(async () => {
  sink = await startSmtpSink();
  ctx = await createTestApp({
    config: { mail: { ...(await import('../../config.ts')).testConfig().mail, smtpUrl: sink.url, from: 'TransferLine <no-reply@transferline.test>' } },
  });
  ctx.clock.set(new Date('2026-05-04T15:00:00Z'));
  transport = smtpTransport(sink.url);
  await makeUser(ctx.db, { isAdmin: true, ...ADMIN });
});
afterAll(async () => {
  transport.close();
  await sink.stop();
  await ctx.close();
});
beforeEach(async () => {
  // A fresh app per test: the per-address and per-e-mail limits start at zero.
  app = createApp({ db: ctx.db, config: ctx.config, clock: ctx.clock, stripe: ctx.stripe });
  sink.received.length = 0;
  await drain(); // nothing left over from an earlier test
  sink.received.length = 0;
});

const worker = (over: Partial<OutboxDeps> = {}): OutboxDeps => ({ ...outboxDeps({ ...ctx, logger: pino({ level: 'silent' }) }, transport), ...over });
const drain = () => sendDueMessages(worker());
const linkIn = (text: string | undefined | false): string => {
  const m = /(http:\/\/\S+\/set-password\?token=\S+)/.exec(text || '');
  if (!m) throw new Error(`no set-password link in: ${text}`);
  return m[1]!;
};
const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;
async function outboxRows(to: string) {
  return ctx.db('mail_outbox').where('to_email', to).orderBy('id');
}
async function waitForOutbox(to: string, n = 1) {
  for (let i = 0; i < 200; i += 1) {
    if ((await outboxRows(to)).length >= n) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`no outbox row for ${to}`);
}

describe('POST /api/forgot-password', () => {
  it('answers a known and an unknown e-mail identically (same 202 body), writing a link only for the account', async () => {
    const user = await makeUser(ctx.db, { email: 'forgot.known@example.com', firstName: 'Kim' });
    const known = await request(app).post('/api/forgot-password').send({ email: 'Forgot.Known@example.com' });
    const unknown = await request(app).post('/api/forgot-password').send({ email: 'nobody.here@example.com' });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(known.body).toEqual({ message: FORGOT_PASSWORD_ANSWER });
    expect(unknown.body).toEqual(known.body);
    const headerNames = (r: request.Response) =>
      Object.keys(r.headers)
        .filter((h) => !['date', 'etag', 'ratelimit', 'ratelimit-policy'].includes(h))
        .sort();
    expect(headerNames(unknown)).toEqual(headerNames(known));
    await waitForOutbox(user.email);
    expect(await outboxRows('nobody.here@example.com')).toHaveLength(0);
  });

  it('answers in the same time for known and unknown e-mails (the lookup runs after the answer)', async () => {
    await makeUser(ctx.db, { email: 'forgot.timing@example.com' });
    const time = async (email: string) => {
      const t = process.hrtime.bigint();
      const res = await request(app).post('/api/forgot-password').send({ email });
      expect(res.status).toBe(202);
      return Number(process.hrtime.bigint() - t) / 1e6;
    };
    // Alternate to spread any noise evenly; medians of 3 each (the per-e-mail limit is 3).
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      known.push(await time('forgot.timing@example.com'));
      unknown.push(await time(`nobody.timing${i}@example.com`));
    }
    const median = (a: number[]) => a.sort((x, y) => x - y)[1]!;
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(25);
    await waitForOutbox('forgot.timing@example.com', 3); // the background writes end before the next test
  });

  it('e-mails a one-time link valid 1 hour; it sets a new password once, then logs in; a "password changed" notice follows', async () => {
    const user = await makeUser(ctx.db, { email: 'forgot.flow@example.com', password: 'old-password-1', firstName: 'Flo' });
    expect((await request(app).post('/api/forgot-password').send({ email: user.email })).status).toBe(202);
    await waitForOutbox(user.email);
    expect((await drain()).sent).toBeGreaterThanOrEqual(1);
    const [msg, ...more] = sink.to(user.email);
    expect(more).toHaveLength(0);
    expect(msg!.subject).toBe('Set a new TransferLine password');
    expect(msg!.from?.text).toContain('no-reply@transferline.test');
    expect(msg!.html).toContain('/set-password?token=');
    expect(msg!.html).not.toMatch(/<img/i);
    expect(msg!.text).toContain('support@example.com');
    const url = linkIn(msg!.text);
    expect(url.startsWith(`${ctx.config.publicOrigin}/set-password?token=`)).toBe(true);

    const check = await request(app).get(`/api/set-password/check?token=${encodeURIComponent(tokenOf(url))}`);
    expect(check.body).toEqual({ valid: true, email: user.email });
    const first = await request(app)
      .post('/api/set-password')
      .send({ token: tokenOf(url), password: 'new-password-22' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const again = await request(app)
      .post('/api/set-password')
      .send({ token: tokenOf(url), password: 'other-password-33' });
    expect(again.status).toBe(400);
    expect((await request(app).post('/api/login').send({ identifier: user.email, password: 'new-password-22' })).status).toBe(200);
    expect((await request(app).post('/api/login').send({ identifier: user.email, password: 'old-password-1' })).status).toBe(401);

    await drain();
    const notices = sink.to(user.email).filter((m) => m.subject === 'Your TransferLine password was changed');
    expect(notices).toHaveLength(1);
  });

  it('the link expires after 1 hour', async () => {
    const user = await makeUser(ctx.db, { email: 'forgot.late@example.com' });
    await request(app).post('/api/forgot-password').send({ email: user.email });
    await waitForOutbox(user.email);
    await drain();
    const url = linkIn(sink.to(user.email)[0]!.text);
    ctx.clock.advance(60 * 60 * 1000 + 1000);
    try {
      const res = await request(app)
        .post('/api/set-password')
        .send({ token: tokenOf(url), password: 'new-password-22' });
      expect(res.status).toBe(400);
    } finally {
      ctx.clock.advance(-(60 * 60 * 1000 + 1000));
    }
  });

  it('limits requests per e-mail (3 a quarter hour) and names a bad e-mail', async () => {
    for (let i = 0; i < 3; i += 1) expect((await request(app).post('/api/forgot-password').send({ email: 'limit.me@example.com' })).status).toBe(202);
    const fourth = await request(app).post('/api/forgot-password').send({ email: 'LIMIT.me@example.com' });
    expect(fourth.status).toBe(429);
    expect(fourth.body.error).toMatch(/Too many/);
    const bad = await request(app).post('/api/forgot-password').send({ email: 'not-an-email' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('email');
    const missing = await request(app).post('/api/forgot-password').send({});
    expect(missing.status).toBe(400);
  });
});

describe('account e-mails', () => {
  it('agent lab: "account ready" with a set-password link that works once, written with the account', async () => {
    const body = agentLabBody();
    const res = await request(app).post('/api/survey').send(body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const user = await ctx
      .db('users')
      .where({ email: String(body.email) })
      .first();
    expect(user).toBeTruthy();
    expect(await outboxRows(String(body.email))).toHaveLength(1);
    await drain();
    const mails = sink.to(String(body.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your TransferLine account is ready');
    expect(mails[0]!.text).toContain(`Your username is ${user.username}`);
    const token = tokenOf(linkIn(mails[0]!.text));
    expect((await request(app).post('/api/set-password').send({ token, password: 'my-own-pass-9' })).status).toBe(200);
    expect((await request(app).post('/api/set-password').send({ token, password: 'my-own-pass-10' })).status).toBe(400);
    expect((await request(app).post('/api/login').send({ identifier: body.email, password: 'my-own-pass-9' })).status).toBe(200);
  });

  /** The RingCloud survey in one browser, then its checkout for the survey's 40 live transfers. */
  async function ringcloudCheckout(body: Record<string, unknown>) {
    const browser = request.agent(app);
    const survey = await browser.post('/api/ringcloud-survey').send(body);
    expect(survey.status, JSON.stringify(survey.body)).toBe(201);
    const order = await browser
      .post('/api/create-payment-intent')
      .send({ tier: 'ringcloud', callCount: 1, packageType: 'RingCloud Live Transfers', calls: 40, amount: 1480 });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    return order.body as { orderId: number; clientSecret: string };
  }
  async function pay(clientSecret: string, cardNumber = '4242424242424242') {
    const res = await request(app).post('/api/test-payments/confirm').send({ clientSecret, cardNumber, expiry: '12/40', cvc: '123' });
    await ctx.emulator.flush();
    return res;
  }

  it('RingCloud: nothing before the payment; then "account ready" with the username and a link to log in', async () => {
    const body = ringcloudSurveyBody();
    const order = await ringcloudCheckout(body);
    expect(await outboxRows(String(body.email))).toHaveLength(0);
    expect((await pay(order.clientSecret)).status).toBe(200);
    await drain();
    const mails = sink.to(String(body.email)).filter((m) => m.subject === 'Your TransferLine account is ready');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`Your username is ${String(body.username).toLowerCase()}`);
    expect(mails[0]!.text).toContain(`${ctx.config.publicOrigin}/login`);
    expect((await outboxRows(String(body.email))).map((r) => r.kind).sort()).toEqual(['account-created', 'order-receipt']);
  });

  it('a failed sign-up (username taken) or a declined payment writes no e-mail', async () => {
    const taken = await makeUser(ctx.db);
    const other = ringcloudSurveyBody();
    const again = await request(app)
      .post('/api/ringcloud-survey')
      .send({ ...other, username: taken.username });
    expect(again.status).toBe(409);
    expect(await outboxRows(String(other.email))).toHaveLength(0);
    expect(await outboxRows(taken.email)).toHaveLength(0);

    const body = ringcloudSurveyBody();
    const order = await ringcloudCheckout(body);
    expect((await pay(order.clientSecret, '4000000000000002')).status).toBe(402);
    expect(
      await ctx
        .db('users')
        .where({ email: String(body.email) })
        .first(),
    ).toBeUndefined();
    expect(await outboxRows(String(body.email))).toHaveLength(0);
  });

  it('a sign-up with a taken e-mail answers as for a new account: no second account e-mail, the owner is told', async () => {
    const body = agentLabBody();
    expect((await request(app).post('/api/survey').send(body)).status).toBe(201);
    const again = await request(app)
      .post('/api/survey')
      .send({ ...body, firstName: 'Other' });
    expect(again.status).toBe(201);
    expect(Object.keys(again.body).sort()).toEqual(['ok', 'surveyId']);
    expect((await outboxRows(String(body.email))).map((r) => r.kind)).toEqual(['account-created', 'signup-attempt']);
  });

  it('a paid RingCloud order with a taken e-mail goes to that account: a receipt, no second account e-mail', async () => {
    const owner = await makeUser(ctx.db);
    const order = await ringcloudCheckout({ ...ringcloudSurveyBody(), email: owner.email });
    expect(await outboxRows(owner.email)).toHaveLength(0);
    expect((await pay(order.clientSecret)).status).toBe(200);
    expect(Number((await ctx.db('orders').where({ id: order.orderId }).first()).userId)).toBe(owner.id);
    expect((await outboxRows(owner.email)).map((r) => r.kind)).toEqual(['order-receipt']);
  });
});

describe('the outbox worker', () => {
  it('SMTP down: the request succeeds at once, the message waits with its error and is sent once the server is back', async () => {
    const user = await makeUser(ctx.db, { email: 'smtp.down@example.com' });
    await sink.stop();
    try {
      const t = Date.now();
      const res = await request(app).post('/api/forgot-password').send({ email: user.email });
      expect(res.status).toBe(202);
      expect(Date.now() - t).toBeLessThan(1000);
      await waitForOutbox(user.email);
      expect(await drain()).toMatchObject({ sent: 0, retrying: 1 });
      const [row] = await outboxRows(user.email);
      expect(row.status).toBe('pending');
      expect(row.attempts).toBe(1);
      expect(row.last_error ?? row.lastError).toMatch(/ECONNREFUSED|connect/i);
      // Not due again before its backoff.
      expect(await drain()).toMatchObject({ sent: 0, retrying: 0 });
    } finally {
      await sink.start();
    }
    ctx.clock.advance(backoffMs(1));
    expect(await drain()).toMatchObject({ sent: 1 });
    expect(sink.to(user.email)).toHaveLength(1);
    const [row] = await outboxRows(user.email);
    expect(row.status).toBe('sent');
  });

  it('a crash between send and record sends the message once: the retry reuses its Message-ID', async () => {
    const user = await makeUser(ctx.db, { email: 'crash.once@example.com' });
    await request(app).post('/api/forgot-password').send({ email: user.email });
    await waitForOutbox(user.email);
    const crash = new Error('worker killed after send, before record');
    // The injected fault fires in sendDueMessages itself, right after the server accepted the message.
    await expect(
      sendDueMessages(
        worker({
          faults: {
            afterSend: () => {
              throw crash;
            },
          },
        }),
      ),
    ).rejects.toBe(crash);
    expect(sink.to(user.email)).toHaveLength(1);
    let [row] = await outboxRows(user.email);
    expect(row.status).toBe('sending');
    // Another worker does not touch it while the lease holds...
    expect(await drain()).toMatchObject({ sent: 0 });
    // ...and takes it over when the lease has run out, sending with the same Message-ID.
    ctx.clock.advance(LEASE_MS + 1);
    expect(await drain()).toMatchObject({ sent: 1 });
    const deliveries = sink.to(user.email);
    expect(deliveries).toHaveLength(2);
    expect(deliveries[1]!.messageId).toBe(deliveries[0]!.messageId);
    expect(deliveries[0]!.messageId).toMatch(new RegExp(`^<${row.message_key ?? row.messageKey}@`));
    // The mailbox (one message per Message-ID, as mail stores keep it) holds one message.
    expect(sink.mailbox().filter((m) => m.to && JSON.stringify(m.to).includes(user.email))).toHaveLength(1);
    [row] = await outboxRows(user.email);
    expect(row.status).toBe('sent');
    // Nothing more is ever sent for it.
    ctx.clock.advance(LEASE_MS + 1);
    await drain();
    expect(sink.to(user.email)).toHaveLength(2);
  });

  it('two workers at once send a message once (the claim is a conditional update)', async () => {
    const user = await makeUser(ctx.db, { email: 'two.workers@example.com' });
    await request(app).post('/api/forgot-password').send({ email: user.email });
    await waitForOutbox(user.email);
    const [a, b] = await Promise.all([drain(), drain()]);
    expect(a.sent + b.sent).toBe(1);
    expect(sink.to(user.email)).toHaveLength(1);
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts ("failed" with the error); an admin sees it and resends it`, async () => {
    const user = await makeUser(ctx.db, { email: 'gives.up@example.com' });
    await request(app).post('/api/forgot-password').send({ email: user.email });
    await waitForOutbox(user.email);
    await sink.stop();
    try {
      for (let i = 1; i <= MAX_ATTEMPTS; i += 1) {
        await drain();
        ctx.clock.advance(backoffMs(i));
      }
    } finally {
      await sink.start();
    }
    const [row] = await outboxRows(user.email);
    expect(row.status).toBe('failed');
    const admin = await loginAs(app, ADMIN.email, ADMIN.password);
    const list = await admin.get('/api/admin/outbox?status=failed');
    expect(list.status).toBe(200);
    const item = list.body.items.find((i: { to: string }) => i.to === user.email);
    expect(item).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, subject: 'Set a new TransferLine password' });
    expect(item.lastError).toMatch(/ECONNREFUSED|connect/i);
    // Agents may not see or resend.
    const agent = await makeUser(ctx.db);
    const asAgent = await loginAs(app, agent.email, agent.password);
    expect((await asAgent.get('/api/admin/outbox')).status).toBe(403);
    expect((await asAgent.post(`/api/admin/outbox/${item.id}/resend`)).status).toBe(403);

    const resend = await admin.post(`/api/admin/outbox/${item.id}/resend`);
    expect(resend.status).toBe(200);
    expect(resend.body.message.status).toBe('pending');
    expect((await admin.post(`/api/admin/outbox/${item.id}/resend`)).status).toBe(409);
    expect((await admin.post('/api/admin/outbox/99999999/resend')).status).toBe(404);
    expect((await admin.post('/api/admin/outbox/abc/resend')).status).toBe(404);
    await drain();
    expect(sink.to(user.email)).toHaveLength(1);
    const sent = await admin.get('/api/admin/outbox?status=sent');
    expect(sent.body.items.some((i: { id: number }) => i.id === item.id)).toBe(true);
    expect((await admin.get('/api/admin/outbox?status=bogus')).status).toBe(400);
  });
});

describe("the agent's own account", () => {
  it('change password: the current one is required; other sessions end, this one stays; a notice is e-mailed', async () => {
    const user = await makeUser(ctx.db, { email: 'own.change@example.com', password: 'first-pass-11' });
    const here = await loginAs(app, user.email, 'first-pass-11');
    const elsewhere = await loginAs(app, user.email, 'first-pass-11');
    ctx.clock.advance(1000);
    const wrong = await here.put('/api/account/password').send({ currentPassword: 'nope-nope-1', newPassword: 'second-pass-22' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toEqual({ currentPassword: 'Current password is incorrect' });
    const short = await here.put('/api/account/password').send({ currentPassword: 'first-pass-11', newPassword: 'x' });
    expect(short.status).toBe(400);
    expect(short.body.fields).toHaveProperty('newPassword');
    const ok = await here.put('/api/account/password').send({ currentPassword: 'first-pass-11', newPassword: 'second-pass-22' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    ctx.clock.advance(3000); // past the per-process user cache
    expect((await here.get('/api/current-user')).status).toBe(200);
    expect((await elsewhere.get('/api/current-user')).status).toBe(401);
    expect((await request(app).post('/api/login').send({ identifier: user.email, password: 'second-pass-22' })).status).toBe(200);
    await drain();
    expect(sink.to(user.email).map((m) => m.subject)).toEqual(['Your TransferLine password was changed']);
  });

  it('e-mail preferences: optional kinds only; receipts cannot be turned off', async () => {
    const user = await makeUser(ctx.db, { email: 'own.prefs@example.com' });
    const agent = await loginAs(app, user.email, user.password);
    expect((await agent.get('/api/account/mail-preferences')).body.optOut).toEqual([]);
    const set = await agent.put('/api/account/mail-preferences').send({ optOut: ['balance-low', 'dispute-decided', 'balance-low'] });
    expect(set.status).toBe(200);
    expect(set.body.optOut).toEqual(['balance-low', 'dispute-decided']);
    expect((await agent.get('/api/account/mail-preferences')).body.optOut).toEqual(['balance-low', 'dispute-decided']);
    const receipts = await agent.put('/api/account/mail-preferences').send({ optOut: ['order-receipt'] });
    expect(receipts.status).toBe(400);
    expect((await agent.put('/api/account/mail-preferences').send({ optOut: 'balance-low' })).status).toBe(400);
  });
});

describe('profile and e-mail change', () => {
  it('updates name, phone, state and agency, naming a bad field', async () => {
    const user = await makeUser(ctx.db, { email: 'own.profile@example.com' });
    const agent = await loginAs(app, user.email, user.password);
    const ok = await agent
      .put('/api/account/profile')
      .send({ firstName: 'Pia', lastName: 'Profile', agencyName: 'Pia Agency', phone: '(512) 555-0199', state: 'TX' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.user).toMatchObject({
      firstName: 'Pia',
      lastName: 'Profile',
      agencyName: 'Pia Agency',
      phone: '(512) 555-0199',
      state: 'TX',
      email: user.email,
    });
    const bad = await agent.put('/api/account/profile').send({ firstName: '', lastName: 'P', agencyName: 'A', phone: '12' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['firstName', 'phone', 'state']);
    expect(bad.body.fields.state).toBe('State is required');
    // The state is one of the 50 states and DC, by code (any case); the spec requires one.
    const zz = await agent.put('/api/account/profile').send({ firstName: 'Pia', lastName: 'P', agencyName: 'A', phone: '(512) 555-0199', state: 'ZZZZ' });
    expect(zz.status).toBe(400);
    expect(zz.body.fields).toEqual({ state: 'Please select a US state' });
    const dc = await agent.put('/api/account/profile').send({ firstName: 'Pia', lastName: 'P', agencyName: 'A', phone: '(512) 555-0199', state: 'dc' });
    expect(dc.body.user.state).toBe('DC');
    for (const state of ['', '   ', null]) {
      const none = await agent.put('/api/account/profile').send({ firstName: 'Pia', lastName: 'P', agencyName: 'A', phone: '(512) 555-0199', state });
      expect(none.status, JSON.stringify(state)).toBe(400);
      expect(none.body).toEqual({ error: 'state: State is required', fields: { state: 'State is required' } });
    }
    expect((await agent.get('/api/current-user')).body.state).toBe('DC');
  });

  it('changes the e-mail only when the link sent to the new address is opened, once', async () => {
    const user = await makeUser(ctx.db, { email: 'own.old@example.com', password: 'email-pass-11' });
    const agent = await loginAs(app, user.email, 'email-pass-11');
    // A taken address answers as any other (no account enumeration); its owner is told instead.
    const taken = await agent.post('/api/account/email').send({ currentPassword: 'email-pass-11', email: 'mail.boss@example.com' });
    expect(taken.status).toBe(202);
    const res = await agent.post('/api/account/email').send({ currentPassword: 'email-pass-11', email: 'Own.New@example.com' });
    expect(res.status).toBe(202);
    await drain();
    const [msg, ...more] = sink.to('own.new@example.com');
    expect(more).toHaveLength(0);
    expect(msg!.subject).toBe('Confirm your new TransferLine e-mail');
    // Nothing changed yet.
    expect((await ctx.db('users').where({ id: user.id }).first('email')).email).toBe('own.old@example.com');
    const token = new URL(/(http:\/\/\S+\/confirm-email\?token=\S+)/.exec(msg!.text!)![1]!).searchParams.get('token')!;
    const first = await request(app).post('/api/account/email/confirm').send({ token });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual({ email: 'own.new@example.com' });
    expect((await request(app).post('/api/account/email/confirm').send({ token })).status).toBe(400);
    expect((await request(app).post('/api/login').send({ identifier: 'own.new@example.com', password: 'email-pass-11' })).status).toBe(200);
  });
});
