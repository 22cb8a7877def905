// Results' cells (decisions 255, 264, 272): the sums of the agent's purchases per product, state and age
// band, grouped by the database so that no statement answers a row per item. Leads: the whole UTC days of
// the period from `lead_results_months` and `lead_results_days` (kept by triggers), its partial days from
// `leads`; transfers the same way (the sums hold them too, decision 272), their partial days from
// `transfer_calls`; appointments of the period grouped from their table, each with its outcome, order
// line and credit.
import { APPOINTMENT_PRICE_CENTS, LEAD_DEFAULT_PRICE_CENTS } from '@tm/shared';
import { AGE_BANDS, CONTACTED_STATUSES, SOLD_STATUSES, type Product, type ResultsCell } from '@tm/shared/schemas/outcomes';
import { isMysql, type Db } from '../../db/index.ts';
import { toDbDate } from '../../db/dates.ts';
import { LeadResultsDay, LeadResultsMonth } from '../../models/index.ts';

/** Leads' age bands as SQL, from AGE_BANDS (the rule `ageBand` applies to one item). */
const AGE_BAND_SQL = `CASE ${AGE_BANDS.filter((b) => b.max >= 0 && Number.isFinite(b.max))
  .map((b) => `WHEN COALESCE(l.age_days, 0) <= ${b.max} THEN '${b.key}'`)
  .join(' ')} ELSE '${AGE_BANDS.at(-1)!.key}' END`;
const marks = (xs: readonly unknown[]) => xs.map(() => '?').join(', ');
/** The Results sums of an outcome `o` joined to each item: contacted, sales, premium (the bound statuses). */
const OUTCOME_SUMS = `SUM(CASE WHEN o.status IN (${marks(CONTACTED_STATUSES)}) THEN 1 ELSE 0 END) AS contacted,
            SUM(CASE WHEN o.status IN (${marks(SOLD_STATUSES)}) THEN 1 ELSE 0 END) AS sales,
            SUM(CASE WHEN o.status IN (${marks(SOLD_STATUSES)}) THEN COALESCE(o.premium_cents, 0) ELSE 0 END) AS premium`;
const OUTCOME_BINDS = [...CONTACTED_STATUSES, ...SOLD_STATUSES, ...SOLD_STATUSES];

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
            SUM(COALESCE(oi.unit_price_cents, l.price_cents, ?)) AS spend, ${OUTCOME_SUMS}
     FROM leads l
     LEFT JOIN order_items oi ON oi.order_id = l.reserved_order_id AND oi.item_id = l.id
     LEFT JOIN item_outcomes o ON o.item_type = 'lead' AND o.item_id = l.id AND o.user_id = ?
     WHERE l.buyer_id = ? AND l.status = 'sold' AND (${spans.map(() => '(l.sold_at >= ? AND l.sold_at < ?)').join(' OR ')})
     GROUP BY 1, 2, 3`,
    [LEAD_DEFAULT_PRICE_CENTS, ...OUTCOME_BINDS, userId, userId, ...spans.flat().map(toDbDate)],
  );
  return rowsOf(db, rows).map(toCell);
}

const SUM_COLUMNS = ['items', 'spend_cents', 'unpriced', 'contacted', 'sales', 'premium_cents'];
const SUMMED = `SUM(items) AS items, SUM(spend_cents) + SUM(unpriced) * ? AS spend,
            SUM(contacted) AS contacted, SUM(sales) AS sales, SUM(premium_cents) AS premium`;

/**
 * The agent's leads of the whole UTC days [first, end) as Results cells, from the sums the triggers keep
 * (decisions 264, 272): the months nearest the period's ends from `lead_results_months`, plus or minus the
 * day rows between a month's edge and the period's (`monthPlan`), or the days alone when no month is
 * nearer. A few hundred rows for 90 days, whatever the agent bought.
 */
async function dayCells(db: Db, userId: number, first: number, end: number): Promise<ResultsCell[]> {
  const plan = monthPlan(first, end);
  if (!plan) {
    const rows = await db.raw(
      `SELECT product, state, band, ${SUMMED}
       FROM ${LeadResultsDay.tableName} WHERE buyer_id = ? AND day >= ? AND day < ?
       GROUP BY product, state, band HAVING SUM(items) > 0`,
      [LEAD_DEFAULT_PRICE_CENTS, userId, utcDay(first), utcDay(end)],
    );
    return rowsOf(db, rows).map(toCell);
  }
  const days = plan.days.map(
    () => `SELECT product, state, band, ${SUM_COLUMNS.map((c) => `? * ${c}`).join(', ')}
           FROM ${LeadResultsDay.tableName} WHERE buyer_id = ? AND day >= ? AND day < ?`,
  );
  const rows = await db.raw(
    `SELECT product, state, band, ${SUMMED}
     FROM (SELECT product, state, band, ${SUM_COLUMNS.join(', ')}
           FROM ${LeadResultsMonth.tableName} WHERE buyer_id = ? AND month >= ? AND month < ?
           ${days.map((d) => `UNION ALL ${d}`).join(' ')}) s
     GROUP BY product, state, band HAVING SUM(items) > 0`,
    [
      LEAD_DEFAULT_PRICE_CENTS,
      userId,
      utcDay(plan.months[0]),
      utcDay(plan.months[1]),
      ...plan.days.flatMap(([sign, from, to]) => [...SUM_COLUMNS.map(() => sign), userId, utcDay(from), utcDay(to)]),
    ],
  );
  return rowsOf(db, rows).map(toCell);
}

const DAY_MS = 86_400_000;
const utcDay = (t: number) => new Date(t).toISOString().slice(0, 10);
/** A month's rows cost about what this many days' rows do (a month holds each state and band once). */
const MONTH_COST_DAYS = 5;

/**
 * Which months and days make the whole UTC days [first, end): the month boundary nearest each end, the
 * months between them, and the days between each boundary and its end, added (inside the period) or taken
 * off (outside it). Null when that would read more rows than the days alone.
 */
export function monthPlan(first: number, end: number): { months: [number, number]; days: Array<[1 | -1, number, number]> } | null {
  const nearest = (t: number) => {
    const d = new Date(t);
    const start = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
    const next = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
    return t - start <= next - t ? start : next;
  };
  const [a, b] = [nearest(first), nearest(end)];
  if (a >= b) return null;
  const days: Array<[1 | -1, number, number]> = [];
  if (a !== first) days.push(a < first ? [-1, a, first] : [1, first, a]);
  if (b !== end) days.push(b > end ? [-1, end, b] : [1, b, end]);
  const dayCount = days.reduce((n, [, from, to]) => n + (to - from) / DAY_MS, 0);
  let months = 0;
  for (let m = new Date(a); m.getTime() < b; m.setUTCMonth(m.getUTCMonth() + 1)) months += 1;
  if (dayCount + months * MONTH_COST_DAYS >= (end - first) / DAY_MS) return null;
  return { months: [a, b], days };
}

/**
 * The period's cells: its whole UTC days from the sums (leads and transfers, decisions 264 and 272), the
 * partial days at its two ends (the agent's midnight is rarely UTC's) from the leads and transfers
 * themselves, the appointments from theirs; exact for any zone, :30 and :45 too.
 */
export async function periodCells(db: Db, userId: number, p: { from: Date; to: Date }): Promise<ResultsCell[]> {
  const first = Math.ceil(p.from.getTime() / DAY_MS) * DAY_MS; // the first whole day's start
  const end = Math.floor(p.to.getTime() / DAY_MS) * DAY_MS; // the last whole day's end
  if (first >= end) {
    const spans: Array<[Date, Date]> = p.from < p.to ? [[p.from, p.to]] : [];
    return (await Promise.all([leadCells(db, userId, spans), liveCells(db, userId, spans, p)])).flat();
  }
  const edges = (
    [
      [p.from, new Date(first)],
      [new Date(end), p.to],
    ] as Array<[Date, Date]>
  ).filter(([a, b]) => a < b);
  const cells = await Promise.all([dayCells(db, userId, first, end), leadCells(db, userId, edges), liveCells(db, userId, edges, p)]);
  return cells.flat();
}

/**
 * The agent's billed transfers of the given spans (the period's partial days) and purchased appointments of
 * the period as cells, one statement grouped by product and state. A transfer costs its charge; an
 * appointment its order line's price, else its own, else the catalogue's, less a no-show credit (credited
 * or approved), and nothing when an admin assigned it.
 */
export async function liveCells(db: Db, userId: number, transferSpans: Array<[Date, Date]>, p: { from: Date; to: Date }): Promise<ResultsCell[]> {
  const price = 'COALESCE(oi.unit_price_cents, a.price_cents, ?) - COALESCE(ns.credit_cents, 0)';
  const transfers = transferSpans.length
    ? `SELECT 'transfer' AS product, COALESCE(t.state, '') AS state, 'live' AS band, COUNT(*) AS items, SUM(t.charge_cents) AS spend, ${OUTCOME_SUMS}
     FROM transfer_calls t
     LEFT JOIN item_outcomes o ON o.item_type = 'transfer' AND o.item_id = t.id AND o.user_id = ?
     WHERE t.user_id = ? AND t.status = 'billed' AND (${transferSpans.map(() => '(t.started_at >= ? AND t.started_at < ?)').join(' OR ')})
     GROUP BY 2
     UNION ALL `
    : '';
  const rows = await db.raw(
    `${transfers}SELECT 'appointment' AS product, UPPER(SUBSTR(COALESCE(a.customer_state, ''), 1, 2)) AS state, 'live' AS band, COUNT(*) AS items,
            SUM(CASE WHEN a.assigned_at IS NOT NULL THEN 0 WHEN ${price} > 0 THEN ${price} ELSE 0 END) AS spend, ${OUTCOME_SUMS}
     FROM appointments a
     LEFT JOIN order_items oi ON oi.order_id = a.reserved_order_id AND oi.item_id = a.id
     LEFT JOIN appointment_no_shows ns ON ns.appointment_id = a.id AND ns.user_id = ? AND ns.status IN ('credited', 'approved')
     LEFT JOIN item_outcomes o ON o.item_type = 'appointment' AND o.item_id = a.id AND o.user_id = ?
     WHERE a.buyer_id = ? AND a.status = 'sold' AND a.purchased_at >= ? AND a.purchased_at < ?
     GROUP BY 2`,
    [
      ...(transferSpans.length ? [...OUTCOME_BINDS, userId, userId, ...transferSpans.flat().map(toDbDate)] : []),
      APPOINTMENT_PRICE_CENTS,
      APPOINTMENT_PRICE_CENTS,
      ...OUTCOME_BINDS,
      userId,
      userId,
      userId,
      toDbDate(p.from),
      toDbDate(p.to),
    ],
  );
  return rowsOf(db, rows).map(toCell);
}
