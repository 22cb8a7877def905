// Abandoned checkouts (issue 36 point 7): unpaid orders (pending, or expired unpaid) with when they
// expire or expired, the buyer's e-mail and the product, and the admin's re-sent checkout link.
import type { Page } from './paging.ts';

/** One checkout-link e-mail per buyer in this window. */
export const CHECKOUT_RESEND_WINDOW_MS = 24 * 60 * 60 * 1000;
export const resendLimitMessage = (nextAt: string) => `A checkout link was already sent to this buyer in the last 24 hours. Try again after ${nextAt}.`;
export const NOT_ABANDONED_MESSAGE = 'Only unpaid (pending or expired) orders can get a checkout link.';
export const NO_BUYER_MESSAGE = 'This order has no buyer account to send the link to.';

export interface AbandonedCheckout {
  orderId: number;
  status: 'pending' | 'expired';
  createdAt: string;
  /** When a pending order expires, or when an expired one did (created + the pending-order lifetime). */
  expiresAt: string;
  email: string | null;
  userId: number | null;
  product: string;
  amountCents: number;
  /** The page the link opens: this product's checkout. */
  checkoutUrl: string;
  /** The last checkout link sent to this buyer, if any. */
  lastLinkSentAt: string | null;
}
export type AbandonedCheckoutsPage = Page<AbandonedCheckout>;
