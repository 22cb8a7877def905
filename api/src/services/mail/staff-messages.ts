// Staff alerts (issue 26): an admin is told that something arrived for staff to handle, the first at once,
// then one digest per kind per window (decision 220).
import type { AppConfig } from '../../config.ts';
import type { NewMail } from './outbox.ts';
import { hello, mail, type MailUser } from './mail-base.ts';

/** The subject and lines are fixed text; what the public typed (names, company) stays in the table, never in a first line. */
export type StaffAlert =
  | {
      kind: 'staff-dispute';
      id: number;
      callId: number;
      agent: string;
      reason: string;
      /** The agent asked for a human review of the rules' denial. */ review?: boolean;
    }
  | { kind: 'staff-partner-application'; id: number; company: string; contact: string; email: string; files: number }
  | { kind: 'staff-signup'; id: number; name: string; agency: string; email: string; leadType: string };

const DIGEST_WORDS: Record<StaffAlert['kind'], { what: string; link: { label: string; path: string } }> = {
  'staff-dispute': { what: 'transfer disputes', link: { label: 'Review disputes', path: '/admin/disputes' } },
  'staff-partner-application': { what: 'partner applications', link: { label: 'Open the Applications inbox', path: '/admin?tab=applications' } },
  'staff-signup': { what: 'sign-ups', link: { label: 'Open the Sign-ups inbox', path: '/admin?tab=signups' } },
};

/**
 * The one message that stands for every further alert of a kind in a digest window (issue 35 A1): the
 * first alert of the window went out on its own; what came after it is seen in the inbox.
 */
export function staffAlertDigestMail(config: AppConfig, admin: MailUser, kind: StaffAlert['kind'], windowMinutes: number, dedupeKey: string): NewMail {
  const w = DIGEST_WORDS[kind];
  return mail(
    config,
    kind,
    admin.email,
    admin.id,
    `More new ${w.what} to review`,
    {
      greeting: hello(admin.firstName),
      lines: [
        `More ${w.what} arrived within ${windowMinutes} minutes of the last alert. To keep your inbox readable they are gathered here: see them all in the admin.`,
        'You get this staff alert because you chose it on your Profile page; you can turn it off there.',
      ],
      link: { label: w.link.label, url: `${config.publicOrigin}${w.link.path}` },
    },
    { dedupeKey },
  );
}

export function staffAlertMail(config: AppConfig, admin: MailUser, a: StaffAlert): NewMail {
  const body = ((): { subject: string; line: string; table: [string, string][]; link: { label: string; url: string } } => {
    switch (a.kind) {
      case 'staff-dispute':
        return {
          subject: a.review ? `Human review asked for dispute #${a.id}` : `New transfer dispute #${a.id} to review`,
          line: a.review
            ? `The agent asked for a human review of the rules' denial of transfer #${a.callId}. It waits for an admin's decision.`
            : `An agent disputed transfer #${a.callId}. It waits for an admin's decision.`,
          table: [
            ['Dispute', `#${a.id}`],
            ['Agent', a.agent],
            ['Reason', a.reason],
          ],
          link: { label: 'Review disputes', url: `${config.publicOrigin}/admin/disputes` },
        };
      case 'staff-partner-application':
        return {
          subject: `New partner application #${a.id}`,
          line: 'A partner application arrived. It waits in the Applications inbox.',
          table: [
            ['Application', `#${a.id}`],
            ['Company', a.company],
            ['Contact', a.contact],
            ['E-mail', a.email],
            ['Files', String(a.files)],
          ],
          link: { label: 'Open the Applications inbox', url: `${config.publicOrigin}/admin?tab=applications` },
        };
      case 'staff-signup':
        return {
          subject: `New sign-up #${a.id}`,
          line: 'Someone signed up. The sign-up waits in the Sign-ups inbox.',
          table: [
            ['Sign-up', `#${a.id}`],
            ['Name', a.name],
            ['Agency', a.agency],
            ['E-mail', a.email],
            ['Lead type', a.leadType],
          ],
          link: { label: 'Open the Sign-ups inbox', url: `${config.publicOrigin}/admin?tab=signups` },
        };
    }
  })();
  return mail(
    config,
    a.kind,
    admin.email,
    admin.id,
    body.subject,
    {
      greeting: hello(admin.firstName),
      lines: [body.line, 'You get this staff alert because you chose it on your Profile page; you can turn it off there.'],
      table: body.table,
      link: body.link,
    },
    { dedupeKey: `${a.kind}:${a.id}:${admin.id}` },
  );
}
