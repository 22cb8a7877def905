// The lead lists over HTTP, answered by their Express routes alone (the hand-written fast path in front
// of them went with decision 075): the compression middleware on /api negotiates br, gzip, deflate or
// none (q-values weighed), a matching If-None-Match is a 304, no session is a 401, and an unreachable
// database is the 503 with the spec's message.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import request from 'supertest';
import http from 'node:http';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { createApp } from '../app.ts';
import { createDb } from '../db/index.ts';
import { createTestApp, makeUser, type TestContext } from './harness.ts';
import { insertLead } from './proof-fixtures.ts';

let ctx: TestContext;
let cookie: string;

beforeAll(async () => {
  ctx = await createTestApp();
  const u = await makeUser(ctx.db);
  const login = await request(ctx.app).post('/api/login').send({ identifier: u.email, password: u.password });
  cookie = String(login.headers['set-cookie']![0]).split(';')[0]!;
  for (let i = 0; i < 60; i++) await insertLead(ctx.db, { customerState: i % 2 ? 'TX' : 'FL', ageDays: 30 + i, customerName: `Http Lead${i}` });
});
afterAll(() => ctx.close());

/** A GET's status, headers and body bytes as sent (node:http decodes nothing). */
function rawGet(path: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  const { port } = new URL(ctx.baseUrl);
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port: Number(port), path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('the lead lists through Express', () => {
  it('compresses the JSON as Accept-Encoding asks (br first, q-values weighed)', async () => {
    const decode = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync, deflate: zlib.inflateSync } as const;
    for (const [accept, expected] of [
      ['gzip', 'gzip'],
      ['gzip, deflate, br, zstd', 'br'],
      ['deflate', 'deflate'],
      ['identity', undefined],
      ['*', 'br'],
      ['gzip;q=0.5, deflate', 'deflate'],
    ] as const) {
      const res = await rawGet('/api/aged-leads?state=TX', { Cookie: cookie, 'Accept-Encoding': accept });
      expect(res.status, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(expected);
      expect(res.headers.vary, accept).toMatch(/Accept-Encoding/);
      const json = expected ? decode[expected](res.body) : res.body;
      expect(JSON.parse(json.toString('utf8')).items.length, accept).toBeGreaterThan(0);
    }
  });

  it('answers 304 to a matching If-None-Match, with the security headers', async () => {
    const first = await request(ctx.app).get('/api/aged-leads?state=FL').set('Cookie', cookie);
    expect(first.status).toBe(200);
    const again = await request(ctx.app)
      .get('/api/aged-leads?state=FL')
      .set({ Cookie: cookie, 'If-None-Match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.headers['content-security-policy']).toBeTruthy();
  });

  it('refuses without a session or with a forged cookie, and names a bad query', async () => {
    expect((await request(ctx.app).get('/api/aged-leads')).status).toBe(401);
    expect((await request(ctx.app).get('/api/aged-leads').set('Cookie', 'tm_session=Fe26.2**forged')).status).toBe(401);
    const bad = await request(ctx.app).get('/api/aged-leads?state=Narnia').set('Cookie', cookie);
    expect(bad.status).toBe(400);
  });

  it('answers 503 with the spec message when the database is unreachable', async () => {
    const gone = createDb('mysql://root@127.0.0.1:1/unreachable', undefined, { timeoutMs: 500 });
    const app = createApp({ db: gone, config: ctx.config, clock: ctx.clock, stripe: ctx.stripe, web: false });
    const server = http.createServer(app);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const res = await request(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)
        .get('/api/aged-leads')
        .set('Cookie', cookie);
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ error: 'The service is temporarily unavailable. Please try again in a moment.' });
    } finally {
      server.close();
      await gone.destroy();
    }
  });
});
