// Dispute messages to the agent: filed (waiting for an admin), decided (by the rules or an admin).
import type { AppConfig } from '../../config.ts';
import type { NewMail } from './outbox.ts';
import { hello, mail, type MailUser } from './mail-base.ts';

export function disputeReceivedMail(config: AppConfig, user: MailUser, d: { id: number; callId: number }): NewMail {
  return mail(config, 'dispute-received', user.email, user.id, `We received your dispute #${d.id}`, {
    greeting: hello(user.firstName),
    lines: [`We received your dispute of transfer #${d.callId}. We review disputes within 2 business days and e-mail you the decision.`],
    link: { label: 'See your transfers', url: `${config.publicOrigin}/dashboard/transfers` },
  });
}

export function disputeDecidedMail(config: AppConfig, user: MailUser, d: { id: number; callId: number; outcome: string; note?: string | null }): NewMail {
  return mail(config, 'dispute-decided', user.email, user.id, `Your dispute #${d.id} was ${d.outcome}`, {
    greeting: hello(user.firstName),
    lines: [`Your dispute of transfer #${d.callId} was ${d.outcome}.`, ...(d.note ? [d.note] : [])],
    link: { label: 'See your transfers', url: `${config.publicOrigin}/dashboard/transfers` },
  });
}
