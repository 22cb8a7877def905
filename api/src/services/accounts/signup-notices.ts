// Someone signed up (RingCloud survey) with an e-mail that already has an account. The form answers
// as it does for a new account (so it cannot be used to find out who has an account); the owner is
// told by e-mail instead.
import type { AppDeps } from '../../deps.ts';
import { findUserByIdentifier } from './users.service.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { signupAttemptMail } from '../mail/messages.ts';

/**
 * Tells the owner of `email` that someone tried to sign up with it ("Someone tried to sign up with your
 * e-mail", with a forgot-password link), through the outbox. Logs the account id, never the address.
 */
export async function notifyExistingAccountSignup(deps: Pick<AppDeps, 'db' | 'logger' | 'clock' | 'config'>, email: string): Promise<void> {
  const user = await findUserByIdentifier(deps.db, email);
  if (!user) return;
  await enqueueMail(deps.db, deps.clock.now(), signupAttemptMail(deps.config, { id: user.id, email: user.email, firstName: user.firstName }));
  deps.logger.info({ userId: user.id, at: deps.clock.now().toISOString() }, 'sign-up attempted with an existing account e-mail');
}
