// Cache-Control is set once, on the API router (decision 241): every API answer is no-store, including
// the router's own refusals, and a route that wants caching opts in by setting its own header.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import request from 'supertest';
import { createTestApp, makeUser, loginAs, type TestContext } from '../test/harness.ts';

let ctx: TestContext;
let agent: Awaited<ReturnType<typeof loginAs>>;

beforeAll(async () => {
  ctx = await createTestApp();
  const user = await makeUser(ctx.db);
  agent = await loginAs(ctx.app, user.email, user.password);
});
afterAll(() => ctx.close());

describe('Cache-Control on the API', () => {
  it('is no-store on an answer whose route sets no header of its own', async () => {
    const health = await request(ctx.app).get('/api/health');
    expect(health.status).toBe(200);
    expect(health.headers['cache-control']).toBe('no-store');
    const home = await agent.get('/api/dashboard/home');
    expect(home.status).toBe(200);
    expect(home.headers['cache-control']).toBe('no-store');
  });

  it('is no-store on a refusal given inside the API router', async () => {
    const refused = await request(ctx.app).get('/api/dashboard/home');
    expect(refused.status).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('lets the calendar feed opt in to caching', async () => {
    const created = await agent.post('/api/calendar-feed');
    expect(created.status).toBe(201);
    const feed = await request(ctx.app).get(new URL(created.body.url).pathname);
    expect(feed.status).toBe(200);
    expect(feed.headers['content-type']).toMatch(/text\/calendar/);
    expect(feed.headers['cache-control']).toBe('private, max-age=300');
  });
});
