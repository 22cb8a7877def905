// GET /openapi.json: the integrators' OpenAPI 3.1 document (shared/src/openapi/document.ts, decision 229),
// generated once per process from the shared zod schemas, with this install's PUBLIC_ORIGIN as its server.
// Public and readable from any origin (API tools fetch it from their own pages); it holds no secret.
import { Router } from 'express';
import { integratorDocument } from '@tm/shared/openapi/document';
import type { AppDeps } from '../deps.ts';

export const OPENAPI_PATH = '/openapi.json';

export function openapiRoutes(deps: Pick<AppDeps, 'config'>): Router {
  const r = Router();
  let body: string | null = null;
  r.get(OPENAPI_PATH, (_req, res) => {
    body ??= JSON.stringify(integratorDocument({ serverUrl: deps.config.publicOrigin }), null, 2);
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.type('application/json').send(body);
  });
  return r;
}
