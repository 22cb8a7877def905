// The tail of a recording, cut on the server so that a preview link never carries the whole call.
// - WAV (RIFF/WAVE, integer PCM, float, A-law, mu-law, or WAVE_FORMAT_EXTENSIBLE of those): the fmt
//   and data chunks are found by walking the chunk list; the answer is a fresh header (the original
//   fmt chunk, a fact chunk for non-PCM formats, a data chunk) and the last N seconds of sample data,
//   cut on a block-align boundary. Exact.
// - MP3 (MPEG-1/2/2.5 audio, layers I-III, after an optional ID3v2 tag): every frame header is walked
//   from the first frame to the last, and the answer starts at the frame header that leaves N seconds
//   (rounded up to a whole frame); trailing ID3v1/APE/Lyrics tags are dropped. A file whose frame
//   chain breaks anywhere else is refused.
// - Anything else (and any WAV or MP3 this code does not fully understand) is `unavailable`: the caller
//   answers 404 rather than the whole file.
// A recording no longer than N seconds is `whole`: the caller serves the file as it is.
import fs from 'node:fs';

export type PreviewPart = { buf: Buffer } | { start: number; end: number };

export type PreviewPlan =
  | { kind: 'whole' }
  | { kind: 'unavailable'; reason: string }
  | {
      kind: 'cut';
      contentType: string;
      /** The answer's bytes, in order: buffers and byte ranges [start, end) of the file. */
      parts: PreviewPart[];
      length: number;
    };

/** Reads a file through a window, so a walk over small headers does not issue a read per header. */
class FileWindow {
  private buf = Buffer.alloc(0);
  private at = 0;
  constructor(
    private readonly fd: fs.promises.FileHandle,
    readonly size: number,
    private readonly windowBytes = 256 * 1024,
  ) {}

  /** Up to `len` bytes at `pos` (fewer at the end of the file). */
  async read(pos: number, len: number): Promise<Buffer> {
    if (pos < 0 || pos >= this.size || len <= 0) return Buffer.alloc(0);
    const want = Math.min(len, this.size - pos);
    if (pos < this.at || pos + want > this.at + this.buf.length) {
      const n = Math.min(Math.max(want, this.windowBytes), this.size - pos);
      const buf = Buffer.alloc(n);
      const { bytesRead } = await this.fd.read(buf, 0, n, pos);
      this.buf = buf.subarray(0, bytesRead);
      this.at = pos;
    }
    return this.buf.subarray(pos - this.at, pos - this.at + want);
  }
}

const unavailable = (reason: string): PreviewPlan => ({ kind: 'unavailable', reason });

export async function planPreview(file: string, seconds: number): Promise<PreviewPlan> {
  if (!Number.isInteger(seconds) || seconds < 1) throw new Error('seconds must be a positive integer');
  const fd = await fs.promises.open(file, 'r');
  try {
    const { size } = await fd.stat();
    const r = new FileWindow(fd, size);
    const head = await r.read(0, 12);
    if (head.length === 12 && head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WAVE') return await planWav(r, seconds);
    if (head.length >= 3 && (head.toString('latin1', 0, 3) === 'ID3' || parseMpegHeader(head) !== null)) return await planMp3(r, seconds);
    return unavailable('not a WAV or MP3 file');
  } finally {
    await fd.close();
  }
}

// --- WAV ---------------------------------------------------------------------------------------

const WAVE_FORMAT_PCM = 1;
const WAVE_FORMAT_IEEE_FLOAT = 3;
const WAVE_FORMAT_ALAW = 6;
const WAVE_FORMAT_MULAW = 7;
const WAVE_FORMAT_EXTENSIBLE = 0xfffe;
const CUTTABLE = new Set([WAVE_FORMAT_PCM, WAVE_FORMAT_IEEE_FLOAT, WAVE_FORMAT_ALAW, WAVE_FORMAT_MULAW]);
const MAX_CHUNKS = 10_000;
const MAX_FMT_BYTES = 1024;

export interface WavFormat {
  /** The effective format tag (the sub-format's for WAVE_FORMAT_EXTENSIBLE). */
  format: number;
  channels: number;
  sampleRate: number;
  blockAlign: number;
  bitsPerSample: number;
}

/** The fmt chunk's fields, or null when the format cannot be cut exactly on sample frames. */
export function readWavFormat(fmt: Buffer): WavFormat | null {
  if (fmt.length < 16) return null;
  const tag = fmt.readUInt16LE(0);
  let format = tag;
  if (tag === WAVE_FORMAT_EXTENSIBLE) {
    if (fmt.length < 40) return null;
    format = fmt.readUInt16LE(24); // the first two bytes of the sub-format GUID
  }
  const channels = fmt.readUInt16LE(2);
  const sampleRate = fmt.readUInt32LE(4);
  const blockAlign = fmt.readUInt16LE(12);
  const bitsPerSample = fmt.readUInt16LE(14);
  if (!CUTTABLE.has(format) || channels < 1 || sampleRate < 1 || bitsPerSample < 1) return null;
  if (blockAlign !== channels * Math.ceil(bitsPerSample / 8)) return null;
  return { format, channels, sampleRate, blockAlign, bitsPerSample };
}

async function planWav(r: FileWindow, seconds: number): Promise<PreviewPlan> {
  let pos = 12;
  let fmtBody: Buffer | null = null;
  let dataStart = -1;
  let dataSize = 0;
  for (let i = 0; i < MAX_CHUNKS && pos + 8 <= r.size; i++) {
    const h = Buffer.from(await r.read(pos, 8));
    const id = h.toString('latin1', 0, 4);
    const size = h.readUInt32LE(4);
    const body = pos + 8;
    if (id === 'fmt ') {
      if (fmtBody || size < 16 || size > MAX_FMT_BYTES || body + size > r.size) return unavailable('bad fmt chunk');
      fmtBody = Buffer.from(await r.read(body, size));
    } else if (id === 'data') {
      if (!fmtBody) return unavailable('data chunk before the fmt chunk');
      dataStart = body;
      // A writer that never went back to fill the size (or a file cut short): what is there.
      dataSize = Math.min(size, r.size - body);
      break;
    }
    pos = body + size + (size & 1);
  }
  if (!fmtBody || dataStart < 0) return unavailable('no fmt or data chunk');
  const fmt = readWavFormat(fmtBody);
  if (!fmt) return unavailable('a WAV format that cannot be cut');

  const dataBytes = dataSize - (dataSize % fmt.blockAlign);
  const previewBytes = seconds * fmt.sampleRate * fmt.blockAlign;
  if (dataBytes <= previewBytes) return { kind: 'whole' };

  const header = wavHeader(fmtBody, fmt, previewBytes);
  const pad = previewBytes & 1 ? [{ buf: Buffer.alloc(1) }] : [];
  const start = dataStart + dataBytes - previewBytes;
  return {
    kind: 'cut',
    contentType: 'audio/wav',
    parts: [{ buf: header }, { start, end: start + previewBytes }, ...pad],
    length: header.length + previewBytes + pad.length,
  };
}

/** RIFF/WAVE header for `dataBytes` of sample data: the original fmt chunk, a fact chunk when not PCM, the data chunk header. */
export function wavHeader(fmtBody: Buffer, fmt: WavFormat, dataBytes: number): Buffer {
  const fmtChunk = Buffer.alloc(8 + fmtBody.length + (fmtBody.length & 1));
  fmtChunk.write('fmt ', 0, 'latin1');
  fmtChunk.writeUInt32LE(fmtBody.length, 4);
  fmtBody.copy(fmtChunk, 8);
  let fact = Buffer.alloc(0);
  if (fmt.format !== WAVE_FORMAT_PCM) {
    fact = Buffer.alloc(12);
    fact.write('fact', 0, 'latin1');
    fact.writeUInt32LE(4, 4);
    fact.writeUInt32LE(dataBytes / fmt.blockAlign, 8);
  }
  const riff = Buffer.alloc(12);
  const dataHead = Buffer.alloc(8);
  dataHead.write('data', 0, 'latin1');
  dataHead.writeUInt32LE(dataBytes, 4);
  riff.write('RIFF', 0, 'latin1');
  riff.writeUInt32LE(4 + fmtChunk.length + fact.length + dataHead.length + dataBytes + (dataBytes & 1), 4);
  riff.write('WAVE', 8, 'latin1');
  return Buffer.concat([riff, fmtChunk, fact, dataHead]);
}

// --- MP3 ---------------------------------------------------------------------------------------

const BITRATES: Record<string, number[]> = {
  // kbit/s by bitrate index 1..14, per MPEG version (1, or 2 and 2.5) and layer.
  '1-1': [32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  '1-2': [32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  '1-3': [32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  '2-1': [32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  '2-2': [8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  '2-3': [8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const SAMPLE_RATES: Record<number, number[]> = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };

export interface MpegFrame {
  /** version bits, layer bits and sample rate: every frame of one stream has the same. */
  stream: string;
  sampleRate: number;
  samples: number;
  length: number;
}

/** The MPEG audio frame header at the start of `b`, or null (no sync, reserved values, free format). */
export function parseMpegHeader(b: Buffer): MpegFrame | null {
  if (b.length < 4 || b[0] !== 0xff || (b[1]! & 0xe0) !== 0xe0) return null;
  const versionBits = (b[1]! >> 3) & 3;
  const layerBits = (b[1]! >> 1) & 3;
  const bitrateIndex = b[2]! >> 4;
  const rateIndex = (b[2]! >> 2) & 3;
  const padding = (b[2]! >> 1) & 1;
  if (versionBits === 1 || layerBits === 0 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3 || (b[3]! & 3) === 2) return null;
  const layer = 4 - layerBits;
  const v1 = versionBits === 3;
  const kbps = BITRATES[`${v1 ? 1 : 2}-${layer}`]![bitrateIndex - 1]!;
  const sampleRate = SAMPLE_RATES[versionBits]![rateIndex]!;
  const samples = layer === 1 ? 384 : layer === 3 && !v1 ? 576 : 1152;
  const length = layer === 1 ? (Math.floor((12 * kbps * 1000) / sampleRate) + padding) * 4 : Math.floor(((samples / 8) * kbps * 1000) / sampleRate) + padding;
  return { stream: `${versionBits}-${layerBits}-${rateIndex}`, sampleRate, samples, length };
}

/** Tags a file may end with after its last frame. */
function isTrailer(b: Buffer, remaining: number): boolean {
  const s = b.toString('latin1', 0, 11);
  return (s.startsWith('TAG') && remaining === 128) || s.startsWith('APETAGEX') || s.startsWith('LYRICSBEGIN');
}

async function planMp3(r: FileWindow, seconds: number): Promise<PreviewPlan> {
  let pos = 0;
  const id3 = await r.read(0, 10);
  if (id3.length === 10 && id3.toString('latin1', 0, 3) === 'ID3') {
    if ((id3[6]! | id3[7]! | id3[8]! | id3[9]!) & 0x80) return unavailable('bad ID3v2 size');
    const tagSize = (id3[6]! << 21) | (id3[7]! << 14) | (id3[8]! << 7) | id3[9]!;
    pos = 10 + tagSize + (id3[5]! & 0x10 ? 10 : 0);
  }
  const first = parseMpegHeader(Buffer.from(await r.read(pos, 4)));
  if (!first) return unavailable('no MPEG audio frame where the file starts');
  // Offsets of the last `keep` frames seen, in a ring: only those are needed to find the cut.
  const keep = Math.ceil((seconds * first.sampleRate) / first.samples);
  const ring = new Array<number>(keep + 1);
  let frames = 0;
  let end = pos;
  let cutShort = false;
  for (;;) {
    if (pos + 4 > r.size) break;
    const h = parseMpegHeader(Buffer.from(await r.read(pos, 4)));
    if (!h || h.stream !== first.stream) break;
    if (pos + h.length > r.size) {
      cutShort = true; // a last frame cut short: left out
      break;
    }
    ring[frames % ring.length] = pos;
    frames++;
    pos += h.length;
    end = pos;
  }
  if (frames < 2) return unavailable('too few MPEG audio frames');
  const remaining = r.size - end;
  if (remaining >= 4 && !cutShort && !isTrailer(Buffer.from(await r.read(end, 11)), remaining)) {
    return unavailable('the MPEG frame chain breaks before the end of the file');
  }
  if (frames <= keep) return { kind: 'whole' };
  const start = ring[(frames - keep) % ring.length]!;
  return { kind: 'cut', contentType: 'audio/mpeg', parts: [{ start, end }], length: end - start };
}
