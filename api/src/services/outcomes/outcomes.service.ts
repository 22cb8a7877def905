// Outcomes of the items an agent bought (leads, billed transfers, appointments) and the Results figures
// built from them. An item is the agent's when they bought it: a lead sold to them, an appointment they
// purchased, a transfer call billed to them (free and credited calls cost nothing and are not items).
import type { AnyQueryBuilder } from 'objection';
import { APPOINTMENT_PRICE_CENTS, LEAD_DEFAULT_PRICE_CENTS } from '@tm/shared';
import {
  buildResultsFromCells,
  type ItemType,
  type OutcomeInput,
  type OutcomeItemView,
  type OutcomeStatus,
  type Product,
  type ResultsView,
} from '@tm/shared/schemas/outcomes';
import type { Db } from '../../db/index.ts';
import { toDbDate, toIso } from '../../db/dates.ts';
import { DEFAULT_TIME_ZONE, nextDateKey, startOfLocalDate } from '@tm/shared/logic/transfer-rules';
import { notFound } from '../../errors.ts';
import { Appointment, AppointmentNoShow, ItemOutcome, Lead, OrderItem, TransferCall } from '../../models/index.ts';
import { periodCells } from './results-cells.ts';

export const ITEM_NOT_FOUND = 'No item you bought has this id.';

interface Period {
  from: Date | null;
  to: Date | null;
}

/**
 * [the start of `from`, the start of the day after `to`), both on the agent's clock: the period's bounds as
 * instants (issue 34 item 7: a purchase at 9 PM in Los Angeles is in that day, not the next UTC day).
 */
export function periodOf(from?: string, to?: string, timeZone: string = DEFAULT_TIME_ZONE): Period {
  return {
    from: from ? startOfLocalDate(from, timeZone) : null,
    to: to ? startOfLocalDate(nextDateKey(to), timeZone) : null,
  };
}

/** Keeps the rows whose `column` falls in the period. */
function within(column: string, p: Period) {
  return (q: AnyQueryBuilder) => {
    if (p.from) q.where(column, '>=', toDbDate(p.from));
    if (p.to) q.where(column, '<', toDbDate(p.to));
  };
}

/** What an item's order line says it cost (null when the item came without one). */
type LinePrice = { unitPriceCents: OrderItem['unitPriceCents'] | null };
type BoughtLead = Pick<Lead, 'id' | 'kind' | 'customerName' | 'customerState' | 'ageDays' | 'soldAt' | 'priceCents'> & LinePrice;
type BoughtAppointment = Pick<Appointment, 'id' | 'customerName' | 'customerState' | 'purchasedAt' | 'priceCents' | 'assignedAt'> & LinePrice;
type OutcomeRow = Pick<ItemOutcome, 'itemType' | 'itemId' | 'premiumCents' | 'outcomeDate'> & { status: OutcomeStatus; source: 'portal' | 'api' };

/** Every item the agent bought in the period, with its outcome, newest first. */
export async function boughtItems(db: Db, userId: number, p: Period = { from: null, to: null }): Promise<OutcomeItemView[]> {
  const [leads, appts, calls, outcomes] = await Promise.all([
    Lead.query(db)
      .alias('l')
      .leftJoin(`${OrderItem.tableName} as oi`, (j) => j.on('oi.orderId', '=', 'l.reservedOrderId').andOn('oi.itemId', '=', 'l.id'))
      .where({ 'l.buyerId': userId, 'l.status': 'sold' })
      .modify(within('l.soldAt', p))
      .select('l.id', 'l.kind', 'l.customerName', 'l.customerState', 'l.ageDays', 'l.soldAt', 'l.priceCents', 'oi.unitPriceCents')
      .castTo<BoughtLead[]>(),
    Appointment.query(db)
      .alias('a')
      .leftJoin(`${OrderItem.tableName} as oi`, (j) => j.on('oi.orderId', '=', 'a.reservedOrderId').andOn('oi.itemId', '=', 'a.id'))
      .where({ 'a.buyerId': userId, 'a.status': 'sold' })
      .modify(within('a.purchasedAt', p))
      .select('a.id', 'a.customerName', 'a.customerState', 'a.purchasedAt', 'a.priceCents', 'a.assignedAt', 'oi.unitPriceCents')
      .castTo<BoughtAppointment[]>(),
    TransferCall.query(db).where({ userId, status: 'billed' }).modify(within('startedAt', p)).select('id', 'callerName', 'state', 'startedAt', 'chargeCents'),
    ItemOutcome.query(db).where({ userId }).select('itemType', 'itemId', 'status', 'premiumCents', 'outcomeDate', 'source').castTo<OutcomeRow[]>(),
  ]);
  // A no-show credited back makes the appointment cost what is left of its price.
  const credits = new Map<number, number>(
    (await AppointmentNoShow.query(db).where({ userId }).whereIn('status', ['credited', 'approved']).select('appointmentId', 'creditCents')).map((c) => [
      Number(c.appointmentId),
      Number(c.creditCents),
    ]),
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
    ...leads.map((r) =>
      withOutcome({
        itemType: 'lead',
        itemId: Number(r.id),
        product: (r.kind === 'fresh' ? 'fresh_lead' : 'aged_lead') as Product,
        state: String(r.customerState ?? ''),
        ageDays: Number(r.ageDays ?? 0),
        boughtAt: toIso(r.soldAt) ?? '',
        costCents: cost(r, LEAD_DEFAULT_PRICE_CENTS),
        assigned: false,
        name: String(r.customerName ?? 'Lead'),
      }),
    ),
    ...appts.map((r) =>
      withOutcome({
        itemType: 'appointment',
        itemId: Number(r.id),
        product: 'appointment',
        state: String(r.customerState ?? '')
          .slice(0, 2)
          .toUpperCase(),
        ageDays: null,
        boughtAt: toIso(r.purchasedAt) ?? '',
        // Assigned by an admin: it cost nothing (and counts nothing toward spend).
        costCents: r.assignedAt ? 0 : Math.max(0, cost(r, APPOINTMENT_PRICE_CENTS) - (credits.get(Number(r.id)) ?? 0)),
        assigned: Boolean(r.assignedAt),
        name: String(r.customerName ?? 'Appointment'),
      }),
    ),
    ...calls.map((r) =>
      withOutcome({
        itemType: 'transfer',
        itemId: Number(r.id),
        product: 'transfer',
        state: String(r.state),
        ageDays: null,
        boughtAt: toIso(r.startedAt) ?? '',
        costCents: Number(r.chargeCents),
        assigned: false,
        name: String(r.callerName),
      }),
    ),
  ];
  return items.sort((a, b) => b.boughtAt.localeCompare(a.boughtAt) || a.itemType.localeCompare(b.itemType) || b.itemId - a.itemId);
}

/** Is this item the agent's own purchase? */
async function ownsItem(db: Db, userId: number, itemType: ItemType, itemId: number): Promise<boolean> {
  const owned =
    itemType === 'lead'
      ? await Lead.query(db).where({ id: itemId, buyerId: userId, status: 'sold' }).select('id').first()
      : itemType === 'appointment'
        ? await Appointment.query(db).where({ id: itemId, buyerId: userId, status: 'sold' }).select('id').first()
        : await TransferCall.query(db).where({ id: itemId, userId }).whereIn('status', ['billed', 'credited', 'no_charge']).select('id').first();
  return Boolean(owned);
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
  // One row per item (unique item_type, item_id), its current buyer's: a lead sold on takes the new buyer's outcome.
  await ItemOutcome.query(db)
    .insert({ userId, itemType, itemId, ...values, createdAt: stamp })
    .onConflict(['itemType', 'itemId'])
    .merge(['userId', 'status', 'premiumCents', 'outcomeDate', 'source', 'updatedAt']);
  return { itemType, itemId, status: input.status, premiumCents, date: input.date, source };
}

/**
 * Results for the agent's days `from`..`to`, from cells the database groups (results-cells.ts): a few rows
 * per product, state and age band, whatever the agent bought (decisions 255, 264).
 */
export async function results(db: Db, userId: number, from: string, to: string, timeZone: string = DEFAULT_TIME_ZONE): Promise<ResultsView> {
  const period = { from: startOfLocalDate(from, timeZone), to: startOfLocalDate(nextDateKey(to), timeZone) };
  return buildResultsFromCells(from, to, await periodCells(db, userId, period));
}
