// Pure quotes from the catalogue: the checkout islands show exactly what the server charges.
// Every function answers integer cents, or the bound message the buyer sees for a bad count.
import {
  TIERS,
  HIGH_VOLUME,
  RINGCLOUD,
  LIVE_TRANSFER_ORDER,
  LIVE_TRANSFER_DEFAULT_PRICE_CENTS,
  highVolumeBand,
  type TierId,
  type RingCloudLeadType,
  type AgedLeadAgeRange,
} from '../catalogue/index.ts';

export type PackageTier = TierId | 'high-volume';

export type Quote = { ok: true; count: number; unitPriceCents: number; amountCents: number } | { ok: false; message: string };

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** 'Minimum: 1 transfer, Maximum: 1000 transfers' (the standard page's hint, for any bounds). */
export function boundsMessage(min: number, max: number, word = 'transfer'): string {
  return `Minimum: ${plural(min, word)}, Maximum: ${plural(max, word)}`;
}

export function packageBounds(tier: PackageTier): { min: number; max: number; defaultCount: number } {
  if (tier === 'high-volume') return { min: HIGH_VOLUME.minCount, max: HIGH_VOLUME.maxCount, defaultCount: HIGH_VOLUME.defaultCount };
  const t = TIERS[tier];
  return { min: t.minCount, max: t.maxCount, defaultCount: t.defaultCount };
}

function countIn(count: unknown, min: number, max: number, word = 'transfer'): { ok: true; count: number } | { ok: false; message: string } {
  if (typeof count !== 'number' || !Number.isFinite(count)) return { ok: false, message: `Enter a number of ${word}s. ${boundsMessage(min, max, word)}` };
  if (!Number.isInteger(count)) return { ok: false, message: `Enter a whole number of ${word}s. ${boundsMessage(min, max, word)}` };
  if (count < min || count > max) return { ok: false, message: boundsMessage(min, max, word) };
  return { ok: true, count };
}

/**
 * What a checkout's count input says under the field (issue 18 item 5): the one reason a count cannot be
 * bought ("Maximum: 1000 transfers", "Minimum: 50 transfers", "Enter a whole number of transfers"), or
 * null when it can. The server refuses the same counts (quoteTransferPackage) with the full bounds.
 */
export function countProblem(count: number, min: number, max: number, word = 'transfer'): string | null {
  if (!Number.isFinite(count)) return `Enter a number of ${word}s`;
  if (!Number.isInteger(count)) return `Enter a whole number of ${word}s`;
  if (count > max) return `Maximum: ${plural(max, word)}`;
  if (count < min) return `Minimum: ${plural(min, word)}`;
  return null;
}

/**
 * The total a checkout shows for a whole count, in range or not (an over-maximum count shows what it
 * would cost beside its reason, never $0); null for a count that is not a whole number of at least 0.
 */
export function packageTotalCents(tier: PackageTier, count: number): number | null {
  if (!Number.isInteger(count) || count < 0) return null;
  return packageUnitPriceCents(tier, Math.max(count, packageBounds(tier).min)) * count;
}

/** A tier's rate per transfer (the high-volume rate depends on the count). */
export function packageUnitPriceCents(tier: PackageTier, count: number): number {
  return tier === 'high-volume' ? highVolumeBand(count).rateCents : TIERS[tier].rateCents;
}

/** A transfer package of one of the funnel checkouts. */
export function quoteTransferPackage(tier: PackageTier, count: unknown): Quote {
  if (tier !== 'high-volume' && !(tier in TIERS)) return { ok: false, message: 'Unknown pricing tier' };
  const { min, max } = packageBounds(tier);
  const c = countIn(count, min, max);
  if (!c.ok) return c;
  const unit = packageUnitPriceCents(tier, c.count);
  return { ok: true, count: c.count, unitPriceCents: unit, amountCents: unit * c.count };
}

export const RINGCLOUD_LEAD_TYPES: RingCloudLeadType[] = ['Live Transfers', 'Call-Backs', 'Aged Leads'];
export const AGED_LEAD_AGE_RANGES: AgedLeadAgeRange[] = ['30-60', '60-90', '90-180'];

/** The stock messages of an aged-lead order, on the checkout and in the server's 409 alike. */
export const NO_AGED_STOCK_MESSAGE = 'No aged leads are available for your working states and age range right now.';
export const agedStockMessage = (n: number) =>
  `Only ${n.toLocaleString('en-US')} aged lead${n === 1 ? ' is' : 's are'} available for your working states and age range. Please review your order.`;

/** The RingCloud sub-offer: live transfers and call-backs by count, aged leads a fixed 100 by age range. */
export function quoteRingCloud(input: { leadType: RingCloudLeadType; count?: unknown; ageRange?: AgedLeadAgeRange | null }): Quote {
  if (input.leadType === 'Aged Leads') {
    const range = input.ageRange ?? null;
    if (!range || !(range in RINGCLOUD.agedLeadCents)) return { ok: false, message: 'Please select an age range (30-60, 60-90 or 90-180 days)' };
    const unit = RINGCLOUD.agedLeadCents[range];
    // 100 leads, or fewer when the stock of the buyer's states and age range is smaller (issue 25 item 1).
    const c =
      input.count === undefined || input.count === null
        ? { ok: true as const, count: RINGCLOUD.agedLeadQuantity }
        : countIn(input.count, 1, RINGCLOUD.agedLeadQuantity, 'lead');
    if (!c.ok) return c;
    return { ok: true, count: c.count, unitPriceCents: unit, amountCents: unit * c.count };
  }
  const word = input.leadType === 'Call-Backs' ? 'call-back' : 'transfer';
  const unit = input.leadType === 'Call-Backs' ? RINGCLOUD.callbackCents : input.leadType === 'Live Transfers' ? RINGCLOUD.liveTransferCents : null;
  if (unit === null) return { ok: false, message: 'Please select a lead type' };
  const c = countIn(input.count, RINGCLOUD.minCount, RINGCLOUD.maxCount, word);
  if (!c.ok) return c;
  return { ok: true, count: c.count, unitPriceCents: unit, amountCents: unit * c.count };
}

/** Live transfers ordered from the dashboard at the user's own price (default when unset). */
export function quoteLiveTransfer(count: unknown, userPriceCents?: number | null): Quote {
  const c = countIn(count, LIVE_TRANSFER_ORDER.minCount, LIVE_TRANSFER_ORDER.maxCount);
  if (!c.ok) return c;
  const unit = userPriceCents ?? LIVE_TRANSFER_DEFAULT_PRICE_CENTS;
  return { ok: true, count: c.count, unitPriceCents: unit, amountCents: unit * c.count };
}

/** The RingCloud lead type named by a packageType such as 'RingCloud Aged Leads'. */
export function ringCloudLeadTypeOf(packageType: string): RingCloudLeadType | null {
  const rest = packageType.replace(/^RingCloud\s+/i, '').trim();
  return RINGCLOUD_LEAD_TYPES.find((t) => t.toLowerCase() === rest.toLowerCase()) ?? null;
}
