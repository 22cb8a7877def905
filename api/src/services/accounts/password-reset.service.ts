// Forgot password (decision 045): POST /api/forgot-password { email } always answers the same 202
// at once; the lookup and the e-mail happen after the answer, so neither the body nor the timing
// tells whether the address has an account. The e-mailed link is a set-password link valid 1 hour,
// used once (set-password-links.ts).
import type { AppDeps } from '../../deps.ts';
import { PASSWORD_RESET_LINK_TTL_MS } from '@tm/shared/schemas/mail';
import { createSetPasswordLink } from './set-password-links.ts';
import { findUserById, type UserRow } from './users.service.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { OutboxMail, User } from '../../models/index.ts';
import { passwordChangedMail, passwordResetMail, welcomeMail } from '../mail/account-messages.ts';
import { recipientTimeZone } from './agent-time-zone.ts';

/** Writes the reset e-mail to the outbox when `email` belongs to an account; nothing otherwise. */
export async function sendPasswordReset(deps: AppDeps, email: string): Promise<boolean> {
  const now = deps.clock.now();
  return deps.db.transaction(async (trx) => {
    const row = await User.query(trx).whereRaw('lower(email) = ?', [email.trim().toLowerCase()]).select('id').limit(1).first();
    if (!row) return false;
    const link = await createSetPasswordLink(trx, deps.config.sessionSecret, deps.config.publicOrigin, Number(row.id), now, PASSWORD_RESET_LINK_TTL_MS);
    const user = (await findUserById(trx, Number(row.id)))!;
    await enqueueMail(trx, now, passwordResetMail(deps.config, user, link));
    return true;
  });
}

/** The "your password was changed" notice, after any password change of the user. */
/**
 * An account's first password (issue 34 item 8): the account was made without one its owner chose (it was
 * sent the "account created" e-mail with a set-password link) and none was set since (no passwordChangedAt).
 * Its owner gets a welcome, not "your password was changed".
 */
export async function isFirstPassword(deps: AppDeps, user: Pick<UserRow, 'id' | 'passwordChangedAt'>): Promise<boolean> {
  if (user.passwordChangedAt) return false;
  return Boolean(await OutboxMail.query(deps.db).where({ userId: user.id, kind: 'account-created' }).select('id').first());
}

export async function notifyWelcome(deps: AppDeps, user: Pick<UserRow, 'id' | 'email' | 'firstName'>): Promise<void> {
  await enqueueMail(deps.db, deps.clock.now(), welcomeMail(deps.config, { ...user, timeZone: await recipientTimeZone(deps.db, user.id) }));
}

export async function notifyPasswordChanged(deps: AppDeps, user: Pick<UserRow, 'id' | 'email' | 'firstName'>): Promise<void> {
  await enqueueMail(
    deps.db,
    deps.clock.now(),
    passwordChangedMail(deps.config, { ...user, timeZone: await recipientTimeZone(deps.db, user.id) }, deps.clock.now()),
  );
}
