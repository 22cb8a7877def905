// A recording kept in the shared storage (STORAGE=db: every process reaches it) plays like one under
// data/media: whole, by byte range, and as a cut preview; a replaced recording is served anew.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import request from 'supertest';
import { createTestApp, makeUser, loginAs, type TestContext } from '../../test/harness.ts';
import { signMediaUrl } from '../../services/media/media-links.ts';
import { generateWav } from '../../db/seed.ts';
import { dbStorage } from '../../storage/index.ts';
import { AUDIO_PREVIEW_SECONDS } from '@tm/shared/logic/transcript';

let ctx: TestContext;
let agent: Awaited<ReturnType<typeof loginAs>>;
let agentId: number;
const name = `shared-${Date.now()}.wav`;
const call = generateWav(100); // 8000 bytes a second
const link = (previewSeconds?: number) =>
  signMediaUrl(ctx.config, agentId, `/api/media/${name}`, ctx.clock.now(), previewSeconds === undefined ? {} : { previewSeconds })!;

function binary(res: request.Response, cb: (err: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
}

beforeAll(async () => {
  ctx = await createTestApp({ config: { storage: 'db' } });
  const u = await makeUser(ctx.db);
  agentId = u.id;
  agent = await loginAs(ctx.app, u.email, u.password);
  // Stored by another process: straight into the shared store, nothing under data/media.
  await dbStorage(ctx.db).put(`recordings/${name}`, call);
});
afterAll(() => ctx.close());

describe('recordings in the shared storage', () => {
  it('plays the whole recording with its content type, and a byte range', async () => {
    const whole = await agent.get(link()).buffer(true).parse(binary);
    expect(whole.status).toBe(200);
    expect(whole.headers['content-type']).toMatch(/audio\/(x-)?wav/);
    expect(Buffer.compare(whole.body as Buffer, call)).toBe(0);
    const part = await agent.get(link()).set('Range', 'bytes=100-199').buffer(true).parse(binary);
    expect(part.status).toBe(206);
    expect(Buffer.compare(part.body as Buffer, call.subarray(100, 200))).toBe(0);
  });

  it('cuts a preview of the last seconds', async () => {
    const res = await agent.get(link(AUDIO_PREVIEW_SECONDS)).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    const body = res.body as Buffer;
    expect(body.length).toBeLessThan(call.length);
    expect(Buffer.compare(body.subarray(body.length - 1000), call.subarray(call.length - 1000))).toBe(0);
  });

  it('serves the new bytes once the recording is replaced, and 404 once it is removed', async () => {
    const longer = generateWav(120);
    await dbStorage(ctx.db).put(`recordings/${name}`, longer);
    const res = await agent.get(link()).buffer(true).parse(binary);
    expect(Buffer.compare(res.body as Buffer, longer)).toBe(0);
    await dbStorage(ctx.db).remove(`recordings/${name}`);
    expect((await agent.get(link())).status).toBe(404);
  });
});
