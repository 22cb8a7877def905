// GET /api/media/:file: call recordings kept under data/media, played only through a link signed for
// the logged-in user (services/media/media-links.ts); admins may play any.
// Only plain file names directly inside that folder; express's sendFile answers Range requests.
import { Router } from 'express';
import path from 'node:path';
import fs from 'node:fs';
import type { AppDeps } from '../deps.ts';
import { requireAgent, currentUser } from '../middleware/require-user.ts';
import { notFound } from '../errors.ts';
import { verifyMediaLink } from '../services/media/media-links.ts';

const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

export function mediaRoutes(deps: AppDeps): Router {
  const r = Router();
  r.get('/media/:file', requireAgent(deps), async (req, res) => {
    const name = String(req.params.file ?? '');
    if (!SAFE_NAME.test(name) || name.includes('..')) throw notFound('Recording file not available');
    const user = currentUser(req);
    if (!user.isAdmin && !verifyMediaLink(deps.config, user.id, name, req.query.exp, req.query.sig, deps.clock.now())) {
      throw notFound('Recording file not available');
    }
    const dir = path.resolve(deps.config.dataDir, 'media');
    const file = path.join(dir, name);
    if (path.dirname(file) !== dir) throw notFound('Recording file not available');
    const stat = await fs.promises.stat(file).catch(() => null);
    if (!stat?.isFile()) throw notFound('Recording file not available');
    res.setHeader('Cache-Control', 'private, max-age=3600');
    await new Promise<void>((resolve, reject) => {
      res.sendFile(file, { dotfiles: 'deny', acceptRanges: true }, (err) => (err && !res.headersSent ? reject(err) : resolve()));
    });
  });
  return r;
}
