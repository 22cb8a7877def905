// One try of one webhook delivery: a JSON POST signed the way Stripe signs its events, with a time
// limit, no redirects followed and (guard on) only public addresses reached (ssrf.ts). Decision 196.
import crypto from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { AddressRefused, guardedLookup, isPublicAddress, literalAddress } from './ssrf.ts';

export const SIGNATURE_HEADER = 'TransferLine-Signature';
const EXCERPT_BYTES = 1000;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed by the secret>`. */
export function signatureHeader(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = crypto.createHmac('sha256', secret).update(`${t}.${body}`, 'utf8').digest('hex');
  return `t=${t},v1=${v1}`;
}

export interface TryResult {
  /** The answer's status, or null when none came (refused, unreachable, timed out). */
  statusCode: number | null;
  durationMs: number;
  /** Why the try failed (null: a 2xx answer). */
  error: string | null;
  responseExcerpt: string | null;
}

export interface TryOptions {
  timeoutMs: number;
  guard: boolean;
  headers: Record<string, string>;
}

/** POSTs `body` to `url` once. Never throws: every outcome is a TryResult for the delivery log. */
export function postOnce(url: string, body: string, opts: TryOptions): Promise<TryResult> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let u: URL;
    try {
      u = new URL(url);
    } catch {
      resolve({ statusCode: null, durationMs: 0, error: 'Not a URL', responseExcerpt: null });
      return;
    }
    if (opts.guard) {
      const literal = literalAddress(u.hostname);
      if (u.protocol !== 'https:')
        return resolve({ statusCode: null, durationMs: 0, error: 'Refused: only https:// addresses are allowed', responseExcerpt: null });
      if (literal && !isPublicAddress(literal))
        return resolve({ statusCode: null, durationMs: 0, error: new AddressRefused(literal, literal).message, responseExcerpt: null });
    }
    const client = u.protocol === 'https:' ? https : http;
    let settled = false;
    const finish = (r: Omit<TryResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...r, durationMs: took() });
    };
    const req = client.request(
      u,
      {
        method: 'POST',
        agent: false,
        headers: { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)), ...opts.headers },
        ...(opts.guard ? { lookup: guardedLookup as unknown as typeof import('node:dns').lookup } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          if (size < EXCERPT_BYTES) chunks.push(c);
          size += c.length;
        });
        res.on('error', () => undefined);
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          const excerpt = Buffer.concat(chunks).toString('utf8').slice(0, EXCERPT_BYTES) || null;
          const location = res.headers.location;
          const error =
            status >= 200 && status < 300
              ? null
              : status >= 300 && status < 400
                ? `Redirect not followed (${status}${location ? ` to ${String(location).slice(0, 300)}` : ''}): answer 2xx at the registered address`
                : `HTTP ${status}`;
          finish({ statusCode: status, error, responseExcerpt: excerpt });
        });
      },
    );
    const timer = setTimeout(() => {
      finish({ statusCode: null, error: `Timed out after ${opts.timeoutMs} ms`, responseExcerpt: null });
      req.destroy();
    }, opts.timeoutMs);
    req.on('error', (err: Error) => finish({ statusCode: null, error: (err.message || String(err)).slice(0, 1000), responseExcerpt: null }));
    req.end(body);
  });
}
