// createHttpServer: the app on node:http with bounded header, request and keep-alive timeouts; the whole
// stack (helmet, body parser, sessions, errors) works through it.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHttpServer } from './app.ts';
import { createTestApp, type TestContext } from './test/harness.ts';

let ctx: TestContext;
let server: http.Server;
let base: string;

beforeAll(async () => {
  ctx = await createTestApp();
  server = createHttpServer(ctx.app, ctx.config);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await ctx.close();
});

describe('createHttpServer', () => {
  it('serves the API: security headers, JSON bodies, validation errors, 404s', async () => {
    const health = await fetch(`${base}/api/health`);
    expect(health.headers.get('x-content-type-options')).toBe('nosniff');
    expect(health.headers.get('content-security-policy')).toContain("default-src 'self'");
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: ctx.config.publicOrigin },
      body: JSON.stringify({ identifier: 'agent@example.com', password: 'not-the-password' }),
    });
    expect(login.status).toBe(401);
    expect(await login.json()).toHaveProperty('error');
    const missing = await fetch(`${base}/api/no-such-route`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'Not found' });
  });
});
