// How much a refund of a transfer order may give back (decision 160, issue 34 item 6): the dialog's bounds and
// the refund path's check read the same rule.
import { refundedTransfers } from '../transfers/lots.service.ts';

/** What a money-only refund may give back: what is left, less the value of the unused transfers (decision 160). */
export function moneyOnlyCap(refundableCents: number, unused: number, unitPriceCents: number): number {
  return Math.max(0, refundableCents - unused * unitPriceCents);
}

/**
 * The most a refund that takes transfers back may give (issue 34 item 6): the server's own rule in
 * admin-refunds.service.ts (a refund of x takes ceil((taking + x) / unit) transfers in all, never more than
 * are unused), solved for x. The dialog's default and bounds come from it, so it never offers a refund the
 * server refuses.
 */
export function transferRefundCap(
  refundableCents: number,
  refunds: Array<{ amountCents: number; status: string; moneyOnly: boolean }>,
  transfers: { remaining: number },
  count: number,
  unitPriceCents: number,
): number {
  if (unitPriceCents <= 0) return refundableCents;
  const taking = refunds.filter((r) => !r.moneyOnly && (r.status === 'pending' || r.status === 'succeeded')).reduce((sum, r) => sum + r.amountCents, 0);
  const takenBefore = refundedTransfers(taking, unitPriceCents, count);
  return Math.max(0, Math.min(refundableCents, (takenBefore + transfers.remaining) * unitPriceCents - taking));
}
