// The agent dashboard's forms and payloads: the live-transfer order (docs/product/portal.md#agent-dashboard), the
// appointment cart checkout and its confirmation, and the shapes the appointment API answers.
import { z } from 'zod';
import { LIVE_TRANSFER_ORDER } from '../catalogue/index.ts';
import { usStateChoiceSchema } from './us-states.ts';
import { parseTransferHours } from '../logic/transfer-hours.ts';
import { pageSchema } from './paging.ts';

export const TRANSFER_HOURS_MESSAGE = 'Enter your hours as a start and an end, such as 9am-5pm EST';

export const LIVE_TRANSFER_LEAD_TYPE = 'Live Transfers';
export const WORKING_STATES_REQUIRED = 'Please specify working states';
export const MAX_CART_APPOINTMENTS = 100;
export const EMPTY_CART_MESSAGE = 'Please add appointments to cart before checkout.';

export const transferOrderSchema = z.object({
  totalTransfers: z
    .number({ error: 'Must be at least 1 transfer' })
    .int('Must be a whole number of transfers')
    .min(1, 'Must be at least 1 transfer')
    .max(LIVE_TRANSFER_ORDER.maxCount, `Must be at most ${LIVE_TRANSFER_ORDER.maxCount} transfers`),
  callsPerDay: z
    .number({ error: 'Must be at least 1 call per day' })
    .int('Must be a whole number of calls')
    .min(1, 'Must be at least 1 call per day')
    .max(LIVE_TRANSFER_ORDER.maxCount, `Must be at most ${LIVE_TRANSFER_ORDER.maxCount} calls per day`),
  /** Read into Transfer Controls' hours when the order is paid (issue 25 item 2), so it must name a start and an end. */
  transferHours: z
    .string({ error: 'Please specify transfer hours' })
    .trim()
    .min(1, 'Please specify transfer hours')
    .max(200, 'Transfer hours are too long')
    .refine((v) => parseTransferHours(v) !== null, TRANSFER_HOURS_MESSAGE),
  transferPhone: z
    .string({ error: 'Phone number must be at least 10 digits' })
    .trim()
    .min(10, 'Phone number must be at least 10 digits')
    .max(32, 'Phone number is too long'),
  /** Chosen from the 50 states and DC (codes as a list, or "TX, FL" text); kept on the order as "TX, FL". */
  workingStates: usStateChoiceSchema(WORKING_STATES_REQUIRED).transform((codes) => codes.join(', ')),
});
/** The order as the server takes it (working states as "TX, FL"). */
export type TransferOrderInput = z.output<typeof transferOrderSchema>;
/** The order form's values: the working states are the chosen codes. */
export type TransferOrderFormValues = Omit<TransferOrderInput, 'workingStates'> & { workingStates: string[] };

/** What POST /api/call-transfer-order answers: the server priced it. */
export interface TransferOrderCreated {
  orderId: number;
  clientSecret: string;
  paymentIntentId: string;
  /** Integer cents. */
  amount: number;
  unitPriceCents: number;
  /** The total as a plain decimal, e.g. "1400.00". */
  totalPrice: string;
  testMode: boolean;
}

/** The pending transfer order kept in browser storage for /transfer-checkout. */
export const PENDING_TRANSFER_ORDER_KEY = 'pendingTransferOrder';
export interface PendingTransferOrder {
  clientSecret: string;
  totalPrice: string;
  transferDetails: { totalTransfers: number; transfersPerDay: number; states: string };
}

/** GET /api/user-survey: what prefills the order form (nulls when the agent has no survey). */
export interface UserSurvey {
  totalTransfers: number | null;
  transfersPerDay: number | null;
  callsPerDay: number | null;
  transferHours: string | null;
  workingStates: string | null;
  phone: string | null;
}

export const appointmentCheckoutSchema = z.object({
  appointmentIds: z
    .array(z.number({ error: 'Appointment ids must be numbers' }).int().positive(), { error: EMPTY_CART_MESSAGE })
    .min(1, EMPTY_CART_MESSAGE)
    .max(MAX_CART_APPOINTMENTS, `At most ${MAX_CART_APPOINTMENTS} appointments can be bought at once`)
    .refine((ids) => new Set(ids).size === ids.length, 'An appointment is in the cart twice'),
});

/** What opening a checkout answers (POST /api/bulk-purchase-leads, /api/vapi/create-appointment-payment): the server priced it. */
export const checkoutCreatedSchema = z.object({
  orderId: z.number().int().positive(),
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  /** Integer cents, computed by the server. */
  amount: z.number().int().nonnegative(),
  testMode: z.boolean(),
});
export type CheckoutCreated = z.infer<typeof checkoutCreatedSchema>;

/** What asking whether a paid checkout is recorded answers (.../confirm): the items now the buyer's. */
export const purchaseConfirmationSchema = z.object({
  success: z.literal(true),
  recorded: z.literal(true),
  orderId: z.number().int().positive(),
  status: z.literal('paid'),
  /** The leads or appointments now owned by the buyer (empty for transfers). */
  itemIds: z.array(z.number().int().positive()),
});
export type PurchaseConfirmation = z.infer<typeof purchaseConfirmationSchema>;

/** What closing the payment form answers (.../cancel): the order's status after it. */
export const checkoutCancelledSchema = z.object({ status: z.string() });

/**
 * An appointment for sale (GET /api/vapi/available-appointments): masked name and phone, a transcript
 * tail, not the whole call. One name per value (decision 260): the price is `priceCents` only.
 */
export const appointmentForSaleSchema = z.object({
  id: z.number().int().positive(),
  customerName: z.string(),
  customerPhone: z.string(),
  customerState: z.string().nullable(),
  callStatus: z.string(),
  /** 0..1 */
  extractionConfidence: z.number().nullable(),
  verified: z.boolean(),
  createdAt: z.string().nullable(),
  callDate: z.string().nullable(),
  extractedAppointmentDateTime: z.string().nullable(),
  appointmentDate: z.string().nullable(),
  extractedAppointmentTime: z.string().nullable(),
  callDuration: z.number().nullable(),
  leadQuality: z.string().nullable(),
  /**
   * A link to the recording's last 90 seconds (cut by the server); null when there is no recording or
   * it is kept elsewhere (then `hasRecording` says one comes with the purchase).
   */
  recordingUrl: z.string().nullable(),
  hasRecording: z.boolean(),
  /** The last 500 characters of the transcript. */
  transcriptPreview: z.string(),
  notes: z.string().nullable(),
  followUpRequired: z.boolean(),
  /** Integer cents: the viewing agent's price, computed by the server. */
  priceCents: z.number().int().nonnegative(),
});
export type AppointmentForSale = z.infer<typeof appointmentForSaleSchema>;
/** One page of appointments for sale. */
export const appointmentsForSalePageSchema = pageSchema(appointmentForSaleSchema);

/**
 * How an appointment or lead an admin gave the agent for free is labelled everywhere, in place of a price:
 * My Appointments, My Leads, the admin's user page, Results and every CSV (issue 34 item 4, decision 248).
 */
export const ASSIGNED_LABEL = 'Assigned free';

/** An appointment the agent bought: everything. */

export interface PurchasedAppointment {
  id: number;
  customerName: string;
  customerPhone: string;
  customerEmail: string | null;
  customerState: string | null;
  callStatus: string;
  purchasedAt: string | null;
  callDate: string | null;
  /** What the agent paid, integer cents: 0 when assigned (one name per value, decision 260). */
  priceCents: number;
  /** Assigned for free by an admin (shown "Assigned free"), not bought. */
  assigned: boolean;
  hasExtractedAppointment: boolean;
  /** Percent, 0..100. */
  extractionConfidence: number | null;
  extractedAppointmentDateTime: string | null;
  appointmentDate: string | null;
  extractedAppointmentDate: string | null;
  extractedAppointmentTime: string | null;
  callDuration: number | null;
  recordingUrl: string | null;
  transcript: string | null;
  extractedAppointmentInfo: string | Record<string, unknown> | null;
  summary: string | null;
  notes: string | null;
  leadQuality: string | null;
  followUpRequired: boolean;
}

/** GET /api/vapi/all-appointments: the agent's view of both lists, as counts. */
export interface AppointmentsOverview {
  availableCount: number;
  purchasedCount: number;
}

/** Verified badge: confidence at least 0.7 in the list for sale, above 70 (percent) in My Appointments. */
export const VERIFIED_CONFIDENCE = 0.7;
export const VERIFIED_PERCENT = 70;
export const isVerifiedForSale = (c: number | null | undefined) => typeof c === 'number' && c >= VERIFIED_CONFIDENCE;
export const isVerifiedOwned = (percent: number | null | undefined) => typeof percent === 'number' && percent > VERIFIED_PERCENT;

/**
 * Onboarding answers sent with a payment for an account that payment did not create (issue 34 item 3):
 * kept, and offered to the agent at the next login ("Apply these settings?"). GET /api/settings-offer.
 */
export interface SettingsOfferView {
  offer: {
    id: number;
    workingStates: string;
    transferHours: string | null;
    callsPerDay: number | null;
    /** What applying them changes in Transfer Controls (empty: nothing). */
    changes: import('../logic/order-settings.ts').SettingsChange[];
  } | null;
}
