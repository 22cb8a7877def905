// Refuses cross-site state-changing requests (Origin / Sec-Fetch-Site), webhooks excepted.
import type { Request, Response, NextFunction, RequestHandler } from 'express';
import type { AppDeps } from '../deps.ts';
import { HttpError } from '../errors.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const EXEMPT = [/^\/api\/stripe\/webhook$/, /^\/api\/callbacks\//, /^\/v1\//];

export function sameOrigin(deps: Pick<AppDeps, 'config'>): RequestHandler {
  const allowed = new URL(deps.config.publicOrigin).host;
  return (req: Request, _res: Response, next: NextFunction) => {
    // Mounted under /api, so the full path is baseUrl + path.
    const fullPath = req.baseUrl + req.path;
    if (SAFE.has(req.method) || EXEMPT.some((re) => re.test(fullPath))) return next();
    const site = req.get('sec-fetch-site');
    if (site === 'cross-site') return next(new HttpError(403, 'Cross-site request refused'));
    const origin = req.get('origin');
    if (origin && origin !== 'null') {
      let host: string;
      try {
        host = new URL(origin).host;
      } catch {
        return next(new HttpError(403, 'Cross-site request refused'));
      }
      if (host !== allowed && host !== req.get('host')) return next(new HttpError(403, 'Cross-site request refused'));
    } else if (origin === 'null') {
      return next(new HttpError(403, 'Cross-site request refused'));
    }
    next();
  };
}
