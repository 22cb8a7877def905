// Recordings under /api/media are handed out as signed links: the server signs a link for the one
// user it shows the recording to (an appointment for sale, their own purchase, their own call), and
// the media route plays it only for that user until it expires. A file name alone opens nothing.
// A preview link (an item the user has not bought) also carries `preview=<seconds>`, covered by the
// signature: the route then serves only the recording's last seconds (services/media/audio-preview.ts),
// and removing or changing `preview` breaks the link.
import crypto from 'node:crypto';
import type { AppConfig } from '../../config.ts';

export const MEDIA_PREFIX = '/api/media/';
export const MEDIA_LINK_TTL_MS = 12 * 60 * 60 * 1000;
/** The longest preview a link may ask for (one day): keeps the number small and well-formed. */
export const MAX_PREVIEW_SECONDS = 86_400;

export interface MediaLinkOptions {
  /** Serve only the last this many seconds of the recording. */
  previewSeconds?: number;
}

/** True for a recording this server keeps (and plays through signed links). */
export function isMediaUrl(url: string | null | undefined): url is string {
  return typeof url === 'string' && url.startsWith(MEDIA_PREFIX);
}

function signature(secret: string, userId: number, file: string, exp: number, previewSeconds: number | null): string {
  const what = previewSeconds === null ? `${userId}:${file}:${exp}` : `${userId}:${file}:${exp}:preview=${previewSeconds}`;
  return crypto.createHmac('sha256', `media:${secret}`).update(what).digest('base64url');
}

function checkPreview(previewSeconds: number): number {
  if (!Number.isInteger(previewSeconds) || previewSeconds < 1 || previewSeconds > MAX_PREVIEW_SECONDS) {
    throw new Error(`previewSeconds must be an integer from 1 to ${MAX_PREVIEW_SECONDS}`);
  }
  return previewSeconds;
}

/**
 * A link to a recording that only `userId` can play, for 12 hours; with `previewSeconds`, a link to
 * only its last seconds. Other URLs (external hosts) are left as they are.
 */
export function signMediaUrl(
  config: Pick<AppConfig, 'sessionSecret'>,
  userId: number,
  url: string | null,
  now: Date,
  opts: MediaLinkOptions = {},
): string | null {
  if (!isMediaUrl(url)) return url;
  const file = url.slice(MEDIA_PREFIX.length).split('?')[0]!;
  const exp = Math.floor((now.getTime() + MEDIA_LINK_TTL_MS) / 1000);
  const preview = opts.previewSeconds === undefined ? null : checkPreview(opts.previewSeconds);
  const previewParam = preview === null ? '' : `&preview=${preview}`;
  return `${MEDIA_PREFIX}${file}?exp=${exp}${previewParam}&sig=${signature(config.sessionSecret, userId, file, exp, preview)}`;
}

/** Signs the `recordingUrl` of each item of a list answer for the user it is shown to. */
export function signRecordings<T extends { recordingUrl?: string | null }>(
  config: Pick<AppConfig, 'sessionSecret'>,
  userId: number,
  items: T[],
  now: Date,
  opts: MediaLinkOptions = {},
): T[] {
  return items.map((item) => ('recordingUrl' in item ? { ...item, recordingUrl: signMediaUrl(config, userId, item.recordingUrl ?? null, now, opts) } : item));
}

/**
 * The `preview` query value: undefined when absent, the seconds when well-formed (digits only, 1 to
 * MAX_PREVIEW_SECONDS), null when present but malformed (repeated, empty, signed, fractional...).
 */
export function parsePreviewParam(value: unknown): number | null | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^[1-9][0-9]{0,5}$/.test(value)) return null;
  const n = Number(value);
  return n <= MAX_PREVIEW_SECONDS ? n : null;
}

/**
 * Checks a link's query (`exp`, `sig` and, when present, `preview`) for this user and file. Answers
 * null for a bad, foreign or expired link, else what the link grants: the whole file
 * (`previewSeconds: null`) or its last `previewSeconds`.
 */
export function verifyMediaLink(
  config: Pick<AppConfig, 'sessionSecret'>,
  userId: number,
  file: string,
  query: { exp?: unknown; sig?: unknown; preview?: unknown },
  now: Date,
): { previewSeconds: number | null } | null {
  const expNum = typeof query.exp === 'string' && /^[0-9]{1,12}$/.test(query.exp) ? Number(query.exp) : NaN;
  if (typeof query.sig !== 'string' || !Number.isInteger(expNum) || expNum * 1000 < now.getTime()) return null;
  const preview = parsePreviewParam(query.preview);
  if (preview === null) return null;
  const expected = Buffer.from(signature(config.sessionSecret, userId, file, expNum, preview ?? null));
  const given = Buffer.from(query.sig);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  return { previewSeconds: preview ?? null };
}
