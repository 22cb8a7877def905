// GET /api/media/:file: call recordings kept under data/media (or, when not there, in the shared
// storage as recordings/<file>: api/src/storage), played only through a link signed for
// the logged-in user (services/media/media-links.ts); admins may play any file in full without one.
// A link with `preview=N` (signed into it) serves only the recording's last N seconds, cut here
// (services/media/audio-preview.ts), also for an admin: the link says what it is. A format that
// cannot be cut is 404, never the whole file. Only plain file names directly inside that folder.
// Range requests: express's sendFile answers them for whole files; a cut preview answers a single
// byte range with 206 (several ranges, or an If-Range, get the whole preview with 200).
import { Router, type Request, type Response } from 'express';
import path from 'node:path';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AppDeps } from '../../deps.ts';
import { requireAgent, currentUser } from '../../middleware/require-user.ts';
import { notFound } from '../../errors.ts';
import { parsePreviewParam, verifyMediaLink } from '../../services/media/media-links.ts';
import { planPreview, type PreviewPart } from '../../services/media/audio-preview.ts';

const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;
const NOT_AVAILABLE = 'Recording file not available';
export const PREVIEW_NOT_AVAILABLE = 'Recording preview not available';

/** The bytes [from, to] (inclusive) of the answer made of `parts`. */
async function* partBytes(file: string, parts: PreviewPart[], from: number, to: number): AsyncGenerator<Buffer> {
  let at = 0;
  for (const part of parts) {
    const len = 'buf' in part ? part.buf.length : part.end - part.start;
    const lo = Math.max(from, at);
    const hi = Math.min(to + 1, at + len);
    if (lo < hi) {
      if ('buf' in part) yield part.buf.subarray(lo - at, hi - at);
      else for await (const chunk of fs.createReadStream(file, { start: part.start + lo - at, end: part.start + hi - at - 1 })) yield chunk as Buffer;
    }
    at += len;
  }
}

async function sendParts(req: Request, res: Response, file: string, contentType: string, parts: PreviewPart[], length: number): Promise<void> {
  res.setHeader('Content-Type', contentType);
  res.setHeader('Accept-Ranges', 'bytes');
  let from = 0;
  let to = length - 1;
  const ranges = req.headers['if-range'] ? undefined : req.range(length, { combine: true });
  if (ranges === -1) {
    res.status(416).setHeader('Content-Range', `bytes */${length}`);
    res.end();
    return;
  }
  if (Array.isArray(ranges) && ranges.type === 'bytes' && ranges.length === 1) {
    from = ranges[0]!.start;
    to = ranges[0]!.end;
    res.status(206).setHeader('Content-Range', `bytes ${from}-${to}/${length}`);
  } else {
    res.status(200);
  }
  res.setHeader('Content-Length', String(to - from + 1));
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  try {
    await pipeline(Readable.from(partBytes(file, parts, from, to)), res);
  } catch (err) {
    if (!res.headersSent && !clientWentAway(req, err)) throw err;
    res.destroy(); // the client went away, or the file changed under us: nothing more to say
  }
}

/** A download the client stopped (a player seeking, a closed tab): routine, logged at info, never a 500 (issue 35 A11). */
function clientWentAway(req: Request, err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return req.destroyed || code === 'ECONNABORTED' || code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE';
}

export function mediaRoutes(deps: AppDeps): Router {
  const r = Router();
  r.get('/media/:file', requireAgent(deps), async (req, res) => {
    const name = String(req.params.file ?? '');
    if (!SAFE_NAME.test(name) || name.includes('..')) throw notFound(NOT_AVAILABLE);
    const user = currentUser(req);
    const query = req.query as Record<string, unknown>;
    const link = verifyMediaLink(deps.config, user.id, name, query, deps.clock.now());
    let previewSeconds: number | null;
    if (link) previewSeconds = link.previewSeconds;
    else if (user.isAdmin) {
      // Any file in full without a link; a preview link (signed or not) still plays the preview.
      const asked = parsePreviewParam(query.preview);
      if (asked === null) throw notFound(NOT_AVAILABLE);
      previewSeconds = asked ?? null;
    } else throw notFound(NOT_AVAILABLE);

    const dir = path.resolve(deps.config.dataDir, 'media');
    let file = path.join(dir, name);
    if (path.dirname(file) !== dir) throw notFound(NOT_AVAILABLE);
    let stat = await fs.promises.stat(file).catch(() => null);
    if (!stat?.isFile()) {
      // Not on this machine: the storage every process shares (api/src/storage), key recordings/<name>.
      const shared = await deps.storage.localFile(`recordings/${name}`);
      if (shared) {
        file = shared;
        stat = await fs.promises.stat(file).catch(() => null);
      }
    }
    if (!stat?.isFile()) throw notFound(NOT_AVAILABLE);
    res.setHeader('Cache-Control', 'private, max-age=3600');

    if (previewSeconds !== null) {
      const plan = await planPreview(file, previewSeconds).catch(() => ({ kind: 'unavailable' as const }));
      if (plan.kind === 'unavailable') throw notFound(PREVIEW_NOT_AVAILABLE);
      if (plan.kind === 'cut') {
        await sendParts(req, res, file, plan.contentType, plan.parts, plan.length);
        return;
      }
      // Not longer than the preview: the whole file is the preview.
    }
    await new Promise<void>((resolve, reject) => {
      res.sendFile(file, { dotfiles: 'deny', acceptRanges: true }, (err) => {
        if (err && clientWentAway(req, err)) {
          deps.logger.info({ file: name }, 'recording download aborted by the client');
          resolve();
        } else if (err && !res.headersSent) reject(err);
        else resolve();
      });
    });
  });
  return r;
}
