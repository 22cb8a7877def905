// The one way a CSV export is sent (decisions 256, 277): its headers, then the generator's chunks through
// `pipeline`. A chunk is read from the generator only when the client has taken the one before (a slow
// client holds a chunk in memory, not the export), and a client that goes away stops the generator, so
// its statements stop too. A `res.write` loop did neither: it read the whole export into the socket's
// buffer whatever the client took.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';

export async function sendCsv(res: Response, filename: string, chunks: AsyncIterable<string>): Promise<void> {
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
  await pipeline(Readable.from(chunks), res);
}
