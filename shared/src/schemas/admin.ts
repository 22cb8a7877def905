// Admin panel schemas of users (create, edit, the user page), shared by the portal forms and the API routes.
// The lists' query, the voice-AI appointments and the leads' schemas live beside it (admin-lists.ts,
// admin-appointments.ts, admin-leads.ts) and are exported from here too.
import { z } from 'zod';
import { ROLE_CHOICES, passwordSchema, type AccountProfile } from './auth.ts';
import type { MyLead } from './leads.ts';
import type { Page } from './paging.ts';
import type { PurchasedAppointment } from './dashboard.ts';
import type { AttributionView } from './attribution.ts';
import { US_STATE_CODES_50_DC } from '../us-states.ts';
import { formatUsd } from '../catalogue/index.ts';
import { US_STATE_MESSAGE } from './us-states.ts';
import { emailSchema, optionalUsState, required } from './admin-fields.ts';

export { ROLE_CHOICES };
export type Role = (typeof ROLE_CHOICES)[number];

/** User type choices of the create-user form: Basic User is isAdmin false, Admin User is isAdmin true. */
export const USER_TYPE_CHOICES = [
  { label: 'Basic User', isAdmin: false },
  { label: 'Admin User', isAdmin: true },
] as const;

/** The account form of docs/product/portal.md#admin-panel (create user). */
export const createUserSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  firstName: required('First name is required'),
  lastName: required('Last name is required'),
  agencyName: required('Agency name is required', 200),
  role: z.enum(ROLE_CHOICES, { error: 'Role is required' }),
  phone: required('Phone is required', 32),
  state: optionalUsState,
  isAdmin: z.boolean({ error: 'User type must be Basic User or Admin User' }).default(false),
});
export type CreateUserInput = z.input<typeof createUserSchema>;
export type CreateUserValues = z.output<typeof createUserSchema>;

export const LIVE_TRANSFER_PRICE_MESSAGE = 'Transfer price must be an amount in dollars such as 30 or 29.50';
export const LIVE_TRANSFER_PRICE_MIN_CENTS = 100;
export const LIVE_TRANSFER_PRICE_MAX_CENTS = 100_000;
export const LIVE_TRANSFER_PRICE_RANGE_MESSAGE = `Transfer price must be between ${formatUsd(LIVE_TRANSFER_PRICE_MIN_CENTS, { cents: true })} and ${formatUsd(LIVE_TRANSFER_PRICE_MAX_CENTS, { cents: true })}`;

/** "29.50", "$1,000", 30 -> cents, read as decimal text (never through floating point); null when not an amount. */
export function dollarsToCents(value: string | number): number | null {
  const text = (typeof value === 'number' ? String(value) : value).trim().replace(/^\$/, '').replace(/,/g, '');
  const m = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/**
 * The per-agent live-transfer price an admin sets, in dollars ("29.50"); empty or null: the catalogue
 * default. The server stores cents and prices every transfer order of that agent with it.
 */
export const liveTransferPriceSchema = z.union([z.string(), z.number(), z.null()], { error: LIVE_TRANSFER_PRICE_MESSAGE }).transform((v, ctx) => {
  if (v === null || (typeof v === 'string' && v.trim() === '')) return null;
  const cents = dollarsToCents(v);
  if (cents === null) {
    ctx.addIssue({ code: 'custom', message: LIVE_TRANSFER_PRICE_MESSAGE });
    return z.NEVER;
  }
  if (cents < LIVE_TRANSFER_PRICE_MIN_CENTS || cents > LIVE_TRANSFER_PRICE_MAX_CENTS) {
    ctx.addIssue({ code: 'custom', message: LIVE_TRANSFER_PRICE_RANGE_MESSAGE });
    return z.NEVER;
  }
  return cents;
});

/**
 * PATCH /api/admin/users/:userId: the fields an admin edits (each optional; only those sent change).
 * `liveTransferPrice` in dollars; null or "" goes back to the default price.
 */
export const updateUserSchema = z
  .object({
    email: emailSchema.optional(),
    firstName: required('First name is required').optional(),
    lastName: required('Last name is required').optional(),
    agencyName: required('Agency name is required', 200).optional(),
    role: z.enum(ROLE_CHOICES, { error: 'Role is required' }).optional(),
    phone: required('Phone is required', 32).optional(),
    // Absent: unchanged; "" or null: no state.
    state: z
      .string({ error: US_STATE_MESSAGE })
      .trim()
      .transform((v) => v.toUpperCase())
      .refine((v) => v === '' || US_STATE_CODES_50_DC.includes(v), US_STATE_MESSAGE)
      .transform((v) => v || null)
      .nullable()
      .optional(),
    liveTransferPrice: liveTransferPriceSchema.optional(),
  })
  .strict()
  .transform((v, ctx) => {
    const out: UpdateUserValues = {};
    for (const [k, val] of Object.entries(v)) if (val !== undefined) (out as Record<string, unknown>)[k] = val;
    if (Object.keys(out).length === 0) {
      ctx.addIssue({ code: 'custom', message: 'Nothing to change' });
      return z.NEVER;
    }
    return out;
  });
export type UpdateUserInput = z.input<typeof updateUserSchema>;
export interface UpdateUserValues {
  email?: string;
  firstName?: string;
  lastName?: string;
  agencyName?: string;
  role?: (typeof ROLE_CHOICES)[number];
  phone?: string;
  state?: string | null;
  /** Cents; null: the default price. */
  liveTransferPrice?: number | null;
}

export const changePasswordSchema = z.object({ password: passwordSchema });

/** POST /api/admin/users/:id/set-password-link: { email: true } also e-mails it to the user (the welcome e-mail). */
export const setPasswordLinkSchema = z.object({ email: z.boolean({ error: 'email must be true or false' }).default(false) }).default({ email: false });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** A user as the admin endpoints answer (never the password hash). */
export interface AdminUser extends AccountProfile {
  createdAt: string | null;
  /** When an admin deactivated the account (ISO), null while it is active. */
  deactivatedAt: string | null;
}

/** A user as the user page and the edit answer give them: with their live-transfer price. */
export interface AdminUserAccount extends AdminUser {
  /** The agent's own live-transfer price in cents; null: the catalogue default. */
  liveTransferPriceCents: number | null;
  /** What their next transfer order is priced at (their own price or the default). */
  effectiveLiveTransferPriceCents: number;
}

/** One order on the admin's user page. */
export interface AdminUserOrder {
  id: number;
  kind: string;
  description: string;
  count: number;
  amountCents: number;
  refundedCents: number;
  status: string;
  createdAt: string | null;
  paidAt: string | null;
}

/** GET /api/admin/users/:userId: the user page (their orders, balance, leads and appointments). */
export interface AdminUserDetail {
  user: AdminUserAccount;
  balance: {
    transfersRemaining: number;
    transfersPurchased: number;
    /** Billable calls, after credits. */
    transferSpendCents: number;
    creditedCents: number;
  };
  totals: { paidOrders: number; paidCents: number; refundedCents: number };
  /** Newest first, at most ADMIN_USER_PAGE_LIST; the totals count them all. */
  orders: AdminUserOrder[];
  ordersTotal: number;
  leads: MyLead[];
  leadsTotal: number;
  appointments: PurchasedAppointment[];
  appointmentsTotal: number;
  /** The ad touches that brought the account (its first paid order or sign-up, decision 232); null for none. */
  attribution: AttributionView | null;
}
export const ADMIN_USER_PAGE_LIST = 20;

/** POST /api/admin/users/:userId/deactivate by the admin on their own account (400). */
export const SELF_DEACTIVATION_MESSAGE = 'You cannot deactivate your own account';

export interface UserStats {
  totalUsers: number;
  adminUsers: number;
  basicUsers: number;
}

/** The one page type (schemas/paging.ts), under the name the admin lists import. */
export type { Page } from './paging.ts';

export interface UsersPage extends Page<AdminUser> {
  stats: UserStats;
}

export * from './admin-lists.ts';
export * from './admin-leads.ts';
export * from './admin-appointments.ts';
export { emailSchema } from './admin-fields.ts';
