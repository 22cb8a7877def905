// The voice-AI webhook's API key check: taken from `x-api-key` or `Authorization: Bearer`, compared in
// constant time. Both sides are hashed with SHA-256 first so timingSafeEqual always sees equal lengths
// (and the key's length does not leak). Without a configured key nothing matches.
import crypto from 'node:crypto';
import { bearerToken } from '../../http/bearer.ts';

export function presentedKey(headers: { xApiKey?: string | string[]; authorization?: string }): string | undefined {
  const x = Array.isArray(headers.xApiKey) ? headers.xApiKey[0] : headers.xApiKey;
  if (x && x.trim()) return x.trim();
  return bearerToken(headers.authorization);
}

const digest = (s: string) => crypto.createHash('sha256').update(s, 'utf8').digest();

export function apiKeyMatches(expected: string | undefined, presented: string | undefined): boolean {
  if (!expected || !presented) return false;
  return crypto.timingSafeEqual(digest(expected), digest(presented));
}
