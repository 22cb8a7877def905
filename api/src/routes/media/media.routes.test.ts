import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import request from 'supertest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestApp, makeUser, loginAs, type TestContext } from '../../test/harness.ts';
import { signMediaUrl, MEDIA_LINK_TTL_MS } from '../../services/media/media-links.ts';
import { generateWav } from '../../db/seed.ts';
import { AUDIO_PREVIEW_SECONDS } from '@tm/shared/logic/transcript';

type Agent = Awaited<ReturnType<typeof loginAs>>;
let ctx: TestContext;
let dataDir: string;
let agent: Agent;
let agentId: number;
let me: { email: string; password: string };
/** The link the API would hand this agent for the file (a preview link with `preview`). */
const link = (file: string, userId = agentId, previewSeconds?: number) =>
  signMediaUrl(ctx.config, userId, `/api/media/${file}`, ctx.clock.now(), previewSeconds === undefined ? {} : { previewSeconds })!;
const previewLink = (file: string, userId = agentId) => link(file, userId, AUDIO_PREVIEW_SECONDS);

const junk = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(2000, 7)]);
const call = generateWav(100); // 8 kHz, 8-bit mono: 8000 bytes a second
const short = generateWav(30);

/** 16-bit stereo at 11025 Hz with a LIST chunk (odd size, padded) before fmt, a partial frame at the end of data, and a chunk after data. */
function unusualWav(seconds: number): { file: Buffer; data: Buffer } {
  const rate = 11025;
  const blockAlign = 4;
  const data = Buffer.alloc(seconds * rate * blockAlign + 2);
  for (let i = 0; i < data.length; i++) data[i] = (i * 31 + (i >> 9)) & 0xff;
  const chunk = (id: string, body: Buffer) => {
    const head = Buffer.alloc(8);
    head.write(id, 0, 'latin1');
    head.writeUInt32LE(body.length, 4);
    return Buffer.concat([head, body, Buffer.alloc(body.length & 1)]);
  };
  const fmt = Buffer.alloc(16);
  fmt.writeUInt16LE(1, 0);
  fmt.writeUInt16LE(2, 2);
  fmt.writeUInt32LE(rate, 4);
  fmt.writeUInt32LE(rate * blockAlign, 8);
  fmt.writeUInt16LE(blockAlign, 12);
  fmt.writeUInt16LE(16, 14);
  const body = Buffer.concat([
    Buffer.from('WAVE'),
    chunk('LIST', Buffer.from('INFOISFT\x05\x00\x00\x00demo\x00x', 'latin1')),
    chunk('fmt ', fmt),
    chunk('data', data),
    chunk('id3 ', Buffer.alloc(33, 1)),
  ]);
  const riff = Buffer.alloc(8);
  riff.write('RIFF', 0, 'latin1');
  riff.writeUInt32LE(body.length, 4);
  return { file: Buffer.concat([riff, body]), data };
}
const unusual = unusualWav(120);

/** MPEG-1 layer III, 128 kbit/s, 44.1 kHz frames (417 bytes, 1152 samples), numbered in their bodies, after an ID3v2 tag and before an ID3v1 tag. */
const MP3_FRAME = 417;
function mp3(frames: number, junkAt?: number): Buffer {
  const id3 = Buffer.concat([Buffer.from('ID3\x03\x00\x00\x00\x00\x00\x14', 'latin1'), Buffer.alloc(20, 0x41)]);
  const out = [id3];
  for (let i = 0; i < frames; i++) {
    if (i === junkAt) out.push(Buffer.alloc(5000, 0x20));
    const f = Buffer.alloc(MP3_FRAME, i & 0x7f);
    f.writeUInt32BE(0xfffb9000, 0);
    f.writeUInt32BE(i, 4);
    out.push(f);
  }
  out.push(Buffer.concat([Buffer.from('TAG'), Buffer.alloc(125, 0x20)]));
  return Buffer.concat(out);
}
const song = mp3(4000); // about 104 seconds

function binary(res: request.Response, cb: (err: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
}
async function fetchBytes(who: Agent, url: string, headers: Record<string, string> = {}) {
  const res = await who.get(url).set(headers).buffer(true).parse(binary);
  return { res, body: res.body as Buffer };
}

/** The chunks of a RIFF/WAVE answer, checked for a consistent RIFF size. */
function readWav(buf: Buffer) {
  expect(buf.toString('latin1', 0, 4)).toBe('RIFF');
  expect(buf.toString('latin1', 8, 12)).toBe('WAVE');
  expect(buf.readUInt32LE(4)).toBe(buf.length - 8);
  const chunks = new Map<string, { at: number; size: number }>();
  let pos = 12;
  while (pos + 8 <= buf.length) {
    const size = buf.readUInt32LE(pos + 4);
    chunks.set(buf.toString('latin1', pos, pos + 4), { at: pos + 8, size });
    pos += 8 + size + (size & 1);
  }
  expect(pos).toBe(buf.length);
  const fmt = chunks.get('fmt ')!;
  const data = chunks.get('data')!;
  return {
    chunks,
    channels: buf.readUInt16LE(fmt.at + 2),
    sampleRate: buf.readUInt32LE(fmt.at + 4),
    byteRate: buf.readUInt32LE(fmt.at + 8),
    blockAlign: buf.readUInt16LE(fmt.at + 12),
    bits: buf.readUInt16LE(fmt.at + 14),
    data: buf.subarray(data.at, data.at + data.size),
  };
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-media-'));
  const media = path.join(dataDir, 'media');
  fs.mkdirSync(media);
  fs.writeFileSync(path.join(media, 'junk.wav'), junk);
  fs.writeFileSync(path.join(media, 'call.wav'), call);
  fs.writeFileSync(path.join(media, 'short.wav'), short);
  fs.writeFileSync(path.join(media, 'unusual.wav'), unusual.file);
  fs.writeFileSync(path.join(media, 'call.ogg'), Buffer.concat([Buffer.from('OggS'), Buffer.alloc(100_000, 3)]));
  fs.writeFileSync(path.join(media, 'song.mp3'), song);
  fs.writeFileSync(path.join(media, 'broken.mp3'), mp3(4000, 2000));
  fs.writeFileSync(path.join(dataDir, 'secret.txt'), 'do not serve');
  fs.writeFileSync(path.join(media, '.hidden'), 'hidden');
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
    const { res, body } = await fetchBytes(agent, link('junk.wav'));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^audio\/(wav|wave|x-wav)/);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(Buffer.compare(body, junk)).toBe(0);
  });

  it('answers a Range request with 206 and just those bytes', async () => {
    const res = await agent.get(link('junk.wav')).set('Range', 'bytes=100-199');
    expect(res.status).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 100-199/${junk.length}`);
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
    expect((await agent.get('/api/media/junk.wav')).status).toBe(404);
    expect((await agent.get(link('junk.wav', other.id))).status).toBe(404);
    const forged = link('junk.wav').replace(/sig=[^&]+/, 'sig=AAAA');
    expect((await agent.get(forged)).status).toBe(404);
    const mine = link('junk.wav');
    expect((await agent.get(mine)).status).toBe(200);
    ctx.clock.advance(MEDIA_LINK_TTL_MS + 1000);
    // The session ended too (12 hours); a fresh login does not revive the old link.
    agent = await loginAs(ctx.app, me.email, me.password);
    expect((await agent.get(mine)).status).toBe(404);
    expect((await agent.get(link('junk.wav'))).status).toBe(200);
  });
});

describe('preview links: only the last 90 seconds', () => {
  it('serves a WAV cut to its last 90 seconds: a fresh header and the tail of the data chunk', async () => {
    const { res, body } = await fetchBytes(agent, previewLink('call.wav'));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('audio/wav');
    expect(res.headers['cache-control']).toBe('private, max-age=3600');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(Number(res.headers['content-length'])).toBe(body.length);
    const wav = readWav(body);
    expect(wav).toMatchObject({ channels: 1, sampleRate: 8000, byteRate: 8000, blockAlign: 1, bits: 8 });
    expect(wav.data.length / wav.byteRate).toBe(90);
    const original = readWav(call).data;
    expect(original.length / 8000).toBe(100);
    expect(Buffer.compare(wav.data, original.subarray(original.length - 90 * 8000))).toBe(0);
    expect(body.length).toBeLessThan(call.length);
  });

  it('finds fmt and data among other chunks and cuts on whole sample frames', async () => {
    const { res, body } = await fetchBytes(agent, previewLink('unusual.wav'));
    expect(res.status).toBe(200);
    const wav = readWav(body);
    expect(wav).toMatchObject({ channels: 2, sampleRate: 11025, byteRate: 44100, blockAlign: 4, bits: 16 });
    expect(wav.data.length).toBe(90 * 44100);
    expect([...wav.chunks.keys()]).toEqual(['fmt ', 'data']);
    const whole = unusual.data.length - (unusual.data.length % 4); // the partial frame at the end is left out
    expect(Buffer.compare(wav.data, unusual.data.subarray(whole - 90 * 44100, whole))).toBe(0);
  });

  it('breaks the link when preview is removed, changed, repeated or added', async () => {
    const url = previewLink('call.wav');
    expect(url).toMatch(/^\/api\/media\/call\.wav\?exp=\d+&preview=90&sig=[\w-]+$/);
    expect((await agent.get(url)).status).toBe(200);
    expect((await agent.get(url.replace('&preview=90', ''))).status).toBe(404);
    for (const v of ['100', '89', '0', '090', '90.0', '-90', '', 'abc', '1e2']) {
      const res = await agent.get(url.replace('preview=90', `preview=${v}`));
      expect(res.status, v).toBe(404);
    }
    expect((await agent.get(`${url}&preview=90`)).status).toBe(404);
    expect((await agent.get(url.replace('preview=90', 'preview[]=90'))).status).toBe(404);
    // A full link does not become a preview link (or anything else) by adding the parameter.
    expect((await agent.get(`${link('call.wav')}&preview=90`)).status).toBe(404);
    // Someone else's preview link is not this agent's.
    const other = await makeUser(ctx.db);
    expect((await agent.get(previewLink('call.wav', other.id))).status).toBe(404);
  });

  it('serves a recording no longer than the preview whole', async () => {
    const { res, body } = await fetchBytes(agent, previewLink('short.wav'));
    expect(res.status).toBe(200);
    expect(Buffer.compare(body, short)).toBe(0);
    expect(res.headers['cache-control']).toBe('private, max-age=3600');
  });

  it('refuses a preview of a format it cannot cut (404), while the full link still plays', async () => {
    for (const file of ['call.ogg', 'junk.wav', 'broken.mp3']) {
      const res = await agent.get(previewLink(file));
      expect(res.status, file).toBe(404);
      expect(res.body, file).toEqual({ error: 'Recording preview not available' });
    }
    expect((await agent.get(link('call.ogg'))).status).toBe(200);
  });

  it('cuts an MP3 at a frame boundary: the last 90 seconds of frames, without the tags', async () => {
    const { res, body } = await fetchBytes(agent, previewLink('song.mp3'));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    const keep = Math.ceil((90 * 44100) / 1152);
    expect(body.length).toBe(keep * MP3_FRAME);
    expect(body.readUInt32BE(0)).toBe(0xfffb9000);
    expect(body.readUInt32BE(4)).toBe(4000 - keep); // the frame's own number
    const framesStart = 30;
    expect(Buffer.compare(body, song.subarray(framesStart + (4000 - keep) * MP3_FRAME, song.length - 128))).toBe(0);
  });

  it('answers one byte range of a preview with 206, several or If-Range with the whole preview, past the end with 416', async () => {
    const url = previewLink('call.wav');
    const { body: whole } = await fetchBytes(agent, url);
    const r1 = await fetchBytes(agent, url, { Range: 'bytes=30-59' }); // across the header and the data
    expect(r1.res.status).toBe(206);
    expect(r1.res.headers['content-range']).toBe(`bytes 30-59/${whole.length}`);
    expect(Buffer.compare(r1.body, whole.subarray(30, 60))).toBe(0);
    const tail = await fetchBytes(agent, url, { Range: 'bytes=-1000' });
    expect(tail.res.status).toBe(206);
    expect(Buffer.compare(tail.body, whole.subarray(whole.length - 1000))).toBe(0);
    const open = await fetchBytes(agent, url, { Range: 'bytes=500000-' });
    expect(open.res.status).toBe(206);
    expect(Number(open.res.headers['content-length'])).toBe(whole.length - 500000);
    expect(Buffer.compare(open.body, whole.subarray(500000))).toBe(0);
    const many = await fetchBytes(agent, url, { Range: 'bytes=0-9,100-109' });
    expect(many.res.status).toBe(200);
    expect(many.body.length).toBe(whole.length);
    const ifRange = await fetchBytes(agent, url, { Range: 'bytes=0-9', 'If-Range': '"x"' });
    expect(ifRange.res.status).toBe(200);
    const past = await agent.get(url).set('Range', `bytes=${whole.length + 10}-`);
    expect(past.status).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${whole.length}`);
    const head = await agent.head(url);
    expect(head.status).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(whole.length);
  });

  it('lets an admin play any file in full, but a preview link still plays the preview', async () => {
    const a = await makeUser(ctx.db, { isAdmin: true });
    const admin = await loginAs(ctx.app, a.email, a.password);
    const full = await fetchBytes(admin, '/api/media/call.wav');
    expect(Buffer.compare(full.body, call)).toBe(0);
    // A preview link signed for an agent, opened by an admin: the link says what it is.
    const viaAgentLink = await fetchBytes(admin, previewLink('call.wav'));
    expect(viaAgentLink.res.status).toBe(200);
    expect(readWav(viaAgentLink.body).data.length).toBe(90 * 8000);
    const unsigned = await fetchBytes(admin, '/api/media/call.wav?preview=90');
    expect(readWav(unsigned.body).data.length).toBe(90 * 8000);
    expect((await admin.get('/api/media/call.wav?preview=abc')).status).toBe(404);
    expect((await admin.get('/api/media/call.ogg?preview=90')).status).toBe(404);
  });

  it('answers hostile preview, exp and sig values below 500', async () => {
    const url = previewLink('call.wav');
    for (const q of [
      'preview=99999999999999999999',
      'preview=%00',
      'preview=<script>',
      'exp=1e3',
      'exp=-1',
      'sig[]=a',
      'exp[a]=1',
      'preview=9007199254740993',
    ]) {
      const [k] = q.split('=');
      const res = await agent.get(url.replace(new RegExp(`${k!.replace(/\[.*$/, '')}=[^&]*`), q));
      expect(res.status, q).toBe(404);
    }
  });
});
