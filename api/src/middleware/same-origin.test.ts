import { describe, it, expect } from 'vitest';
import express from 'express';
import request from 'supertest';
import { sameOrigin } from './same-origin.ts';
import { testConfig } from '../config.ts';
import { errorHandler } from './error-handler.ts';
import pino from 'pino';

const app = express();
app.use('/api', sameOrigin({ config: testConfig({ publicOrigin: 'https://shop.example.com' }) }));
app.all('/api/{*rest}', (_req, res) => {
  res.json({ ok: true });
});
app.use(errorHandler(pino({ level: 'silent' })));

describe('cross-site state-changing requests', () => {
  it('refuses a foreign Origin or Sec-Fetch-Site: cross-site on POST, PUT and DELETE', async () => {
    for (const method of ['post', 'put', 'delete'] as const) {
      expect((await request(app)[method]('/api/login').set('Origin', 'https://evil.example')).status).toBe(403);
      expect((await request(app)[method]('/api/login').set('Sec-Fetch-Site', 'cross-site')).status).toBe(403);
    }
    expect((await request(app).post('/api/login').set('Origin', 'null')).status).toBe(403);
  });

  it('lets same-origin and header-less requests and all reads through', async () => {
    expect((await request(app).post('/api/login').set('Origin', 'https://shop.example.com')).status).toBe(200);
    expect((await request(app).post('/api/login').set('Sec-Fetch-Site', 'same-origin')).status).toBe(200);
    expect((await request(app).post('/api/login')).status).toBe(200);
    expect((await request(app).get('/api/current-user').set('Origin', 'https://evil.example')).status).toBe(200);
  });

  it('exempts the webhooks, which are called cross-site by design', async () => {
    for (const p of ['/api/stripe/webhook', '/api/callbacks/brightcall', '/api/callbacks/transfer']) {
      const res = await request(app).post(p).set('Origin', 'https://hooks.partner.example').set('Sec-Fetch-Site', 'cross-site');
      expect(res.status, p).toBe(200);
    }
  });
});
