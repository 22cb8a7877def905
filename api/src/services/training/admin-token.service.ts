// Training-admin identity: login against training_admins and a signed bearer token that expires
// 12 hours after issue. Token = base64url(JSON {sub, exp}) "." base64url(HMAC-SHA256), keyed by a
// key derived from SESSION_SECRET (never the same key as the session cookies).
import crypto from 'node:crypto';
import type { Db } from '../../db/index.ts';
import { TRAINING_ADMIN_TOKEN_TTL_MS, type TrainingAdminLoginResponse } from '@tm/shared/schemas/training';
import { unauthorized } from '../../errors.ts';
import { burnVerify, verifyPassword } from '../accounts/passwords.ts';
import { TrainingAdmin } from '../../models/index.ts';

export const INVALID_LOGIN = 'Invalid email or password';

interface TokenPayload {
  sub: number;
  exp: number;
}

function signingKey(secret: string): Buffer {
  return crypto.createHmac('sha256', secret).update('training-admin-token:v1').digest();
}

function sign(secret: string, data: string): Buffer {
  return crypto.createHmac('sha256', signingKey(secret)).update(data).digest();
}

export function issueToken(secret: string, adminId: number, now: Date): { token: string; expiresAt: Date } {
  const expiresAt = new Date(now.getTime() + TRAINING_ADMIN_TOKEN_TTL_MS);
  const body = Buffer.from(JSON.stringify({ sub: adminId, exp: expiresAt.getTime() } satisfies TokenPayload)).toString('base64url');
  return { token: `${body}.${sign(secret, body).toString('base64url')}`, expiresAt };
}

/** The admin id of a token whose signature holds and which has not expired; undefined otherwise. */
export function verifyToken(secret: string, token: string | undefined, now: Date): number | undefined {
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
  if (typeof payload.sub !== 'number' || typeof payload.exp !== 'number') return undefined;
  if (now.getTime() >= payload.exp) return undefined;
  return payload.sub;
}

export async function loginTrainingAdmin(db: Db, secret: string, email: string, password: string, now: Date): Promise<TrainingAdminLoginResponse> {
  const admin = await TrainingAdmin.query(db).where({ email: email.trim().toLowerCase() }).limit(1).first();
  if (!admin) {
    await burnVerify(password);
    throw unauthorized(INVALID_LOGIN);
  }
  if (!(await verifyPassword(admin.passwordHash, password))) throw unauthorized(INVALID_LOGIN);
  const { token, expiresAt } = issueToken(secret, Number(admin.id), now);
  return { token, expiresAt: expiresAt.toISOString() };
}

/** Checks a bearer token and that its training admin still exists; 401 otherwise. */
export async function requireTrainingAdminToken(db: Db, secret: string, authorization: string | undefined, now: Date): Promise<number> {
  const m = /^Bearer\s+(\S+)$/i.exec(authorization?.trim() ?? '');
  const id = verifyToken(secret, m?.[1], now);
  if (id === undefined) throw unauthorized('Training admin login required');
  const exists = await TrainingAdmin.query(db).findById(id).select('id');
  if (!exists) throw unauthorized('Training admin login required');
  return id;
}
