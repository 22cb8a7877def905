// Personal API tokens: an agent's CRM posts outcomes with one. The token is shown once at creation;
// only its SHA-256 hash is stored (a token is 32 random bytes, so a fast hash is enough), and a revoked
// token stops working at once.
import crypto from 'node:crypto';
import { ref } from 'objection';
import type { ApiTokenView } from '@tm/shared/schemas/outcomes';
import type { Db } from '../../db/index.ts';
import { toDbDate, toIso } from '../../db/dates.ts';
import { badRequest, notFound } from '../../errors.ts';
import { ApiToken } from '../../models/index.ts';

/**
 * Tokens that still work: not revoked, their owner not deactivated, and made after the owner's last
 * password change (a new password ends every token made before it, as it ends every older session).
 */
function liveTokens(db: Db) {
  return ApiToken.query(db)
    .joinRelated('user')
    .whereNull(ApiToken.ref('revokedAt'))
    .whereNull('user.deactivatedAt')
    .where((w) => w.whereNull('user.passwordChangedAt').orWhere(ApiToken.ref('createdAt'), '>=', ref('user.passwordChangedAt')));
}

export const TOKEN_PREFIX = 'tl_';
export const MAX_TOKENS_PER_AGENT = 10;

export const hashToken = (token: string) => crypto.createHash('sha256').update(token, 'utf8').digest('hex');

const view = (r: Pick<ApiToken, 'id' | 'name' | 'prefix' | 'createdAt' | 'lastUsedAt'>): ApiTokenView => ({
  id: Number(r.id),
  name: r.name,
  prefix: r.prefix,
  createdAt: toIso(r.createdAt) ?? '',
  lastUsedAt: toIso(r.lastUsedAt),
});

export async function listTokens(db: Db, userId: number): Promise<ApiTokenView[]> {
  const rows = await liveTokens(db).where(ApiToken.ref('userId'), userId).select(ApiToken.ref('*')).orderBy(ApiToken.ref('id'), 'desc');
  return rows.map(view);
}

export async function createToken(db: Db, userId: number, name: string, now: Date): Promise<{ token: string; apiToken: ApiTokenView }> {
  const live = await liveTokens(db).where(ApiToken.ref('userId'), userId).resultSize();
  if (live >= MAX_TOKENS_PER_AGENT) throw badRequest(`You can have at most ${MAX_TOKENS_PER_AGENT} API tokens. Revoke one first.`);
  const token = TOKEN_PREFIX + crypto.randomBytes(32).toString('base64url');
  const row = { userId, name, prefix: token.slice(0, 10), tokenHash: hashToken(token), createdAt: toDbDate(now) };
  const inserted = await ApiToken.query(db).insert(row);
  return { token, apiToken: view({ ...row, id: inserted.id, lastUsedAt: null }) };
}

export async function revokeToken(db: Db, userId: number, id: number, now: Date): Promise<void> {
  const n = await ApiToken.query(db)
    .where({ id, userId })
    .whereNull('revokedAt')
    .patch({ revokedAt: toDbDate(now) });
  if (!n) throw notFound('No such API token.');
}

/** The owner of a live token (see liveTokens), or null. */
export async function tokenOwner(db: Db, token: string): Promise<number | null> {
  if (!token.startsWith(TOKEN_PREFIX) || token.length > 100) return null;
  const row = await liveTokens(db).where(ApiToken.ref('tokenHash'), hashToken(token)).select(ApiToken.ref('id'), ApiToken.ref('userId')).first();
  if (!row) return null;
  return Number(row.userId);
}

/** Notes a successful use (after the request was accepted: a refused one changes nothing). */
export async function touchToken(db: Db, token: string, now: Date): Promise<void> {
  await ApiToken.query(db)
    .where({ tokenHash: hashToken(token) })
    .patch({ lastUsedAt: toDbDate(now) });
}
