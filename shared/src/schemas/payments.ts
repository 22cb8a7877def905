// Payment endpoints: what the checkouts send and what the API answers.
// The browser sends tiers and counts; the server computes the amount (an `amount` that disagrees is refused).
import { z } from 'zod';
import { TIER_IDS } from '../catalogue/index.ts';
import { AGED_LEAD_AGE_RANGES } from '../logic/pricing.ts';
import { emailSchema, phoneSchema } from './funnel.ts';
import { attributionField } from './attribution.ts';

export const PACKAGE_TIERS = [...TIER_IDS, 'high-volume'] as const;

/**
 * Who is buying (issue 13): an anonymous funnel buyer gives these before payment; the server links the
 * order to the account with that e-mail or makes one without a password. A logged-in agent's come from
 * the session (the body's are ignored).
 */
export const checkoutBuyerSchema = z.object({
  firstName: z.string({ error: 'First name is required' }).trim().min(1, 'First name is required').max(100, 'First name is too long'),
  lastName: z.string({ error: 'Last name is required' }).trim().min(1, 'Last name is required').max(100, 'Last name is too long'),
  email: emailSchema,
  phone: phoneSchema,
  agencyName: z
    .preprocess((v) => (v === null || v === undefined ? '' : v), z.string({ error: 'Agency name is too long' }).trim().max(200, 'Agency name is too long'))
    .optional(),
});
export type CheckoutBuyer = z.output<typeof checkoutBuyerSchema>;
export type CheckoutBuyerInput = z.input<typeof checkoutBuyerSchema>;

const count = (field: string) => z.number({ error: `${field} must be a number` }).int(`${field} must be a whole number`);

/**
 * POST /api/create-payment-intent. Standard page: { amount, callCount } (?tier=special sends tier 'special');
 * tiered pages add tier; RingCloud sends { amount, packageType, calls, callCount: 1, tier: 'ringcloud' }
 * plus surveyId and ageRange. `amount` is the page's total in dollars: optional, and refused (400) when it
 * disagrees with the server's price.
 */
export const createPaymentIntentSchema = z.object({
  callCount: count('callCount').optional(),
  amount: z.number({ error: 'amount must be a number' }).nonnegative('amount must not be negative').optional(),
  tier: z.enum([...PACKAGE_TIERS, 'ringcloud'], { error: 'Unknown pricing tier' }).optional(),
  packageType: z.string().max(100).optional(),
  calls: count('calls').optional(),
  ageRange: z
    .enum(AGED_LEAD_AGE_RANGES as [string, ...string[]], { error: 'Please select an age range' })
    .optional()
    .nullable(),
  surveyId: z.number().int().positive().optional(),
  // The buyer (checked by checkoutBuyerSchema when nobody is logged in; ignored when someone is).
  firstName: z.unknown().optional(),
  lastName: z.unknown().optional(),
  email: z.unknown().optional(),
  phone: z.unknown().optional(),
  agencyName: z.unknown().optional(),
  // The ad touches the browser kept (decision 232): cut by the server, never refused.
  attribution: attributionField,
});
export type CreatePaymentIntentInput = z.infer<typeof createPaymentIntentSchema>;

export interface CreatePaymentIntentResponse {
  clientSecret: string;
  orderId: number;
  /** Integer cents. */
  amount: number;
  currency: 'usd';
  testMode: boolean;
}

export interface PublicKeyResponse {
  /** null in test-payment mode (no Stripe keys): the checkout shows the test card form. */
  publicKey: string | null;
  testMode: boolean;
}

export type OrderStatusView = 'pending' | 'paid' | 'failed' | 'canceled' | 'expired' | 'refunded';

/** An order's figures as every view of an order gives them (the return pages, the transfer receipt). */
export interface OrderFigures {
  orderId: number;
  kind: string;
  tier: string | null;
  count: number;
  unitPriceCents: number;
  amountCents: number;
  currency: string;
  createdAt: string | null;
  paidAt: string | null;
  testMode: boolean;
}

/** GET /api/orders/by-intent/:id: what the return pages show, read from the server. */
export interface OrderView extends OrderFigures {
  status: OrderStatusView;
  failureMessage: string | null;
  /** fulfilled | partial | owed once paid; null while unpaid. */
  fulfilmentStatus: 'fulfilled' | 'partial' | 'owed' | null;
  quantityDelivered: number;
  quantityOwed: number;
  /** Integer cents refunded so far (an aged-lead order short of stock is refunded the missing leads at once). */
  refundedCents: number;
  /** "69 of 100 delivered, $124.00 refunded" when stock fell short at payment; null otherwise. */
  shortfallNote: string | null;
}

/** POST /api/orders/check: the return pages ask about their payment (the intent id is the capability). */
export const orderCheckSchema = z.object({
  paymentIntentId: z
    .string({ error: 'paymentIntentId is required' })
    .trim()
    .regex(/^pi_[A-Za-z0-9_]{1,200}$/, 'paymentIntentId is not a payment id'),
});

/** POST /api/test-payments/confirm: test-payment mode only (never mounted with real Stripe keys). */
export const testConfirmSchema = z.object({
  clientSecret: z.string({ error: 'clientSecret is required' }).min(1, 'clientSecret is required').max(300),
  cardNumber: z
    .string({ error: 'Card number is required' })
    .transform((s) => s.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'Your card number is incomplete.')),
  expiry: z
    .string({ error: 'Expiry date is required' })
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*(\d{2}|\d{4})$/, "Your card's expiration date is incomplete."),
  cvc: z
    .string({ error: 'CVC is required' })
    .trim()
    .regex(/^\d{3,4}$/, "Your card's security code is incomplete."),
  returnUrl: z.string().max(2000).optional(),
  billingDetails: z.object({ name: z.string().max(200).optional(), email: z.string().max(254).optional(), phone: z.string().max(40).optional() }).optional(),
});
export type TestConfirmInput = z.input<typeof testConfirmSchema>;

export interface TestConfirmResponse {
  /** The confirmed intent's id (a SetupIntent's seti_ id when the form saved a card). */
  paymentIntentId: string;
  status: string;
}

/** POST /api/admin/orders/:id/deliveries: call-backs delivered outside the caller system. */
export const orderDeliveriesSchema = z.object({
  count: z
    .number({ error: 'Enter a whole number of at least 1' })
    .int('Enter a whole number of at least 1')
    .min(1, 'Enter a whole number of at least 1')
    .max(100000, 'Enter at most 100000'),
});

/** The fulfilment of an order as the admin routes answer it. */
export interface OrderFulfilmentView {
  orderId: number;
  fulfilmentStatus: 'fulfilled' | 'partial' | 'owed' | null;
  quantityDelivered: number;
  quantityOwed: number;
}
