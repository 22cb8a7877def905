// The product's messages (decision 045): plain text and simple HTML built from the same lines, the
// product's name and support contacts at the foot, no images, no tracking. Each builder returns what
// enqueueMail stores; the caller enqueues it in the transaction of its event.
import crypto from 'node:crypto';
import { createEvent } from 'ics';
import type { AppConfig } from '../../config.ts';
import type { MailKind } from '@tm/shared/schemas/mail';
import { PARTNER_REVIEW_PROMISE } from '@tm/shared/schemas/funnel';
import type { NewMail } from './outbox.ts';
import { formatLongDateTime } from '@tm/shared/logic/format';
import { maskLink, sealLink, swapLink } from './sealed-links.ts';
import { autoRebillChargeText, cardName } from '@tm/shared/logic/auto-rebill';

export const PRODUCT = 'TransferLine';

interface Body {
  greeting?: string;
  lines: string[];
  /** Label/value rows (an order's items, amounts). */
  table?: [string, string][];
  link?: { label: string; url: string };
  after?: string[];
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function render(config: AppConfig, subject: string, b: Body): { text: string; html: string } {
  const foot = `${PRODUCT} support: ${config.mail.supportEmail} · ${config.mail.supportPhone}`;
  const text = [
    b.greeting ?? 'Hello,',
    '',
    ...b.lines.flatMap((l) => [l, '']),
    ...(b.table?.length ? [...b.table.map(([k, v]) => `${k}: ${v}`), ''] : []),
    ...(b.link ? [`${b.link.label}: ${b.link.url}`, ''] : []),
    ...(b.after ?? []).flatMap((l) => [l, '']),
    `— ${PRODUCT}`,
    foot,
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5;max-width:560px">',
    `<p style="font-weight:bold;font-size:18px;color:#0f3d91">${PRODUCT}</p>`,
    `<p>${esc(b.greeting ?? 'Hello,')}</p>`,
    ...b.lines.map((l) => `<p>${esc(l)}</p>`),
    b.table?.length
      ? `<table style="border-collapse:collapse">${b.table.map(([k, v]) => `<tr><td style="padding:2px 12px 2px 0;color:#4b5563">${esc(k)}</td><td style="padding:2px 0">${esc(v)}</td></tr>`).join('')}</table>`
      : '',
    b.link ? `<p><a href="${esc(b.link.url)}">${esc(b.link.label)}</a></p><p style="font-size:12px;color:#6b7280">${esc(b.link.url)}</p>` : '',
    ...(b.after ?? []).map((l) => `<p>${esc(l)}</p>`),
    `<hr style="border:none;border-top:1px solid #e5e7eb"><p style="font-size:12px;color:#6b7280">${esc(foot)}</p>`,
    '</body></html>',
  ].join('\n');
  void subject;
  return { text, html };
}

function mail(config: AppConfig, kind: MailKind, to: string, userId: number | null, subject: string, b: Body, extra: Partial<NewMail> = {}): NewMail {
  return { kind, to, userId, subject, ...render(config, subject, b), ...extra };
}

/**
 * A message whose link opens an account (set-password, reset, e-mail change): stored with the link
 * masked and the link sealed (sealed-links.ts), so the outbox keeps no live token readable (issue 35 A5).
 */
function secretLinkMail(
  config: AppConfig,
  kind: MailKind,
  to: string,
  userId: number | null,
  subject: string,
  b: Body & { link: { label: string; url: string } },
): NewMail {
  const live = b.link.url;
  const masked = swapLink(render(config, subject, b), live, maskLink(live));
  return { kind, to, userId, subject, ...masked, linkSealed: sealLink(config.sessionSecret, live) };
}

/**
 * A name goes into a greeting only when it is plainly a name (letters, spaces, . ' -, at most 40
 * characters): a profile's free text ("URGENT: pay at http://...") never opens a message (issue 27 M1).
 */
export const PLAIN_NAME = /^\p{L}[\p{L}\p{M} .'-]{0,39}$/u;
export const hello = (firstName?: string | null) => {
  const name = firstName?.trim();
  return name && PLAIN_NAME.test(name) && !/\.\p{L}/u.test(name) ? `Hello ${name},` : 'Hello,';
};
export const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export interface MailUser {
  id: number;
  email: string;
  firstName?: string | null;
  username?: string | null;
  /** The zone the e-mail gives times in (recipientTimeZone); Eastern when not given. */
  timeZone?: string;
}

/** With a set-password link when the account has a generated password; else a link to log in. */
export function accountCreatedMail(config: AppConfig, user: MailUser, link: { url: string; expiresAt: string } | null): NewMail {
  const made = `We have made your ${PRODUCT} account.${user.username ? ` Your username is ${user.username}; you can also log in with this e-mail.` : ''}`;
  return (link ? secretLinkMail : mail)(config, 'account-created', user.email, user.id, `Your ${PRODUCT} account is ready`, {
    greeting: hello(user.firstName),
    lines: link ? [made, `Choose your password with the link below. It works once, until ${formatLongDateTime(link.expiresAt, user.timeZone)}.`] : [made],
    link: link ? { label: 'Set your password', url: link.url } : { label: 'Log in', url: `${config.publicOrigin}/login` },
  });
}

export function passwordResetMail(config: AppConfig, user: MailUser, link: { url: string }): NewMail {
  return secretLinkMail(config, 'password-reset', user.email, user.id, `Set a new ${PRODUCT} password`, {
    greeting: hello(user.firstName),
    lines: ['Someone (we hope you) asked to set a new password for your account. The link below works once, for 1 hour.'],
    link: { label: 'Set a new password', url: link.url },
    after: ['If you did not ask for this, ignore this e-mail: your password stays as it is.'],
  });
}

export function passwordChangedMail(config: AppConfig, user: MailUser, when: Date): NewMail {
  return mail(config, 'password-changed', user.email, user.id, `Your ${PRODUCT} password was changed`, {
    greeting: hello(user.firstName),
    lines: [`The password of your account was changed on ${formatLongDateTime(when, user.timeZone)}. Every other browser was logged out.`],
    after: [`If this was not you, reply to this e-mail or call us at ${config.mail.supportPhone} at once.`],
    link: { label: 'Forgot password? Set a new one', url: `${config.publicOrigin}/forgot-password` },
  });
}

/** A new account's first password was set (issue 34 item 8): a welcome, not "your password was changed". */
export function welcomeMail(config: AppConfig, user: MailUser): NewMail {
  return mail(config, 'welcome', user.email, user.id, `Welcome to ${PRODUCT}`, {
    greeting: hello(user.firstName),
    lines: [`Your password is set and your ${PRODUCT} account is ready. Log in any time with your e-mail and the password you chose.`],
    link: { label: 'Log in', url: `${config.publicOrigin}/login` },
    after: [`Questions: ${config.mail.supportEmail} or ${config.mail.supportPhone}.`],
  });
}

/** Someone signed up (RingCloud survey) with this account's e-mail: the form answered as for a new account. */
export function signupAttemptMail(config: AppConfig, user: MailUser): NewMail {
  return mail(config, 'signup-attempt', user.email, user.id, `Someone tried to sign up with your ${PRODUCT} e-mail`, {
    greeting: hello(user.firstName),
    lines: [
      `Someone just filled in our sign-up form with this e-mail address. You already have a ${PRODUCT} account, so nothing was created or changed.`,
      'If it was you, log in with your existing account; if you forgot your password, set a new one.',
    ],
    link: { label: 'Forgot password? Set a new one', url: `${config.publicOrigin}/forgot-password` },
    after: [`If it was not you, you can ignore this e-mail. Questions: ${config.mail.supportEmail}.`],
  });
}

/** To the NEW address (not yet proven to be the agent's): no name in it, only the product's own words. */
export function emailChangeMail(config: AppConfig, _user: MailUser, newEmail: string, url: string): NewMail {
  return secretLinkMail(config, 'email-change', newEmail, null, `Confirm your new ${PRODUCT} e-mail`, {
    lines: [`Confirm that ${newEmail} is the new e-mail of your ${PRODUCT} account. Until you do, the old one stays.`],
    link: { label: 'Confirm this e-mail', url },
    after: ['If you did not ask for this, ignore this e-mail: nothing changes.'],
  });
}

/** To the OLD address once a change is confirmed: what happened, and a link that undoes it for 7 days. */
export function emailChangedNoticeMail(config: AppConfig, user: MailUser, oldEmail: string, newEmail: string, undoUrl: string): NewMail {
  return secretLinkMail(config, 'email-change', oldEmail, user.id, `Your ${PRODUCT} e-mail was changed`, {
    greeting: hello(user.firstName),
    lines: [
      `The e-mail of your ${PRODUCT} account was changed to ${newEmail}. Every other browser was logged out.`,
      'If this was not you, undo it with the link below (it works once, for 7 days): your account goes back to this address, every session ends, and we send you a link to set a new password.',
    ],
    link: { label: 'Undo this change', url: undoUrl },
    after: [`Questions: ${config.mail.supportEmail} or ${config.mail.supportPhone}.`],
  });
}

/** To an address that already has an account, when another account asked to move to it (the form answered as usual). */
export function emailTakenNoticeMail(config: AppConfig, to: string): NewMail {
  return mail(config, 'email-change', to, null, `Someone tried to use your ${PRODUCT} e-mail`, {
    lines: [
      `Someone asked to move another ${PRODUCT} account to this e-mail address. It already belongs to your account, so nothing was changed.`,
      'You do not need to do anything.',
    ],
    after: [`Questions: ${config.mail.supportEmail}.`],
  });
}

export interface ReceiptLine {
  label: string;
  count: number;
  rateCents: number;
  amountCents: number;
}

export function orderReceiptMail(
  config: AppConfig,
  user: MailUser,
  order: {
    id: number;
    totalCents: number;
    cardLast4: string | null;
    lines: ReceiptLine[];
    receiptUrl: string;
    notes?: string[];
    /** Stock fell short at payment: what was delivered and refunded ("69 of 100 delivered, $124.00 refunded"). */
    shortfall?: { note: string; refundCents: number } | null;
  },
): NewMail {
  const table: [string, string][] = order.lines.map((l) => [l.label, `${l.count} × ${dollars(l.rateCents)} = ${dollars(l.amountCents)}`]);
  table.push(['Total', dollars(order.totalCents)]);
  if (order.shortfall) {
    table.push(['Refunded', dollars(order.shortfall.refundCents)]);
    table.push(['Net paid', dollars(order.totalCents - order.shortfall.refundCents)]);
  }
  if (order.cardLast4) table.push(['Card', `ending in ${order.cardLast4}`]);
  return mail(config, 'order-receipt', user.email, user.id, `Receipt for your ${PRODUCT} order #${order.id}`, {
    greeting: hello(user.firstName),
    lines: [
      `Thank you: we received your payment for order #${order.id}.`,
      ...(order.shortfall
        ? [`Not enough leads were left for your states and age range when your payment went through: ${order.shortfall.note} to your card.`]
        : []),
    ],
    table,
    link: { label: 'View your receipt', url: order.receiptUrl },
    after: order.notes?.length ? order.notes : undefined,
  });
}

export interface RefundMailFacts {
  orderId: number;
  description: string;
  amountCents: number;
  orderAmountCents: number;
  refundedCents: number;
  /** Transfers this refund took back; null for orders that are not transfers. */
  transfersTakenBack: number | null;
  moneyOnly: boolean;
  /** Transfers left across the agent's orders after the refund; null for orders that are not transfers. */
  balance: number | null;
  /** null: a whole refund of the order made without a refund row (a payment that arrived too late). */
  refundId: number | null;
  /** Why the server refunded on its own (a stock shortfall at payment); absent for an admin's refund. */
  note?: string;
}

/** A refund (whole or partial), an admin's or the server's own: what went back to the card and what it changed. */
export function orderRefundMail(config: AppConfig, user: MailUser, r: RefundMailFacts): NewMail {
  const whole = r.refundedCents >= r.orderAmountCents;
  const table: [string, string][] = [
    ['Refunded now', dollars(r.amountCents)],
    ['Order total', dollars(r.orderAmountCents)],
    ['Refunded in all', dollars(r.refundedCents)],
    ['Net paid', dollars(Math.max(0, r.orderAmountCents - r.refundedCents))],
  ];
  if (r.transfersTakenBack !== null) {
    table.push([
      'Transfers taken back',
      r.moneyOnly || r.transfersTakenBack === 0 ? 'None (money only)' : `${r.transfersTakenBack} transfer${r.transfersTakenBack === 1 ? '' : 's'}`,
    ]);
  }
  if (r.balance !== null) table.push(['Transfers left on your balance', String(r.balance)]);
  return mail(
    config,
    'order-refund',
    user.email,
    user.id,
    `${whole ? 'Refund' : 'Partial refund'} of ${dollars(r.amountCents)} for your ${PRODUCT} order #${r.orderId}`,
    {
      greeting: hello(user.firstName),
      lines: [
        `We refunded ${dollars(r.amountCents)} of order #${r.orderId} (${r.description}) to the card you paid with${whole ? ': the order is now refunded in full' : ''}.`,
        ...(r.note ? [r.note] : []),
        r.moneyOnly
          ? 'This is a goodwill refund: the money goes back to you and no transfers are taken from your balance.'
          : r.transfersTakenBack
            ? `The refund takes ${r.transfersTakenBack} transfer${r.transfersTakenBack === 1 ? '' : 's'} of this order out of your balance.`
            : 'Nothing else about your order changes.',
        'Your bank usually shows the refund within 5 to 10 business days.',
      ],
      table,
      link: { label: 'View your receipt', url: `${config.publicOrigin}/dashboard/receipts/${r.orderId}` },
    },
    { dedupeKey: r.refundId === null ? `order-refund:order-${r.orderId}` : `order-refund:${r.refundId}` },
  );
}

export function paymentFailedMail(config: AppConfig, user: MailUser, order: { id: number; totalCents: number; reason: string | null }): NewMail {
  return mail(config, 'payment-failed', user.email, user.id, `Your ${PRODUCT} payment did not go through`, {
    greeting: hello(user.firstName),
    lines: [
      // The provider's reason ends with its own full stop ("Your card was declined."): one full stop, never two (issue 26).
      `The payment of ${dollars(order.totalCents)} for order #${order.id} was not completed${order.reason ? `: ${order.reason.trim().replace(/[.\s]+$/, '')}` : ''}.`,
      'Nothing was charged. You can try again with another card.',
    ],
    link: { label: 'Go to your dashboard', url: `${config.publicOrigin}/dashboard` },
  });
}

/** Auto-rebill could not charge the saved card off-session: the link opens the order's payment on the portal. */
export function autoRebillActionMail(
  config: AppConfig,
  user: MailUser,
  top: { orderId: number; count: number; totalCents: number; reason: 'authentication_required' | 'declined'; chargeId: number },
): NewMail {
  const why = top.reason === 'authentication_required' ? 'your bank asks you to confirm this payment yourself' : 'your card was declined';
  return mail(
    config,
    'auto-rebill-action',
    user.email,
    user.id,
    `Your ${PRODUCT} top-up needs your action`,
    {
      greeting: hello(user.firstName),
      lines: [
        `Your transfer balance fell below your auto-rebill threshold, so we tried to buy ${top.count} transfers (${dollars(top.totalCents)}, order #${top.orderId}) with your saved card, but ${why}.`,
        'Nothing was charged. Open the link to pay for this order; deliveries pause only if your balance reaches zero.',
      ],
      link: { label: 'Pay for your top-up', url: autoRebillPayUrl(config, top.orderId) },
    },
    { dedupeKey: `auto-rebill-action:${user.id}:${top.chargeId}` },
  );
}

export const autoRebillPayUrl = (config: AppConfig, orderId: number) => `${config.publicOrigin}/dashboard/pay/${orderId}`;

/**
 * The receipt of an auto-rebill top-up (issue 34 item 8, decision 246): the order receipt's rows, saying
 * first that the charge was automatic and naming the card the provider reported (brand and last four).
 */
export function autoRebillReceiptMail(
  config: AppConfig,
  user: MailUser,
  order: { id: number; totalCents: number; lines: ReceiptLine[]; receiptUrl: string; card: { brand: string | null; last4: string | null } | null },
): NewMail {
  const table: [string, string][] = order.lines.map((l) => [l.label, `${l.count} × ${dollars(l.rateCents)} = ${dollars(l.amountCents)}`]);
  table.push(['Total', dollars(order.totalCents)]);
  table.push(['Card', `${cardName(order.card)} (charged automatically)`]);
  return mail(config, 'order-receipt', user.email, user.id, `Receipt for your ${PRODUCT} auto-rebill top-up #${order.id}`, {
    greeting: hello(user.firstName),
    lines: [`Thank you: we received your payment for order #${order.id}.`, autoRebillChargeText(order.card)],
    table,
    link: { label: 'View your receipt', url: order.receiptUrl },
    after: ['Change the top-up or turn auto-rebill off under Profile, Saved card & auto-rebill.'],
  });
}

export function partnerApplicationMail(config: AppConfig, to: string, name: string): NewMail {
  return mail(config, 'partner-application', to, null, `We received your ${PRODUCT} partner application`, {
    greeting: hello(name),
    lines: [`Thank you for applying to partner with us. We review every application ${PARTNER_REVIEW_PROMISE} and answer by e-mail or phone.`],
  });
}

/** For the partner-applications inbox (13b): the decision, in the same transaction as the status change. */
export function partnerDecisionMail(config: AppConfig, to: string, name: string, decision: 'approved' | 'rejected'): NewMail {
  return mail(
    config,
    'partner-decision',
    to,
    null,
    decision === 'approved' ? `Your ${PRODUCT} partner application is approved` : `About your ${PRODUCT} partner application`,
    {
      greeting: hello(name),
      lines:
        decision === 'approved'
          ? ['Good news: your partner application is approved. We will contact you shortly to set things up.']
          : ['Thank you for your interest. After review, we cannot accept your partner application at this time.'],
    },
  );
}

/**
 * Staff alerts (issue 26): an admin is told that something arrived for staff to handle. The subject and
 * lines are fixed text; what the public typed (names, company) stays in the table, never in a first line.
 */
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

/** An admin's re-sent checkout link for an order left unpaid (issue 36): one per address per day at most. */
export function checkoutReminderMail(
  config: AppConfig,
  to: { email: string; userId: number | null; firstName?: string | null },
  order: { id: number; product: string; url: string },
  window: string,
): NewMail {
  const addressKey = crypto.createHash('sha256').update(to.email.toLowerCase()).digest('hex').slice(0, 40);
  return mail(
    config,
    'checkout-reminder',
    to.email,
    to.userId,
    `Finish your ${PRODUCT} order`,
    {
      greeting: hello(to.firstName),
      lines: [`Your order #${order.id} (${order.product}) was not paid, so nothing was charged. You can place it again here.`],
      link: { label: 'Finish your order', url: order.url },
    },
    { dedupeKey: `checkout-reminder:${addressKey}:${window}` },
  );
}

export function balanceLowMail(config: AppConfig, user: MailUser, left: number, crossing: string): NewMail {
  return mail(
    config,
    'balance-low',
    user.email,
    user.id,
    `${left} transfers left on your ${PRODUCT} balance`,
    {
      greeting: hello(user.firstName),
      lines: [`You have ${left} live transfers left. Top up to keep calls coming without a pause.`],
      link: { label: 'Buy more transfers', url: `${config.publicOrigin}/dashboard` },
    },
    { dedupeKey: `balance-low:${user.id}:${crossing}` },
  );
}

export function balanceEmptyMail(config: AppConfig, user: MailUser, crossing: string): NewMail {
  return mail(
    config,
    'balance-empty',
    user.email,
    user.id,
    `Your ${PRODUCT} transfers are paused`,
    {
      greeting: hello(user.firstName),
      lines: ['Your transfer balance is empty, so deliveries are paused. Buy more transfers to resume them.'],
      link: { label: 'Buy more transfers', url: `${config.publicOrigin}/dashboard` },
    },
    { dedupeKey: `balance-empty:${user.id}:${crossing}` },
  );
}

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
