// Deactivating a user (issue 14 item 3, issue 18 item 6): the admin's deactivate ends every session of the
// user at once (a captured cookie gets 401), login is refused with 403 and the message only after a
// correct password, a set-password link sets the password but does not let them back in, reactivate
// restores login, an admin cannot deactivate themselves, and the training admin is not affected.
import { describe, it, expect, beforeAll, beforeEach, afterAll } from 'vitest';
import type { Express } from 'express';
import request from 'supertest';
import { ACCOUNT_DEACTIVATED_MESSAGE } from '@tm/shared/schemas/auth';
import { SELF_DEACTIVATION_MESSAGE } from '@tm/shared/schemas/admin';
import { createTestApp, loginAs, makeUser, type TestContext } from '../../test/harness.ts';
import { createApp } from '../../app.ts';
import { INVALID_CREDENTIALS } from '../../services/accounts/login.service.ts';
import { hashPassword } from '../../services/accounts/passwords.ts';

let ctx: TestContext;
/** A fresh app over the same database for each test, so the per-address login limits start at zero. */
let app: Express;
let adminId: number;
const ADMIN = { email: 'deact.boss@example.com', password: 'deact-boss-pass-1' };
const admin = () => loginAs(app, ADMIN.email, ADMIN.password);
const login = (identifier: string, password: string) => request(app).post('/api/login').send({ identifier, password });

let n = 0;
async function newAgent() {
  n += 1;
  const password = `agent-pass-${n}`;
  const user = await makeUser(ctx.db, { email: `deact.agent${n}@example.com`, password });
  return { id: user.id, email: user.email, password };
}

beforeAll(async () => {
  ctx = await createTestApp();
  ctx.clock.set(new Date('2026-03-02T16:00:00Z'));
  adminId = (await makeUser(ctx.db, { isAdmin: true, ...ADMIN })).id;
});
beforeEach(() => {
  app = createApp({ db: ctx.db, config: ctx.config, clock: ctx.clock, stripe: ctx.stripe });
});
afterAll(() => ctx.close());

describe('POST /api/admin/users/:userId/deactivate', () => {
  it('ends a live session: the captured cookie gets 401 on its next request, like a logged-out one', async () => {
    const agent = await newAgent();
    const browser = await loginAs(app, agent.email, agent.password);
    const cookie = (await login(agent.email, agent.password)).headers['set-cookie']!;
    expect((await browser.get('/api/current-user')).status).toBe(200);
    expect((await request(app).get('/api/current-user').set('Cookie', cookie)).status).toBe(200);

    ctx.clock.advance(1000);
    const res = await (await admin()).post(`/api/admin/users/${agent.id}/deactivate`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.user).toMatchObject({ id: agent.id, email: agent.email, deactivatedAt: ctx.clock.now().toISOString() });

    const after = await browser.get('/api/current-user');
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ error: 'Not logged in', code: 'account_deactivated' }); // /login says why (issue 26)
    expect((await request(app).get('/api/current-user').set('Cookie', cookie)).status).toBe(401);
    // Every session row of the user is revoked (in the same transaction as deactivated_at).
    const open = await ctx.db('sessions').where({ userId: agent.id }).whereNull('revokedAt');
    expect(open).toHaveLength(0);
  });

  it('refuses login with 403 and the message only after the right password; a wrong one is 401 as usual', async () => {
    const agent = await newAgent();
    await (await admin()).post(`/api/admin/users/${agent.id}/deactivate`).expect(200);

    const right = await login(agent.email, agent.password);
    expect(right.status).toBe(403);
    expect(right.body).toEqual({ error: ACCOUNT_DEACTIVATED_MESSAGE });
    expect(right.headers['set-cookie']).toBeUndefined();

    const wrong = await login(agent.email, 'not-the-password');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: INVALID_CREDENTIALS });
    // The same answer as for an account that does not exist: a stranger learns nothing.
    const unknown = await login('nobody.here@example.com', 'not-the-password');
    expect(unknown.body).toEqual(wrong.body);
  });

  it('reactivate restores login (no old session comes back) and the list rows carry deactivatedAt', async () => {
    const agent = await newAgent();
    const oldBrowser = await loginAs(app, agent.email, agent.password);
    const boss = await admin();
    await boss.post(`/api/admin/users/${agent.id}/deactivate`).expect(200);
    const listed = await boss.get(`/api/admin/users/search?q=${encodeURIComponent(agent.email)}`);
    expect(listed.body.items).toEqual([expect.objectContaining({ id: agent.id, deactivatedAt: expect.any(String) })]);
    expect((await login(agent.email, agent.password)).status).toBe(403);

    const res = await boss.post(`/api/admin/users/${agent.id}/reactivate`);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: agent.id, deactivatedAt: null });
    const relisted = await boss.get(`/api/admin/users/search?q=${encodeURIComponent(agent.email)}`);
    expect(relisted.body.items[0].deactivatedAt).toBeNull();

    expect((await oldBrowser.get('/api/current-user')).status).toBe(401);
    const fresh = await loginAs(app, agent.email, agent.password);
    expect((await fresh.get('/api/current-user')).body.email).toBe(agent.email);
  });

  it('refuses an admin deactivating themselves with 400 naming the reason; their session goes on', async () => {
    const boss = await admin();
    const res = await boss.post(`/api/admin/users/${adminId}/deactivate`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: SELF_DEACTIVATION_MESSAGE, fields: { userId: SELF_DEACTIVATION_MESSAGE } });
    expect((await ctx.db('users').where({ id: adminId }).first()).deactivatedAt).toBeNull();
    expect((await boss.get('/api/current-user')).status).toBe(200);
  });

  it('answers 404 for an unknown user, and 403 to an agent on both routes (nothing changes)', async () => {
    const boss = await admin();
    expect((await boss.post('/api/admin/users/999999/deactivate')).status).toBe(404);
    expect((await boss.post('/api/admin/users/999999/reactivate')).status).toBe(404);
    expect((await boss.post('/api/admin/users/abc/deactivate')).status).toBe(404);

    const agent = await newAgent();
    const other = await newAgent();
    const browser = await loginAs(app, agent.email, agent.password);
    for (const action of ['deactivate', 'reactivate']) {
      const res = await browser.post(`/api/admin/users/${other.id}/${action}`);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: 'Admin access required' });
    }
    expect((await ctx.db('users').where({ id: other.id }).first()).deactivatedAt).toBeNull();
    expect((await request(app).post(`/api/admin/users/${other.id}/deactivate`)).status).toBe(401);
  });

  it('a set-password link issued before the deactivation stops working (issue 34 item 5)', async () => {
    const agent = await newAgent();
    const boss = await admin();
    const link = await boss.post(`/api/admin/users/${agent.id}/set-password-link`);
    expect(link.status).toBe(200);
    await boss.post(`/api/admin/users/${agent.id}/deactivate`).expect(200);
    const token = new URL(link.body.url).searchParams.get('token')!;
    const set = await request(app).post('/api/set-password').send({ token, password: 'brand-new-pass-1' });
    expect(set.status).toBe(400);
    expect(Object.keys(set.body.fields)).toEqual(['token']);

    // Nothing changed: the old password is still the one, and login is still refused as deactivated.
    expect((await login(agent.email, 'brand-new-pass-1')).status).toBe(401);
    const res = await login(agent.email, agent.password);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: ACCOUNT_DEACTIVATED_MESSAGE });
  });

  it('leaves the training admin alone: same e-mail as a deactivated user, the training login still works', async () => {
    const agent = await newAgent();
    await ctx.db('trainingAdmins').insert({ email: agent.email, passwordHash: await hashPassword('trainer-pass-1') });
    await (await admin()).post(`/api/admin/users/${agent.id}/deactivate`).expect(200);
    const res = await request(app).post('/api/training-admin/login').send({ email: agent.email, password: 'trainer-pass-1' });
    expect(res.status).toBe(200);
    expect(res.body.token).toEqual(expect.any(String));
  });
});
