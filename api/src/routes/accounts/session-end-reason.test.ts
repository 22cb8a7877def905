// A forced logout says why (issue 26): when a session stops working, the 401 carries a code that /login
// turns into words: the account was deactivated, the password changed, the session idled out, or it
// was ended elsewhere. Real database and sessions.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { createTestApp, makeUser, loginAs, type TestContext } from '../../test/harness.ts';
import { revokeUserSessions } from '../../services/accounts/sessions.service.ts';

let ctx: TestContext;
let adminUser: { email: string; password: string };

beforeAll(async () => {
  ctx = await createTestApp();
  adminUser = await makeUser(ctx.db, { isAdmin: true });
});
afterAll(() => ctx.close());

describe('the reason a session ended', () => {
  it('deactivation: 401 with code account_deactivated', async () => {
    const u = await makeUser(ctx.db);
    const agent = await loginAs(ctx.app, u.email, u.password);
    expect((await agent.get('/api/current-user')).status).toBe(200);
    const admin = await loginAs(ctx.app, adminUser.email, adminUser.password);
    expect((await admin.post(`/api/admin/users/${u.id}/deactivate`)).status).toBe(200);
    const res = await agent.get('/api/current-user');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'Not logged in', code: 'account_deactivated' });
  });

  it('sessions revoked (logged out everywhere): session_revoked; idle past the timeout: session_inactive', async () => {
    const u = await makeUser(ctx.db);
    const agent = await loginAs(ctx.app, u.email, u.password);
    await revokeUserSessions(ctx.db, u.id, ctx.clock.now());
    const revoked = await agent.get('/api/current-user');
    expect(revoked.status).toBe(401);
    expect(revoked.body.code).toBe('session_revoked');

    const idle = await loginAs(ctx.app, u.email, u.password);
    ctx.clock.advance(ctx.config.inactivityTimeoutMs + 60_000);
    const res = await idle.get('/api/current-user');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('session_inactive');
  });

  it('a visitor who never logged in gets 200 { user: null }, no code; a session cookie that opens nothing is a plain 401', async () => {
    const request = (await import('supertest')).default;
    const res = await request(ctx.app).get('/api/current-user');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ user: null });
    const forged = await request(ctx.app).get('/api/current-user').set('Cookie', 'tm_session=not-a-seal');
    expect(forged.status).toBe(401);
    expect(forged.body).toEqual({ error: 'Not logged in' });
  });
});
