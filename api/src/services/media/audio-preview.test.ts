import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { planPreview, parseMpegHeader, type PreviewPlan } from './audio-preview.ts';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-preview-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function chunk(id: string, body: Buffer, size = body.length): Buffer {
  const head = Buffer.alloc(8);
  head.write(id, 0, 'latin1');
  head.writeUInt32LE(size, 4);
  return Buffer.concat([head, body, Buffer.alloc(body.length & 1)]);
}
function riff(...chunks: Buffer[]): Buffer {
  const body = Buffer.concat([Buffer.from('WAVE'), ...chunks]);
  const head = Buffer.alloc(8);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(body.length, 4);
  return Buffer.concat([head, body]);
}
function fmt(tag: number, channels: number, rate: number, bits: number, extra?: Buffer): Buffer {
  const b = Buffer.alloc(16);
  const blockAlign = channels * Math.ceil(bits / 8);
  b.writeUInt16LE(tag, 0);
  b.writeUInt16LE(channels, 2);
  b.writeUInt32LE(rate, 4);
  b.writeUInt32LE(rate * blockAlign, 8);
  b.writeUInt16LE(blockAlign, 12);
  b.writeUInt16LE(bits, 14);
  return extra ? Buffer.concat([b, extra]) : b;
}
async function plan(name: string, bytes: Buffer, seconds = 90): Promise<PreviewPlan> {
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  return planPreview(file, seconds);
}
/** The bytes a cut plan answers with. */
function render(p: PreviewPlan, bytes: Buffer): Buffer {
  if (p.kind !== 'cut') throw new Error(`not cut: ${p.kind}`);
  const out = Buffer.concat(p.parts.map((part) => ('buf' in part ? part.buf : bytes.subarray(part.start, part.end))));
  expect(out.length).toBe(p.length);
  return out;
}

describe('planPreview: WAV', () => {
  it('keeps an extensible float fmt chunk as it is and adds a fact chunk with the frame count', async () => {
    // WAVE_FORMAT_EXTENSIBLE: cbSize 22, valid bits, channel mask, sub-format GUID starting 03 00 (float).
    const ext = Buffer.alloc(24);
    ext.writeUInt16LE(22, 0);
    ext.writeUInt16LE(32, 2);
    ext.writeUInt32LE(3, 4);
    ext.writeUInt16LE(3, 8);
    const f = fmt(0xfffe, 2, 1000, 32, ext);
    const data = Buffer.alloc(100 * 1000 * 8);
    for (let i = 0; i < data.length; i++) data[i] = i % 251;
    const bytes = riff(chunk('fmt ', f), chunk('data', data));
    const out = render(await plan('float.wav', bytes), bytes);
    expect(out.readUInt32LE(4)).toBe(out.length - 8);
    expect(out.toString('latin1', 12, 16)).toBe('fmt ');
    expect(out.readUInt32LE(16)).toBe(40);
    expect(Buffer.compare(out.subarray(20, 60), f)).toBe(0);
    expect(out.toString('latin1', 60, 64)).toBe('fact');
    expect(out.readUInt32LE(68)).toBe(90 * 1000);
    expect(out.toString('latin1', 72, 76)).toBe('data');
    expect(out.readUInt32LE(76)).toBe(90 * 1000 * 8);
    expect(Buffer.compare(out.subarray(80), data.subarray(10 * 1000 * 8))).toBe(0);
  });

  it('pads an odd-sized data chunk and counts the pad in the RIFF size', async () => {
    const data = Buffer.alloc(100 * 8001, 9);
    const bytes = riff(chunk('fmt ', fmt(1, 1, 8001, 8)), chunk('data', data));
    const out = render(await plan('odd.wav', bytes, 89), bytes);
    expect(out.readUInt32LE(40)).toBe(89 * 8001);
    expect(out.length).toBe(44 + 89 * 8001 + 1);
    expect(out.readUInt32LE(4)).toBe(out.length - 8);
  });

  it('takes what is there when the data size was never filled in', async () => {
    const data = Buffer.alloc(100 * 8000, 5);
    const bytes = riff(chunk('fmt ', fmt(7, 1, 8000, 8)), chunk('data', data, 0xffffffff));
    const out = render(await plan('stream.wav', bytes), bytes);
    expect(out.toString('latin1', 36, 40)).toBe('fact');
    expect(out.readUInt32LE(52)).toBe(90 * 8000);
  });

  it('refuses what it cannot cut exactly', async () => {
    const data = Buffer.alloc(100 * 8000);
    const cases: Record<string, Buffer> = {
      adpcm: riff(chunk('fmt ', fmt(0x11, 1, 8000, 4)), chunk('data', data)),
      mp3InWav: riff(chunk('fmt ', fmt(0x55, 1, 8000, 8)), chunk('data', data)),
      dataFirst: riff(chunk('data', data), chunk('fmt ', fmt(1, 1, 8000, 8))),
      noData: riff(chunk('fmt ', fmt(1, 1, 8000, 8))),
      shortFmt: riff(chunk('fmt ', Buffer.alloc(8)), chunk('data', data)),
      badBlockAlign: riff(chunk('fmt ', Buffer.from(fmt(1, 2, 8000, 16).fill(3, 12, 13))), chunk('data', data)),
      zeroRate: riff(chunk('fmt ', fmt(1, 1, 0, 8)), chunk('data', data)),
      rf64: Buffer.concat([Buffer.from('RF64'), riff(chunk('fmt ', fmt(1, 1, 8000, 8)), chunk('data', data)).subarray(4)]),
    };
    for (const [name, bytes] of Object.entries(cases)) expect((await plan(`${name}.wav`, bytes)).kind, name).toBe('unavailable');
  });

  it('answers whole for a recording no longer than the preview', async () => {
    const bytes = riff(chunk('fmt ', fmt(1, 1, 8000, 16)), chunk('data', Buffer.alloc(90 * 16000)));
    expect((await plan('exact.wav', bytes)).kind).toBe('whole');
    expect((await plan('exact.wav', bytes, 89)).kind).toBe('cut');
  });
});

describe('planPreview: MP3', () => {
  it('reads MPEG frame headers', () => {
    expect(parseMpegHeader(Buffer.from([0xff, 0xfb, 0x90, 0x00]))).toMatchObject({ sampleRate: 44100, samples: 1152, length: 417 });
    expect(parseMpegHeader(Buffer.from([0xff, 0xfb, 0x92, 0x00]))).toMatchObject({ length: 418 }); // padded
    expect(parseMpegHeader(Buffer.from([0xff, 0xf3, 0x40, 0x00]))).toMatchObject({ sampleRate: 22050, samples: 576, length: 104 }); // MPEG-2, 32 kbit/s
    expect(parseMpegHeader(Buffer.from([0xff, 0xfb, 0x00, 0x00]))).toBeNull(); // free format
    expect(parseMpegHeader(Buffer.from([0xff, 0xfb, 0xf0, 0x00]))).toBeNull(); // bad bitrate
    expect(parseMpegHeader(Buffer.from([0xff, 0xfb, 0x9c, 0x00]))).toBeNull(); // reserved rate
    expect(parseMpegHeader(Buffer.from([0xff, 0xeb, 0x90, 0x00]))).toBeNull(); // reserved version
    expect(parseMpegHeader(Buffer.from([0xff, 0xf9, 0x90, 0x00]))).toBeNull(); // reserved layer
  });

  it('keeps whole frames to the end, dropping a last frame cut short', async () => {
    const frame = (i: number) => {
      const f = Buffer.alloc(417, 0);
      f.writeUInt32BE(0xfffb9000, 0);
      f.writeUInt32BE(i, 4);
      return f;
    };
    const frames = Array.from({ length: 100 }, (_, i) => frame(i));
    const bytes = Buffer.concat([...frames, frame(100).subarray(0, 200)]);
    const out = render(await plan('cut-short.mp3', bytes, 1), bytes);
    expect(out.length).toBe(39 * 417); // ceil(44100 / 1152) frames
    expect(out.readUInt32BE(4)).toBe(61);
    expect((await plan('whole.mp3', Buffer.concat(frames), 3)).kind).toBe('whole');
    // Frames of another stream (sample rate) mid-file: not one stream, refused.
    const mixed = Buffer.concat([...frames.slice(0, 50), Buffer.from(frames[50]!).fill(0x94, 2, 3), ...frames.slice(51)]);
    expect((await plan('mixed.mp3', mixed, 1)).kind).toBe('unavailable');
    expect((await plan('text.mp3', Buffer.from('not audio at all'.repeat(100)), 1)).kind).toBe('unavailable');
  });
});
