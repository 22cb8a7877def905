// GET /api/health: 200 when the database answers, 503 otherwise (for load balancers).
import { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { HttpError } from '../errors.ts';

export function healthRoutes(deps: AppDeps): Router {
  const r = Router();
  r.get('/health', async (_req, res) => {
    try {
      await deps.db.raw('select 1');
    } catch {
      throw new HttpError(503, 'The service is temporarily unavailable. Please try again in a moment.');
    }
    res.json({ ok: true });
  });
  return r;
}
