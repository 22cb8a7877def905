// The frame of every message the product sends (decision 045): plain text and simple HTML built from the
// same lines, the product's name and support contacts at the foot, no images, no tracking. The builders,
// by what they are about, are in messages.ts (orders and billing), account-messages.ts,
// staff-messages.ts, dispute-messages.ts and delivery-messages.ts; each returns what enqueueMail stores,
// and the caller enqueues it in the transaction of its event.
import type { AppConfig } from '../../config.ts';
import type { MailKind } from '@tm/shared/schemas/mail';
import type { NewMail } from './outbox.ts';
import { maskLink, sealLink, swapLink } from './sealed-links.ts';

export const PRODUCT = 'TransferLine';

export interface Body {
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

export function mail(config: AppConfig, kind: MailKind, to: string, userId: number | null, subject: string, b: Body, extra: Partial<NewMail> = {}): NewMail {
  return { kind, to, userId, subject, ...render(config, subject, b), ...extra };
}

/**
 * A message whose link opens an account (set-password, reset, e-mail change): stored with the link
 * masked and the link sealed (sealed-links.ts), so the outbox keeps no live token readable (issue 35 A5).
 */
export function secretLinkMail(
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
