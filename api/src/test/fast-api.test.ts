// The lead lists' fast path (fast-api.ts) answers exactly what the Express route answers: same status,
// body, type, ETag, Vary, security headers, gzip and 304; and it steps aside for everything else.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import request from 'supertest';
import zlib from 'node:zlib';
import type { Express } from 'express';
import { createApp } from '../app.ts';
import { createDb } from '../db/index.ts';
import { fastApiStats } from '../fast-api.ts';
import { createTestApp, makeUser, type TestContext } from './harness.ts';
import { insertLead } from './proof-fixtures.ts';

let ctx: TestContext;
let viaExpress: Express;
let cookie: string;

beforeAll(async () => {
  ctx = await createTestApp();
  viaExpress = createApp({ db: ctx.db, config: ctx.config, clock: ctx.clock, stripe: ctx.stripe, web: false, fastApi: false });
  const u = await makeUser(ctx.db);
  const login = await request(ctx.app).post('/api/login').send({ identifier: u.email, password: u.password });
  cookie = String(login.headers['set-cookie']![0]).split(';')[0]!;
  for (let i = 0; i < 60; i++) await insertLead(ctx.db, { customerState: i % 2 ? 'TX' : 'FL', ageDays: 30 + i, customerName: `Fast Lead${i}` });
  await insertLead(ctx.db, { kind: 'fresh', customerState: 'TX', ageDays: 3 });
});
afterAll(() => ctx.close());

const IGNORED = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
function comparable(res: request.Response) {
  const headers = Object.fromEntries(Object.entries(res.headers).filter(([k]) => !IGNORED.has(k)));
  return { status: res.status, headers, body: res.status === 304 ? null : res.body };
}

async function both(path: string, headers: Record<string, string> = {}) {
  const send = (app: Express) => {
    const r = request(app).get(path);
    for (const [k, v] of Object.entries(headers)) r.set(k, v);
    return r;
  };
  // The fast app first meets the cookie through Express (the seal is opened once), then answers fast.
  await send(ctx.app);
  const before = fastApiStats.served;
  const fast = await send(ctx.app);
  const served = fastApiStats.served - before;
  const slow = await send(viaExpress);
  return { fast: comparable(fast), slow: comparable(slow), served, raw: fast };
}

describe('the lead lists fast path', () => {
  it('answers a plain list, a filtered page and the fresh list exactly as Express does', async () => {
    for (const path of ['/api/aged-leads', '/api/aged-leads?state=TX,FL&age=30-60&page=2&pageSize=10', '/api/leads?state=TX']) {
      const { fast, slow, served } = await both(path, { Cookie: cookie });
      expect(served, path).toBe(1);
      expect(fast.status).toBe(200);
      expect(fast, path).toEqual(slow);
      expect(fast.headers['content-security-policy']).toBeTruthy();
    }
  });

  it('compresses as the compression middleware would (br, gzip, deflate or none), with the same body', async () => {
    const raw = (app: Express, accept: string) =>
      request(app)
        .get('/api/aged-leads?state=TX')
        .set({ Cookie: cookie, 'Accept-Encoding': accept })
        .buffer(true)
        .parse((res, cb) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => cb(null, Buffer.concat(chunks)));
        });
    const decode = (res: request.Response) => {
      const b = res.body as Buffer;
      const coding = res.headers['content-encoding'];
      // superagent already inflates gzip and deflate (and, depending on its version, br) on its own.
      try {
        return (
          coding === 'br' ? zlib.brotliDecompressSync(b) : coding === 'gzip' ? zlib.gunzipSync(b) : coding === 'deflate' ? zlib.inflateSync(b) : b
        ).toString('utf8');
      } catch {
        return b.toString('utf8');
      }
    };
    for (const [accept, expected] of [
      ['gzip', 'gzip'],
      ['gzip, deflate, br, zstd', 'br'],
      ['deflate', 'deflate'],
      ['identity', undefined],
      ['*', 'br'],
      ['gzip;q=0.5, deflate', 'deflate'],
    ] as const) {
      await raw(ctx.app, accept);
      const before = fastApiStats.served;
      const fast = await raw(ctx.app, accept);
      const served = fastApiStats.served - before;
      const slow = await raw(viaExpress, accept);
      // q-values are weighed by Express's negotiator: the fast path steps aside.
      expect(served, accept).toBe(accept.includes(';') ? 0 : 1);
      expect(fast.headers['content-encoding'], accept).toBe(expected);
      expect(slow.headers['content-encoding'], accept).toBe(expected);
      expect(decode(fast), accept).toBe(decode(slow));
      expect(JSON.parse(decode(fast)).items.length, accept).toBeGreaterThan(0);
      const { headers: fh } = comparable(fast);
      const { headers: sh } = comparable(slow);
      expect(fh, accept).toEqual(sh);
    }
  });

  it('answers 304 to a matching If-None-Match, like Express', async () => {
    const first = await request(viaExpress).get('/api/aged-leads?state=FL').set('Cookie', cookie);
    const { fast, slow, served } = await both('/api/aged-leads?state=FL', { Cookie: cookie, 'If-None-Match': String(first.headers.etag) });
    expect(served).toBe(1);
    expect(fast.status).toBe(304);
    expect(fast).toEqual(slow);
  });

  it('steps aside for no session, a forged cookie, a bad query and an expired session', async () => {
    for (const [path, headers] of [
      ['/api/aged-leads', {}],
      ['/api/aged-leads', { Cookie: 'tm_session=Fe26.2**forged' }],
      ['/api/aged-leads?state=Narnia', { Cookie: cookie }],
      ['/api/aged-leads?page=0', { Cookie: cookie }],
    ] as Array<[string, Record<string, string>]>) {
      const { fast, slow, served } = await both(path, headers);
      expect(served, path).toBe(0);
      expect(fast.status).toBeGreaterThanOrEqual(400);
      expect(fast, path).toEqual(slow);
    }
    ctx.clock.advance(13 * 60 * 60 * 1000);
    try {
      const { fast, served } = await both('/api/aged-leads', { Cookie: cookie });
      expect(served).toBe(0);
      expect(fast.status).toBe(401);
    } finally {
      ctx.clock.advance(-13 * 60 * 60 * 1000);
    }
  });

  it('answers the same 503 as Express when the database is unreachable', async () => {
    const gone = createDb('mysql://root@127.0.0.1:1/unreachable', undefined, { timeoutMs: 500 });
    try {
      const fastApp = createApp({ db: gone, config: ctx.config, clock: ctx.clock, stripe: ctx.stripe, web: false });
      const slowApp = createApp({ db: gone, config: ctx.config, clock: ctx.clock, stripe: ctx.stripe, web: false, fastApi: false });
      await request(fastApp).get('/api/aged-leads').set('Cookie', cookie); // opens the seal (Express answers 503)
      const before = fastApiStats.served;
      const unavailable = fastApiStats.unavailable;
      const fast = await request(fastApp).get('/api/aged-leads').set('Cookie', cookie);
      expect(fastApiStats.unavailable).toBe(unavailable + 1); // answered by the fast path itself
      const slow = await request(slowApp).get('/api/aged-leads').set('Cookie', cookie);
      expect(fast.status).toBe(503);
      expect(fast.body).toEqual({ error: 'The service is temporarily unavailable. Please try again in a moment.' });
      expect(comparable(fast)).toEqual(comparable(slow));
      expect(fastApiStats.served).toBe(before); // counted only for answers from the cache
    } finally {
      await gone.destroy();
    }
  });

  it("steps aside once the user's password changed after the session began", async () => {
    const u = await makeUser(ctx.db);
    const login = await request(ctx.app).post('/api/login').send({ identifier: u.email, password: u.password });
    const own = String(login.headers['set-cookie']![0]).split(';')[0]!;
    expect((await both('/api/aged-leads', { Cookie: own })).served).toBe(1);
    ctx.clock.advance(1000);
    await ctx
      .db('users')
      .where({ id: u.id })
      .update({ passwordChangedAt: ctx.clock.now().toISOString().replace('T', ' ').replace('Z', '') });
    const { fast, served } = await both('/api/aged-leads', { Cookie: own });
    expect(served).toBe(0);
    expect(fast.status).toBe(401);
  });
});
