// sendCsv: the chunks go through `pipeline`, so the generator is read only as fast as the client takes the
// bytes, and stops when the client goes away. The `res.write` loop it replaced read every chunk at once into
// the socket's buffer (an export held whole in memory for a slow client) and read on after a disconnect.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { sendCsv } from './csv-download.ts';

const CHUNK = 'x'.repeat(64 * 1024) + '\r\n';
const CHUNKS = 400; // 25 MB in all

let server: http.Server | undefined;
afterEach(async () => {
  await new Promise((r) => (server ? server.close(r) : r(undefined)));
  server = undefined;
});

/** An app whose one route sends CHUNKS chunks, counting how many were read and whether the generator ended. */
async function exporting() {
  const seen = { read: 0, closed: false };
  async function* chunks() {
    try {
      for (let i = 0; i < CHUNKS; i++) {
        seen.read++;
        yield CHUNK;
      }
    } finally {
      seen.closed = true;
    }
  }
  const app = express();
  app.get('/export.csv', async (_req, res) => {
    await sendCsv(res, 'export.csv', chunks()).catch(() => undefined);
  });
  server = http.createServer(app);
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return { seen, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/export.csv` };
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('sendCsv', () => {
  it('sends the CSV headers and every chunk to a client that reads', async () => {
    const { url, seen } = await exporting();
    const res = await fetch(url);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="export.csv"');
    expect((await res.text()).length).toBe(CHUNK.length * CHUNKS);
    expect(seen).toEqual({ read: CHUNKS, closed: true });
  });

  it('reads no further than a client that stops reading takes, and stops when it goes away', async () => {
    const { url, seen } = await exporting();
    const req = http.get(url);
    const response = await new Promise<http.IncomingMessage>((r) => req.once('response', r));
    response.pause(); // the client takes nothing more
    await pause(300);
    // The socket's buffers hold a few chunks; the rest of the 25 MB stays unread in the generator.
    expect(seen.read).toBeGreaterThan(0);
    expect(seen.read).toBeLessThan(CHUNKS / 4);
    req.destroy();
    for (let i = 0; i < 50 && !seen.closed; i++) await pause(20);
    expect(seen.closed).toBe(true);
    expect(seen.read).toBeLessThan(CHUNKS / 4);
  });
});
