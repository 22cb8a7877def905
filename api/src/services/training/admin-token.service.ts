// Training-admin identity: login against training_admins, and a server-side session per login
// (training_admin_sessions, decision 172) named by a signed bearer token. Token = base64url(JSON {sub, sid,
// exp}) "." base64url(HMAC-SHA256), keyed by a key derived from SESSION_SECRET (never the same key as the
// session cookies). Every request checks the session row: a logout revokes it, and it ends 12 hours after
// the login whatever the token says.
import crypto from 'node:crypto';
import type { Db } from '../../db/index.ts';
import { toDbDate } from '../../db/dates.ts';
import { TRAINING_ADMIN_TOKEN_TTL_MS, type TrainingAdminLoginResponse } from '@tm/shared/schemas/training';
import { unauthorized } from '../../errors.ts';
import { bearerToken } from '../../http/bearer.ts';
import { burnVerify, verifyPassword } from '../accounts/passwords.ts';
import { TrainingAdmin, TrainingAdminSession } from '../../models/index.ts';

export const INVALID_LOGIN = 'Invalid email or password';
export const TRAINING_ADMIN_LOGIN_REQUIRED = 'Training admin login required';

interface TokenPayload {
  sub: number;
  sid: string;
  exp: number;
}

function signingKey(secret: string): Buffer {
  return crypto.createHmac('sha256', secret).update('training-admin-token:v1').digest();
}

function sign(secret: string, data: string): Buffer {
  return crypto.createHmac('sha256', signingKey(secret)).update(data).digest();
}

function signToken(secret: string, payload: TokenPayload): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${sign(secret, body).toString('base64url')}`;
}

/** Opens a session for the training admin (a row that ends 12 hours from now) and answers its token. */
export async function issueToken(db: Db, secret: string, adminId: number, now: Date): Promise<{ token: string; expiresAt: Date }> {
  const expiresAt = new Date(now.getTime() + TRAINING_ADMIN_TOKEN_TTL_MS);
  const sid = crypto.randomBytes(24).toString('base64url');
  await TrainingAdminSession.query(db).insert({ id: sid, trainingAdminId: adminId, createdAt: toDbDate(now), expiresAt: toDbDate(expiresAt), revokedAt: null });
  return { token: signToken(secret, { sub: adminId, sid, exp: expiresAt.getTime() }), expiresAt };
}

/** The admin and session ids of a token whose signature holds and which has not expired; undefined otherwise. */
export function verifyToken(secret: string, token: string | undefined, now: Date): { adminId: number; sid: string } | undefined {
  if (!token || token.length > 1000) return undefined;
  const [body, sig, extra] = token.split('.');
  if (!body || !sig || extra !== undefined) return undefined;
  const expected = sign(secret, body);
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return undefined;
  let payload: Partial<TokenPayload>;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<TokenPayload>;
  } catch {
    return undefined;
  }
  if (typeof payload.sub !== 'number' || typeof payload.exp !== 'number' || typeof payload.sid !== 'string') return undefined;
  if (payload.sid.length === 0 || payload.sid.length > 64) return undefined;
  if (now.getTime() >= payload.exp) return undefined;
  return { adminId: payload.sub, sid: payload.sid };
}

/** The training admin an e-mail names (trimmed, lower-cased), for the login's limits; undefined when none. */
export async function findTrainingAdminId(db: Db, email: string): Promise<number | undefined> {
  const admin = await TrainingAdmin.query(db).where({ email: email.trim().toLowerCase() }).select('id').limit(1).first();
  return admin ? Number(admin.id) : undefined;
}

export async function loginTrainingAdmin(db: Db, secret: string, email: string, password: string, now: Date): Promise<TrainingAdminLoginResponse> {
  const admin = await TrainingAdmin.query(db).where({ email: email.trim().toLowerCase() }).limit(1).first();
  if (!admin) {
    await burnVerify(password);
    throw unauthorized(INVALID_LOGIN);
  }
  if (!(await verifyPassword(admin.passwordHash, password))) throw unauthorized(INVALID_LOGIN);
  const { token, expiresAt } = await issueToken(db, secret, Number(admin.id), now);
  return { token, expiresAt: expiresAt.toISOString() };
}

/**
 * Checks a bearer token: its signature, and its session row (this admin's, not revoked, not past its end,
 * the admin still there) in one statement; 401 otherwise. Answers the training admin's id.
 */
export async function requireTrainingAdminToken(db: Db, secret: string, authorization: string | undefined, now: Date): Promise<number> {
  const claim = verifyToken(secret, bearerToken(authorization), now);
  if (!claim) throw unauthorized(TRAINING_ADMIN_LOGIN_REQUIRED);
  const open = await TrainingAdminSession.query(db)
    .join(TrainingAdmin.tableName, TrainingAdmin.ref('id'), TrainingAdminSession.ref('trainingAdminId'))
    .where(TrainingAdminSession.ref('id'), claim.sid)
    .where(TrainingAdminSession.ref('trainingAdminId'), claim.adminId)
    .whereNull(TrainingAdminSession.ref('revokedAt'))
    .where(TrainingAdminSession.ref('expiresAt'), '>', toDbDate(now))
    .select(TrainingAdminSession.ref('id'))
    .first();
  if (!open) throw unauthorized(TRAINING_ADMIN_LOGIN_REQUIRED);
  return claim.adminId;
}

/** Logout: the token's session is revoked for good (a copy of the token no longer works); 401 for a token that is not open. */
export async function endTrainingAdminSession(db: Db, secret: string, authorization: string | undefined, now: Date): Promise<void> {
  await requireTrainingAdminToken(db, secret, authorization, now);
  const claim = verifyToken(secret, bearerToken(authorization), now)!;
  await TrainingAdminSession.query(db)
    .where({ id: claim.sid })
    .whereNull('revokedAt')
    .patch({ revokedAt: toDbDate(now) });
}
