// The one way the API makes a pino logger: every line, the request logger's included, goes through the
// same redaction, so session cookies, bearer tokens, API keys, passwords and tokens never reach a log.
import { IncomingMessage, ServerResponse } from 'node:http';
import pino, { stdSerializers, type DestinationStream, type Logger, type LoggerOptions } from 'pino';

export const REDACTED = '[Redacted]';

/** A field (or header, or query parameter) whose name looks like this never has its value logged. */
export const SECRET_NAME = /pass(word|wd|phrase)|pwd|token|secret|cookie|authori[sz]ation|api[-_]?key|credential|signature/i;

/**
 * pino's own redaction for the places secrets are known to sit (the request and response headers of
 * the request logger, top-level and nested fields); names matched by SECRET_NAME anywhere else are
 * censored by the serializers and formatters below.
 */
const SECRET_FIELDS = ['password', 'newPassword', 'currentPassword', 'passwordHash', 'token', 'accessToken', 'refreshToken', 'apiKey', 'secret'];
export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["proxy-authorization"]',
  'req.headers["x-api-key"]',
  'req.headers["stripe-signature"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'headers["x-api-key"]',
  'headers["set-cookie"]',
  ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]),
];

/** `?token=abc&page=2` becomes `?token=[Redacted]&page=2`; the path is kept as it is. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      let name = eq === -1 ? pair : pair.slice(0, eq);
      try {
        name = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // a malformed name is checked as it is
      }
      return eq !== -1 && SECRET_NAME.test(name) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    });
  return `${url.slice(0, q)}?${params.join('&')}`;
}

const isPlain = (v: unknown): v is Record<string, unknown> => {
  if (v === null || typeof v !== 'object') return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
};

/**
 * A copy of a plain object (or array) with the value of every field named like a secret replaced,
 * at any depth (up to 8 levels), and URLs' secret query parameters censored. Class instances (a raw
 * request, an Error) are left to their serializers; values are never modified in place.
 */
export function scrub(value: unknown, depth = 0): unknown {
  if (depth > 8) return value;
  if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1));
  if (!isPlain(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (SECRET_NAME.test(key) && v !== undefined && v !== null && v !== '') out[key] = REDACTED;
    else if ((key === 'url' || key === 'originalUrl') && typeof v === 'string') out[key] = redactUrl(v).replace(FEED_PATH, `$1${REDACTED}$2`);
    else out[key] = scrub(v, depth + 1);
  }
  return out;
}

/**
 * pino's standard serializers for raw requests, responses and errors, their output copied (they
 * build objects on a prototype of their own) and scrubbed. pino-http hands its serializers what its
 * own standard ones made, and the app logs some plain { req, res } objects: those are scrubbed as they
 * are. pino-http takes its serializers as an option, not from the logger: pass these.
 */
export const logSerializers = {
  req: (req: unknown) => scrub(req instanceof IncomingMessage ? { ...stdSerializers.req(req) } : isPlain(req) ? req : { ...(req as object) }),
  res: (res: unknown) => scrub(res instanceof ServerResponse ? { ...stdSerializers.res(res) } : isPlain(res) ? res : { ...(res as object) }),
  err: serializeError,
};

/** The calendar feed's secret is its path (`/api/calendar/<secret>.ics`): logged as `[Redacted].ics`. */
const FEED_PATH = /(\/calendar\/)[^/?#\s"]+(\.ics)/g;
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
/** A phone number as people type it (10 digits, maybe a +1, maybe separators), or any run of 10+ digits. */
const PHONE = /(?<![\d.])(?:\+?1[ .-]?)?\(?\d{3}\)?[ .-]?\d{3}[ .-]?\d{4}(?!\d)|\d{10,}/g;
/** The values a database error quotes (`values ('...')`, `Duplicate entry '...'`): personal data, often. */
const QUOTED = /'(?:[^'\\]|\\.)*'/g;

/** Personal data (e-mail addresses, phone numbers, quoted values) and feed secrets out of a free text. */
export function maskPersonal(text: string): string {
  return text.replace(FEED_PATH, `$1${REDACTED}$2`).replace(QUOTED, `'${REDACTED}'`).replace(EMAIL, REDACTED).replace(PHONE, REDACTED);
}

/**
 * The one error shape of every log line (issue 35 A11): `{ type, message, stack }`, whatever was thrown
 * or passed as `err` (an Error, a string, an object), with personal data masked in the message and the
 * stack. A database error's SQL and bindings never reach the line.
 */
export function serializeError(err: unknown): { type: string; message: string; stack?: string } {
  if (err instanceof Error) {
    const out: { type: string; message: string; stack?: string } = {
      type: err.constructor?.name || err.name || 'Error',
      message: maskPersonal(String(err.message)),
    };
    if (err.stack) out.stack = maskPersonal(err.stack);
    return out;
  }
  if (typeof err === 'string') return { type: 'Error', message: maskPersonal(err) };
  if (isPlain(err) && typeof err.message === 'string') return { type: typeof err.name === 'string' ? err.name : 'Error', message: maskPersonal(err.message) };
  let text: string;
  try {
    text = JSON.stringify(err) ?? String(err);
  } catch {
    text = String(err);
  }
  return { type: typeof err, message: maskPersonal(text.slice(0, 2000)) };
}

const JSON_STRING_FIELD = /"((?:[^"\\]|\\.)*)":("(?:[^"\\]|\\.)*"|-?\d[\d.eE+-]*)/g;

/**
 * The last guard, on the finished line: a string or number field named like a secret is censored.
 * It catches what the structured pass cannot reach, a child logger's own bindings (pino formats those
 * without the bindings formatter).
 */
export function censorLine(line: string): string {
  return line.replace(JSON_STRING_FIELD, (field, key: string, value: string) =>
    SECRET_NAME.test(key) && value !== `"${REDACTED}"` ? `"${key}":"${REDACTED}"` : field,
  );
}

export const loggerOptions = (level: string): LoggerOptions => ({
  level,
  hooks: { streamWrite: censorLine },
  redact: { paths: REDACT_PATHS, censor: REDACTED },
  serializers: logSerializers,
  formatters: {
    log: (obj) => scrub(obj) as Record<string, unknown>,
    bindings: (bindings) => scrub(bindings) as Record<string, unknown>,
  },
});

/** The app's logger at `level`, to stdout unless a destination is given (tests read the lines). */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return destination ? pino(loggerOptions(level), destination) : pino(loggerOptions(level));
}
