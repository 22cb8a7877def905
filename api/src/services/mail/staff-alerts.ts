// Staff alerts (issue 26, decision 172): when a dispute, a partner application or a sign-up arrives, every
// active admin who kept that alert on (Profile, users.mail_opt_out) is e-mailed through the outbox, in the
// transaction that stored the event.
import type { Knex } from 'knex';
import type { AppConfig } from '../../config.ts';
import { User } from '../../models/index.ts';
import { enqueueMail } from './outbox.ts';
import { staffAlertDigestMail, staffAlertMail, type StaffAlert } from './staff-messages.ts';

/** A burst of alerts of one kind collapses into one digest per admin per window (issue 35 A1). */
export const STAFF_ALERT_DIGEST_MINUTES = 5;
const WINDOW_MS = STAFF_ALERT_DIGEST_MINUTES * 60_000;

/**
 * Enqueues the alert for each active admin; enqueueMail leaves out those who turned this kind off.
 * The first alert of a kind in a 5-minute window goes out on its own; every later one in that window is
 * one digest, written once (its dedupe key names the window) and due when the window ends, so 250
 * sign-ups make at most two messages per admin, not 250. The keys make this hold across processes.
 */
export async function enqueueStaffAlert(trx: Knex | Knex.Transaction, config: AppConfig, now: Date, alert: StaffAlert): Promise<void> {
  const admins = await User.query(trx).where({ isAdmin: true }).whereNull('deactivatedAt').select('id', 'email', 'firstName').orderBy('id');
  const window = Math.floor(now.getTime() / WINDOW_MS);
  for (const a of admins) {
    const admin = { id: Number(a.id), email: String(a.email), firstName: a.firstName };
    const first = await enqueueMail(trx, now, { ...staffAlertMail(config, admin, alert), dedupeKey: `${alert.kind}:w${window}:${admin.id}` });
    if (first !== null) continue;
    const digest = staffAlertDigestMail(config, admin, alert.kind, STAFF_ALERT_DIGEST_MINUTES, `${alert.kind}:digest:w${window}:${admin.id}`);
    await enqueueMail(trx, now, digest, { dueAt: new Date((window + 1) * WINDOW_MS) });
  }
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
