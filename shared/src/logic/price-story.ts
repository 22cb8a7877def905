// One price story for live transfers (decision 186), told the same way by the funnel, the portal's
// Buy Call Transfers, the receipt (page and e-mail) and the admin's user page:
// - the pricing page's tiers are public package prices, chosen by calls per day (Standard $40.00 ...);
// - an agent with an account orders more from their dashboard at their own price: the price their
//   account manager negotiated for them when there is one, else the agent rate (DECISIONS 1: 35.00).
// So a buyer who paid $40.00 on the public Standard tier sees "$35.00, the agent rate" in the portal,
// with the reason beside it; the receipt of each order says which of the prices it was bought at.
import { LIVE_TRANSFER_DEFAULT_PRICE_CENTS, TIERS, formatUsd, type TierId } from '../catalogue/index.ts';

export type TransferPriceSource = 'negotiated' | 'agent-rate';

export interface DashboardTransferPrice {
  cents: number;
  source: TransferPriceSource;
}

/** The price of live transfers ordered from the dashboard, and where it comes from. */
export function dashboardTransferPrice(ownCents: number | null | undefined): DashboardTransferPrice {
  return ownCents === null || ownCents === undefined
    ? { cents: LIVE_TRANSFER_DEFAULT_PRICE_CENTS, source: 'agent-rate' }
    : { cents: ownCents, source: 'negotiated' };
}

export const PRICE_SOURCE_LABEL: Record<TransferPriceSource, string> = {
  negotiated: 'Your negotiated price',
  'agent-rate': 'Agent rate',
};

const lowestTier = () => Object.values(TIERS).reduce((a, b) => (b.rateCents < a.rateCents ? b : a));
const money = (cents: number) => formatUsd(cents, { cents: true });

/** What follows the price's label (PRICE_SOURCE_LABEL): where it comes from, and how it relates to the public tiers. */
export function priceSourceNote(p: DashboardTransferPrice): string {
  const low = lowestTier();
  const tiers = `The public tiers on our pricing page (${TIERS.standard.label} ${money(TIERS.standard.rateCents)} down to ${low.label} ${money(low.rateCents)}) are package prices for buying there, by calls per day.`;
  return p.source === 'negotiated'
    ? `Set for your account by your account manager, for every transfer you order here. ${tiers}`
    : `Every agent with an account orders here at ${money(p.cents)} a transfer, any quantity. ${tiers}`;
}

/** What a receipt says the unit price was: the public tier, the agent rate or the negotiated price. */
export function orderPriceBasis(order: { kind: string; tier: string | null; priceSource?: TransferPriceSource | null }): string | null {
  if (order.kind === 'transfer_package') {
    const tier = order.tier && order.tier in TIERS ? TIERS[order.tier as TierId] : null;
    return tier ? `${tier.label} tier, public price` : order.tier === 'high-volume' ? 'High-volume band, public price' : 'Public package price';
  }
  if (order.kind === 'live_transfer') return order.priceSource ? PRICE_SOURCE_LABEL[order.priceSource] : null;
  return null;
}

/** The funnel's and the receipt's line about ordering more from the dashboard. */
export const REORDER_NOTE = `Order more any time from your dashboard at the agent rate of ${money(LIVE_TRANSFER_DEFAULT_PRICE_CENTS)} a transfer (or the price your account manager negotiated with you).`;

/** The price source an order recorded (its metadata); older dashboard orders read from their price. */
export function priceSourceOf(order: {
  kind: string;
  unitPriceCents: number | string;
  metadata: string | null | Record<string, unknown>;
}): TransferPriceSource | null {
  if (order.kind !== 'live_transfer') return null;
  let meta: Record<string, unknown> = {};
  try {
    meta = typeof order.metadata === 'string' ? (JSON.parse(order.metadata) as Record<string, unknown>) : (order.metadata ?? {});
  } catch {
    /* unreadable metadata: read from the price */
  }
  if (meta.priceSource === 'negotiated' || meta.priceSource === 'agent-rate') return meta.priceSource;
  return Number(order.unitPriceCents) === LIVE_TRANSFER_DEFAULT_PRICE_CENTS ? 'agent-rate' : 'negotiated';
}
