// createHttpServer (decision 120): node:http builds each request and response with Express's prototype
// already in place, so Express's per-request Object.setPrototypeOf changes nothing; the objects stay real
// IncomingMessage/ServerResponse and the whole stack (helmet, body parser, sessions, errors) works through it.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { createHttpServer, expressRequestClasses } from './app.ts';
import { createTestApp, type TestContext } from './test/harness.ts';

let ctx: TestContext;
let server: http.Server;
let base: string;
const arrived: { request: boolean; response: boolean }[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  server = createHttpServer(ctx.app, ctx.config);
  // Runs before Express (the first 'request' listener): what node:http built, before any dispatch.
  server.prependListener('request', (req, res) =>
    arrived.push({ request: Object.getPrototypeOf(req) === ctx.app.request, response: Object.getPrototypeOf(res) === ctx.app.response }),
  );
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await ctx.close();
});

describe('createHttpServer', () => {
  it("builds requests and responses with Express's prototypes before Express dispatches", async () => {
    arrived.length = 0;
    const res = await fetch(`${base}/api/health`);
    expect(res.status).toBe(200);
    expect(arrived).toEqual([{ request: true, response: true }]);
  });

  it('keeps them real node:http objects', () => {
    const { IncomingMessage, ServerResponse } = expressRequestClasses(ctx.app);
    const req = new IncomingMessage(new net.Socket());
    const res = new ServerResponse(req);
    expect(req).toBeInstanceOf(http.IncomingMessage);
    expect(res).toBeInstanceOf(http.ServerResponse);
    expect(Object.getPrototypeOf(req)).toBe(ctx.app.request);
    expect(Object.getPrototypeOf(res)).toBe(ctx.app.response);
    expect(res.statusCode).toBe(200);
    expect(req.headers).toEqual({});
  });

  it('serves the API through them: security headers, JSON bodies, validation errors, 404s', async () => {
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
