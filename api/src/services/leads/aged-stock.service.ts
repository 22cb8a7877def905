// RingCloud aged leads from stock (issue 25 item 1): only leads of the buyer's working states and age
// band are counted, held and sold. The checkout shows the count before the card is charged; the order
// holds the leads as the portal's lead checkout does (status 'reserved' for RESERVATION_MINUTES, released
// by the same sweep), and the payment sells what it holds.
import type { Knex } from 'knex';
import { RINGCLOUD, type AgedLeadAgeRange } from '@tm/shared';
import { AGED_LEAD_AGE_RANGES } from '@tm/shared/logic/pricing';
import { statesNamedIn } from '@tm/shared/us-states';
import type { Db } from '../../db/index.ts';
import { isMysql } from '../../db/index.ts';
import { recordLeadSales, saleableLeadIds } from '../compliance/compliance.service.ts';
import { Lead } from '../../models/index.ts';

/** "30-60" -> [30, 60] (days since the lead came in, both ends included). */
export function agedLeadBand(range: unknown): [number, number] | null {
  if (typeof range !== 'string' || !(AGED_LEAD_AGE_RANGES as readonly string[]).includes(range)) return null;
  const m = /^(\d+)-(\d+)$/.exec(range);
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/** Postal codes of the 50 states and DC named in stored working states ("FL, TX"). */
export function workingStateCodesOf(text: string | null | undefined): string[] {
  return statesNamedIn(text ?? '');
}

function stockQuery(db: Db | Knex.Transaction, states: string[], band: [number, number]) {
  return Lead.query(db).where({ kind: 'aged', status: 'available' }).whereIn('customerState', states).whereBetween('ageDays', band);
}

/**
 * How many aged leads are for sale in these states and age band now, to this buyer: those available and
 * those held by the buyer's own unpaid orders (`ownOrderIds`), which a new order of theirs replaces.
 */
export async function agedLeadStock(db: Db, states: string[], band: [number, number], ownOrderIds: number[] = []): Promise<number> {
  if (!states.length) return 0;
  const q = Lead.query(db)
    .where({ kind: 'aged' })
    .whereIn('customerState', states)
    .whereBetween('ageDays', band)
    .where((w) => {
      w.where({ status: 'available' });
      if (ownOrderIds.length) w.orWhere((h) => h.where({ status: 'reserved' }).whereIn('reservedOrderId', ownOrderIds));
    });
  const row = (await q.count({ n: '*' }).first()) as { n?: number | string } | undefined;
  return Number(row?.n ?? 0);
}

/**
 * Before an order counts the stock: up to `wanted` candidates of the states and band are checked against
 * the do-not-call list and exclusive claims, and those that may not be sold leave sale (committed), so the
 * count the buyer is shown and pays for is of leads that can be delivered.
 */
export async function scrubAgedStock(db: Db, states: string[], band: [number, number], wanted: number, stamp: string): Promise<void> {
  if (!states.length) return;
  await db.transaction(async (trx) => {
    let seen: number[] = [];
    for (let round = 0; round < 6; round++) {
      const q = stockQuery(trx, states, band).orderBy('id').limit(wanted);
      if (seen.length) q.whereNotIn('id', seen);
      const ids = (await q.select('id')).map((r) => Number(r.id));
      if (!ids.length) return;
      const ok = await saleableLeadIds(trx, ids, stamp);
      if (ok.length === ids.length) return;
      seen = [...seen, ...ok];
      wanted -= ok.length;
      if (wanted <= 0) return;
    }
  });
}

export interface AgedStockView {
  available: number;
  /** What one order can buy: the stock, at most 100. */
  maxPerOrder: number;
  states: string[];
  ageRange: AgedLeadAgeRange;
}

export async function agedStockView(db: Db, states: string[], ageRange: AgedLeadAgeRange, ownOrderIds: number[] = []): Promise<AgedStockView> {
  const band = agedLeadBand(ageRange) as [number, number];
  const available = await agedLeadStock(db, states, band, ownOrderIds);
  return { available, maxPerOrder: Math.min(available, RINGCLOUD.agedLeadQuantity), states, ageRange };
}

/**
 * Takes up to `wanted` aged leads of the states and band for the order: those it already holds
 * (status 'reserved' by it) first, then available ones. `mode` 'reserve' holds them until `until`;
 * 'sell' sells them to `buyerId`. Each round picks candidates and takes them with one conditional update,
 * so a lead taken by a concurrent order is skipped, never shared. The candidate read must see the latest
 * commits on MariaDB: `fresh: 'read-committed'` says the caller's transaction runs at READ COMMITTED
 * (a plain read does; the order checkout, where many buyers race for one pool), otherwise the pool read
 * locks (FOR UPDATE). The order's own held leads are read on their own first, so a payment whose leads
 * are all held never touches the pool. Leads that may not be sold (do-not-call, exclusive claims) leave
 * sale instead. Returns the ids this call took.
 */
export async function takeAgedLeads(
  trx: Knex.Transaction,
  opts: { orderId: number; states: string[]; band: [number, number]; wanted: number; stamp: string; fresh?: 'read-committed' | 'lock' } & (
    { mode: 'reserve'; until: string } | { mode: 'sell'; buyerId: number }
  ),
): Promise<number[]> {
  const { orderId, states, band, wanted, stamp } = opts;
  if (!states.length || wanted <= 0) return [];
  const taken: number[] = [];
  const held = { status: 'reserved', reservedOrderId: orderId };
  const lockPool = isMysql(trx) && opts.fresh !== 'read-committed';
  for (let round = 0; round < 8 && taken.length < wanted; round++) {
    // Round 0 reads what the order holds (by its own index); later rounds read the pool.
    const own = round === 0;
    const q = Lead.query(trx)
      .where({ kind: 'aged' })
      .whereIn('customerState', states)
      .whereBetween('ageDays', band)
      .where(own ? held : { status: 'available' });
    if (taken.length) q.whereNotIn('id', taken);
    if (!own && lockPool) q.forUpdate();
    const rows = await q
      .orderBy('id')
      .limit(wanted - taken.length)
      .select('id');
    const ids = rows.map((r) => Number(r.id));
    if (!ids.length) {
      if (own) continue;
      break;
    }
    const saleable = await saleableLeadIds(trx, ids, stamp);
    if (!saleable.length) continue;
    const patch =
      opts.mode === 'reserve'
        ? { status: 'reserved', reservedOrderId: orderId, reservedUntil: opts.until }
        : { status: 'sold', buyerId: opts.buyerId, reservedOrderId: orderId, reservedUntil: null, soldAt: stamp, dncScrubbedAt: stamp, dncStatus: 'clear' };
    await Lead.query(trx)
      .whereIn('id', saleable)
      .where((w) => {
        w.where(held).orWhere({ status: 'available' });
      })
      .patch(patch);
    const mine = await Lead.query(trx)
      .whereIn('id', saleable)
      .where({ status: opts.mode === 'reserve' ? 'reserved' : 'sold', reservedOrderId: orderId })
      .select('id');
    const mineIds = mine.map((r) => Number(r.id));
    if (opts.mode === 'sell' && mineIds.length) await recordLeadSales(trx, mineIds, opts.buyerId, orderId, stamp);
    taken.push(...mineIds);
  }
  return taken;
}
