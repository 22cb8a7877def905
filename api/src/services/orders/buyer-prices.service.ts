// A buyer's own prices for leads and appointments (issue 36 point 4, decision 251): what an admin sets, edits
// and removes (each change audited in its transaction), and the price book checkout and the for-sale lists
// read: a state's price wins over the kind's, which wins over the catalogue's. Only that buyer's requests
// read their book, so nobody else is shown or charged their prices.
import type { Knex } from 'knex';
import {
  BUYER_PRICE_KIND_LABELS,
  type BuyerPriceKind,
  type BuyerPriceValues,
  type BuyerPriceView,
  type BuyerPricesView,
} from '@tm/shared/schemas/buyer-prices';
import type { Db } from '../../db/index.ts';
import { toDbDate, toIso } from '../../db/dates.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { conflict, notFound } from '../../errors.ts';
import { BuyerPrice, Order, User } from '../../models/index.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';

/** A buyer's prices by `${kind}:${state}` ('' state: the kind's price everywhere). */
export type PriceBook = ReadonlyMap<string, number>;

export const EMPTY_PRICE_BOOK: PriceBook = new Map();

/** The buyer's price book (one indexed read); a visitor (no user) has none. */
export async function buyerPriceBook(db: Db | Knex.Transaction, userId: number | null | undefined): Promise<PriceBook> {
  if (!userId) return EMPTY_PRICE_BOOK;
  // Knex's builder on the model's table: read beside every page of a list, it builds no model (decision 282).
  const rows = (await db.from(BuyerPrice.tableName).where('userId', userId).select('kind', 'state', 'priceCents')) as Array<
    Pick<BuyerPrice, 'kind' | 'state' | 'priceCents'>
  >;
  return new Map(rows.map((r) => [`${r.kind}:${r.state}`, Number(r.priceCents)]));
}

/**
 * The buyer's own price of one item of a kind in a state, and where it came from ('buyer:TX' for the
 * state's price, 'buyer' for the kind's), or null when the catalogue prices it.
 */
export function bookPrice(book: PriceBook, kind: BuyerPriceKind, state: string | null | undefined): { cents: number; source: string } | null {
  const code = (state ?? '').toUpperCase();
  const own = code ? book.get(`${kind}:${code}`) : undefined;
  if (own !== undefined) return { cents: own, source: `buyer:${code}` };
  const kindPrice = book.get(`${kind}:`);
  return kindPrice === undefined ? null : { cents: kindPrice, source: 'buyer' };
}

/** The buyer-price kind of a lead of the shop's kind ('aged' | 'fresh'). */
export const leadPriceKind = (kind: string): BuyerPriceKind => (kind === 'aged' ? 'aged_lead' : 'fresh_lead');

const KIND_ORDER = new Map(Object.keys(BUYER_PRICE_KIND_LABELS).map((k, i) => [k, i]));

function toView(r: Pick<BuyerPrice, 'id' | 'kind' | 'state' | 'priceCents' | 'updatedAt'>): BuyerPriceView {
  return { id: Number(r.id), kind: r.kind as BuyerPriceKind, state: r.state || null, priceCents: Number(r.priceCents), updatedAt: toIso(r.updatedAt) };
}

/** The buyer's prices: by kind, the kind's own price first, then its states A to Z. */
export async function listBuyerPrices(db: Db | Knex.Transaction, userId: number): Promise<BuyerPricesView> {
  const user = await User.query(db).findById(userId).select('id');
  if (!user) throw notFound('User not found');
  const rows = await BuyerPrice.query(db).where('userId', userId).select('id', 'kind', 'state', 'priceCents', 'updatedAt');
  const prices = rows.map(toView).sort((a, b) => (KIND_ORDER.get(a.kind) ?? 9) - (KIND_ORDER.get(b.kind) ?? 9) || (a.state ?? '').localeCompare(b.state ?? ''));
  return { prices };
}

const auditValues = (kind: string, state: string, priceCents: number | null) => ({ kind, state: state || null, priceCents });

/**
 * The buyer's unpaid orders of the price's kind: each keeps the price it was quoted until its hold ends
 * (decision 270), and the change's audit entry names them so the admin sees which will still be charged
 * the old price (the admin cancels one to have the buyer re-order at the new price).
 */
async function ordersKeepingQuote(trx: Knex.Transaction, userId: number, kind: string): Promise<{ unpaidOrdersKeepingQuote?: number[] }> {
  const rows = await Order.query(trx)
    .where({ userId, status: 'pending', kind: kind === 'appointment' ? 'appointments' : 'leads' })
    .orderBy('id')
    .select('id');
  return rows.length ? { unpaidOrdersKeepingQuote: rows.map((r) => Number(r.id)) } : {};
}

/** Sets the buyer's price of a kind (for one state, or every state), replacing the one there was. */
export async function setBuyerPrice(db: Db, userId: number, values: BuyerPriceValues, now: Date, actor: AuditActor): Promise<BuyerPricesView> {
  const state = values.state ?? '';
  const stamp = toDbDate(now);
  try {
    return await db.transaction(async (trx) => {
      const user = await User.query(trx).findById(userId).select('id');
      if (!user) throw notFound('User not found');
      const old = await BuyerPrice.query(trx).where({ userId, kind: values.kind, state }).first();
      if (old) await BuyerPrice.query(trx).findById(old.id).patch({ priceCents: values.priceCents, updatedAt: stamp });
      else await BuyerPrice.query(trx).insert({ userId, kind: values.kind, state, priceCents: values.priceCents, createdAt: stamp, updatedAt: stamp });
      if (!old || Number(old.priceCents) !== values.priceCents) {
        await recordAudit(trx, {
          actor,
          action: 'user.buyer_price_set',
          entity: 'user',
          entityId: userId,
          userId,
          before: auditValues(values.kind, state, old ? Number(old.priceCents) : null),
          after: { ...auditValues(values.kind, state, values.priceCents), ...(await ordersKeepingQuote(trx, userId, values.kind)) },
          at: now,
        });
      }
      return listBuyerPrices(trx, userId);
    });
  } catch (err) {
    // Two admins adding the same price at once: the second is told to look again, nothing is lost.
    if (isUniqueViolation(err)) throw conflict('That price was just set by someone else. Reload and try again.', { kind: 'Already set' });
    throw err;
  }
}

/** Removes one of the buyer's prices: they pay the state's kind price, or the catalogue's, again. */
export async function removeBuyerPrice(db: Db, userId: number, priceId: number, now: Date, actor: AuditActor): Promise<BuyerPricesView> {
  return db.transaction(async (trx) => {
    const row = await BuyerPrice.query(trx).where({ id: priceId, userId }).first();
    if (!row) throw notFound('Price not found');
    await BuyerPrice.query(trx).deleteById(row.id);
    await recordAudit(trx, {
      actor,
      action: 'user.buyer_price_removed',
      entity: 'user',
      entityId: userId,
      userId,
      before: auditValues(row.kind, row.state, Number(row.priceCents)),
      after: { ...auditValues(row.kind, row.state, null), ...(await ordersKeepingQuote(trx, userId, row.kind)) },
      at: now,
    });
    return listBuyerPrices(trx, userId);
  });
}
