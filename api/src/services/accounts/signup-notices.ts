// Someone signed up (RingCloud survey) with an e-mail that already has an account. The form answers
// as it does for a new account (so it cannot be used to find out who has an account); the owner is
// told by e-mail instead.
import type { AppDeps } from '../../deps.ts';
import { findUserByIdentifier } from './users.service.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { signupAttemptMail } from '../mail/account-messages.ts';
import { OutboxMail } from '../../models/index.ts';
import { toDbDate } from '../../db/dates.ts';
import { FORM_WINDOW_MS } from '../funnel/limits.ts';

/** "Someone tried to sign up" mails per account per quarter hour (forgot-password's FORGOT_PER_EMAIL). */
export const SIGNUP_NOTICES_PER_RECIPIENT = 3;
const SIGNUP_NOTICE_WINDOW_MS = FORM_WINDOW_MS;

/**
 * Tells the owner of `email` that someone tried to sign up with it ("Someone tried to sign up with your
 * e-mail", with a forgot-password link), through the outbox. Logs the account id, never the address.
 */
export async function notifyExistingAccountSignup(deps: Pick<AppDeps, 'db' | 'logger' | 'clock' | 'config'>, email: string): Promise<void> {
  const user = await findUserByIdentifier(deps.db, email);
  if (!user) return;
  // At most SIGNUP_NOTICES_PER_RECIPIENT a window per account, as forgot-password (issue 35 A2). The
  // answer never changes (no enumeration); the count is the outbox's own rows, and the n-th message's
  // dedupe key names its window and rank, so racing sign-ups cannot pass the limit either.
  const now = deps.clock.now();
  const window = Math.floor(now.getTime() / SIGNUP_NOTICE_WINDOW_MS);
  const since = toDbDate(new Date(window * SIGNUP_NOTICE_WINDOW_MS));
  const sent = Number(
    (await OutboxMail.query(deps.db).where({ toEmail: user.email, kind: 'signup-attempt' }).where('createdAt', '>=', since).resultSize()) ?? 0,
  );
  if (sent >= SIGNUP_NOTICES_PER_RECIPIENT) {
    deps.logger.info({ userId: user.id }, 'sign-up attempted with an existing account e-mail; its owner was told enough this quarter hour');
    return;
  }
  const notice = signupAttemptMail(deps.config, { id: user.id, email: user.email, firstName: user.firstName });
  await enqueueMail(deps.db, now, { ...notice, dedupeKey: `signup-attempt:${user.id}:w${window}:${sent + 1}` });
  deps.logger.info({ userId: user.id, at: deps.clock.now().toISOString() }, 'sign-up attempted with an existing account e-mail');
}
