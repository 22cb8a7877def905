// E-mail change (decision 045, hardened by issue 27 M2/M5/L6, decision 171). The agent asks with their
// current password; the new address gets a confirm link (24 hours). Opening it changes the e-mail, ends
// every other session of the account, and tells the OLD address with a link that undoes the change for
// 7 days (back to the old address, every session ended, a set-password link sent there). Each link is a
// random token kept only as its SHA-256 hash in email_changes and spent by a conditional UPDATE: it
// works once. An address that belongs to another account gets the same 202 as any other (no 409 that
// tells who has an account); that address is told instead.
import crypto from 'node:crypto';
import type { AppDeps } from '../../deps.ts';
import { EMAIL_CHANGE_INVALID, EMAIL_TAKEN, EMAIL_UNDO_INVALID } from '@tm/shared/schemas/mail';
import { badRequest, conflict } from '../../errors.ts';
import { toDbDate } from '../../db/dates.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { emailChangeMail, emailChangedNoticeMail, emailTakenNoticeMail } from '../mail/account-messages.ts';
import type { UserRow } from './users.service.ts';
import { EmailChange, SessionRecord, User } from '../../models/index.ts';
import { sendPasswordReset } from './password-reset.service.ts';

export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;
export const EMAIL_UNDO_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const invalid = () => badRequest(EMAIL_CHANGE_INVALID, { token: EMAIL_CHANGE_INVALID });
const undoInvalid = () => badRequest(EMAIL_UNDO_INVALID, { token: EMAIL_UNDO_INVALID });
const newToken = () => crypto.randomBytes(32).toString('base64url');
const hashOf = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

async function emailTaken(trx: AppDeps['db'], email: string, exceptId: number): Promise<boolean> {
  return Boolean(await User.query(trx).whereRaw('lower(email) = ?', [email.toLowerCase()]).whereNot({ id: exceptId }).select('id').limit(1).first());
}

/** Ends every session of the user but `keepSid` (the browser that made the change, when it is the user's). */
async function endOtherSessions(trx: AppDeps['db'], userId: number, keepSid: string | undefined, now: Date): Promise<void> {
  const q = SessionRecord.query(trx).where({ userId }).whereNull('revokedAt');
  if (keepSid) q.whereNot({ id: keepSid });
  await q.patch({ revokedAt: toDbDate(now) });
}

/**
 * Records the request and mails the confirm link (the caller checked the current password). The same
 * outcome for every address the form accepts: a taken address gets a notice instead of a link.
 */
export async function requestEmailChange(deps: AppDeps, user: UserRow, newEmail: string): Promise<void> {
  if (newEmail === user.email.toLowerCase()) throw badRequest('This is already your e-mail', { email: 'This is already your e-mail' });
  const now = deps.clock.now();
  await deps.db.transaction(async (trx) => {
    // An earlier pending request of the user ends: only the newest link works.
    await EmailChange.query(trx)
      .where({ userId: user.id })
      .whereNull('confirmedAt')
      .whereNull('canceledAt')
      .patch({ canceledAt: toDbDate(now) });
    if (await emailTaken(trx, newEmail, user.id)) {
      await enqueueMail(trx, now, emailTakenNoticeMail(deps.config, newEmail));
      return;
    }
    const token = newToken();
    await EmailChange.query(trx).insert({
      userId: user.id,
      oldEmail: user.email,
      newEmail,
      confirmHash: hashOf(token),
      undoHash: null,
      createdAt: toDbDate(now),
      expiresAt: toDbDate(new Date(now.getTime() + EMAIL_CHANGE_TTL_MS)),
    });
    const url = `${deps.config.publicOrigin}/confirm-email?token=${token}`;
    await enqueueMail(trx, now, emailChangeMail(deps.config, user, newEmail, url));
  });
}

const tokenOf = (token: unknown): string | null => (typeof token === 'string' && /^[A-Za-z0-9_-]{20,100}$/.test(token) ? token : null);

/**
 * Opens a confirm link: once, within 24 hours, while the account still has the e-mail it had when the
 * change was asked. Ends every session of the account but `keepSid`'s (the browser opening the link, if
 * it is the account's), and mails the old address its undo link.
 */
export async function confirmEmailChange(deps: AppDeps, token: unknown, keepSid?: string): Promise<{ email: string }> {
  const t = tokenOf(token);
  if (!t) throw invalid();
  const now = deps.clock.now();
  const undo = newToken();
  try {
    return await deps.db.transaction(async (trx) => {
      const change = await EmailChange.query(trx)
        .where({ confirmHash: hashOf(t) })
        .first();
      if (!change || change.confirmedAt || change.canceledAt) throw invalid();
      // Spent here, whatever follows: a second opening finds it confirmed.
      const spent = await EmailChange.query(trx)
        .where({ id: change.id })
        .whereNull('confirmedAt')
        .whereNull('canceledAt')
        .where('expiresAt', '>', toDbDate(now))
        .patch({ confirmedAt: toDbDate(now), undoHash: hashOf(undo), undoUntil: toDbDate(new Date(now.getTime() + EMAIL_UNDO_TTL_MS)) });
      if (Number(spent) !== 1) throw invalid();
      const user = await User.query(trx).findById(change.userId).select('id', 'email', 'firstName');
      if (!user || String(user.email).toLowerCase() !== change.oldEmail.toLowerCase()) throw invalid();
      if (await emailTaken(trx, change.newEmail, change.userId)) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
      const n = await User.query(trx)
        .where({ id: change.userId, email: user.email })
        .patch({ email: change.newEmail, updatedAt: toDbDate(now) });
      if (Number(n) !== 1) throw invalid();
      const sessionOwner = keepSid ? await SessionRecord.query(trx).findById(keepSid).select('userId') : undefined;
      await endOtherSessions(trx, change.userId, Number(sessionOwner?.userId) === change.userId ? keepSid : undefined, now);
      const undoUrl = `${deps.config.publicOrigin}/undo-email-change?token=${undo}`;
      await enqueueMail(
        trx,
        now,
        emailChangedNoticeMail(
          deps.config,
          { id: change.userId, email: change.oldEmail, firstName: user.firstName },
          change.oldEmail,
          change.newEmail,
          undoUrl,
        ),
      );
      return { email: change.newEmail };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
    throw err;
  }
}

/**
 * Opens an undo link (sent to the old address): once, within 7 days of the change. The account gets its
 * old e-mail back, every session of it ends, and the old address gets a set-password link (whoever
 * changed the e-mail may have changed the password too).
 */
export async function undoEmailChange(deps: AppDeps, token: unknown): Promise<{ email: string }> {
  const t = tokenOf(token);
  if (!t) throw undoInvalid();
  const now = deps.clock.now();
  const email = await deps.db.transaction(async (trx) => {
    const change = await EmailChange.query(trx)
      .where({ undoHash: hashOf(t) })
      .first();
    if (!change || change.undoneAt || !change.confirmedAt) throw undoInvalid();
    const spent = await EmailChange.query(trx)
      .where({ id: change.id })
      .whereNull('undoneAt')
      .where('undoUntil', '>', toDbDate(now))
      .patch({ undoneAt: toDbDate(now) });
    if (Number(spent) !== 1) throw undoInvalid();
    if (await emailTaken(trx, change.oldEmail, change.userId)) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
    await User.query(trx)
      .where({ id: change.userId })
      .patch({ email: change.oldEmail, updatedAt: toDbDate(now) });
    // Any change still waiting for its confirmation ends too (undo links of confirmed ones stay: the
    // owner's link to the first change must outlive whatever a thief did after it).
    await EmailChange.query(trx)
      .where({ userId: change.userId })
      .whereNull('confirmedAt')
      .whereNull('canceledAt')
      .patch({ canceledAt: toDbDate(now) });
    await endOtherSessions(trx, change.userId, undefined, now);
    return change.oldEmail;
  });
  await sendPasswordReset(deps, email);
  return { email };
}
