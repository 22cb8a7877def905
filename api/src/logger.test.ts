// Logs without secrets: the real log lines of requests that carry a session cookie, a Set-Cookie answer,
// an Authorization bearer, an x-api-key and password/token fields contain none of their values.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { Writable } from 'node:stream';
import request from 'supertest';
import type { Express } from 'express';
import { createApp } from './app.ts';
import { createTestDb, type Db } from './db/index.ts';
import { testConfig } from './config.ts';
import { ManualClock } from './clock.ts';
import { startPayments } from '@tm/stripe-emulator';
import { makeUser } from './test/harness.ts';
import { createLogger, redactUrl, REDACTED } from './logger.ts';

/** A pino destination that keeps every line written to it. */
function sink() {
  const lines: string[] = [];
  let partial = '';
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      const text = partial + chunk.toString('utf8');
      const parts = text.split('\n');
      partial = parts.pop() ?? '';
      lines.push(...parts.filter(Boolean));
      done();
    },
  });
  return { stream, lines };
}

const TRANSFER_KEY = 'transfer-key-0123456789abcdef-LOGTEST';
const BRIGHTCALL_KEY = 'brightcall-key-0123456789abcdef-LOGTEST';

let app: Express;
let db: Db;
let destroy: () => Promise<void>;
let closePayments: () => Promise<void>;
const out = sink();

beforeAll(async () => {
  ({ db, destroy } = await createTestDb());
  // Development, not test: the request logger is mounted as in `npm start` (LOG_LEVEL info).
  const config = testConfig({ env: 'development', logLevel: 'info', transferApiKey: TRANSFER_KEY, brightcall: { apiKey: BRIGHTCALL_KEY } });
  const payments = await startPayments(config);
  closePayments = () => payments.close();
  app = createApp({ db, config, clock: new ManualClock(), stripe: payments.stripe, web: false, logger: createLogger('info', out.stream) });
});

afterAll(async () => {
  await closePayments();
  await destroy();
});

describe('log redaction', () => {
  it('request lines carry no cookie, set-cookie, authorization, x-api-key, password or token value', async () => {
    const user = await makeUser(db, { password: 'very-secret-password-LOGTEST' });
    const login = await request(app).post('/api/login').send({ identifier: user.email, password: user.password });
    expect(login.status).toBe(200);
    const setCookie = ([] as string[]).concat(login.headers['set-cookie'] ?? []);
    expect(setCookie.length).toBeGreaterThan(0);
    const cookie = setCookie.map((c) => c.split(';')[0]!).join('; ');
    const sealed = cookie.split('=').slice(1).join('=');

    expect((await request(app).get('/api/current-user').set('Cookie', cookie)).status).toBe(200);
    await request(app).get('/api/leads?page=1').set('Cookie', cookie);
    await request(app).post('/api/callbacks/transfer/check').set('x-api-key', TRANSFER_KEY).send({});
    await request(app).post('/api/callbacks/transfer/check').set('Authorization', `Bearer ${TRANSFER_KEY}`).send({});
    await request(app).get('/api/current-user').set('Authorization', `Bearer ${BRIGHTCALL_KEY}`).set('X-Api-Key', BRIGHTCALL_KEY);
    await request(app).get('/api/set-password/check?token=link-token-LOGTEST&x=1');
    await request(app).post('/api/set-password').send({ token: 'body-token-LOGTEST', password: 'chosen-password-LOGTEST' });

    const text = out.lines.join('\n');
    const requestLines = out.lines
      .map((l) => JSON.parse(l) as { req?: { url?: string; headers?: Record<string, string> }; res?: { headers?: Record<string, unknown> } })
      .filter((l) => l.req);
    expect(requestLines.length).toBeGreaterThanOrEqual(7);
    for (const secret of [
      sealed,
      TRANSFER_KEY,
      BRIGHTCALL_KEY,
      'very-secret-password-LOGTEST',
      'link-token-LOGTEST',
      'body-token-LOGTEST',
      'chosen-password-LOGTEST',
    ]) {
      expect(text).not.toContain(secret);
    }
    // The headers were there and were censored, not merely absent.
    const headers = requestLines.map((l) => l.req!.headers ?? {});
    expect(headers.some((h) => h.cookie === REDACTED)).toBe(true);
    expect(headers.some((h) => h.authorization === REDACTED)).toBe(true);
    expect(headers.some((h) => h['x-api-key'] === REDACTED)).toBe(true);
    expect(requestLines.some((l) => l.res?.headers?.['set-cookie'] === REDACTED)).toBe(true);
    expect(requestLines.some((l) => l.req!.url === `/api/set-password/check?token=${REDACTED}&x=1`)).toBe(true);
  });

  it('app lines: fields named like a password or token are censored at any depth, other fields kept', () => {
    const { stream, lines } = sink();
    const logger = createLogger('info', stream);
    logger.info({ user: { email: 'a@example.com', password: 'pw-LOGTEST', profile: { resetToken: 'rt-LOGTEST' } }, apiKey: 'k-LOGTEST' }, 'created');
    logger
      .child({ sessionToken: 'st-LOGTEST', headers: { cookie: 'c-LOGTEST' } })
      .warn({ url: '/x?access_token=at-LOGTEST&page=2', list: [{ newPassword: 'np-LOGTEST' }] }, 'odd');
    logger.error({ err: Object.assign(new Error('boom'), { authToken: 'et-LOGTEST' }) }, 'failed');
    const text = lines.join('\n');
    expect(lines).toHaveLength(3);
    expect(text).not.toMatch(/LOGTEST/);
    const first = JSON.parse(lines[0]!) as { user: { email: string; password: string } };
    expect(first.user.email).toBe('a@example.com');
    expect(first.user.password).toBe(REDACTED);
    expect((JSON.parse(lines[1]!) as { url: string }).url).toBe(`/x?access_token=${REDACTED}&page=2`);
    expect((JSON.parse(lines[2]!) as { err: { message: string } }).err.message).toBe('boom');
  });

  it('redactUrl keeps paths and harmless parameters', () => {
    expect(redactUrl('/api/leads?page=2&state=CA')).toBe('/api/leads?page=2&state=CA');
    expect(redactUrl('/a?Password=x&api_key=y&q')).toBe(`/a?Password=${REDACTED}&api_key=${REDACTED}&q`);
    expect(redactUrl('/plain')).toBe('/plain');
  });
});
