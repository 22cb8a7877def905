// Account e-mails written in the transaction that creates the account (decision 045). The lead wires
// funnel buyers' accounts (13a) to enqueueAccountCreated the same way.
import type { Knex } from 'knex';
import type { AppConfig } from '../../config.ts';
import { createSetPasswordLink } from '../accounts/set-password-links.ts';
import { findUserById } from '../accounts/users.service.ts';
import { enqueueMail } from './outbox.ts';
import { accountCreatedMail, partnerDecisionMail } from './account-messages.ts';
import type { MailUser } from './mail-base.ts';
import type { NewMail } from './outbox.ts';
import { User } from '../../models/index.ts';
import { recipientTimeZone } from '../accounts/agent-time-zone.ts';

/**
 * "Your account is ready": with a one-time set-password link (24 hours) when the account was made with
 * a generated password (`setPassword: true`: agent lab, funnel buyers), else a login link (the user
 * chose a password: RingCloud). Call it inside the transaction that created the user.
 */
export async function enqueueAccountCreated(
  trx: Knex | Knex.Transaction,
  config: AppConfig,
  userId: number,
  now: Date,
  opts: { setPassword: boolean },
): Promise<void> {
  const user = await findUserById(trx as Knex, userId);
  if (!user) throw new Error(`enqueueAccountCreated: no user ${userId}`);
  const link = opts.setPassword ? await createSetPasswordLink(trx as Knex, config.sessionSecret, config.publicOrigin, userId, now) : null;
  await enqueueMail(trx, now, accountCreatedMail(config, { ...user, timeZone: await recipientTimeZone(trx, userId) }, link));
}

/** For the partner-applications inbox (13b): the decision e-mail, in the transaction of the status change. */
export async function enqueuePartnerDecision(
  trx: Knex | Knex.Transaction,
  config: AppConfig,
  now: Date,
  to: { email: string; name: string },
  decision: 'approved' | 'rejected',
): Promise<void> {
  await enqueueMail(trx, now, partnerDecisionMail(config, to.email, to.name, decision));
}

/** A message to a user, built from their row (e-mail, first name) inside `trx`; nothing when the user is gone. */
export async function enqueueUserMail(
  trx: Knex | Knex.Transaction,
  _config: AppConfig,
  userId: number,
  now: Date,
  build: (to: MailUser) => NewMail,
): Promise<void> {
  const u = await User.query(trx).findById(userId).select('id', 'email', 'firstName');
  if (!u) return;
  await enqueueMail(
    trx,
    now,
    build({ id: Number(u.id), email: String(u.email), firstName: u.firstName as string | null, timeZone: await recipientTimeZone(trx, Number(u.id)) }),
  );
}
