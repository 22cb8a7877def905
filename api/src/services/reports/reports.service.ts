// The admin reports (issue 36 point 2): revenue by day and product (gross, refunded, net), transfers
// delivered per buyer per day, dispute and credit rate per buyer, refunds by reason, and the no-show rate.
// Every report reads a range of days in the operator's time zone. The database groups by the operator's day
// (localDayOf: the zone's offsets over the range written into the statement, decision 268) over an indexed
// time column, and sends one row per day (and product or buyer), never the rows it sums. The money comes
// from the orders (paid) and the refunds (succeeded) only: the same rows the Orders tab and its refunds
// show. Each report also renders as CSV (reportCsv).
import type { Knex } from 'knex';
import { nextDateKey, startOfLocalDate } from '@tm/shared/logic/transfer-rules';
import { ORDER_PRODUCT_LABELS, type OrderProduct } from '@tm/shared/schemas/admin-business';
import type { BuyerRow, NoShowRow, RefundReasonRow, ReportPage, ReportQuery, RevenueRow, TransfersDayRow } from '@tm/shared/schemas/admin-console';
import type { Db } from '../../db/index.ts';
import { toDbDate } from '../../db/dates.ts';
import { localDayOf, offsetSpans, type OffsetSpan } from '../../db/local-day.ts';
import { Appointment, AppointmentNoShow, Order, Refund, TransferCall, TransferDispute, User } from '../../models/index.ts';
import { recipientTimeZone } from '../accounts/agent-time-zone.ts';
import { csvLine, type Cell } from '../../lib/csv.ts';
import { num } from '../../db/numbers.ts';

/** A report's days, in `timeZone`, as the instants [start, end) they cover. */
export interface ReportRange {
  from: string;
  to: string;
  timeZone: string;
  start: Date;
  end: Date;
  /** The zone's offsets over [start, end), read once for the report's statements (offsetSpans). */
  spans: readonly OffsetSpan[];
}

/** The days `from` to `to` (inclusive) in `timeZone`. */
export function rangeOf(from: string, to: string, timeZone: string): ReportRange {
  const [start, end] = [startOfLocalDate(from, timeZone), startOfLocalDate(nextDateKey(to), timeZone)];
  return { from, to, timeZone, start, end, spans: offsetSpans(timeZone, start, end) };
}

/** The range of a report query: the zone asked for, else the admin's own (decision 185's rule). */
export async function reportRange(db: Db, adminId: number, q: ReportQuery): Promise<ReportRange> {
  return rangeOf(q.from, q.to, q.tz ?? (await recipientTimeZone(db, adminId)));
}

/** The range's local day of a time column: `select('day')` and `group` (decision 268). */
const dayOf = (db: Db, column: string, r: ReportRange) => localDayOf(db, column, r.spans);
const within = (column: string, r: ReportRange) => (q: Knex.QueryBuilder) => q.where(column, '>=', toDbDate(r.start)).where(column, '<', toDbDate(r.end));
const rate = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : 0);

/** The product's label (an order kind not in the list reads as itself). */
export const productLabel = (kind: string) => ORDER_PRODUCT_LABELS[kind as OrderProduct] ?? kind;

/**
 * Money by day and product: gross (orders paid that day), refunded (refunds that succeeded that day, on the
 * product of their order) and net (gross - refunded), with the number of orders paid. The one place revenue
 * is computed: other reports narrow the orders (`narrow` receives the orders query, alias `o`, for both the
 * payments and the refunds) and group the rows as they need.
 */
export async function revenueByDay(db: Db, r: ReportRange, narrow: (orders: Knex.QueryBuilder) => void = () => {}): Promise<RevenueRow[]> {
  const paidDay = dayOf(db, 'o.paidAt', r);
  const paid = Order.query(db)
    .alias('o')
    .toKnexQuery()
    .clearSelect()
    .whereIn('o.status', ['paid', 'refunded'])
    .modify(within('o.paidAt', r))
    .select(paidDay.select('day'), 'o.kind')
    .sum({ cents: 'o.amountCents' })
    .count({ n: '*' })
    .groupByRaw('?, ??', [paidDay.group, 'o.kind']);
  narrow(paid);
  const refundDay = dayOf(db, 'rf.createdAt', r);
  const refunded = Refund.query(db)
    .alias('rf')
    .toKnexQuery()
    .clearSelect()
    .join(`${Order.tableName} as o`, 'o.id', 'rf.orderId')
    .where('rf.status', 'succeeded')
    .modify(within('rf.createdAt', r))
    .select(refundDay.select('day'), 'o.kind')
    .sum({ cents: 'rf.amountCents' })
    .groupByRaw('?, ??', [refundDay.group, 'o.kind']);
  narrow(refunded);
  const rows = new Map<string, RevenueRow>();
  const row = (day: string, product: string) => {
    const key = `${day}|${product}`;
    let x = rows.get(key);
    if (!x) rows.set(key, (x = { day, product, grossCents: 0, refundedCents: 0, netCents: 0, orders: 0 }));
    return x;
  };
  for (const p of (await paid) as Array<{ day: string; kind: string; cents: unknown; n: unknown }>) {
    const x = row(p.day, p.kind);
    x.grossCents += num(p.cents);
    x.orders += num(p.n);
  }
  for (const f of (await refunded) as Array<{ day: string; kind: string; cents: unknown }>) row(f.day, f.kind).refundedCents += num(f.cents);
  for (const x of rows.values()) x.netCents = x.grossCents - x.refundedCents;
  return [...rows.values()].sort((a, b) => a.day.localeCompare(b.day) || a.product.localeCompare(b.product));
}

/** Per buyer, over the calls that started in the range: delivered, disputed, credited, and the credit rate. */
export async function buyersReport(db: Db, r: ReportRange): Promise<BuyerRow[]> {
  const calls = (await TransferCall.query(db)
    .alias('c')
    .toKnexQuery()
    .clearSelect()
    .modify(within('c.startedAt', r))
    .select('c.userId')
    .count({ n: '*' })
    .select(db.raw("SUM(CASE WHEN ?? = 'credited' THEN 1 ELSE 0 END) as credits", ['c.status']))
    .groupBy('c.userId')) as Array<{ userId: number; n: unknown; credits: unknown }>;
  const disputes = (await TransferDispute.query(db)
    .alias('d')
    .toKnexQuery()
    .clearSelect()
    .join(`${TransferCall.tableName} as c`, 'c.id', 'd.callId')
    .modify(within('c.startedAt', r))
    .select('d.userId')
    .count({ n: '*' })
    .groupBy('d.userId')) as Array<{ userId: number; n: unknown }>;
  const ids = [...new Set([...calls.map((c) => Number(c.userId)), ...disputes.map((d) => Number(d.userId))])];
  const emails = new Map((await User.query(db).whereIn('id', ids).select('id', 'email')).map((u) => [Number(u.id), u.email]));
  const disputed = new Map(disputes.map((d) => [Number(d.userId), num(d.n)]));
  return ids
    .map((userId) => {
      const c = calls.find((x) => Number(x.userId) === userId);
      const transfersDelivered = num(c?.n);
      const credits = num(c?.credits);
      return {
        userId,
        email: emails.get(userId) ?? '',
        transfersDelivered,
        disputes: disputed.get(userId) ?? 0,
        credits,
        creditRate: rate(credits, transfersDelivered),
      };
    })
    .sort((a, b) => b.transfersDelivered - a.transfersDelivered || a.email.localeCompare(b.email));
}

/** Transfers delivered (calls recorded, billable or not) per buyer per day. */
export async function transfersByDay(db: Db, r: ReportRange): Promise<TransfersDayRow[]> {
  const day = dayOf(db, 'c.startedAt', r);
  const rows = (await TransferCall.query(db)
    .alias('c')
    .toKnexQuery()
    .clearSelect()
    .modify(within('c.startedAt', r))
    .select(day.select('day'), 'c.userId')
    .count({ n: '*' })
    .groupByRaw('?, ??', [day.group, 'c.userId'])) as Array<{ day: string; userId: number; n: unknown }>;
  const emails = new Map(
    (
      await User.query(db)
        .whereIn('id', [...new Set(rows.map((x) => Number(x.userId)))])
        .select('id', 'email')
    ).map((u) => [Number(u.id), u.email]),
  );
  return rows
    .map((x) => ({ day: x.day, userId: Number(x.userId), email: emails.get(Number(x.userId)) ?? '', transfersDelivered: num(x.n) }))
    .sort((a, b) => a.day.localeCompare(b.day) || a.email.localeCompare(b.email));
}

export const NO_REASON = 'No reason given';

/** Refunds that succeeded in the range, by the reason the admin gave. */
export async function refundsByReason(db: Db, r: ReportRange): Promise<RefundReasonRow[]> {
  const rows = (await Refund.query(db)
    .alias('rf')
    .toKnexQuery()
    .clearSelect()
    .where('rf.status', 'succeeded')
    .modify(within('rf.createdAt', r))
    .select('rf.reason')
    .count({ n: '*' })
    .sum({ cents: 'rf.amountCents' })
    .groupBy('rf.reason')) as Array<{ reason: string | null; n: unknown; cents: unknown }>;
  const out = new Map<string, RefundReasonRow>();
  for (const x of rows) {
    const reason = x.reason?.trim() || NO_REASON;
    const row = out.get(reason) ?? { reason, refunds: 0, refundedCents: 0 };
    row.refunds += num(x.n);
    row.refundedCents += num(x.cents);
    out.set(reason, row);
  }
  return [...out.values()].sort((a, b) => b.refundedCents - a.refundedCents || a.reason.localeCompare(b.reason));
}

/** Per day: appointments sold (bought or assigned), no-shows reported and credited, and the no-show rate. */
export async function noShowsByDay(db: Db, r: ReportRange): Promise<NoShowRow[]> {
  const soldDay = dayOf(db, 'a.purchasedAt', r);
  const claimDay = dayOf(db, 's.createdAt', r);
  const sold = (await Appointment.query(db)
    .alias('a')
    .toKnexQuery()
    .clearSelect()
    .where('a.status', 'sold')
    .modify(within('a.purchasedAt', r))
    .select(soldDay.select('day'))
    .count({ n: '*' })
    .groupByRaw('?', [soldDay.group])) as Array<{ day: string; n: unknown }>;
  const claims = (await AppointmentNoShow.query(db)
    .alias('s')
    .toKnexQuery()
    .clearSelect()
    .modify(within('s.createdAt', r))
    .select(claimDay.select('day'))
    .count({ n: '*' })
    .select(db.raw("SUM(CASE WHEN ?? IN ('credited', 'approved') THEN 1 ELSE 0 END) as credited", ['s.status']))
    .groupByRaw('?', [claimDay.group])) as Array<{ day: string; n: unknown; credited: unknown }>;
  const out = new Map<string, NoShowRow>();
  const row = (day: string) => {
    let x = out.get(day);
    if (!x) out.set(day, (x = { day, appointmentsSold: 0, noShowsReported: 0, noShowsCredited: 0, noShowRate: 0 }));
    return x;
  };
  for (const x of sold) row(x.day).appointmentsSold += num(x.n);
  for (const x of claims) {
    const y = row(x.day);
    y.noShowsReported += num(x.n);
    y.noShowsCredited += num(x.credited);
  }
  for (const x of out.values()) x.noShowRate = rate(x.noShowsCredited, x.appointmentsSold);
  return [...out.values()].sort((a, b) => a.day.localeCompare(b.day));
}

/** Every report by its path segment: how to read it and its CSV columns. */
export const REPORTS = {
  revenue: {
    read: (db: Db, r: ReportRange) => revenueByDay(db, r),
    columns: ['Day', 'Product', 'Gross', 'Refunded', 'Net', 'Orders'],
    cells: (x: RevenueRow): Cell[] => [x.day, productLabel(x.product), dollars(x.grossCents), dollars(x.refundedCents), dollars(x.netCents), x.orders],
  },
  buyers: {
    read: buyersReport,
    columns: ['User ID', 'E-mail', 'Transfers delivered', 'Disputes', 'Credits', 'Credit rate'],
    cells: (x: BuyerRow): Cell[] => [x.userId, x.email, x.transfersDelivered, x.disputes, x.credits, x.creditRate],
  },
  transfers: {
    read: transfersByDay,
    columns: ['Day', 'User ID', 'E-mail', 'Transfers delivered'],
    cells: (x: TransfersDayRow): Cell[] => [x.day, x.userId, x.email, x.transfersDelivered],
  },
  refunds: {
    read: refundsByReason,
    columns: ['Reason', 'Refunds', 'Refunded'],
    cells: (x: RefundReasonRow): Cell[] => [x.reason, x.refunds, dollars(x.refundedCents)],
  },
  'no-shows': {
    read: noShowsByDay,
    columns: ['Day', 'Appointments sold', 'No-shows reported', 'No-shows credited', 'No-show rate'],
    cells: (x: NoShowRow): Cell[] => [x.day, x.appointmentsSold, x.noShowsReported, x.noShowsCredited, x.noShowRate],
  },
} as const;
export type ReportName = keyof typeof REPORTS;

/** Dollars with cents, no currency sign (a spreadsheet sums them). */
const dollars = (cents: number) => (cents / 100).toFixed(2);

export async function readReport<N extends ReportName>(db: Db, name: N, r: ReportRange): Promise<ReportPage<unknown>> {
  return { from: r.from, to: r.to, timeZone: r.timeZone, rows: await REPORTS[name].read(db, r) };
}

/** The reports whose rows are ordered by day first: their CSV reads a window of days at a time. */
const BY_DAY: ReadonlySet<ReportName> = new Set(['revenue', 'transfers', 'no-shows']);
/** Days a by-day report's CSV reads per statement: a month of days (times the buyers, for Transfers). */
export const REPORT_CSV_BATCH_DAYS = 31;
/** Rows a CSV chunk carries (the reports not by day, Buyers and Refunds, are read in one statement). */
const REPORT_CSV_CHUNK_ROWS = 1000;

/** The range cut into consecutive windows of at most `days` days (the last one shorter), in the same zone. */
export function dayWindows(r: ReportRange, days: number): ReportRange[] {
  const out: ReportRange[] = [];
  for (let from = r.from; from <= r.to;) {
    let to = from;
    for (let i = 1; i < days && to < r.to; i++) to = nextDateKey(to);
    out.push(rangeOf(from, to, r.timeZone));
    from = nextDateKey(to);
  }
  return out;
}

/**
 * A report as CSV, in chunks (issue 38: exports stream in constant memory; decision 277). A report ordered
 * by day first (Revenue, Transfers, No-shows) is read `batchDays` days a statement, each window grouped
 * as the whole range is: the windows' rows, one after another, are the range's rows in the same order, so
 * the bytes are the ones a single read gives. Buyers and Refunds (one row per buyer, per reason) are read
 * in one statement and sent in chunks of rows.
 */
export async function* reportCsv(db: Db, name: ReportName, r: ReportRange, batchDays = REPORT_CSV_BATCH_DAYS): AsyncGenerator<string> {
  const report = REPORTS[name] as { read: (db: Db, r: ReportRange) => Promise<unknown[]>; columns: readonly string[]; cells: (x: unknown) => Cell[] };
  yield csvLine([...report.columns]);
  for (const window of BY_DAY.has(name) ? dayWindows(r, batchDays) : [r]) {
    const rows = await report.read(db, window);
    for (let i = 0; i < rows.length; i += REPORT_CSV_CHUNK_ROWS) {
      yield rows
        .slice(i, i + REPORT_CSV_CHUNK_ROWS)
        .map((x) => csvLine(report.cells(x)))
        .join('');
    }
  }
}
