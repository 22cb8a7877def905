// Set-password links: an admin makes one for a user, the user sets a password with it once, within
// 24 hours, and only while their password is what it was when the link was made.
import { maskLink, openLink } from '../../services/mail/sealed-links.ts';
import { describe, it, expect, beforeAll, beforeEach, afterAll } from 'vitest';
import type { Express } from 'express';
import request from 'supertest';
import { SET_PASSWORD_LINK_INVALID } from '@tm/shared/schemas/auth';
import { createTestApp, loginAs, makeUser, type TestContext } from '../../test/harness.ts';
import { createApp } from '../../app.ts';
import { OutboxMail } from '../../models/index.ts';

let ctx: TestContext;
/** A fresh app over the same database for each test, so the per-address limit (per app) starts at zero. */
let app: Express;
let basicId: number;
// Sessions last 12 hours and some tests move the clock a day: each test logs in afresh.
const ADMIN = { email: 'link.boss@example.com', password: 'link-boss-pass-1' };
const AGENT = { email: 'link.plain@example.com', password: 'link-plain-pass-1' };
const admin = () => loginAs(app, ADMIN.email, ADMIN.password);
const agent = () => loginAs(app, AGENT.email, AGENT.password);

const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  ctx = await createTestApp();
  ctx.clock.set(new Date('2026-03-02T16:00:00Z'));
  await makeUser(ctx.db, { isAdmin: true, ...ADMIN });
  basicId = (await makeUser(ctx.db, AGENT)).id;
});
beforeEach(() => {
  app = createApp({ db: ctx.db, config: ctx.config, clock: ctx.clock, stripe: ctx.stripe });
});
afterAll(() => ctx.close());

async function linkFor(userId: number): Promise<{ url: string; token: string; expiresAt: string }> {
  const res = await (await admin()).post(`/api/admin/users/${userId}/set-password-link`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const token = new URL(res.body.url).searchParams.get('token')!;
  return { ...res.body, token };
}

const setPassword = (token: unknown, password: unknown) => request(app).post('/api/set-password').send({ token, password });
const check = (token: string) => request(app).get(`/api/set-password/check?token=${encodeURIComponent(token)}`);
const login = (identifier: string, password: string) => request(app).post('/api/login').send({ identifier, password });

function expectInvalid(res: request.Response) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body).toEqual({ error: SET_PASSWORD_LINK_INVALID, fields: { token: SET_PASSWORD_LINK_INVALID } });
}

/** The token with the character at `i` swapped for another base64url character. */
function flip(token: string, i: number): string {
  const c = token[i]!;
  return token.slice(0, i) + (c === 'A' ? 'B' : 'A') + token.slice(i + 1);
}

describe('POST /api/admin/users/:userId/set-password-link', () => {
  it('gives an admin a link to /set-password on the public origin, expiring in 24 hours', async () => {
    const user = await makeUser(ctx.db, { email: 'link.new@example.com' });
    const res = await (await admin()).post(`/api/admin/users/${user.id}/set-password-link`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['expiresAt', 'url']);
    expect(res.body.expiresAt).toBe(new Date(ctx.clock.now().getTime() + DAY_MS).toISOString());
    const url = new URL(res.body.url);
    expect(url.pathname).toBe('/set-password');
    expect(url.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    // The test config has no PUBLIC_ORIGIN: the link uses the origin the admin called.
    expect(url.origin).toMatch(/^http:\/\/127\.0\.0\.1(:\d+)?$/);
    // Nothing secret in it: the payload is the user id, the expiry and the password state.
    const payload = Buffer.from(url.searchParams.get('token')!.split('.')[0]!, 'base64url').toString();
    expect(payload).toMatch(new RegExp(`^${user.id}\\.\\d+\\.c\\d+$`));
  });

  it('uses PUBLIC_ORIGIN when it is set', async () => {
    const configured = createApp({
      db: ctx.db,
      config: { ...ctx.config, publicOrigin: 'https://portal.example.com', publicOriginConfigured: true },
      clock: ctx.clock,
      stripe: ctx.stripe,
    });
    const other = await loginAs(configured, ADMIN.email, ADMIN.password);
    const res = await other.post(`/api/admin/users/${basicId}/set-password-link`).set('Host', 'evil.example.net');
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(/^https:\/\/portal\.example\.com\/set-password\?token=/);
  });

  it('is for admins only: 403 for an agent, 401 anonymous; 404 for an unknown user', async () => {
    const refused = await (await agent()).post(`/api/admin/users/${basicId}/set-password-link`);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'Admin access required' });
    expect((await request(app).post(`/api/admin/users/${basicId}/set-password-link`)).status).toBe(401);
    const adminAgent = await admin();
    const missing = await adminAgent.post('/api/admin/users/999999/set-password-link');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('User not found');
    expect((await adminAgent.post('/api/admin/users/abc/set-password-link')).status).toBe(404);
  });
});

describe('POST /api/admin/users/:userId/set-password-link with { email: true }', () => {
  it('e-mails the link to the user (the welcome e-mail) only when asked; a copied link sends nothing', async () => {
    const user = await makeUser(ctx.db, { email: 'link.mailed@example.com' });
    const mails = () => OutboxMail.query(ctx.db).where({ toEmail: 'link.mailed@example.com' });
    const adminAgent = await admin();
    for (const body of [undefined, {}, { email: false }]) {
      const copied = await adminAgent.post(`/api/admin/users/${user.id}/set-password-link`).send(body);
      expect(copied.status).toBe(200);
      expect(copied.body.emailedTo).toBeUndefined();
    }
    expect(await mails()).toHaveLength(0);

    const mailed = await adminAgent.post(`/api/admin/users/${user.id}/set-password-link`).send({ email: true });
    expect(mailed.status).toBe(200);
    expect(mailed.body.emailedTo).toBe('link.mailed@example.com');
    const sent = await mails();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.kind).toBe('account-created');
    // The e-mailed link is the one answered (kept sealed; the stored text shows it masked), and it works.
    expect(sent[0]!.textBody).toContain(maskLink(mailed.body.url));
    expect(sent[0]!.textBody).not.toContain(mailed.body.url);
    expect(openLink(ctx.config.sessionSecret, sent[0]!.linkSealed!)).toBe(mailed.body.url);
    const token = new URL(mailed.body.url).searchParams.get('token')!;
    expect((await setPassword(token, 'mailed-link-pass-1')).status).toBe(200);
    // The account's first password: a welcome, not "your password was changed" (issue 34 item 8).
    expect((await mails().where({ kind: 'welcome' })).map((m) => m.subject)).toEqual(['Welcome to TransferLine']);
    expect(await mails().where({ kind: 'password-changed' })).toHaveLength(0);
    // A later link for the same account (a reset) is a password change.
    const again = await adminAgent.post(`/api/admin/users/${user.id}/set-password-link`).send({});
    expect((await setPassword(new URL(again.body.url).searchParams.get('token')!, 'mailed-link-pass-2')).status).toBe(200);
    expect(await mails().where({ kind: 'password-changed' })).toHaveLength(1);
    expect(await mails().where({ kind: 'welcome' })).toHaveLength(1);

    const bad = await adminAgent.post(`/api/admin/users/${user.id}/set-password-link`).send({ email: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ email: 'email must be true or false' });
    expect(await mails().where({ kind: 'account-created' })).toHaveLength(1);
  });
});

describe('GET /api/set-password/check', () => {
  it('answers valid with the e-mail for a good link, 400 with the message otherwise', async () => {
    const user = await makeUser(ctx.db, { email: 'link.check@example.com' });
    const { token } = await linkFor(user.id);
    const good = await check(token);
    expect(good.status).toBe(200);
    expect(good.body).toEqual({ valid: true, email: 'link.check@example.com' });
    expectInvalid(await check(flip(token, 3)));
    expectInvalid(await check('not-a-token'));
    expectInvalid(await request(app).get('/api/set-password/check'));
    expectInvalid(await request(app).get('/api/set-password/check?token=a&token=b'));
  });
});

describe('POST /api/set-password', () => {
  it('sets the password once: the new one logs in, the old does not, the same link again is refused; it logs nobody in', async () => {
    const user = await makeUser(ctx.db, { email: 'link.use@example.com', password: 'generated-temp-1' });
    const { token } = await linkFor(user.id);
    const browser = request.agent(app);
    const res = await browser.post('/api/set-password').send({ token, password: 'chosen-by-me-2' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await browser.get('/api/current-user')).body).toEqual({ user: null });

    expect((await login('link.use@example.com', 'chosen-by-me-2')).status).toBe(200);
    expect((await login('link.use@example.com', 'generated-temp-1')).status).toBe(401);

    ctx.clock.advance(1000);
    expectInvalid(await setPassword(token, 'another-one-3'));
    expectInvalid(await check(token));
    expect((await login('link.use@example.com', 'chosen-by-me-2')).status).toBe(200);
  });

  it('refuses a link used a second time even within the same millisecond', async () => {
    const user = await makeUser(ctx.db, { email: 'link.twice@example.com' });
    const { token } = await linkFor(user.id);
    const [a, b] = await Promise.all([setPassword(token, 'first-racer-1'), setPassword(token, 'second-racer-2')]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
    expectInvalid(await setPassword(token, 'third-try-3'));
    const winner = a.status === 200 ? 'first-racer-1' : 'second-racer-2';
    expect((await login('link.twice@example.com', winner)).status).toBe(200);

    // All at one clock instant after an admin's change (the stamp alone would not move): still once.
    expect((await (await admin()).put(`/api/admin/users/${user.id}/password`).send({ password: 'admin-set-4' })).status).toBe(200);
    const again = await linkFor(user.id);
    expect((await setPassword(again.token, 'mine-at-last-5')).status).toBe(200);
    expectInvalid(await setPassword(again.token, 'and-again-6'));
    expect((await login('link.twice@example.com', 'mine-at-last-5')).status).toBe(200);
  });

  it('refuses a tampered token (one character of the payload or of the MAC changed) and leaves the password', async () => {
    const user = await makeUser(ctx.db, { email: 'link.tamper@example.com', password: 'untouched-pass-1' });
    const { token } = await linkFor(user.id);
    const dot = token.indexOf('.');
    for (const i of [0, dot - 1, dot + 1, token.length - 1, Math.floor(dot / 2)]) expectInvalid(await setPassword(flip(token, i), 'hijacked-pass-2'));
    // Another user's id in a re-encoded payload, with the original MAC.
    const [, exp, stamp] = Buffer.from(token.slice(0, dot), 'base64url').toString().split('.');
    const forged = `${Buffer.from(`${basicId}.${exp}.${stamp}`).toString('base64url')}${token.slice(dot)}`;
    expectInvalid(await setPassword(forged, 'hijacked-pass-2'));
    // A later expiry with the original MAC.
    const later = `${Buffer.from(`${user.id}.${Number(exp) + 10 * DAY_MS}.${stamp}`).toString('base64url')}${token.slice(dot)}`;
    expectInvalid(await setPassword(later, 'hijacked-pass-2'));
    // Junk of every shape.
    for (const junk of ['', '.', 'a.b', `${token}.x`, `${token}x`, token.slice(0, -1), `${token.slice(0, dot)}.${'é'.repeat(43)}`])
      expectInvalid(await setPassword(junk, 'hijacked-pass-2'));
    expectInvalid(await setPassword(42, 'hijacked-pass-2'));
    expect((await login('link.tamper@example.com', 'untouched-pass-1')).status).toBe(200);
    // The genuine token still works.
    expect((await setPassword(token, 'real-owner-3')).status).toBe(200);
  });

  it('refuses a link after 24 hours', async () => {
    const user = await makeUser(ctx.db, { email: 'link.late@example.com', password: 'still-old-1' });
    const { token } = await linkFor(user.id);
    ctx.clock.advance(DAY_MS - 1000);
    expect((await check(token)).status).toBe(200);
    ctx.clock.advance(1000);
    expectInvalid(await check(token));
    expectInvalid(await setPassword(token, 'too-late-2'));
    expect((await login('link.late@example.com', 'still-old-1')).status).toBe(200);
  });

  it('refuses a link made before an admin changed the password', async () => {
    const user = await makeUser(ctx.db, { email: 'link.stale@example.com' });
    const { token } = await linkFor(user.id);
    // Same clock instant as the link: the password state still moved.
    expect((await (await admin()).put(`/api/admin/users/${user.id}/password`).send({ password: 'admin-chose-1' })).status).toBe(200);
    expectInvalid(await check(token));
    expectInvalid(await setPassword(token, 'link-chose-2'));
    expect((await login('link.stale@example.com', 'admin-chose-1')).status).toBe(200);
  });

  it("ends the user's older sessions and leaves other users' sessions", async () => {
    const user = await makeUser(ctx.db, { email: 'link.sessions@example.com', password: 'before-link-1' });
    const laptop = await loginAs(app, user.email, 'before-link-1');
    const phone = await loginAs(app, user.email, 'before-link-1');
    const [someoneElse, adminAgent] = [await agent(), await admin()];
    expect((await laptop.get('/api/current-user')).status).toBe(200);
    const { token } = await linkFor(user.id);
    ctx.clock.advance(1000);
    expect((await setPassword(token, 'after-link-2')).status).toBe(200);
    for (const browser of [laptop, phone]) {
      expect((await browser.get('/api/current-user')).status).toBe(401);
      expect((await browser.get('/api/aged-leads')).status).toBe(401);
    }
    expect((await someoneElse.get('/api/current-user')).status).toBe(200);
    expect((await adminAgent.get('/api/current-user')).status).toBe(200);
    const fresh = await loginAs(app, user.email, 'after-link-2');
    expect((await fresh.get('/api/current-user')).body.email).toBe(user.email);
  });

  it("applies the account form's password rules, after the link itself", async () => {
    const user = await makeUser(ctx.db, { email: 'link.rules@example.com', password: 'rules-old-1' });
    const { token } = await linkFor(user.id);
    const short = await setPassword(token, '12345');
    expect(short.status).toBe(400);
    expect(short.body.fields).toEqual({ password: 'Password must be at least 6 characters' });
    const long = await setPassword(token, 'x'.repeat(129));
    expect(long.body.fields).toEqual({ password: 'Password must be at most 128 characters' });
    expect((await setPassword(token, undefined)).body.fields).toEqual({ password: 'Password is required' });
    // A dead link is said first, whatever the password.
    expectInvalid(await setPassword(flip(token, 0), '1'));
    // The refusals did not spend the link.
    expect((await setPassword(token, 'x'.repeat(128))).status).toBe(200);
    expect((await login('link.rules@example.com', 'x'.repeat(128))).status).toBe(200);
  });

  it('is rate limited per address: refusals count, a good link opened and used does not', async () => {
    const user = await makeUser(ctx.db, { email: 'link.limited@example.com' });
    const { token } = await linkFor(user.id);
    for (let i = 0; i < 10; i++) expect((await check(token)).status).toBe(200);
    for (let i = 0; i < 30; i++) expectInvalid(await setPassword('x.y', 'whatever-1'));
    const post = await setPassword(token, 'whatever-1');
    expect(post.status).toBe(429);
    expect(post.body).toEqual({ error: 'Too many attempts from this address. Please wait 15 minutes and try again.' });
    expect((await check(token)).status).toBe(429);
    expect((await login(user.email, 'whatever-1')).status).toBe(401);
  });
});
