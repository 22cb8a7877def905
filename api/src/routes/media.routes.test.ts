import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import request from 'supertest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestApp, makeUser, loginAs, type TestContext } from '../test/harness.ts';
import { signMediaUrl, MEDIA_LINK_TTL_MS } from '../services/media/media-links.ts';

let ctx: TestContext;
let dataDir: string;
let agent: Awaited<ReturnType<typeof loginAs>>;
let agentId: number;
let me: { email: string; password: string };
/** The link the API would hand this agent for the file. */
const link = (file: string, userId = agentId) => signMediaUrl(ctx.config, userId, `/api/media/${file}`, ctx.clock.now())!;
const wav = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(2000, 7)]);

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-media-'));
  fs.mkdirSync(path.join(dataDir, 'media'));
  fs.writeFileSync(path.join(dataDir, 'media', 'call.wav'), wav);
  fs.writeFileSync(path.join(dataDir, 'secret.txt'), 'do not serve');
  fs.writeFileSync(path.join(dataDir, 'media', '.hidden'), 'hidden');
  ctx = await createTestApp({ config: { dataDir } });
  const u = await makeUser(ctx.db);
  agentId = u.id;
  me = u;
  agent = await loginAs(ctx.app, u.email, u.password);
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('GET /api/media/:file', () => {
  it('needs a logged-in user', async () => {
    expect((await request(ctx.app).get('/api/media/call.wav')).status).toBe(401);
  });

  it('serves a recording with its content type', async () => {
    const res = await agent.get(link('call.wav')).buffer(true).parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^audio\/(wav|wave|x-wav)/);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(Buffer.compare(res.body as Buffer, wav)).toBe(0);
  });

  it('answers a Range request with 206 and just those bytes', async () => {
    const res = await agent.get(link('call.wav')).set('Range', 'bytes=100-199');
    expect(res.status).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 100-199/${wav.length}`);
    expect(Number(res.headers['content-length'])).toBe(100);
  });

  it('serves nothing outside the media folder, hidden or missing', async () => {
    for (const name of ['..%2Fsecret.txt', '%2E%2E%2Fsecret.txt', '..', '.hidden', 'missing.wav', 'a%00b.wav', '..%5Csecret.txt']) {
      const res = await agent.get(`/api/media/${name}`);
      expect([404, 400], name).toContain(res.status);
      expect(res.text).not.toContain('do not serve');
    }
    const nested = await agent.get('/api/media/../secret.txt');
    expect(nested.text).not.toContain('do not serve');
  });

  it('plays a recording only through a link signed for this user, until it expires', async () => {
    const other = await makeUser(ctx.db);
    expect((await agent.get('/api/media/call.wav')).status).toBe(404);
    expect((await agent.get(link('call.wav', other.id))).status).toBe(404);
    const forged = link('call.wav').replace(/sig=[^&]+/, 'sig=AAAA');
    expect((await agent.get(forged)).status).toBe(404);
    const mine = link('call.wav');
    expect((await agent.get(mine)).status).toBe(200);
    ctx.clock.advance(MEDIA_LINK_TTL_MS + 1000);
    // The session ended too (12 hours); a fresh login does not revive the old link.
    const again = await loginAs(ctx.app, me.email, me.password);
    expect((await again.get(mine)).status).toBe(404);
    expect((await again.get(link('call.wav'))).status).toBe(200);
  });
});
