// Recordings under /api/media are handed out as signed links: the server signs a link for the one
// user it shows the recording to (an appointment for sale, their own purchase, their own call), and
// the media route plays it only for that user until it expires. A file name alone opens nothing.
import crypto from 'node:crypto';
import type { AppConfig } from '../../config.ts';

export const MEDIA_PREFIX = '/api/media/';
export const MEDIA_LINK_TTL_MS = 12 * 60 * 60 * 1000;

function signature(secret: string, userId: number, file: string, exp: number): string {
  return crypto.createHmac('sha256', `media:${secret}`).update(`${userId}:${file}:${exp}`).digest('base64url');
}

/** A link to a recording that only `userId` can play, for 12 hours. Other URLs (external hosts) are left as they are. */
export function signMediaUrl(config: Pick<AppConfig, 'sessionSecret'>, userId: number, url: string | null, now: Date): string | null {
  if (!url || !url.startsWith(MEDIA_PREFIX)) return url;
  const file = url.slice(MEDIA_PREFIX.length).split('?')[0]!;
  const exp = Math.floor((now.getTime() + MEDIA_LINK_TTL_MS) / 1000);
  return `${MEDIA_PREFIX}${file}?exp=${exp}&sig=${signature(config.sessionSecret, userId, file, exp)}`;
}

/** Signs the `recordingUrl` of each item of a list answer for the user it is shown to. */
export function signRecordings<T extends { recordingUrl?: string | null }>(config: Pick<AppConfig, 'sessionSecret'>, userId: number, items: T[], now: Date): T[] {
  return items.map((item) => ('recordingUrl' in item ? { ...item, recordingUrl: signMediaUrl(config, userId, item.recordingUrl ?? null, now) } : item));
}

export function verifyMediaLink(config: Pick<AppConfig, 'sessionSecret'>, userId: number, file: string, exp: unknown, sig: unknown, now: Date): boolean {
  const expNum = Number(exp);
  if (typeof sig !== 'string' || !Number.isInteger(expNum) || expNum * 1000 < now.getTime()) return false;
  const expected = Buffer.from(signature(config.sessionSecret, userId, file, expNum));
  const given = Buffer.from(sig);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
