// Outcomes of the items an agent bought (leads, billed transfers, appointments) and the Results figures
// built from them. An item is the agent's when they bought it: a lead sold to them, an appointment they
// purchased, a transfer call billed to them (free and credited calls cost nothing and are not items).
import type { AnyQueryBuilder } from 'objection';
import { APPOINTMENT_PRICE_CENTS, LEAD_DEFAULT_PRICE_CENTS } from '@tm/shared';
import {
  AGE_BANDS,
  CONTACTED_STATUSES,
  SOLD_STATUSES,
  buildResultsFromCells,
  cellOf,
  type ItemType,
  type ResultsCell,
  type OutcomeInput,
  type OutcomeItemView,
  type OutcomeStatus,
  type Product,
  type ResultItem,
  type ResultsView,
} from '@tm/shared/schemas/outcomes';
import { isMysql, type Db } from '../../db/index.ts';
import { toDbDate, toIso } from '../../db/dates.ts';
import { DEFAULT_TIME_ZONE, nextDateKey, startOfLocalDate } from '@tm/shared/logic/transfer-rules';
import { notFound } from '../../errors.ts';
import { Appointment, AppointmentNoShow, ItemOutcome, Lead, LeadResultsDay, OrderItem, TransferCall } from '../../models/index.ts';

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
export async function boughtItems(db: Db, userId: number, p: Period = { from: null, to: null }, only?: 'live'): Promise<OutcomeItemView[]> {
  // `live`: transfers and appointments alone (Results reads the leads grouped, resultCells).
  const live = only === 'live';
  const [leads, appts, calls, outcomes] = await Promise.all([
    live
      ? ([] as BoughtLead[])
      : Lead.query(db)
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
    ItemOutcome.query(db)
      .where({ userId })
      .modify((q) => (live ? q.whereIn('itemType', ['transfer', 'appointment']) : q))
      .select('itemType', 'itemId', 'status', 'premiumCents', 'outcomeDate', 'source')
      .castTo<OutcomeRow[]>(),
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

/** Leads' age bands as SQL, from AGE_BANDS (the rule `ageBand` applies to one item). */
const AGE_BAND_SQL = `CASE ${AGE_BANDS.filter((b) => b.max >= 0 && Number.isFinite(b.max))
  .map((b) => `WHEN COALESCE(l.age_days, 0) <= ${b.max} THEN '${b.key}'`)
  .join(' ')} ELSE '${AGE_BANDS.at(-1)!.key}' END`;
const marks = (xs: readonly unknown[]) => xs.map(() => '?').join(', ');

const rowsOf = (db: Db, r: unknown) => (isMysql(db) ? (r as [unknown[]])[0] : r) as Array<Record<string, unknown>>;
const toCell = (r: Record<string, unknown>): ResultsCell => ({
  product: r.product as Product,
  state: String(r.state ?? '') || '--',
  band: String(r.band),
  items: Number(r.items),
  spendCents: Number(r.spend ?? 0),
  contacted: Number(r.contacted ?? 0),
  sales: Number(r.sales ?? 0),
  premiumCents: Number(r.premium ?? 0),
});

/**
 * The agent's leads bought in the given spans of time as Results cells, grouped by the database (decision
 * 255): one range of the buyer's covering index on (buyer, status, sold at, ...) per span, each lead's
 * outcome joined by its own covering index, answering a few rows per product, state and age band.
 */
async function leadCells(db: Db, userId: number, spans: Array<[Date, Date]>): Promise<ResultsCell[]> {
  if (!spans.length) return [];
  const rows = await db.raw(
    `SELECT CASE WHEN l.kind = 'fresh' THEN 'fresh_lead' ELSE 'aged_lead' END AS product, COALESCE(l.customer_state, '') AS state,
            ${AGE_BAND_SQL} AS band, COUNT(*) AS items,
            SUM(COALESCE(oi.unit_price_cents, l.price_cents, ?)) AS spend,
            SUM(CASE WHEN o.status IN (${marks(CONTACTED_STATUSES)}) THEN 1 ELSE 0 END) AS contacted,
            SUM(CASE WHEN o.status IN (${marks(SOLD_STATUSES)}) THEN 1 ELSE 0 END) AS sales,
            SUM(CASE WHEN o.status IN (${marks(SOLD_STATUSES)}) THEN COALESCE(o.premium_cents, 0) ELSE 0 END) AS premium
     FROM leads l
     LEFT JOIN order_items oi ON oi.order_id = l.reserved_order_id AND oi.item_id = l.id
     LEFT JOIN item_outcomes o ON o.item_type = 'lead' AND o.item_id = l.id AND o.user_id = ?
     WHERE l.buyer_id = ? AND l.status = 'sold' AND (${spans.map(() => '(l.sold_at >= ? AND l.sold_at < ?)').join(' OR ')})
     GROUP BY 1, 2, 3`,
    [LEAD_DEFAULT_PRICE_CENTS, ...CONTACTED_STATUSES, ...SOLD_STATUSES, ...SOLD_STATUSES, userId, userId, ...spans.flat().map(toDbDate)],
  );
  return rowsOf(db, rows).map(toCell);
}

/**
 * The agent's leads of the UTC days [fromDay, toDay) as Results cells, from the sums the triggers keep per
 * buyer, day, product, state and band (decision 264): a few rows a day, whatever the agent bought.
 */
async function dayCells(db: Db, userId: number, fromDay: string, toDay: string): Promise<ResultsCell[]> {
  const rows = await db.raw(
    `SELECT product, state, band, SUM(items) AS items, SUM(spend_cents) + SUM(unpriced) * ? AS spend,
            SUM(contacted) AS contacted, SUM(sales) AS sales, SUM(premium_cents) AS premium
     FROM ${LeadResultsDay.tableName} WHERE buyer_id = ? AND day >= ? AND day < ?
     GROUP BY product, state, band HAVING SUM(items) > 0`,
    [LEAD_DEFAULT_PRICE_CENTS, userId, fromDay, toDay],
  );
  return rowsOf(db, rows).map(toCell);
}

const DAY_MS = 86_400_000;
const utcDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/**
 * The period's leads as cells: its whole UTC days from the daily sums, the partial days at its two ends
 * (the agent's midnight is rarely UTC's) from the leads themselves; exact for any zone, :30 and :45 too.
 */
async function periodLeadCells(db: Db, userId: number, p: { from: Date; to: Date }): Promise<ResultsCell[]> {
  const first = Math.ceil(p.from.getTime() / DAY_MS) * DAY_MS; // the first whole day's start
  const end = Math.floor(p.to.getTime() / DAY_MS) * DAY_MS; // the last whole day's end
  if (first >= end) return leadCells(db, userId, p.from < p.to ? [[p.from, p.to]] : []);
  const edges: Array<[Date, Date]> = [
    [p.from, new Date(first)],
    [new Date(end), p.to],
  ];
  const [days, parts] = await Promise.all([
    dayCells(db, userId, utcDay(first), utcDay(end)),
    leadCells(
      db,
      userId,
      edges.filter(([a, b]) => a < b),
    ),
  ]);
  return [...days, ...parts];
}

/**
 * Results for the agent's days `from`..`to`: the leads grouped in the database (a few rows, whatever the
 * agent bought), the transfers and appointments of the period item by item (their costs follow credits).
 */
export async function results(db: Db, userId: number, from: string, to: string, timeZone: string = DEFAULT_TIME_ZONE): Promise<ResultsView> {
  const period = periodOf(from, to, timeZone);
  const [leads, live] = await Promise.all([periodLeadCells(db, userId, period as { from: Date; to: Date }), boughtItems(db, userId, period, 'live')]);
  return buildResultsFromCells(from, to, [...leads, ...(live as ResultItem[]).map(cellOf)]);
}
