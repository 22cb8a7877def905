// Dispute messages to the agent: filed (waiting for an admin), decided (by the evidence rules at filing, or
// by an admin, also after the human review the agent asked for). Each names the call as My Transfers does
// (callLabel: caller, state, start on the agent's clock), and a denial quotes the evidence the rules read
// (issue 34 item 8).
import type { AppConfig } from '../../config.ts';
import type { DisputeEvidence } from '@tm/shared/schemas/transfers';
import { callLabel, type CallNaming } from '@tm/shared/logic/call-label';
import type { NewMail } from './outbox.ts';
import { hello, mail, type MailUser } from './mail-base.ts';

export interface DisputeMailFacts {
  id: number;
  call: CallNaming;
}

export interface DisputeDecision {
  outcome: 'approved' | 'denied';
  /** The rules' summary or the admin's note (a denial's reason). */
  note?: string | null;
  by: 'rules' | 'admin';
  /** Decided by an admin after the agent asked for a human review of the rules' denial. */
  afterReview: boolean;
  /** The quotes the rules read (caller's lines, the platform's record), kept with the dispute. */
  evidence: DisputeEvidence[];
}

const transfersLink = (config: AppConfig) => ({ label: 'See your transfers', url: `${config.publicOrigin}/dashboard/transfers` });
/** One quote as the portal shows it: `[00:42] "Caller: I'm 70"`; the platform's record has no time. */
const quoteLine = (e: DisputeEvidence) => `${e.at ? `[${e.at}] ` : ''}"${e.quote}"`;

export function disputeReceivedMail(config: AppConfig, user: MailUser, d: DisputeMailFacts): NewMail {
  return mail(config, 'dispute-received', user.email, user.id, `We received your dispute #${d.id}`, {
    greeting: hello(user.firstName),
    lines: [
      `We received your dispute of the call with ${callLabel(d.call, user.timeZone)}.`,
      'We review disputes within 2 business days and e-mail you the decision.',
    ],
    link: transfersLink(config),
  });
}

export function disputeDecidedMail(config: AppConfig, user: MailUser, d: DisputeMailFacts & DisputeDecision): NewMail {
  const call = callLabel(d.call, user.timeZone);
  const headline = d.afterReview
    ? `After the human review you asked for, your dispute of the call with ${call} was ${d.outcome}.`
    : `Your dispute of the call with ${call} was ${d.outcome}.`;
  const quotes = d.outcome === 'denied' && d.evidence.length ? ['What the rules read in the call:', ...d.evidence.map(quoteLine)] : [];
  const canAsk = d.outcome === 'denied' && d.by === 'rules' && !d.afterReview;
  return mail(config, 'dispute-decided', user.email, user.id, `Your dispute #${d.id} was ${d.outcome}`, {
    greeting: hello(user.firstName),
    lines: [headline, ...(d.note ? [d.note] : []), ...quotes],
    link: transfersLink(config),
    after: canAsk
      ? ['If the rules read the call wrong, you can ask once for a human review: choose "Ask for a human review" beside the call on My Transfers.']
      : [],
  });
}
