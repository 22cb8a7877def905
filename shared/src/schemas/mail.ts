// E-mail (decision 045): the kinds of message the product sends, which of them an agent may turn off
// (receipts and account/security messages always go), the forgot-password form and the admin outbox view.
import { z } from 'zod';
import { emailMatchParam } from './email-match.ts';
import { usStateCodeSchema } from './us-states.ts';
import type { Page } from './paging.ts';

export const MAIL_KINDS = [
  'order-receipt',
  'order-refund',
  'payment-failed',
  'account-created',
  'password-reset',
  'password-changed',
  'welcome',
  'email-change',
  'partner-application',
  'partner-decision',
  'dispute-received',
  'dispute-decided',
  'balance-low',
  'balance-empty',
  'auto-rebill-action',
  'leads-assigned',
  'controls-changed',
  'appointments-assigned',
  'appointment-purchased',
  'signup-attempt',
  'staff-dispute',
  'staff-partner-application',
  'staff-signup',
  'checkout-reminder',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** The messages an agent may turn off, with their labels on the Profile page. */
export const OPTIONAL_MAIL_KINDS = {
  'dispute-received': 'Dispute received',
  'dispute-decided': 'Dispute decided',
  'balance-low': 'Balance low (5 transfers left)',
  'balance-empty': 'Balance empty (deliveries paused)',
  'leads-assigned': 'Leads assigned to me',
  'staff-dispute': 'Staff alert: a transfer dispute arrives',
  'staff-partner-application': 'Staff alert: a partner application arrives',
  'staff-signup': 'Staff alert: a sign-up arrives',
} as const satisfies Partial<Record<MailKind, string>>;
export type OptionalMailKind = keyof typeof OPTIONAL_MAIL_KINDS;
/**
 * Staff alerts (issue 26): sent to admins only, each admin choosing on the Profile page (on until they
 * turn it off, as every optional e-mail). Agents are not offered them.
 */
export const STAFF_ALERT_KINDS = ['staff-dispute', 'staff-partner-application', 'staff-signup'] as const satisfies readonly OptionalMailKind[];
export type StaffAlertKind = (typeof STAFF_ALERT_KINDS)[number];
/** The optional e-mails a user is offered: staff alerts for admins only. */
export function optionalMailKindsFor(isAdmin: boolean): Partial<Record<OptionalMailKind, string>> {
  return Object.fromEntries(Object.entries(OPTIONAL_MAIL_KINDS).filter(([k]) => isAdmin || !(STAFF_ALERT_KINDS as readonly string[]).includes(k))) as Partial<
    Record<OptionalMailKind, string>
  >;
}
export const isOptionalMailKind = (k: string): k is OptionalMailKind => Object.hasOwn(OPTIONAL_MAIL_KINDS, k);

export const FORGOT_PASSWORD_ANSWER = 'If an account uses this e-mail, we have sent it a link to set a new password. The link works once, for 1 hour.';
export const FORGOT_PASSWORD_RATE_MESSAGE = 'Too many requests. Please wait 15 minutes and try again.';
export const PASSWORD_RESET_LINK_TTL_MS = 60 * 60 * 1000;

export const forgotPasswordSchema = z.object({
  email: z
    .string({ error: 'Enter your e-mail' })
    .trim()
    .toLowerCase()
    .min(1, 'Enter your e-mail')
    .max(254, 'E-mail is too long')
    .pipe(z.email({ error: 'Enter a valid e-mail' })),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const outboxQuerySchema = z.object({
  status: z.enum([...OUTBOX_STATUSES, 'all']).default('all'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  /** The recipient's address, whole (`emailMatch=exact`, the default) or a part of it ("jane@", "example.com"). */
  to: z.preprocess((v) => (typeof v === 'string' ? v.trim() : ''), z.string().max(200, 'To must be at most 200 characters')),
  emailMatch: emailMatchParam,
});

/** One message as the admin previews it (the text part; the HTML part says the same). */
export interface OutboxMessage extends OutboxItem {
  text: string;
  /** A resend of this message (a copy) made from it, when there was one. */
  resentFromId?: number | null;
}

export interface OutboxItem {
  id: number;
  kind: string;
  to: string;
  subject: string;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  nextAttemptAt: string | null;
}
export type OutboxPage = Page<OutboxItem>;

const optionalKinds = Object.keys(OPTIONAL_MAIL_KINDS) as [OptionalMailKind, ...OptionalMailKind[]];
export const mailPreferencesSchema = z.object({
  optOut: z.array(z.enum(optionalKinds, { error: 'Receipts and account e-mails cannot be turned off' }), { error: 'optOut must be a list' }).max(20),
});
export type MailPreferences = z.infer<typeof mailPreferencesSchema>;

export const CURRENT_PASSWORD_WRONG = 'Current password is incorrect';

export const STATE_REQUIRED = 'State is required';

const text = (message: string, max = 100) => z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);

/** The Profile page's details (the e-mail changes through a confirmation link instead). */
export const profileSchema = z.object({
  firstName: text('First name is required'),
  lastName: text('Last name is required'),
  agencyName: text('Agency name is required', 200),
  phone: text('Phone is required', 32).refine((v) => v.replace(/\D/g, '').length >= 10, 'Enter a phone number with at least 10 digits'),
  // Required on the Profile form (spec: State is required), then one of the 50 states and DC.
  state: z.string({ error: STATE_REQUIRED }).trim().min(1, STATE_REQUIRED).pipe(usStateCodeSchema),
});
export type ProfileInput = z.input<typeof profileSchema>;

export const emailChangeSchema = z.object({
  currentPassword: z.string({ error: 'Enter your current password' }).min(1, 'Enter your current password').max(200, CURRENT_PASSWORD_WRONG),
  email: z
    .string({ error: 'Enter the new e-mail' })
    .trim()
    .toLowerCase()
    .min(1, 'Enter the new e-mail')
    .max(254, 'E-mail is too long')
    .pipe(z.email({ error: 'Enter a valid e-mail' })),
});
export const EMAIL_CHANGE_SENT = 'We sent a confirmation link to the new address. Your e-mail changes when you open it (within 24 hours).';
export const EMAIL_CHANGE_INVALID = 'This confirmation link is invalid or has expired.';
export const EMAIL_TAKEN = 'This e-mail is already used by another account';
export const EMAIL_UNDO_INVALID = 'This undo link is invalid, was already used, or has expired.';
export const EMAIL_CHANGE_RATE_MESSAGE = 'Too many e-mail change requests. Please wait an hour and try again.';
