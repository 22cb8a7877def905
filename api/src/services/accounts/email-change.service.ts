// E-mail change (decision 045): the new address gets a link; the e-mail changes only when it is
// opened. The token is stateless like set-password links: base64url(`userId.expiresAtMs.newEmail`),
// a dot, an HMAC over it and the user's CURRENT e-mail under a key of its own. Once the e-mail changed
// (by this link or another) the MAC no longer matches: the link works once. Valid 24 hours.
import crypto from 'node:crypto';
import type { AppDeps } from '../../deps.ts';
import { EMAIL_CHANGE_INVALID, EMAIL_TAKEN } from '@tm/shared/schemas/mail';
import { badRequest, conflict } from '../../errors.ts';
import { toDbDate } from '../../db/dates.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { emailChangeMail } from '../mail/messages.ts';
import type { UserRow } from './users.service.ts';
import { User } from '../../models/index.ts';

export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;
const invalid = () => badRequest(EMAIL_CHANGE_INVALID, { token: EMAIL_CHANGE_INVALID });
const mac = (secret: string, payload: string, currentEmail: string) =>
  crypto.createHmac('sha256', `email-change:${secret}`).update(`${payload}:${currentEmail.toLowerCase()}`).digest('base64url');

async function emailTaken(deps: AppDeps, email: string, exceptId: number): Promise<boolean> {
  return Boolean(await User.query(deps.db).whereRaw('lower(email) = ?', [email]).whereNot({ id: exceptId }).select('id').limit(1).first());
}

export async function requestEmailChange(deps: AppDeps, user: UserRow, newEmail: string): Promise<void> {
  if (newEmail === user.email.toLowerCase()) throw badRequest('This is already your e-mail', { email: 'This is already your e-mail' });
  if (await emailTaken(deps, newEmail, user.id)) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
  const now = deps.clock.now();
  const payload = Buffer.from(`${user.id}.${now.getTime() + EMAIL_CHANGE_TTL_MS}.${newEmail}`).toString('base64url');
  const url = `${deps.config.publicOrigin}/confirm-email?token=${payload}.${mac(deps.config.sessionSecret, payload, user.email)}`;
  await enqueueMail(deps.db, now, emailChangeMail(deps.config, user, newEmail, url));
}

export async function confirmEmailChange(deps: AppDeps, token: unknown): Promise<{ email: string }> {
  if (typeof token !== 'string' || token.length > 800) throw invalid();
  const [payload, given, extra] = token.split('.');
  if (!payload || !given || extra !== undefined) throw invalid();
  const m = /^([1-9]\d{0,15})\.(\d{1,16})\.(.+@.+)$/.exec(Buffer.from(payload, 'base64url').toString('utf8'));
  if (!m) throw invalid();
  const [, id, exp, newEmail] = m;
  const now = deps.clock.now();
  if (Number(exp) <= now.getTime()) throw invalid();
  const user = await User.query(deps.db).findById(Number(id)).select('id', 'email');
  if (!user) throw invalid();
  const expected = Buffer.from(mac(deps.config.sessionSecret, payload, String(user.email)));
  const got = Buffer.from(given);
  if (got.length !== expected.length || !crypto.timingSafeEqual(got, expected)) throw invalid();
  if (await emailTaken(deps, newEmail!, Number(id))) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
  try {
    const n = await User.query(deps.db)
      .where({ id: Number(id), email: user.email })
      .patch({ email: newEmail!, updatedAt: toDbDate(now) });
    if (Number(n) !== 1) throw invalid();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
    throw err;
  }
  return { email: newEmail! };
}
