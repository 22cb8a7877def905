// GET /api/aged-leads and GET /api/leads, the marketplace's hottest reads, answered before Express
// dispatches (as built pages are, decision 009): Express's per-request dispatch and middleware
// (router, helmet, compression, body parsers) cost more than the answer itself, which is a cached body.
//
// Only the plain success is answered here: a session this process has already opened, a valid user,
// a query the schema accepts, a body from the list cache. Everything else (no or unknown cookie,
// expired session, bad query, HEAD, a database error) goes to Express, which answers it as always.
// The headers are the app's own: helmet's set (captured from the same middleware), the JSON type,
// the ETag and Vary, gzip when asked; api/src/test/fast-api.test.ts compares both paths.
import type { IncomingMessage, ServerResponse } from 'node:http';
import querystring from 'node:querystring';
import zlib from 'node:zlib';
import type { AppDeps } from './deps.ts';
import { leadsQuerySchema } from '@tm/shared/schemas/leads';
import { sessionExpired, sessionIsOpen, type SessionLoader } from './middleware/session.ts';
import { sessionUser } from './middleware/require-user.ts';
import { browseLeadsBody } from './services/leads/lead-purchase.service.ts';
import { weakEtag, type JsonBody } from './services/leads/leads.service.ts';
import { isDatabaseUnavailable, SERVICE_UNAVAILABLE_MESSAGE } from './middleware/error-handler.ts';
import type { LeadKind } from './services/leads/leads.service.ts';
import { LEAD_LISTS } from './routes/leads.routes.ts';

const KINDS = new Map<string, LeadKind>(Object.entries(LEAD_LISTS).map(([path, kind]) => [`/api${path}`, kind]));

/** How many requests the fast path answered (tests check it is taken). */
export const fastApiStats = { served: 0, unavailable: 0 };

/** compression's threshold: smaller bodies are sent as they are. */
const COMPRESS_THRESHOLD = 1024;
type Coding = 'br' | 'gzip' | 'deflate' | 'identity';

/**
 * The encoding the app's compression middleware would pick for an Accept-Encoding without q-values:
 * br, then gzip (its preference), then deflate, else none. A header with q-values returns null and
 * the request goes to Express, whose negotiator weighs them.
 */
export function codingFor(header: string | undefined): Coding | null {
  if (!header) return 'identity';
  if (header.includes(';')) return null;
  const accepted = new Set(header.split(',').map((t) => t.trim().toLowerCase()));
  const any = accepted.has('*');
  for (const c of ['br', 'gzip', 'deflate'] as const) if (any || accepted.has(c)) return c;
  return 'identity';
}

const encoded: Record<Exclude<Coding, 'identity'>, WeakMap<JsonBody, Buffer>> = { br: new WeakMap(), gzip: new WeakMap(), deflate: new WeakMap() };
const encoders = {
  br: (b: Buffer) => zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: (b: Buffer) => zlib.gzipSync(b),
  deflate: (b: Buffer) => zlib.deflateSync(b),
};
/** The body in that encoding, made once per cached body. */
function encodedBody(body: JsonBody, coding: Exclude<Coding, 'identity'>): Buffer {
  let z = encoded[coding].get(body);
  if (!z) encoded[coding].set(body, (z = encoders[coding](body.json)));
  return z;
}

/** An If-None-Match that names this ETag (weak comparison, lists and * as Express's `fresh` reads them). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => bare(t) === bare(etag));
}

export function fastLeadLists(
  deps: AppDeps,
  sessions: SessionLoader,
  securityHeaders: () => Record<string, string>,
): (req: IncomingMessage, res: ServerResponse, next: () => void) => void {
  const logRequests = deps.config.env !== 'test' && deps.logger.isLevelEnabled('info');
  return (req, res, next) => {
    if (req.method !== 'GET') return next();
    const url = req.url ?? '';
    const q = url.indexOf('?');
    const kind = KINDS.get(q === -1 ? url : url.slice(0, q));
    if (!kind) return next();
    const session = sessions.peek(req);
    if (!session || session.userId === undefined || sessionExpired(session, deps.clock.now())) return next();
    const parsed = leadsQuerySchema.safeParse(querystring.parse(q === -1 ? '' : url.slice(q + 1)));
    if (!parsed.success) return next();
    const coding = codingFor(req.headers['accept-encoding']);
    if (!coding) return next();
    const started = logRequests ? performance.now() : 0;
    void (async () => {
      if (!(await sessionIsOpen(deps, session))) return false;
      const user = await sessionUser(deps, session);
      if (!user) return false;
      const body = await browseLeadsBody(deps, kind, parsed.data);
      const headers: Record<string, string | number> = {
        ...securityHeaders(),
        Vary: 'Accept-Encoding',
        'Content-Type': 'application/json; charset=utf-8',
        ETag: body.etag,
      };
      if (matches(req.headers['if-none-match'], body.etag)) {
        // As Express answers it: no type (so the compression middleware adds no Vary either).
        res.writeHead(304, { ...securityHeaders(), ETag: body.etag });
        res.end();
      } else if (coding !== 'identity' && body.json.length >= COMPRESS_THRESHOLD) {
        const z = encodedBody(body, coding);
        res.writeHead(200, { ...headers, 'Content-Encoding': coding, 'Content-Length': z.length });
        res.end(z);
      } else {
        res.writeHead(200, { ...headers, 'Content-Length': body.json.length });
        res.end(body.json);
      }
      fastApiStats.served++;
      if (logRequests)
        deps.logger.info(
          { req: { method: req.method, url }, res: { statusCode: res.statusCode }, responseTime: Math.round(performance.now() - started) },
          'request completed',
        );
      return true;
    })().then(
      (answered) => {
        if (!answered) next();
      },
      (err: unknown) => {
        if (res.headersSent) return;
        if (!isDatabaseUnavailable(err)) return next(); // Express answers it the usual way.
        // The database is away: answer the 503 Express would, without waiting for it a second time.
        deps.logger.error({ err }, 'database unavailable');
        fastApiStats.unavailable++;
        const json = Buffer.from(JSON.stringify({ error: SERVICE_UNAVAILABLE_MESSAGE }), 'utf8');
        res.writeHead(503, {
          ...securityHeaders(),
          Vary: 'Accept-Encoding',
          'Content-Type': 'application/json; charset=utf-8',
          ETag: weakEtag(json),
          'Content-Length': json.length,
        });
        res.end(json);
      },
    );
  };
}
