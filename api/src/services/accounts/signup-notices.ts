// Someone signed up (RingCloud survey) with an e-mail that already has an account. The form answers
// as it does for a new account (so it cannot be used to find out who has an account); the owner is
// told by e-mail instead.
import type { AppDeps } from '../../deps.ts';
import { findUserByIdentifier } from './users.service.ts';

/**
 * Tells the owner of `email` that someone tried to sign up with it. THE HOOK for the e-mail outbox
 * (issue 15): enqueue "Someone tried to sign up with your e-mail" here (with a login and a
 * forgot-password link). Until then it only logs the account id (never the address).
 */
export async function notifyExistingAccountSignup(deps: Pick<AppDeps, 'db' | 'logger' | 'clock'>, email: string): Promise<void> {
  const user = await findUserByIdentifier(deps.db, email);
  if (!user) return;
  deps.logger.info({ userId: user.id, at: deps.clock.now().toISOString() }, 'sign-up attempted with an existing account e-mail');
}
