// Issue 36 point 9: the first admin of an install. `npm run admin:create -- --email` creates an admin or
// promotes an existing user, prints a one-time set-password link, and leaves one audit entry. The
// service is driven over the test database; the command itself runs as a process on a SQLite file.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { createTestApp, loginAs, makeUser, type TestContext } from './test/harness.ts';
import { createOrPromoteAdmin } from './services/accounts/first-admin.service.ts';
import { LedgerAuditEntry, User } from './models/index.ts';
import { toDbDate } from './db/dates.ts';
import { createDb } from './db/index.ts';

let ctx: TestContext;
const ORIGIN = 'https://ops.example.com';
beforeAll(async () => {
  ctx = await createTestApp();
  ctx.clock.set(new Date('2026-11-29T09:00:00Z'));
});
afterAll(() => ctx.close());

const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

describe('createOrPromoteAdmin (npm run admin:create)', () => {
  it('creates an admin whose only way in is the one-time link; the link sets the password once and the admin reaches /api/admin', async () => {
    const r = await createOrPromoteAdmin(ctx.db, ctx.config.sessionSecret, ORIGIN, { email: 'First.Boss@Example.com' }, ctx.clock.now());
    expect(r.outcome).toBe('created');
    expect(r.email).toBe('first.boss@example.com');
    expect(new URL(r.link.url).origin).toBe(ORIGIN);
    expect(new URL(r.link.url).pathname).toBe('/set-password');
    expect(r.link.expiresAt).toBe(new Date(ctx.clock.now().getTime() + 24 * 3600_000).toISOString());
    const row = await User.query(ctx.db).findById(r.userId);
    expect(Boolean(row!.isAdmin)).toBe(true);

    const token = tokenOf(r.link.url);
    expect((await request(ctx.app).post('/api/set-password').send({ token, password: 'first-admin-pass-1' })).status).toBe(200);
    // One use.
    expect((await request(ctx.app).post('/api/set-password').send({ token, password: 'second-try-pass-2' })).status).toBe(400);
    const admin = await loginAs(ctx.app, 'first.boss@example.com', 'first-admin-pass-1');
    expect((await admin.get('/api/admin/users')).status).toBe(200);

    const audit = await admin.get('/api/admin/audit').query({ pageSize: 100 });
    const entry = (audit.body.items as Array<{ action: string; subject: { id: number } | null; actor: { type: string }; summary: string }>).find(
      (i) => i.action === 'user.admin_created',
    );
    expect(entry).toMatchObject({ subject: { id: r.userId }, actor: { type: 'system' } });
    expect(entry!.summary).toContain('npm run admin:create');
  });

  it('promotes an existing (even deactivated) agent, keeps their password, and audits before and after', async () => {
    const agent = await makeUser(ctx.db, { email: 'promote.me@example.com' });
    await User.query(ctx.db)
      .findById(agent.id)
      .patch({ deactivatedAt: toDbDate(ctx.clock.now()) });
    const r = await createOrPromoteAdmin(ctx.db, ctx.config.sessionSecret, ORIGIN, { email: 'promote.me@example.com' }, ctx.clock.now());
    expect(r).toMatchObject({ userId: agent.id, outcome: 'promoted', reactivated: true });
    const admin = await loginAs(ctx.app, agent.email, agent.password);
    expect((await admin.get('/api/admin/users')).status).toBe(200);
    const entries = await LedgerAuditEntry.query(ctx.db).where({ action: 'user.admin_promoted', userId: agent.id });
    expect(entries).toHaveLength(1);
    expect(JSON.parse(entries[0]!.beforeJson!)).toEqual({ isAdmin: false, deactivated: true });
    expect(entries[0]!.actorType).toBe('system');
  });

  it('refuses a malformed e-mail and creates nothing', async () => {
    const before = await User.query(ctx.db).resultSize();
    await expect(createOrPromoteAdmin(ctx.db, ctx.config.sessionSecret, ORIGIN, { email: 'not-an-email' }, ctx.clock.now())).rejects.toThrow(/valid e-mail/);
    expect(await User.query(ctx.db).resultSize()).toBe(before);
  });
});

describe('the command', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-create-'));
  const file = path.join(dir, 'app.sqlite3');
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    DATABASE_URL: `sqlite:${file}`,
    SESSION_SECRET: 'cli-secret-cli-secret-cli-secret-0123',
    PUBLIC_ORIGIN: 'https://portal.example.com',
    LOG_LEVEL: 'silent',
  };
  const run = (...args: string[]) =>
    spawnSync(process.execPath, ['scripts/admin-create.mjs', ...args], { cwd: path.resolve(import.meta.dirname, '..', '..'), env, encoding: 'utf8' });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('prints the link on PUBLIC_ORIGIN and exits 0; a second run prints a new link for the same admin', { timeout: 60_000 }, async () => {
    const first = run('--email', 'ops@company.example', '--first-name', 'Olga', '--last-name', 'Ops');
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/^Created the admin account: ops@company\.example \(user #\d+\)\./m);
    expect(first.stdout).toMatch(/^https:\/\/portal\.example\.com\/set-password\?token=[A-Za-z0-9_.-]+$/m);
    const again = run('--email', 'ops@company.example');
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/^Already an admin: ops@company\.example/m);
    const db = createDb(`sqlite:${file}`);
    try {
      const users = await User.query(db).where({ email: 'ops@company.example' });
      expect(users).toHaveLength(1);
      expect(users[0]).toMatchObject({ firstName: 'Olga', lastName: 'Ops' });
      expect(Boolean(users[0]!.isAdmin)).toBe(true);
      expect(await LedgerAuditEntry.query(db).where({ userId: users[0]!.id }).resultSize()).toBe(2);
    } finally {
      await db.destroy();
    }
  });

  it('says what is wrong with the arguments and exits 1', { timeout: 60_000 }, () => {
    const none = run();
    expect(none.status).toBe(1);
    expect(none.stderr).toContain('--email is required');
    const bad = run('--email', 'nope');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('A valid e-mail is required');
  });
});
