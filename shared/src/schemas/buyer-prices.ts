// A buyer's own prices for leads and appointments (issue 36 point 4, decision 251): per kind, and per state of
// that kind where set. A state's price wins over the kind's, which wins over the catalogue's. Only that buyer
// is charged or shown them; the server prices every order with them.
import { z } from 'zod';
import { APPOINTMENT_PRICE_CENTS, BUYER_PRICE_MAX_CENTS, BUYER_PRICE_MIN_CENTS, LEAD_DEFAULT_PRICE_CENTS, formatUsd } from '../catalogue/index.ts';
import { usStateCodeSchema } from './us-states.ts';

export const BUYER_PRICE_KINDS = ['aged_lead', 'fresh_lead', 'appointment'] as const;
export type BuyerPriceKind = (typeof BUYER_PRICE_KINDS)[number];

export const BUYER_PRICE_KIND_LABELS: Record<BuyerPriceKind, string> = {
  aged_lead: 'Aged leads',
  fresh_lead: 'Leads',
  appointment: 'AI-set appointments',
};

/** What the buyer pays without a price of their own (the catalogue's rule, in words). */
export const CATALOGUE_PRICE_TEXT: Record<BuyerPriceKind, string> = {
  aged_lead: `each lead's own price, else ${formatUsd(LEAD_DEFAULT_PRICE_CENTS, { cents: true })}`,
  fresh_lead: `each lead's own price, else ${formatUsd(LEAD_DEFAULT_PRICE_CENTS, { cents: true })}`,
  appointment: `${formatUsd(APPOINTMENT_PRICE_CENTS, { cents: true })} each`,
};

export const BUYER_PRICE_KIND_MESSAGE = 'kind must be aged_lead, fresh_lead or appointment';
export const BUYER_PRICE_MESSAGE = 'priceCents must be a whole number of cents';
export const BUYER_PRICE_RANGE_MESSAGE = `Price must be between ${formatUsd(BUYER_PRICE_MIN_CENTS, { cents: true })} and ${formatUsd(BUYER_PRICE_MAX_CENTS, { cents: true })}`;

/** PUT /api/admin/users/:userId/prices: sets (or replaces) the buyer's price of a kind, for one state or (none) all. */
export const buyerPriceSchema = z.object({
  kind: z.enum(BUYER_PRICE_KINDS, { error: BUYER_PRICE_KIND_MESSAGE }),
  state: z
    .union([z.literal(''), z.null(), usStateCodeSchema])
    .optional()
    .transform((v) => v || null),
  priceCents: z
    .number({ error: BUYER_PRICE_MESSAGE })
    .int(BUYER_PRICE_MESSAGE)
    .min(BUYER_PRICE_MIN_CENTS, BUYER_PRICE_RANGE_MESSAGE)
    .max(BUYER_PRICE_MAX_CENTS, BUYER_PRICE_RANGE_MESSAGE),
});
export type BuyerPriceInput = z.input<typeof buyerPriceSchema>;
export type BuyerPriceValues = z.output<typeof buyerPriceSchema>;

export interface BuyerPriceView {
  id: number;
  kind: BuyerPriceKind;
  /** null: the kind's price in every state. */
  state: string | null;
  priceCents: number;
  updatedAt: string | null;
}

/** GET /api/admin/users/:userId/prices: the buyer's prices, kind prices first, then by state. */
export interface BuyerPricesView {
  prices: BuyerPriceView[];
}

/**
 * Which price an order item was sold at, as its `priceSource` records it: null the catalogue's, 'buyer' the
 * buyer's price for the kind, 'buyer:TX' theirs for Texas. `audience` says it to the buyer or to an admin.
 */
export function buyerPriceBasis(source: string | null | undefined, audience: 'buyer' | 'admin'): string | null {
  if (!source || !source.startsWith('buyer')) return null;
  const state = source.slice('buyer:'.length);
  const who = audience === 'buyer' ? 'Your price' : "Buyer's own price";
  return source.startsWith('buyer:') && state ? `${who} for ${state}` : who;
}
