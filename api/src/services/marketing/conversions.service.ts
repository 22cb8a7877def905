// Conversions the ad platforms import (issue 37 point 3, decision 234): Google Ads' offline click-conversion
// CSV and Conversions-API-shaped Meta Purchase events, both from paidOrders() (one net per order, after refunds).
import crypto from 'node:crypto';
import { ATTRIBUTION_MAX_AGE_MS } from '@tm/shared/logic/attribution';
import type { DateRangeQuery } from '@tm/shared/schemas/attribution';
import { centsToDecimal } from '@tm/shared';
import type { Db } from '../../db/index.ts';
import { fromDbDate, zonedDateTime } from '../../db/dates.ts';
import { csvLine } from '../../lib/csv.ts';
import { paidOrders, rangeBounds } from './campaign-report.service.ts';
import { seekBatches } from '../../db/paging.ts';

/** The conversion action's name in Google Ads when the operator gives none (it must match the account's). */
export const DEFAULT_CONVERSION_NAME = 'Purchase';
export const GOOGLE_ADS_COLUMNS = ['Google Click ID', 'Conversion Name', 'Conversion Time', 'Conversion Value', 'Conversion Currency'] as const;

interface PaidRow {
  id: number;
  paidAt: string;
  netCents: number;
  currency: string;
  firstGclid: string | null;
  lastGclid: string | null;
  firstFbclid: string | null;
  lastFbclid: string | null;
  firstAt: string | null;
  lastAt: string | null;
  kind: string;
  userAgent: string | null;
  buyerEmail: string | null;
  buyerPhone: string | null;
}

const BY_PAYMENT = [
  { column: 'o.paidAt', order: 'asc' as const },
  { column: 'o.id', order: 'asc' as const },
];
const paidRow = (r: Record<string, unknown>): PaidRow => ({
  ...(r as unknown as PaidRow),
  id: Number(r.id),
  netCents: Number(r.netCents ?? 0),
  paidAt: String(r.paidAt),
});

async function rows(db: Db, q: DateRangeQuery): Promise<PaidRow[]> {
  return ((await paidOrders(db, q).orderBy(BY_PAYMENT)) as Array<Record<string, unknown>>).map(paidRow);
}

/** The same rows, `batch` orders a statement by keyset on (paidAt, id), for the streamed CSV (decision 277). */
async function* rowBatches(db: Db, q: DateRangeQuery, batch: number): AsyncGenerator<PaidRow[]> {
  for await (const list of seekBatches<Record<string, unknown>>(
    () => paidOrders(db, q),
    BY_PAYMENT,
    (r) => [r.paidAt, r.id],
    batch,
  ))
    yield list.map(paidRow);
}

/** The newest click id of a kind and when its click was (the last touch's, else the first touch's). */
function click(r: PaidRow, kind: 'Gclid' | 'Fbclid'): { id: string; at: Date } | null {
  const last = r[`last${kind}`];
  const first = r[`first${kind}`];
  const id = last ?? first;
  const at = fromDbDate(last ? r.lastAt : r.firstAt);
  return id && at ? { id, at } : null;
}

/**
 * Google Ads offline click conversions (the upload template's five columns): one row per order paid in the
 * range that carries a gclid clicked at most 90 days before the payment (Google refuses older clicks), at its
 * net value after refunds; an order refunded in full is left out (it is not a paying agent). Conversion Time
 * is the payment in the operator's zone with its offset ('2026-11-29 10:05:00-05:00'). In chunks, `batch`
 * orders a statement (decision 277).
 */
export async function* googleAdsCsv(db: Db, q: DateRangeQuery, conversionName = DEFAULT_CONVERSION_NAME, batch = 1000): AsyncGenerator<string> {
  const { zone } = rangeBounds(q);
  yield csvLine([...GOOGLE_ADS_COLUMNS]);
  for await (const found of rowBatches(db, q, batch)) {
    let out = '';
    for (const r of found) {
      const c = click(r, 'Gclid');
      const paidAt = fromDbDate(r.paidAt)!;
      if (!c || r.netCents <= 0 || paidAt.getTime() - c.at.getTime() > ATTRIBUTION_MAX_AGE_MS) continue;
      out += csvLine([c.id, conversionName, zonedDateTime(paidAt, zone), centsToDecimal(r.netCents), r.currency.toUpperCase()]);
    }
    if (out) yield out;
  }
}

const sha256 = (s: string) => crypto.createHash('sha256').update(s, 'utf8').digest('hex');

/** Meta's `em`: trimmed, lower case, SHA-256 (hex). */
export function metaEmailHash(email: string): string | null {
  const e = email.trim().toLowerCase();
  return e ? sha256(e) : null;
}

/**
 * Meta's `ph`: symbols and letters removed, leading zeros removed, with its country code (the numbers here are
 * US numbers: ten digits get the 1 in front), SHA-256 (hex).
 */
export function metaPhoneHash(phone: string): string | null {
  let d = phone.replace(/\D/g, '').replace(/^0+/, '');
  if (d.length === 10) d = `1${d}`;
  return d.length >= 7 ? sha256(d) : null;
}

/** Meta's `fbc` from a click id and when it was first seen: fb.<subdomain index 1>.<ms>.<fbclid>. */
export function fbcOf(fbclid: string, seenAt: Date): string {
  return `fb.1.${seenAt.getTime()}.${fbclid}`;
}

export interface MetaPurchaseEvent {
  event_name: 'Purchase';
  event_time: number;
  event_id: string;
  action_source: 'website';
  event_source_url: string;
  user_data: { em?: string[]; ph?: string[]; fbc?: string; client_user_agent?: string };
  custom_data: { value: number; currency: string };
}

/**
 * The same paid orders as Conversions API `Purchase` events (`{ data: [...] }`, the body Meta's /events takes):
 * event_id is the order id, so a re-import is deduplicated; value is the net after refunds; orders refunded
 * in full are left out.
 */
export async function metaEvents(db: Db, q: DateRangeQuery, publicOrigin: string): Promise<{ data: MetaPurchaseEvent[] }> {
  const data: MetaPurchaseEvent[] = [];
  for (const r of await rows(db, q)) {
    if (r.netCents <= 0) continue;
    const user: MetaPurchaseEvent['user_data'] = {};
    const em = r.buyerEmail ? metaEmailHash(r.buyerEmail) : null;
    const ph = r.buyerPhone ? metaPhoneHash(r.buyerPhone) : null;
    if (em) user.em = [em];
    if (ph) user.ph = [ph];
    const c = click(r, 'Fbclid');
    if (c) user.fbc = fbcOf(c.id, c.at);
    if (r.userAgent) user.client_user_agent = r.userAgent;
    data.push({
      event_name: 'Purchase',
      event_time: Math.floor(fromDbDate(r.paidAt)!.getTime() / 1000),
      event_id: String(r.id),
      action_source: 'website',
      // Where the purchase happened: the checkout page its order is paid on.
      event_source_url: new URL(r.kind === 'ringcloud' ? '/ringcloud-checkout' : '/checkout', publicOrigin).toString(),
      user_data: user,
      custom_data: { value: r.netCents / 100, currency: r.currency.toUpperCase() },
    });
  }
  return { data };
}
