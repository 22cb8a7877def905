// Buyers' transfer balances as the admin sees them (issue 36 point 6): each buyer's low-balance
// threshold, the list of buyers at or below theirs, and the open balance a deactivation may refund.
import { z } from 'zod';

export const LOW_BALANCE_DEFAULT = 5;
export const LOW_BALANCE_MAX = 10_000;
export const THRESHOLD_MESSAGE = `Threshold must be a whole number of transfers from 0 to ${LOW_BALANCE_MAX}`;

/** PUT /api/admin/users/:userId/low-balance-threshold. 0: never low (no e-mail, not listed). */
export const lowBalanceThresholdSchema = z.object({
  threshold: z.number({ error: THRESHOLD_MESSAGE }).int(THRESHOLD_MESSAGE).min(0, THRESHOLD_MESSAGE).max(LOW_BALANCE_MAX, THRESHOLD_MESSAGE),
});

/** POST /api/admin/users/:userId/deactivate: refundUnused also refunds every unused transfer to the card. */
export const deactivateUserSchema = z.object({
  refundUnused: z.boolean({ error: 'refundUnused must be true or false' }).optional().default(false),
});

export interface LowBalanceBuyer {
  userId: number;
  email: string;
  name: string;
  phone: string;
  /** Transfers left. */
  balance: number;
  threshold: number;
  /** When they last paid for transfers. */
  lastPaidAt: string | null;
}

export interface OpenBalanceLot {
  orderId: number;
  label: string;
  remaining: number;
  unitPriceCents: number;
  /** What refunding the unused transfers of this order returns (never more than is left to refund). */
  refundableCents: number;
}

export interface OpenBalance {
  userId: number;
  transfersRemaining: number;
  refundableCents: number;
  lots: OpenBalanceLot[];
}
