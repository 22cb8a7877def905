import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import request from 'supertest';
import { createTestApp, makeUser, loginAs, type TestContext } from '../../test/harness.ts';
import { SESSION_LIFETIME_MS } from '../../middleware/session.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

describe('login, session and current user', () => {
  it('answers 200 { user: null } to a visitor, so no browser logs a console error (issue 35 A12)', async () => {
    const res = await request(ctx.app).get('/api/current-user');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ user: null });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('logs in by email or username and reads the current user', async () => {
    const u = await makeUser(ctx.db, { firstName: 'Dana' });
    for (const identifier of [u.email, u.username!, u.email.toUpperCase()]) {
      const agent = await loginAs(ctx.app, identifier, u.password);
      const me = await agent.get('/api/current-user');
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ id: u.id, firstName: 'Dana', isAdmin: false, liveTransferPrice: '35.00' });
      expect(me.body.passwordHash).toBeUndefined();
    }
  });

  it('answers 400, not 500, to an identifier that is an object with a non-function toString', async () => {
    // Found by the bad-input fuzz: the per-account rate-limit key ran String() on it before validation.
    for (const identifier of [{ toString: 'x' }, { valueOf: 1, toString: null }, ['a@b.co'], 42]) {
      const res = await request(ctx.app).post('/api/login').send({ identifier, password: 'whatever-pass' });
      expect(res.status, JSON.stringify(identifier)).toBe(400);
      expect(res.body.fields.identifier).toBeTruthy();
    }
  });

  it("reads the session's user on every request (no per-process copy, decision 080), so a change to the user is seen at once", async () => {
    const u = await makeUser(ctx.db);
    const agent = await loginAs(ctx.app, u.email, u.password);
    let reads = 0;
    const count = (q: { sql: string }) => {
      if (/^select/i.test(q.sql) && /from `users`/.test(q.sql)) reads++;
    };
    ctx.db.on('query', count);
    try {
      await agent.get('/api/current-user');
      const first = reads;
      await Promise.all(Array.from({ length: 10 }, () => agent.get('/api/current-user')));
      expect(reads).toBe(first + 10);
      expect((await agent.get('/api/admin/users')).status).toBe(403);
      await ctx.db('users').where({ id: u.id }).update({ isAdmin: true });
      expect((await agent.get('/api/admin/users')).status).toBe(200);
      expect(reads).toBeGreaterThan(first);
    } finally {
      ctx.db.off('query', count);
    }
  });

  it('stores an argon2id hash, never the password', async () => {
    const u = await makeUser(ctx.db);
    const row = await ctx.db('users').where({ id: u.id }).first();
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.passwordHash).not.toContain(u.password);
  });

  it('refuses a wrong password and an unknown account with the same 401', async () => {
    const u = await makeUser(ctx.db);
    const wrong = await request(ctx.app).post('/api/login').send({ identifier: u.email, password: 'nope-nope' });
    const unknown = await request(ctx.app).post('/api/login').send({ identifier: 'nobody@example.com', password: 'nope-nope' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ error: 'Invalid email or password' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('answers a malformed body with 400 naming the field, never 500', async () => {
    const missing = await request(ctx.app).post('/api/login').send({ identifier: 'a@b.co' });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toHaveProperty('password');
    const wrongType = await request(ctx.app)
      .post('/api/login')
      .send({ identifier: 42, password: ['x'] });
    expect(wrongType.status).toBe(400);
    const broken = await request(ctx.app).post('/api/login').set('Content-Type', 'application/json').send('{"identifier": ');
    expect(broken.status).toBe(400);
    expect(broken.body.error).toBe('Malformed JSON body');
  });

  it('refuses an oversized body with 413', async () => {
    const res = await request(ctx.app)
      .post('/api/login')
      .send({ identifier: 'x'.repeat(200_000), password: 'y' });
    expect(res.status).toBe(413);
  });

  it('logs out: the session ends and the browser goes to /login, which says so (or says why: inactivity)', async () => {
    const u = await makeUser(ctx.db);
    const agent = await loginAs(ctx.app, u.email, u.password);
    const out = await agent.get('/api/logout');
    expect(out.status).toBe(302);
    expect(out.headers.location).toBe('/login?loggedOut=1');
    expect((await agent.get('/api/current-user')).status).toBe(401);
    const again = await loginAs(ctx.app, u.email, u.password);
    const idle = await again.get('/api/logout?reason=inactivity');
    expect(idle.headers.location).toBe('/login?loggedOut=inactivity');
    expect((await again.get('/api/current-user')).status).toBe(401);
  });

  it('ends a session 12 hours after login whatever the cookie says', async () => {
    const u = await makeUser(ctx.db);
    const started = ctx.clock.now().getTime();
    const agent = await loginAs(ctx.app, u.email, u.password);
    // Used every 9 minutes (under the 10-minute inactivity timeout) until a minute before the 12 hours.
    for (let t = 0; t + 9 * 60_000 < SESSION_LIFETIME_MS - 60_000; t += 9 * 60_000) {
      ctx.clock.advance(9 * 60_000);
      expect((await agent.get('/api/current-user')).status).toBe(200);
    }
    ctx.clock.set(new Date(started + SESSION_LIFETIME_MS - 60_000));
    expect((await agent.get('/api/current-user')).status).toBe(200);
    ctx.clock.advance(120_000);
    expect((await agent.get('/api/current-user')).status).toBe(401);
  });

  it('sets an httpOnly SameSite=Lax session cookie', async () => {
    const u = await makeUser(ctx.db);
    const res = await request(ctx.app).post('/api/login').send({ identifier: u.email, password: u.password });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/tm_session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it('refuses a cross-site login post', async () => {
    const u = await makeUser(ctx.db);
    const res = await request(ctx.app).post('/api/login').set('Origin', 'https://evil.example').send({ identifier: u.email, password: u.password });
    expect(res.status).toBe(403);
    const fetchSite = await request(ctx.app).post('/api/login').set('Sec-Fetch-Site', 'cross-site').send({ identifier: u.email, password: u.password });
    expect(fetchSite.status).toBe(403);
  });

  it('rate limits failed logins per account with 429 and a clear message', async () => {
    const u = await makeUser(ctx.db);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await request(ctx.app).post('/api/login').send({ identifier: u.email, password: 'wrong-password' });
      statuses.push(res.status);
      if (res.status === 429) expect(res.body.error).toMatch(/Too many login attempts/);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('answers unknown /api paths with a JSON 404', async () => {
    const res = await request(ctx.app).get('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Not found' });
  });
});
