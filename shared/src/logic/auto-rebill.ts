// Auto-rebill's words and limits (issue 29 item 3, decision 197), without the schemas: the portal home shows
// the notice title and must not download zod for it (issue 25 item 9).
import { formatUsd } from '../catalogue/index.ts';

export const AUTO_REBILL_THRESHOLD_MAX = 1000;
export const NEEDS_CARD_MESSAGE = 'Save a card before turning auto-rebill on.';
export const ACTION_NEEDED_TITLE = 'Payment needs your action';

/** A card's brand as people say it ('visa' -> 'Visa'). */
export function cardBrandName(brand: string | null | undefined): string {
  if (!brand) return 'Card';
  return (
    (
      {
        visa: 'Visa',
        mastercard: 'Mastercard',
        amex: 'American Express',
        discover: 'Discover',
        diners: 'Diners Club',
        jcb: 'JCB',
        unionpay: 'UnionPay',
      } as const
    )[brand as 'visa'] ?? brand.charAt(0).toUpperCase() + brand.slice(1)
  );
}

/** "Visa ending in 4242" (or "your saved card" when the provider told nothing). */
export function cardName(card: { brand?: string | null; last4?: string | null } | null | undefined): string {
  if (!card?.last4) return 'your saved card';
  return `${cardBrandName(card.brand)} ending in ${card.last4}`;
}

/**
 * What the auto-rebill offer says of its price and buffer (issue 34 item 8, decision 246): a top-up is an
 * order from the dashboard, at the agent's own price (negotiated, else the agent rate), with the buffer of
 * dashboard orders.
 */
export function autoRebillPriceText(o: { unitPriceCents: number; priceLabel: string; bufferSeconds: number }): string {
  return `Top-ups are bought at your own price: ${formatUsd(o.unitPriceCents, { cents: true })} a transfer (${o.priceLabel}), the price you order at from your dashboard. The ${o.bufferSeconds}-second buffer applies: a call of ${o.bufferSeconds} seconds or less is not charged.`;
}

/** What a receipt says of an auto-rebill charge: that it was automatic, and on which card. */
export function autoRebillChargeText(card: { brand?: string | null; last4?: string | null } | null | undefined): string {
  return `Charged automatically by auto-rebill to ${cardName(card)}, when your transfer balance fell below your threshold.`;
}

export interface AutoRebillCharge {
  /** The card the provider reported when it was charged; null when it told nothing. */
  card: { brand: string | null; last4: string | null } | null;
}

/** An order's auto-rebill charge, read from its metadata (`autoRebill`), or null for any other order. */
export function autoRebillChargeOf(metadata: string | null | Record<string, unknown>): AutoRebillCharge | null {
  let meta: Record<string, unknown>;
  try {
    meta = typeof metadata === 'string' ? (JSON.parse(metadata) as Record<string, unknown>) : (metadata ?? {});
  } catch {
    return null;
  }
  const a = meta?.autoRebill as { card?: { brand?: unknown; last4?: unknown } } | undefined;
  if (!a || typeof a !== 'object') return null;
  const c = a.card;
  return {
    card: c && typeof c === 'object' ? { brand: typeof c.brand === 'string' ? c.brand : null, last4: typeof c.last4 === 'string' ? c.last4 : null } : null,
  };
}
