// The agent's transfer lists (calls, balance and lots) and the ledger with its receipts.
import { z } from 'zod';
import type { PauseReason } from '../logic/transfer-rules.ts';
import type { OrderFigures } from './payments.ts';
import type { Page } from './paging.ts';
import type { ReceiptItemLines } from './receipt-lines.ts';
import type { DisputeSummary } from './transfer-disputes.ts';
import { MAX_TRANSFERS_PAGE_SIZE, TRANSFERS_PAGE_SIZE, dateParam, intParam, stateCode, type CallStatus } from './transfer-fields.ts';

/** GET /api/transfers and its CSV: dates are calendar dates in the agent's time zone, both included. */
export const transfersQuerySchema = z
  .object({
    from: dateParam('From'),
    to: dateParam('To'),
    state: z.preprocess((v) => (Array.isArray(v) ? v[0] : v) || undefined, stateCode('State must be a two-letter US state code such as FL').optional()),
    billing: z.preprocess(
      (v) => (Array.isArray(v) ? v[0] : v) || undefined,
      z.enum(['billed', 'no_charge', 'credited'], { error: 'Unknown billing filter' }).optional(),
    ),
    page: intParam(1, 1, 1_000_000, 'Page'),
    pageSize: intParam(TRANSFERS_PAGE_SIZE, 1, MAX_TRANSFERS_PAGE_SIZE, 'Page size'),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { path: ['to'], message: 'To must not be before From' });
export type TransfersQuery = z.output<typeof transfersQuerySchema>;

/** The one page type (schemas/paging.ts), under the name the transfer lists import. */
export type Paged<T> = Page<T>;

export interface TransferCallView {
  id: number;
  callId: string;
  source: 'callback' | 'manual';
  callerName: string;
  callerPhone: string;
  state: string;
  startedAt: string;
  endedAt: string;
  durationSeconds: number;
  recordingUrl: string | null;
  transcript: string | null;
  billable: boolean;
  status: CallStatus;
  chargeCents: number;
  /** 'No charge: under buffer', or why a short call was billed anyway. */
  billingNote: string | null;
  bufferSeconds: number;
  orderId: number | null;
  recordedAt: string;
  dispute: DisputeSummary | null;
  disputeDeadline: string | null;
  canDispute: boolean;
}

export interface TransfersPage extends Paged<TransferCallView> {
  timeZone: string;
}

export interface TransferLotView {
  orderId: number;
  kind: string;
  tier: string | null;
  label: string;
  paidAt: string | null;
  /** Transfers the lot holds now (bought less those refunded). */
  count: number;
  used: number;
  remaining: number;
  /** Transfers the order bought. */
  bought: number;
  /** Transfers taken back by refunds. */
  refunded: number;
  unitPriceCents: number;
  bufferSeconds: number;
}

export interface TransferBalanceView {
  /** Transfers left across every paid order. */
  remaining: number;
  purchased: number;
  lots: TransferLotView[];
  billedCount: number;
  noChargeCount: number;
  creditedCount: number;
  /** Charged and not credited back. */
  spentCents: number;
  creditedCents: number;
  pausedNow: boolean;
  pausedReason: PauseReason | null;
  resumeDate: string | null;
}

export type LedgerEntryType = 'purchase' | 'credit' | 'refund';

export interface LedgerEntry {
  /** Stable id: 'order-12', 'credit-7', 'refund-12'. */
  id: string;
  at: string;
  type: LedgerEntryType;
  orderId: number | null;
  disputeId: number | null;
  description: string;
  /** Transfers added to the balance (0 for orders that are not transfers). */
  transfers: number;
  /** Money paid (purchase), or the value credited back or refunded. */
  amountCents: number;
  receiptPath: string | null;
}

/** A refund on a receipt: what went back to the card and what it took out of the balance. */
export interface ReceiptRefund {
  id: number;
  amountCents: number;
  at: string | null;
  /** Transfers taken back (0 for a money-only refund). */
  transfers: number;
  /** A goodwill refund: money back, no transfers taken back. */
  moneyOnly: boolean;
}

/** A receipt's status: paid, partly refunded, or refunded in full. */
export type ReceiptStatus = 'paid' | 'partially_refunded' | 'refunded';
export const RECEIPT_STATUS_LABELS: Record<ReceiptStatus, string> = {
  paid: 'Paid',
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
};

export interface ReceiptView extends OrderFigures, ReceiptItemLines {
  status: ReceiptStatus;
  description: string;
  /** What the unit price was (decision 186): "Standard tier, public price", "Agent rate", "Your negotiated price". */
  priceBasis: string | null;
  paymentReference: string | null;
  /** An auto-rebill top-up: that it was charged automatically, and to which card (decision 246); null otherwise. */
  automaticCharge: string | null;
  buyer: { name: string; email: string; agencyName: string; phone: string };
  /** Every refund of the order, oldest first. */
  refunds: ReceiptRefund[];
  refundedCents: number;
  /** What the buyer paid after refunds (amount - refunded). */
  netPaidCents: number;
  transfers: { bufferSeconds: number; used: number; remaining: number; credits: number; refunded: number } | null;
}
