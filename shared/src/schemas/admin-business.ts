// The admin's business screens (issue 13 items 3 and 4): orders (list, filters, detail, refunds) and the
// inboxes (partner applications, agent-lab and RingCloud sign-ups). Shared by the portal and the API.
import { z } from 'zod';
import type { AttributionView } from './attribution.ts';
import { listQuerySchema, type Page } from './admin.ts';

// ---- Orders ----

/** What the admin sees as an order's status: a paid order with part of it refunded is "partially refunded". */
export const ADMIN_ORDER_STATUSES = ['pending', 'paid', 'failed', 'expired', 'refunded', 'partially_refunded', 'canceled'] as const;
export type AdminOrderStatus = (typeof ADMIN_ORDER_STATUSES)[number];
export const ADMIN_ORDER_STATUS_LABELS: Record<AdminOrderStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  failed: 'Failed',
  expired: 'Expired',
  refunded: 'Refunded',
  partially_refunded: 'Partially refunded',
  canceled: 'Canceled',
};

export const FULFILMENT_LABELS: Record<string, string> = { fulfilled: 'Fulfilled', partial: 'Partially fulfilled', owed: 'Owed' };

export const ORDER_PRODUCTS = ['transfer_package', 'live_transfer', 'ringcloud', 'leads', 'appointments'] as const;
export type OrderProduct = (typeof ORDER_PRODUCTS)[number];
export const ORDER_PRODUCT_LABELS: Record<OrderProduct, string> = {
  transfer_package: 'Transfer package',
  live_transfer: 'Live transfers (dashboard)',
  ringcloud: 'RingCloud',
  leads: 'Leads',
  appointments: 'Appointments',
};

const isoDay = (field: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`))), `${field} must be a date (YYYY-MM-DD)`);

/** GET /api/admin/orders (and .csv): filters by status, product, creation date (UTC days, both inclusive) and buyer. */
export const adminOrdersQuerySchema = listQuerySchema
  .extend({
    status: z
      .union([z.literal(''), z.enum(ADMIN_ORDER_STATUSES, { error: `status must be one of ${ADMIN_ORDER_STATUSES.join(', ')}` })])
      .optional()
      .transform((v) => (v ? v : undefined)),
    product: z
      .union([z.literal(''), z.enum(ORDER_PRODUCTS, { error: `product must be one of ${ORDER_PRODUCTS.join(', ')}` })])
      .optional()
      .transform((v) => (v ? v : undefined)),
    from: isoDay('from'),
    to: isoDay('to'),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from must not be after to', path: ['to'] });
export type AdminOrdersQuery = z.output<typeof adminOrdersQuerySchema>;

export interface AdminOrderBuyer {
  userId: number | null;
  name: string;
  email: string | null;
  phone: string | null;
  agencyName: string | null;
}

export interface AdminOrderItem {
  kind: string;
  itemId: number | null;
  quantity: number;
  unitPriceCents: number;
  amountCents: number;
  /** "Buyer's own price for TX" when the buyer's own price (decision 251) set it; null: the catalogue's. */
  priceBasis: string | null;
}

export interface AdminOrderSummary {
  id: number;
  buyer: AdminOrderBuyer;
  kind: string;
  product: string;
  description: string;
  count: number;
  amountCents: number;
  refundedCents: number;
  currency: string;
  status: AdminOrderStatus;
  /** fulfilled | partial | owed; null while unpaid. */
  fulfilmentStatus: string | null;
  quantityOwed: number;
  quantityDelivered: number;
  paymentIntentId: string | null;
  cardLast4: string | null;
  failureMessage: string | null;
  createdAt: string | null;
  paidAt: string | null;
  updatedAt: string | null;
}

export interface AdminOrderEvent {
  at: string | null;
  type: string;
  label: string;
  actor: string | null;
  detail: Record<string, unknown> | null;
}

export interface AdminRefund {
  id: number;
  amountCents: number;
  status: string;
  providerRefundId: string | null;
  reason: string | null;
  failureMessage: string | null;
  createdBy: string | null;
  createdAt: string | null;
  /** Transfers this refund took out of the agent's balance (0 for money-only refunds and other products). */
  transfersTakenBack: number;
  /** A goodwill refund: money back, no transfers taken back. */
  moneyOnly: boolean;
}

export interface AdminOrderDetail extends AdminOrderSummary {
  items: AdminOrderItem[];
  metadata: Record<string, unknown>;
  refunds: AdminRefund[];
  timeline: AdminOrderEvent[];
  /** The ad touches the buyer's browser kept when ordering (decision 232); null for none. */
  attribution: AttributionView | null;
  /** What can still be refunded (amount - refunded), in cents. */
  refundableCents: number;
  /** What the buyer paid after refunds (amount - refunded), in cents; 0 for an unpaid order. */
  netPaidCents: number;
  /** At most this much can be refunded as money only (the value of the unused transfers stays with them). */
  moneyOnlyRefundableCents: number;
  /**
   * At most this much can be refunded taking transfers back (transfer orders: only unused transfers can be
   * taken back, so a partly used order cannot have its whole remaining amount refunded this way).
   */
  transferRefundableCents: number;
  /** A pending order's hold on leads or appointments ends at this instant (ISO); null when it holds none. */
  holdExpiresAt: string | null;
  /** Transfers of this order still unused (transfer orders only): a refund can take back at most these. */
  transfers: { count: number; used: number; refunded: number; remaining: number } | null;
  /** An aged-lead order short of stock at payment: "69 of 100 delivered, $124.00 refunded" (issue 25 item 1). */
  shortfallNote: string | null;
}

export type AdminOrdersPage = Page<AdminOrderSummary>;

export const REFUND_REASON_MAX = 500;
export const REFUND_REASON_REQUIRED = 'A money-only refund needs a reason';

/** POST /api/admin/orders/:id/refunds: amountCents absent = everything not yet refunded. */
export const refundOrderSchema = z
  .object({
    amountCents: z
      .number({ error: 'amountCents must be a number of cents' })
      .int('amountCents must be a whole number of cents')
      .positive('The refund amount must be more than zero')
      .optional(),
    reason: z.string().trim().max(REFUND_REASON_MAX, `Must be at most ${REFUND_REASON_MAX} characters`).optional(),
    /**
     * A goodwill refund: money back for transfers already used, none taken back. Needs a reason.
     * Absent or false: the refund takes back the transfers its amount covers.
     */
    moneyOnly: z.boolean({ error: 'moneyOnly must be true or false' }).optional(),
    /** One key per refund action (the form makes one when it opens): repeats of it refund once. 8 to 64 characters. */
    idempotencyKey: z
      .string({ error: 'idempotencyKey is required' })
      .trim()
      .regex(/^[A-Za-z0-9_-]{8,64}$/, 'idempotencyKey must be 8 to 64 letters, digits, - or _'),
  })
  .refine((v) => !v.moneyOnly || !!v.reason, { message: REFUND_REASON_REQUIRED, path: ['reason'] });
export type RefundOrderInput = z.input<typeof refundOrderSchema>;

export interface RefundResult {
  refund: AdminRefund;
  /** True when this key's refund already existed (nothing new was refunded). */
  duplicate: boolean;
  order: AdminOrderDetail;
}

// ---- Partner applications ----

export const APPLICATION_STATUSES = ['new', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const applicationsQuerySchema = listQuerySchema.extend({
  status: z
    .union([z.literal(''), z.enum(APPLICATION_STATUSES, { error: 'status must be new, approved or rejected' })])
    .optional()
    .transform((v) => (v ? v : undefined)),
});

export const REVIEW_NOTE_MAX = 1000;
export const REJECT_NOTE_REQUIRED = 'Please give a reason for the rejection';
export const reviewApplicationSchema = z
  .object({
    status: z.enum(APPLICATION_STATUSES, { error: 'status must be new, approved or rejected' }),
    note: z.string().trim().max(REVIEW_NOTE_MAX, `Must be at most ${REVIEW_NOTE_MAX} characters`).optional().default(''),
  })
  .refine((v) => v.status !== 'rejected' || v.note.length > 0, { message: REJECT_NOTE_REQUIRED, path: ['note'] });
export type ReviewApplicationInput = z.input<typeof reviewApplicationSchema>;

export interface ApplicationFile {
  id: number;
  originalName: string;
  mimeType: string;
  sizeBytes: number;
  downloadUrl: string;
}

export interface PartnerApplicationSummary {
  id: number;
  businessName: string;
  contactName: string;
  email: string;
  phone: string;
  businessType: string;
  monthlyVolume: string;
  status: ApplicationStatus;
  fileCount: number;
  createdAt: string | null;
}

export interface PartnerApplicationDetail extends PartnerApplicationSummary {
  website: string;
  experienceYears: string;
  servicesInterested: string[];
  targetMarkets: string;
  businessDescription: string;
  whyPartner: string;
  reviewNote: string | null;
  reviewedAt: string | null;
  reviewedBy: string | null;
  files: ApplicationFile[];
}

// ---- Sign-ups (agent lab and RingCloud) ----

export const SIGNUP_SOURCES = ['agent-lab', 'ringcloud'] as const;
export type SignupSource = (typeof SIGNUP_SOURCES)[number];
export const SIGNUP_SOURCE_LABELS: Record<SignupSource, string> = { 'agent-lab': 'Agent lab', ringcloud: 'RingCloud' };

/** The admin's follow-up of a sign-up. */
export const SIGNUP_STATUSES = ['new', 'contacted', 'onboarded'] as const;
export type SignupStatus = (typeof SIGNUP_STATUSES)[number];
export const SIGNUP_STATUS_LABELS: Record<SignupStatus, string> = { new: 'New', contacted: 'Contacted', onboarded: 'Onboarded' };
const SIGNUP_STATUS_MESSAGE = 'status must be new, contacted or onboarded';

export const signupsQuerySchema = listQuerySchema.extend({
  source: z
    .union([z.literal(''), z.enum(SIGNUP_SOURCES, { error: 'source must be agent-lab or ringcloud' })])
    .optional()
    .transform((v) => (v ? v : undefined)),
  status: z
    .union([z.literal(''), z.enum(SIGNUP_STATUSES, { error: SIGNUP_STATUS_MESSAGE })])
    .optional()
    .transform((v) => (v ? v : undefined)),
});

/** PUT /api/admin/signups/:id/status */
export const signupStatusSchema = z.object({ status: z.enum(SIGNUP_STATUSES, { error: SIGNUP_STATUS_MESSAGE }) });
export type SignupStatusInput = z.infer<typeof signupStatusSchema>;

export interface Signup {
  /** The survey's id. */
  id: number;
  source: SignupSource;
  /** The admin's follow-up: new, contacted or onboarded. */
  status: SignupStatus;
  /** The account of this sign-up: the one made from it, else the one with its e-mail; null when none. */
  userId: number | null;
  name: string;
  email: string;
  phone: string;
  agencyName: string;
  username: string | null;
  createdAt: string | null;
  /** What they asked for, in words: lead type and the amounts of that type. */
  request: { label: string; value: string }[];
  /** The account's owner has chosen a password (RingCloud: at sign-up; agent lab: through a set-password link). */
  passwordSet: boolean;
}
