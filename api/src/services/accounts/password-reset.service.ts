// Forgot password (decision 045): POST /api/forgot-password { email } always answers the same 202
// at once; the lookup and the e-mail happen after the answer, so neither the body nor the timing
// tells whether the address has an account. The e-mailed link is a set-password link valid 1 hour,
// used once (set-password-links.ts).
import type { AppDeps } from '../../deps.ts';
import { PASSWORD_RESET_LINK_TTL_MS } from '@tm/shared/schemas/mail';
import { createSetPasswordLink } from './set-password-links.ts';
import { findUserById, type UserRow } from './users.service.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { User } from '../../models/index.ts';
import { passwordChangedMail, passwordResetMail } from '../mail/messages.ts';
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
export async function notifyPasswordChanged(deps: AppDeps, user: Pick<UserRow, 'id' | 'email' | 'firstName'>): Promise<void> {
  await enqueueMail(
    deps.db,
    deps.clock.now(),
    passwordChangedMail(deps.config, { ...user, timeZone: await recipientTimeZone(deps.db, user.id) }, deps.clock.now()),
  );
}
