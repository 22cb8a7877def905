// Staff alerts (issue 26, decision 172): when a dispute, a partner application or a sign-up arrives, every
// active admin who kept that alert on (Profile, users.mail_opt_out) is e-mailed through the outbox, in the
// transaction that stored the event.
import type { Knex } from 'knex';
import type { AppConfig } from '../../config.ts';
import { User } from '../../models/index.ts';
import { enqueueMail } from './outbox.ts';
import { staffAlertMail, type StaffAlert } from './messages.ts';

/** Enqueues the alert for each active admin; enqueueMail leaves out those who turned this kind off. */
export async function enqueueStaffAlert(trx: Knex | Knex.Transaction, config: AppConfig, now: Date, alert: StaffAlert): Promise<void> {
  const admins = await User.query(trx).where({ isAdmin: true }).whereNull('deactivatedAt').select('id', 'email', 'firstName').orderBy('id');
  for (const a of admins) await enqueueMail(trx, now, staffAlertMail(config, { id: Number(a.id), email: String(a.email), firstName: a.firstName }, alert));
}

/** The staff alert of a sign-up (agent lab or RingCloud survey), from what the survey stored. */
export function signupAlert(surveyId: number, s: { firstName: string; lastName: string; agencyName: string; email: string; leadType: string }): StaffAlert {
  return {
    kind: 'staff-signup',
    id: surveyId,
    name: `${s.firstName} ${s.lastName}`.trim(),
    agency: s.agencyName,
    email: s.email,
    leadType: s.leadType,
  };
}
