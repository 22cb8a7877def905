// Delivery messages: leads and appointments an admin assigned, Transfer Controls an admin changed, and an
// appointment bought (with its .ics invitation).
import { createEvent } from 'ics';
import type { AppConfig } from '../../config.ts';
import { formatLongDateTime } from '@tm/shared/logic/format';
import type { NewMail } from './outbox.ts';
import { PRODUCT, hello, mail, type MailUser } from './mail-base.ts';

export function leadsAssignedMail(config: AppConfig, user: MailUser, count: number): NewMail {
  return mail(config, 'leads-assigned', user.email, user.id, `${count} new lead${count === 1 ? '' : 's'} assigned to you`, {
    greeting: hello(user.firstName),
    lines: [`We assigned ${count} lead${count === 1 ? '' : 's'} to you. They are in My Leads.`],
    link: { label: 'Open My Leads', url: `${config.publicOrigin}/dashboard/my-leads` },
  });
}

/** An admin changed the agent's Transfer Controls (issue 36): each line names a field, before → after. */
export function controlsChangedMail(config: AppConfig, user: MailUser, changes: string[]): NewMail {
  return mail(config, 'controls-changed', user.email, user.id, `Your ${PRODUCT} delivery settings were changed`, {
    greeting: hello(user.firstName),
    lines: ['An administrator changed your delivery settings:'],
    table: changes.map((c) => {
      const at = c.indexOf(': ');
      return [c.slice(0, at), c.slice(at + 2)] as [string, string];
    }),
    link: { label: 'See your Transfer Controls', url: `${config.publicOrigin}/dashboard/transfers` },
    after: ['Questions? Reply to this e-mail or call support.'],
  });
}

/** Appointments given to the agent by an admin in one batch (issue 36 point 3). */
export function appointmentsAssignedMail(config: AppConfig, user: MailUser, count: number): NewMail {
  return mail(config, 'appointments-assigned', user.email, user.id, `${count} appointment${count === 1 ? '' : 's'} assigned to you`, {
    greeting: hello(user.firstName),
    lines: [`We assigned ${count} appointment${count === 1 ? '' : 's'} to you. They are in My Appointments.`],
    link: { label: 'Open My Appointments', url: `${config.publicOrigin}/dashboard` },
  });
}

export interface PurchasedAppointment {
  id: number;
  startsAt: Date | null;
  durationMinutes?: number;
  title: string;
  details: string[];
}

/** The .ics invitation of an appointment (the `ics` library), UTC times. */
export function appointmentIcs(config: AppConfig, a: PurchasedAppointment & { startsAt: Date }, uidKey: string): string {
  const d = a.startsAt;
  const { error, value } = createEvent({
    uid: `appointment-${a.id}-${uidKey}@${new URL(config.publicOrigin).hostname}`,
    start: [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes()],
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: a.durationMinutes ?? 30 },
    title: a.title,
    description: a.details.join('\n'),
    method: 'PUBLISH',
    productId: `${PRODUCT}//appointments`,
  });
  if (error || !value) throw error ?? new Error('could not build the calendar invitation');
  return value;
}

/** The appointment bought; with its .ics invitation when its time is known. */
export function appointmentPurchasedMail(config: AppConfig, user: MailUser, a: PurchasedAppointment, orderId: number): NewMail {
  const when = a.startsAt ? formatLongDateTime(a.startsAt, user.timeZone) : null;
  return mail(
    config,
    'appointment-purchased',
    user.email,
    user.id,
    when ? `Your appointment on ${when}` : `Your appointment #${a.id}`,
    {
      greeting: hello(user.firstName),
      lines: [
        `You bought appointment #${a.id}: ${a.title}.`,
        when ? `It starts ${when}. The calendar invitation is attached.` : "Its time is in the appointment's details in your dashboard.",
        ...a.details,
      ],
      link: { label: 'See your appointments', url: `${config.publicOrigin}/dashboard` },
    },
    a.startsAt
      ? {
          attachments: [
            {
              filename: `appointment-${a.id}.ics`,
              content: appointmentIcs(config, { ...a, startsAt: a.startsAt }, String(orderId)),
              contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
            },
          ],
        }
      : {},
  );
}
