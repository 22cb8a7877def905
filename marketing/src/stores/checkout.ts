// The transfer checkouts' shared state and the browser-storage seeds of their initial count
// (projectedTransfers from the pricing pages, highVolumeData from the high-volume quoter).
import { map } from 'nanostores';
import { TIERS, HIGH_VOLUME } from '@tm/shared';

export type CheckoutPage = 'standard' | 'premium' | 'enterprise' | 'ultimate' | 'high-volume';

export const PROJECTED_TRANSFERS_KEY = 'projectedTransfers';
export const HIGH_VOLUME_DATA_KEY = 'highVolumeData';
/** The seeds are removed this long after the checkout loads. */
export const SEED_CLEAR_DELAY_MS = 1000;

export interface HighVolumeData {
  volume: number;
  pricePerCall: number;
  total: number;
  tier: string;
}

interface StorageLike {
  getItem(key: string): string | null;
  removeItem(key: string): void;
}

function storage(): StorageLike | null {
  try {
    return typeof localStorage !== 'undefined' ? localStorage : null;
  } catch {
    return null;
  }
}

function positiveInt(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  return Number.isInteger(n) && n > 0 ? n : null;
}

export function defaultCount(page: CheckoutPage): number {
  return page === 'high-volume' ? HIGH_VOLUME.defaultCount : TIERS[page].defaultCount;
}

/** The first count: highVolumeData (high-volume page), else projectedTransfers, else the page's default. */
export function initialCount(page: CheckoutPage, store: StorageLike | null = storage()): number {
  if (!store) return defaultCount(page);
  if (page === 'high-volume') {
    try {
      const data = JSON.parse(store.getItem(HIGH_VOLUME_DATA_KEY) ?? 'null') as Partial<HighVolumeData> | null;
      const volume = positiveInt(data?.volume);
      if (volume) return volume;
    } catch {
      /* not JSON: ignore */
    }
  }
  return positiveInt(store.getItem(PROJECTED_TRANSFERS_KEY)) ?? defaultCount(page);
}

export function clearSeeds(page: CheckoutPage, store: StorageLike | null = storage()): void {
  store?.removeItem(PROJECTED_TRANSFERS_KEY);
  if (page === 'high-volume') store?.removeItem(HIGH_VOLUME_DATA_KEY);
}

export interface CheckoutState {
  count: number;
  /** Set while the payment intent is being created ('Preparing Payment...'). */
  preparing: boolean;
  clientSecret: string | null;
  /** What the server will charge, in cents, and for how many transfers. */
  amountCents: number | null;
  orderCount: number | null;
  /** The server's refusal of the count, if any. */
  countError: string | null;
}

export const $checkout = map<CheckoutState>({ count: 0, preparing: false, clientSecret: null, amountCents: null, orderCount: null, countError: null });

/** A new count invalidates a prepared payment (its amount would no longer match). */
export function setCount(count: number): void {
  $checkout.set({ ...$checkout.get(), count, clientSecret: null, amountCents: null, orderCount: null, countError: null });
}

export function startPreparing(): void {
  $checkout.setKey('preparing', true);
}

export function paymentPrepared(p: { clientSecret: string; amountCents: number; count: number }): void {
  $checkout.set({ ...$checkout.get(), preparing: false, clientSecret: p.clientSecret, amountCents: p.amountCents, orderCount: p.count, countError: null });
}

export function preparingFailed(countError: string | null = null): void {
  $checkout.set({ ...$checkout.get(), preparing: false, countError });
}
