// Set-password links (docs/product/rules.md#accounts-and-sessions): an admin hands an agent whose account has a generated
// password a link to /set-password?token=..., valid 24 hours and usable once. The token is stateless:
// base64url of `userId.expiresAtMs.stamp` (the stamp is the user's password state: passwordChangedAt,
// or createdAt while the password was never changed), a dot, then an HMAC-SHA256 of that text and the
// current password hash under a key of its own derived from SESSION_SECRET. Any password change moves
// the stamp and the hash, so a used link, or one made before an admin's change, no longer matches.
import crypto from 'node:crypto';
import type { Db } from '../../db/index.ts';
import { SET_PASSWORD_LINK_INVALID, SET_PASSWORD_LINK_TTL_MS, setPasswordCheckQuerySchema, type SetPasswordLink } from '@tm/shared/schemas/auth';
import { findUserById, type UserRow } from './users.service.ts';
import { setUserPassword } from './users.admin.service.ts';
import { badRequest, notFound, type HttpError } from '../../errors.ts';
import { fromDbDate } from '../../db/dates.ts';

export const SET_PASSWORD_PATH = '/set-password';
const PAYLOAD = /^([1-9]\d{0,15})\.(\d{1,16})\.([pc]\d{1,16})$/;
const MAC_TEXT = /^[A-Za-z0-9_-]{43}$/; // base64url of 32 bytes, no padding

const invalidLink = (): HttpError => badRequest(SET_PASSWORD_LINK_INVALID, { token: SET_PASSWORD_LINK_INVALID });

/** The user's password state: when it was last changed, or when the account was made. */
export function passwordStamp(user: Pick<UserRow, 'passwordChangedAt' | 'createdAt'>): string {
  const changed = fromDbDate(user.passwordChangedAt);
  if (changed) return `p${changed.getTime()}`;
  return `c${fromDbDate(user.createdAt)?.getTime() ?? 0}`;
}

function mac(secret: string, payload: string, passwordHash: string): string {
  return crypto.createHmac('sha256', `set-password:${secret}`).update(`${payload}:${passwordHash}`).digest('base64url');
}

/**
 * A link for the user, valid 24 hours from `now` (or `ttlMs`: forgot-password links last 1 hour), until
 * their password changes. 404 for an unknown user. `db` may be the transaction of the event that sends it.
 */
export async function createSetPasswordLink(
  db: Db,
  secret: string,
  origin: string,
  userId: number,
  now: Date,
  ttlMs = SET_PASSWORD_LINK_TTL_MS,
): Promise<SetPasswordLink> {
  const user = await findUserById(db, userId);
  if (!user) throw notFound('User not found');
  const expiresAt = new Date(now.getTime() + ttlMs);
  const payload = Buffer.from(`${user.id}.${expiresAt.getTime()}.${passwordStamp(user)}`).toString('base64url');
  const token = `${payload}.${mac(secret, payload, user.passwordHash)}`;
  return { url: `${origin}${SET_PASSWORD_PATH}?token=${token}`, expiresAt: expiresAt.toISOString() };
}

/** The `token` of a query or body, or the invalid-link 400 when it is missing or not a string. */
export function readSetPasswordToken(input: unknown): string {
  const parsed = setPasswordCheckQuerySchema.safeParse(input ?? {});
  if (!parsed.success) throw invalidLink();
  return parsed.data.token;
}

/** The user a token opens, or 400 (fields.token) for a malformed, tampered, expired or used one. */
export async function verifySetPasswordToken(db: Db, secret: string, token: string, now: Date): Promise<UserRow> {
  const dot = token.indexOf('.');
  if (dot <= 0 || dot !== token.lastIndexOf('.')) throw invalidLink();
  const payload = token.slice(0, dot);
  const given = token.slice(dot + 1);
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(payload) || !MAC_TEXT.test(given)) throw invalidLink();
  const m = PAYLOAD.exec(Buffer.from(payload, 'base64url').toString('utf8'));
  if (!m) throw invalidLink();
  const [, id, exp, stamp] = m;
  if (Number(exp) <= now.getTime()) throw invalidLink();
  const user = await findUserById(db, Number(id));
  // A deactivated account's links stop working (issue 34 item 5), whenever they were issued.
  if (!user || user.deactivatedAt || passwordStamp(user) !== stamp) throw invalidLink();
  // The MAC is compared as text, so no two spellings of one payload or MAC both pass.
  const expected = Buffer.from(mac(secret, payload, user.passwordHash));
  if (!crypto.timingSafeEqual(Buffer.from(given), expected)) throw invalidLink();
  return user;
}

/**
 * Sets the password of the user a token opened (verifySetPasswordToken) through the admin service
 * (passwordChangedAt ends older sessions); the link is spent.
 */
export async function spendSetPasswordLink(db: Db, user: UserRow, password: string, now: Date): Promise<void> {
  // Only while the hash the token was checked against is still the stored one: of two racing uses, one wins.
  const set = await setUserPassword(db, user.id, password, now, { ifPasswordHashIs: user.passwordHash });
  if (!set) throw invalidLink();
}
