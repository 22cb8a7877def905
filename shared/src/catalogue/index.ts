// The one price list: every tier, rate, buffer, bound and default, in integer cents.
// Pricing pages, checkouts, dashboard and API all read this module; no price literal lives elsewhere.

export type TierId = 'standard' | 'special' | 'premium' | 'enterprise' | 'ultimate';

export interface Tier {
  id: TierId;
  label: string;
  /** Audience band by calls per day, as the pricing pages show it. */
  callsPerDay: string;
  rateCents: number;
  /** The crossed-out rate shown next to a reduced one (special offer only). */
  wasRateCents?: number;
  bufferSeconds: number;
  pricingPath: string;
  checkoutPath: string;
  minCount: number;
  maxCount: number;
  defaultCount: number;
}

export const TIERS: Record<TierId, Tier> = {
  standard: {
    id: 'standard',
    label: 'Standard',
    callsPerDay: 'under 100',
    rateCents: 4000,
    bufferSeconds: 60,
    pricingPath: '/standard-pricing',
    checkoutPath: '/checkout',
    minCount: 1,
    maxCount: 1000,
    defaultCount: 25,
  },
  special: {
    id: 'special',
    label: 'Special Offer',
    callsPerDay: '101-150',
    rateCents: 3800,
    wasRateCents: 4000,
    bufferSeconds: 120,
    pricingPath: '/special-pricing',
    checkoutPath: '/checkout?tier=special',
    minCount: 1,
    maxCount: 1000,
    defaultCount: 25,
  },
  premium: {
    id: 'premium',
    label: 'Premium',
    callsPerDay: '151-199',
    rateCents: 3500,
    bufferSeconds: 120,
    pricingPath: '/premium-pricing',
    checkoutPath: '/checkout-premium',
    minCount: 1,
    maxCount: 2000,
    defaultCount: 50,
  },
  enterprise: {
    id: 'enterprise',
    label: 'Enterprise',
    callsPerDay: '200-299',
    rateCents: 3200,
    bufferSeconds: 120,
    pricingPath: '/enterprise-pricing',
    checkoutPath: '/checkout-enterprise',
    minCount: 1,
    maxCount: 5000,
    defaultCount: 100,
  },
  ultimate: {
    id: 'ultimate',
    label: 'Ultimate',
    callsPerDay: '300+',
    rateCents: 2800,
    bufferSeconds: 120,
    pricingPath: '/ultimate-pricing',
    checkoutPath: '/checkout-ultimate',
    minCount: 1,
    maxCount: 10000,
    defaultCount: 200,
  },
};

export const TIER_IDS = Object.keys(TIERS) as TierId[];

export interface HighVolumeBand {
  min: number;
  max: number | null;
  rateCents: number;
}

export const HIGH_VOLUME = {
  id: 'high-volume' as const,
  checkoutPath: '/checkout-high-volume',
  backPath: '/pricing',
  minCount: 50,
  /** No maximum is stated by the spec; the server enforces this one. */
  maxCount: 10000,
  defaultCount: 50,
  bufferSeconds: 120,
  bands: [
    { min: 50, max: 99, rateCents: 3200 },
    { min: 100, max: 149, rateCents: 3000 },
    { min: 150, max: 199, rateCents: 2900 },
    { min: 200, max: null, rateCents: 2800 },
  ] as HighVolumeBand[],
};

export type RingCloudLeadType = 'Live Transfers' | 'Call-Backs' | 'Aged Leads';
export type AgedLeadAgeRange = '30-60' | '60-90' | '90-180';

export const RINGCLOUD = {
  tier: 'ringcloud' as const,
  liveTransferCents: 3700,
  callbackCents: 1500,
  agedLeadCents: { '30-60': 500, '60-90': 400, '90-180': 300 } as Record<AgedLeadAgeRange, number>,
  agedLeadQuantity: 100,
  minCount: 1,
  maxCount: 1000,
  defaultCount: 25,
};

/** AI-set appointments: $10 each everywhere (the old "$25 each" header was a bug). */
export const APPOINTMENT_PRICE_CENTS = 1000;
/** A lead's own price wins; this is the price of a lead that has none. */
export const LEAD_DEFAULT_PRICE_CENTS = 1000;
/**
 * A buyer's own price for leads or appointments (an admin sets it, decision 251): it wins over the
 * catalogue's for that buyer alone, within these bounds.
 */
export const BUYER_PRICE_MIN_CENTS = 100;
export const BUYER_PRICE_MAX_CENTS = 100_000;
/** Live transfers ordered from the dashboard: the user's own price, else this. */
export const LIVE_TRANSFER_DEFAULT_PRICE_CENTS = 3500;
export const LIVE_TRANSFER_ORDER = { minCount: 1, maxCount: 10000 };
/** Sales roleplay: one hour of practice. */
export const ROLEPLAY_HOUR_CENTS = 1500;

/** The free-resources offer and its advertised values. */
export const FREE_RESOURCES = [
  { id: 'facebook-ads-course', label: 'Facebook Ads Course', valueCents: 49700 },
  { id: 'website-build', label: 'Website Build', valueCents: 150000 },
  { id: 'training-library', label: 'Training Video Library', valueCents: 69700 },
] as const;
export const FREE_RESOURCES_TOTAL_CENTS = FREE_RESOURCES.reduce((s, r) => s + r.valueCents, 0);

/** How long a lead or appointment stays reserved for an unpaid order (short: an unpaid hold keeps it from other buyers). */
export const RESERVATION_MINUTES = 5;
/**
 * An appointment leaves the shop this long before its callback time (decision 215): the buyer needs time to
 * read the record, prepare and make the call; a sale closer to the time (or after it) cannot be delivered.
 */
export const APPOINTMENT_SALE_CUTOFF_MINUTES = 120;
export const CURRENCY = 'usd';

export function highVolumeBand(count: number): HighVolumeBand {
  const band = HIGH_VOLUME.bands.find((b) => count >= b.min && (b.max === null || count <= b.max));
  return band ?? HIGH_VOLUME.bands[0]!;
}

export function highVolumeBandLabel(band: HighVolumeBand): string {
  const range = band.max === null ? `${band.min}+` : `${band.min}-${band.max}`;
  return `${range} transfers: ${formatUsd(band.rateCents)} each`;
}

/** "$40" for whole dollars, "$37.50" otherwise; thousands separated. */
export function formatUsd(cents: number, opts: { cents?: boolean } = {}): string {
  const negative = cents < 0;
  const abs = Math.abs(Math.round(cents));
  const dollars = Math.floor(abs / 100);
  const rem = abs % 100;
  const whole = dollars.toLocaleString('en-US');
  const showCents = opts.cents ?? rem !== 0;
  return `${negative ? '-' : ''}$${whole}${showCents ? '.' + String(rem).padStart(2, '0') : ''}`;
}

/** "40.00" style, for places the spec shows a plain decimal price. */
export function centsToDecimal(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** The highest price an admin may give one lead for sale (CSV import). */
export const MAX_LEAD_PRICE_CENTS = 10_000_000;
