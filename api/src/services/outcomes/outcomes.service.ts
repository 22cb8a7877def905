// Outcomes of the items an agent bought (leads, billed transfers, appointments) and the Results figures
// built from them. An item is the agent's when they bought it: a lead sold to them, an appointment they
// purchased, a transfer call billed to them (free and credited calls cost nothing and are not items).
import type { Knex } from 'knex';
import { APPOINTMENT_PRICE_CENTS, LEAD_DEFAULT_PRICE_CENTS } from '@tm/shared';
import {
  buildResults,
  type ItemType,
  type OutcomeInput,
  type OutcomeItemView,
  type OutcomeStatus,
  type Product,
  type ResultItem,
  type ResultsView,
} from '@tm/shared/schemas/outcomes';
import type { Db } from '../../db/index.ts';
import { toDbDate, toIso } from '../../db/dates.ts';
import { notFound } from '../../errors.ts';
import { isUniqueViolation } from '../../db/errors.ts';

export const ITEM_NOT_FOUND = 'No item you bought has this id.';

interface Period {
  from: Date | null;
  to: Date | null;
}

/** [from 00:00 UTC, the day after `to` 00:00 UTC): the period's bounds as instants. */
export function periodOf(from?: string, to?: string): Period {
  const next = to ? new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000) : null;
  return { from: from ? new Date(`${from}T00:00:00Z`) : null, to: next };
}

function within(q: Knex.QueryBuilder, column: string, p: Period): Knex.QueryBuilder {
  if (p.from) q.where(column, '>=', toDbDate(p.from));
  if (p.to) q.where(column, '<', toDbDate(p.to));
  return q;
}

interface OutcomeRow {
  itemType: ItemType;
  itemId: number | string;
  status: OutcomeStatus;
  premiumCents: number | string | null;
  outcomeDate: string;
  source: 'portal' | 'api';
}

/** Every item the agent bought in the period, with its outcome, newest first. */
export async function boughtItems(db: Db, userId: number, p: Period = { from: null, to: null }): Promise<OutcomeItemView[]> {
  const [leads, appts, calls, outcomes] = await Promise.all([
    within(
      db('leads as l')
        .leftJoin('order_items as oi', (j) => j.on('oi.orderId', '=', 'l.reservedOrderId').andOn('oi.itemId', '=', 'l.id'))
        .where({ 'l.buyerId': userId, 'l.status': 'sold' })
        .select('l.id', 'l.kind', 'l.customerName', 'l.customerState', 'l.ageDays', 'l.soldAt', 'l.priceCents', 'oi.unitPriceCents'),
      'l.soldAt',
      p,
    ),
    within(
      db('appointments as a')
        .leftJoin('order_items as oi', (j) => j.on('oi.orderId', '=', 'a.reservedOrderId').andOn('oi.itemId', '=', 'a.id'))
        .where({ 'a.buyerId': userId, 'a.status': 'sold' })
        .select('a.id', 'a.customerName', 'a.customerState', 'a.purchasedAt', 'a.priceCents', 'oi.unitPriceCents'),
      'a.purchasedAt',
      p,
    ),
    within(db('transfer_calls').where({ userId, status: 'billed' }).select('id', 'callerName', 'state', 'startedAt', 'chargeCents'), 'startedAt', p),
    db('item_outcomes').where({ userId }).select('itemType', 'itemId', 'status', 'premiumCents', 'outcomeDate', 'source') as Promise<OutcomeRow[]>,
  ]);
  // A no-show credited back makes the appointment cost what is left of its price.
  const credits = new Map<number, number>(
    (await db('appointment_no_shows').where({ userId }).whereIn('status', ['credited', 'approved']).select('appointmentId', 'creditCents')).map(
      (c: { appointmentId: number; creditCents: number }) => [Number(c.appointmentId), Number(c.creditCents)],
    ),
  );
  const byItem = new Map(outcomes.map((o) => [`${o.itemType}:${Number(o.itemId)}`, o]));
  const withOutcome = (base: Omit<OutcomeItemView, 'outcome' | 'premiumCents' | 'outcomeDate' | 'source'>): OutcomeItemView => {
    const o = byItem.get(`${base.itemType}:${base.itemId}`);
    return {
      ...base,
      outcome: o?.status ?? null,
      premiumCents: o?.premiumCents === null || o?.premiumCents === undefined ? null : Number(o.premiumCents),
      outcomeDate: o?.outcomeDate ?? null,
      source: o?.source ?? null,
    };
  };
  // What the agent paid: the order line's unit price, else the item's own price, else the catalogue's.
  const cost = (r: { unitPriceCents?: number | null; priceCents?: number | null }, fallback: number) => Number(r.unitPriceCents ?? r.priceCents ?? fallback);
  const items: OutcomeItemView[] = [
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows of several tables, read by column name
    ...leads.map((r: Record<string, any>) =>
      withOutcome({
        itemType: 'lead',
        itemId: Number(r.id),
        product: (r.kind === 'fresh' ? 'fresh_lead' : 'aged_lead') as Product,
        state: String(r.customerState ?? ''),
        ageDays: Number(r.ageDays ?? 0),
        boughtAt: toIso(r.soldAt) ?? '',
        costCents: cost(r, LEAD_DEFAULT_PRICE_CENTS),
        name: String(r.customerName ?? 'Lead'),
      }),
    ),
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows of several tables, read by column name
    ...appts.map((r: Record<string, any>) =>
      withOutcome({
        itemType: 'appointment',
        itemId: Number(r.id),
        product: 'appointment',
        state: String(r.customerState ?? '')
          .slice(0, 2)
          .toUpperCase(),
        ageDays: null,
        boughtAt: toIso(r.purchasedAt) ?? '',
        costCents: Math.max(0, cost(r, APPOINTMENT_PRICE_CENTS) - (credits.get(Number(r.id)) ?? 0)),
        name: String(r.customerName ?? 'Appointment'),
      }),
    ),
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows of several tables, read by column name
    ...calls.map((r: Record<string, any>) =>
      withOutcome({
        itemType: 'transfer',
        itemId: Number(r.id),
        product: 'transfer',
        state: String(r.state),
        ageDays: null,
        boughtAt: toIso(r.startedAt) ?? '',
        costCents: Number(r.chargeCents),
        name: String(r.callerName),
      }),
    ),
  ];
  return items.sort((a, b) => b.boughtAt.localeCompare(a.boughtAt) || a.itemType.localeCompare(b.itemType) || b.itemId - a.itemId);
}

/** Is this item the agent's own purchase? */
async function ownsItem(db: Db, userId: number, itemType: ItemType, itemId: number): Promise<boolean> {
  const q =
    itemType === 'lead'
      ? db('leads').where({ id: itemId, buyerId: userId, status: 'sold' })
      : itemType === 'appointment'
        ? db('appointments').where({ id: itemId, buyerId: userId, status: 'sold' })
        : db('transfer_calls').where({ id: itemId, userId }).whereIn('status', ['billed', 'credited', 'no_charge']);
  return Boolean(await q.first('id'));
}

/**
 * Records (or replaces) the outcome of an item the agent bought. Someone else's item, or one that does
 * not exist, is 404 with the same message (no telling which). Premium is kept only for a sale.
 */
export async function recordOutcome(db: Db, userId: number, itemType: ItemType, itemId: number, input: OutcomeInput, source: 'portal' | 'api', now: Date) {
  if (!(await ownsItem(db, userId, itemType, itemId))) throw notFound(ITEM_NOT_FOUND);
  const stamp = toDbDate(now);
  const premiumCents = input.status === 'sold' || input.status === 'issued' || input.status === 'chargeback' ? (input.premiumCents ?? null) : null;
  const values = { status: input.status, premiumCents, outcomeDate: input.date, source, updatedAt: stamp };
  const update = () => db('item_outcomes').where({ itemType, itemId, userId }).update(values);
  if (!(await update())) {
    try {
      await db('item_outcomes').insert({ userId, itemType, itemId, ...values, createdAt: stamp });
    } catch (err) {
      // Two writes at once: the loser updates the row the winner made.
      if (!isUniqueViolation(err)) throw err;
      await update();
    }
  }
  return { itemType, itemId, status: input.status, premiumCents, date: input.date, source };
}

export async function results(db: Db, userId: number, from: string, to: string): Promise<ResultsView> {
  const items: ResultItem[] = await boughtItems(db, userId, periodOf(from, to));
  return buildResults(from, to, items);
}
