// A logged-in request reads its session row and its user in one statement (sessionMiddleware reads
// both, requireAgent uses that user; decision 135), and every refusal of the two reads it replaces holds.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import request from 'supertest';
import { sealData } from 'iron-session';
import { createTestApp, makeUser, loginAs, type TestContext } from '../test/harness.ts';
import { SESSION_LIFETIME_MS, type SessionData } from './session.ts';
import { TOUCH_EVERY_MS } from '../services/accounts/sessions.service.ts';
import { SessionRecord, User } from '../models/index.ts';
import { toDbDate } from '../db/dates.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

/** The SQL statements run while `run` runs. */
async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
  const sql: string[] = [];
  const listen = (q: { sql: string }) => void sql.push(q.sql);
  ctx.db.on('query', listen);
  try {
    await run();
  } finally {
    ctx.db.off('query', listen);
  }
  return sql;
}

/** The session id sealed in an agent's cookie (its newest session row). */
async function sidOf(userId: number): Promise<string> {
  const row = await SessionRecord.query(ctx.db).where({ userId }).orderBy('createdAt', 'desc').orderBy('id').first();
  return row!.id;
}

const cookieFor = async (data: SessionData) => `tm_session=${await sealData(data, { password: ctx.config.sessionSecret, ttl: SESSION_LIFETIME_MS / 1000 })}`;

describe('one statement for the session and its user', () => {
  it('GET /api/current-user logged in runs one statement (sessions joined to users), plus the touch at most every TOUCH_EVERY_MS', async () => {
    const u = await makeUser(ctx.db);
    const agent = await loginAs(ctx.app, u.email, u.password);
    ctx.clock.advance(TOUCH_EVERY_MS);
    await agent.get('/api/current-user'); // touches last_seen_at
    const sql = await statementsOf(async () => expect((await agent.get('/api/current-user')).body.id).toBe(u.id));
    expect(sql, sql.join('\n')).toHaveLength(1);
    expect(sql[0]).toMatch(/^select .* from [`"]users[`"] inner join [`"]sessions[`"]/i);
    // An admin route the same.
    await User.query(ctx.db).findById(u.id).patch({ isAdmin: true });
    const admin = await statementsOf(async () => expect((await agent.get('/api/admin/users?q=zzz-nobody')).status).toBe(200));
    expect(admin.filter((s) => /[`"]sessions[`"]/.test(s))).toHaveLength(1);
    expect(admin.filter((s) => /[`"]users[`"]\.\*|select \* from [`"]users[`"] where [`"]users[`"]\.[`"]id[`"]/i.test(s))).toHaveLength(1);
    // Past TOUCH_EVERY_MS the read is followed by one update of last_seen_at.
    ctx.clock.advance(TOUCH_EVERY_MS);
    const touched = await statementsOf(() => agent.get('/api/current-user'));
    expect(touched).toHaveLength(2);
    expect(touched[1]).toMatch(/^update [`"]sessions[`"] set [`"]last_seen_at[`"]/i);
  });

  it("refuses another user's session id, a revoked one and an unknown one", async () => {
    const [a, b] = [await makeUser(ctx.db), await makeUser(ctx.db)];
    await loginAs(ctx.app, a.email, a.password);
    const sidA = await sidOf(a.id);
    const issuedAt = ctx.clock.now().getTime();
    const forged = await request(ctx.app)
      .get('/api/current-user')
      .set('Cookie', await cookieFor({ userId: b.id, issuedAt, sid: sidA }));
    expect(forged.status).toBe(401);
    const own = await request(ctx.app)
      .get('/api/current-user')
      .set('Cookie', await cookieFor({ userId: a.id, issuedAt, sid: sidA }));
    expect(own.body.id).toBe(a.id);
    const unknown = await request(ctx.app)
      .get('/api/current-user')
      .set('Cookie', await cookieFor({ userId: a.id, issuedAt, sid: 'no-such-session' }));
    expect(unknown.status).toBe(401);
    await SessionRecord.query(ctx.db)
      .findById(sidA)
      .patch({ revokedAt: toDbDate(ctx.clock.now()) });
    const revoked = await request(ctx.app)
      .get('/api/current-user')
      .set('Cookie', await cookieFor({ userId: a.id, issuedAt, sid: sidA }));
    expect(revoked.status).toBe(401);
    expect(String(revoked.headers['set-cookie'])).toMatch(/tm_session=;/);
  });

  it('revokes a session idle past the inactivity timeout', async () => {
    const u = await makeUser(ctx.db);
    const agent = await loginAs(ctx.app, u.email, u.password);
    const sid = await sidOf(u.id);
    ctx.clock.advance(ctx.config.inactivityTimeoutMs + 1000);
    expect((await agent.get('/api/current-user')).status).toBe(401);
    expect((await SessionRecord.query(ctx.db).findById(sid))!.revokedAt).toBeTruthy();
  });

  it('ends the session of a user deactivated, or whose password changed after the login, even with its row still open', async () => {
    for (const change of [{ deactivatedAt: 'now' }, { passwordChangedAt: 'now' }] as const) {
      const u = await makeUser(ctx.db);
      const agent = await loginAs(ctx.app, u.email, u.password);
      expect((await agent.get('/api/current-user')).status).toBe(200);
      ctx.clock.advance(1000);
      const stamp = toDbDate(ctx.clock.now());
      await User.query(ctx.db)
        .findById(u.id)
        .patch('deactivatedAt' in change ? { deactivatedAt: stamp } : { passwordChangedAt: stamp });
      const res = await agent.get('/api/current-user');
      expect(res.status, JSON.stringify(change)).toBe(401);
      expect(String(res.headers['set-cookie'])).toMatch(/tm_session=;/);
      expect((await agent.get('/api/current-user')).status).toBe(401);
    }
  });

  it('a password changed before the login does not end the session', async () => {
    const u = await makeUser(ctx.db);
    await User.query(ctx.db)
      .findById(u.id)
      .patch({ passwordChangedAt: toDbDate(ctx.clock.now()) });
    ctx.clock.advance(1000);
    const agent = await loginAs(ctx.app, u.email, u.password);
    expect((await agent.get('/api/current-user')).status).toBe(200);
  });
});
