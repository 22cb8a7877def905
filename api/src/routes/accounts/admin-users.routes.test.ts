import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import request from 'supertest';
import { createTestApp, loginAs, makeUser, type TestContext } from '../../test/harness.ts';

let ctx: TestContext;
let adminAgent: Awaited<ReturnType<typeof loginAs>>;
let basicAgent: Awaited<ReturnType<typeof loginAs>>;
let basicId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  const admin = await makeUser(ctx.db, { isAdmin: true, email: 'boss@example.com' });
  const agent = await makeUser(ctx.db, { email: 'plain.agent@example.com' });
  basicId = agent.id;
  adminAgent = await loginAs(ctx.app, admin.email, admin.password);
  basicAgent = await loginAs(ctx.app, agent.email, agent.password);
});
afterAll(() => ctx.close());

// Every admin endpoint (and the integration status the admin panel reads).
const ENDPOINTS: Array<[method: 'get' | 'post' | 'put', path: string, body?: object]> = [
  ['get', '/api/admin/users'],
  ['get', '/api/admin/users/search?q=a'],
  ['post', '/api/admin/users', {}],
  ['put', '/api/admin/users/1/password', { password: 'whatever-1' }],
  ['post', '/api/admin/users/999999/deactivate'],
  ['post', '/api/admin/users/999999/reactivate'],
  ['get', '/api/admin/appointments/brightcall'],
  ['get', '/api/admin/appointments/brightcall/search?q=a'],
  ['post', '/api/admin/appointments/brightcall', {}],
  ['get', '/api/brightcall/status'],
  ['post', '/api/admin/lead-imports?target=assignment'],
  ['get', '/api/admin/lead-imports/1'],
  ['get', '/api/admin/lead-imports/1/errors'],
  ['post', '/api/admin/lead-imports/1/run', { mapping: {} }],
  ['get', '/api/admin/lead-pool'],
  ['post', '/api/admin/lead-pool/assign', { agentId: 1, leadIds: [1] }],
];

describe('admin endpoints: access', () => {
  it.each(ENDPOINTS)('%s %s is 401 anonymous, 403 for an agent, allowed for an admin', async (method, path, body) => {
    const anon = await request(ctx.app)[method](path).send(body);
    expect(anon.status).toBe(401);
    const agent = await basicAgent[method](path).send(body);
    expect(agent.status).toBe(403);
    expect(agent.body).toEqual({ error: 'Admin access required' });
    const admin = await adminAgent[method](path).send(body);
    expect([401, 403]).not.toContain(admin.status);
  });
});

describe('GET /api/admin/users', () => {
  it('lists users newest first with the summary counts, paginated by the server', async () => {
    for (let i = 0; i < 3; i++) {
      ctx.clock.advance(1000);
      await makeUser(ctx.db, { email: `page${i}@example.com` }).then(() => undefined);
    }
    const res = await adminAgent.get('/api/admin/users?pageSize=2');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(5);
    expect(res.body.items).toHaveLength(2);
    expect(res.body.pageCount).toBe(3);
    expect(res.body.stats).toEqual({ totalUsers: 5, adminUsers: 1, basicUsers: 4 });
    expect(res.body.items.map((u: { email: string }) => u.email)).toEqual(['page2@example.com', 'page1@example.com']);
    const user = res.body.items[0];
    expect(Object.keys(user).sort()).toEqual(
      ['agencyName', 'createdAt', 'deactivatedAt', 'email', 'firstName', 'id', 'isAdmin', 'lastName', 'phone', 'role', 'state', 'username'].sort(),
    );
    expect(user).not.toHaveProperty('passwordHash');
    const page3 = await adminAgent.get('/api/admin/users?pageSize=2&page=3');
    expect(page3.body.items).toHaveLength(1);
    expect(page3.body.page).toBe(3);
  });

  it('refuses a bad page with 400 naming it', async () => {
    const res = await adminAgent.get('/api/admin/users?page=0');
    expect(res.status).toBe(400);
    expect(res.body.fields.page).toBeDefined();
  });
});

describe('GET /api/admin/users/search', () => {
  it('finds users whose e-mail contains the text, from one character, case-insensitively', async () => {
    const res = await adminAgent.get('/api/admin/users/search?q=PLAIN');
    expect(res.status).toBe(200);
    expect(res.body.items.map((u: { email: string }) => u.email)).toEqual(['plain.agent@example.com']);
    const one = await adminAgent.get('/api/admin/users/search?q=b');
    expect(one.body.items.map((u: { email: string }) => u.email)).toContain('boss@example.com');
  });

  it('treats % and _ literally', async () => {
    const res = await adminAgent.get('/api/admin/users/search?q=%25');
    expect(res.body.items).toEqual([]);
    expect(res.body.total).toBe(0);
    const underscore = await adminAgent.get('/api/admin/users/search?q=_');
    expect(underscore.body.total).toBe(0);
  });
});

describe('POST /api/admin/users', () => {
  const valid = {
    email: 'New.Agent@Example.com',
    password: 'secret-pass',
    firstName: 'New',
    lastName: 'Agent',
    agencyName: 'New Agency',
    role: 'Agency Owner',
    phone: '5125550199',
    state: 'TX',
    isAdmin: false,
  };

  it('creates a user who can then log in', async () => {
    const res = await adminAgent.post('/api/admin/users').send(valid);
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ email: 'new.agent@example.com', firstName: 'New', role: 'Agency Owner', isAdmin: false, state: 'TX' });
    await loginAs(ctx.app, 'new.agent@example.com', 'secret-pass');
  });

  it('creates an admin user when the user type is Admin User', async () => {
    const res = await adminAgent.post('/api/admin/users').send({ ...valid, email: 'second.admin@example.com', isAdmin: true, state: '' });
    expect(res.status).toBe(201);
    expect(res.body.user.isAdmin).toBe(true);
    expect(res.body.user.state).toBeNull();
  });

  it('answers 409 for an e-mail already in use', async () => {
    const res = await adminAgent.post('/api/admin/users').send({ ...valid, email: 'NEW.AGENT@example.com' });
    expect(res.status).toBe(409);
    expect(res.body.fields.email).toBe('An account with this email already exists');
  });

  it('answers 400 with the account form messages', async () => {
    const res = await adminAgent.post('/api/admin/users').send({ email: 'nope', password: '123', role: 'Boss' });
    expect(res.status).toBe(400);
    expect(res.body.fields).toMatchObject({
      email: 'Invalid email address',
      password: 'Password must be at least 6 characters',
      firstName: 'First name is required',
      lastName: 'Last name is required',
      agencyName: 'Agency name is required',
      role: 'Role is required',
      phone: 'Phone is required',
    });
  });
});

describe('PUT /api/admin/users/:id/password', () => {
  it("sets a user's password: the new one works, the old one does not", async () => {
    const user = await makeUser(ctx.db, { email: 'forgetful@example.com', password: 'old-password-1' });
    const res = await adminAgent.put(`/api/admin/users/${user.id}/password`).send({ password: 'new-password-2' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    await loginAs(ctx.app, 'forgetful@example.com', 'new-password-2');
    const old = await request(ctx.app).post('/api/login').send({ identifier: 'forgetful@example.com', password: 'old-password-1' });
    expect(old.status).toBe(401);
  });

  it("ends every session the user had before the change, and keeps the admin's own when they change theirs", async () => {
    const user = await makeUser(ctx.db, { email: 'two.browsers@example.com', password: 'old-password-1' });
    const laptop = await loginAs(ctx.app, user.email, 'old-password-1');
    const phone = await loginAs(ctx.app, user.email, 'old-password-1');
    ctx.clock.advance(1000);
    expect((await adminAgent.put(`/api/admin/users/${user.id}/password`).send({ password: 'new-password-2' })).status).toBe(200);
    for (const browser of [laptop, phone]) {
      expect((await browser.get('/api/current-user')).status).toBe(401);
      expect((await browser.get('/api/aged-leads')).status).toBe(401);
    }
    const fresh = await loginAs(ctx.app, user.email, 'new-password-2');
    expect((await fresh.get('/api/current-user')).body.email).toBe(user.email);
    // Other users' sessions are untouched.
    expect((await basicAgent.get('/api/current-user')).status).toBe(200);

    const self = await makeUser(ctx.db, { isAdmin: true, email: 'self.changer@example.com', password: 'admin-old-1' });
    const here = await loginAs(ctx.app, self.email, 'admin-old-1');
    const elsewhere = await loginAs(ctx.app, self.email, 'admin-old-1');
    ctx.clock.advance(1000);
    expect((await here.put(`/api/admin/users/${self.id}/password`).send({ password: 'admin-new-2' })).status).toBe(200);
    expect((await here.get('/api/current-user')).status).toBe(200);
    expect((await elsewhere.get('/api/current-user')).status).toBe(401);
  });

  it('answers 400 for a short password and 404 for an unknown user', async () => {
    const short = await adminAgent.put(`/api/admin/users/${basicId}/password`).send({ password: '12345' });
    expect(short.status).toBe(400);
    expect(short.body.fields.password).toBe('Password must be at least 6 characters');
    const missing = await adminAgent.put('/api/admin/users/999999/password').send({ password: 'long-enough' });
    expect(missing.status).toBe(404);
  });
});
