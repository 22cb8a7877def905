// AI call records sold as appointments: the list for sale (masked, previews only), the agent's own
// purchases (everything), their counts, and the buyer's delete. Every read of owned rows is scoped
// to the buyer, so another agent's id answers 404, never the record.
import type { Knex } from 'knex';
import { raw, type ModelObject } from 'objection';
import type { Db } from '../../db/index.ts';
import { Appointment, OrderItem } from '../../models/index.ts';
import { csvLine } from '../../lib/csv.ts';
import { orWhereContains } from '../../db/like.ts';
import { readPage, seekBatches, withItems, type Keyset } from '../../db/paging.ts';
import { appointmentSaleCutoff } from '../orders/inventory.ts';
import { DEFAULT_TIME_ZONE, appointmentInstant, nextDateKey, startOfLocalDate } from '@tm/shared/logic/transfer-rules';
import { APPOINTMENTS_PAGE_SIZE, MY_APPOINTMENTS_CSV_HEADER, type AppointmentSort, type AvailableAppointmentsQuery } from '@tm/shared/schemas/appointments';
import { toDbDate, toIso } from '../../db/dates.ts';
import { notFound } from '../../errors.ts';
import { APPOINTMENT_PRICE_CENTS, centsToDecimal } from '@tm/shared';
import { maskCustomerName, maskPhone, redactCustomer } from '@tm/shared/logic/mask-name';
import { transcriptTail } from '@tm/shared/logic/transcript';
import {
  VERIFIED_CONFIDENCE,
  isVerifiedForSale,
  type AppointmentForSale,
  type AppointmentsOverview,
  type PurchasedAppointment,
  ASSIGNED_LABEL,
} from '@tm/shared/schemas/dashboard';
import type { Paged } from '@tm/shared/schemas/leads';
import { isMediaUrl } from '../media/media-links.ts';
import { numOrNull } from '../../db/numbers.ts';
import { bookPrice, type PriceBook } from '../orders/buyer-prices.service.ts';

export { APPOINTMENTS_PAGE_SIZE };

/** An appointments row as read (every column, or the ones a caller selected). */
type Row = Partial<ModelObject<Appointment>>;
const str = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));

/** The callback_at column for a callback time's text: its instant when it reads as one, else NULL (unknown). */
export function callbackAtOf(text: string | null | undefined): string | null {
  const d = appointmentInstant(text);
  return d ? toDbDate(d) : null;
}

export function appointmentPriceCents(row: Row): number {
  return numOrNull(row.priceCents) ?? APPOINTMENT_PRICE_CENTS;
}

export function toAppointmentForSale(row: Row): AppointmentForSale {
  const confidence = numOrNull(row.extractionConfidence);
  const cents = appointmentPriceCents(row);
  // Only a recording kept here can be cut to a preview (the route signs it as a preview link); an
  // external recording would be the whole call, so a buyer hears it only after paying.
  const recording = str(row.recordingUrl) ?? str(row.uploadedAudioPath);
  return {
    id: Number(row.id),
    customerName: maskCustomerName(str(row.customerName)),
    customerPhone: maskPhone(str(row.customerPhone)),
    customerState: str(row.customerState),
    callStatus: str(row.callStatus) ?? 'pending',
    extractionConfidence: confidence,
    verified: isVerifiedForSale(confidence),
    createdAt: toIso(row.createdAt),
    callDate: toIso(row.callDate),
    extractedAppointmentDateTime: str(row.extractedAppointmentDateTime),
    appointmentDate: str(row.appointmentDate),
    extractedAppointmentTime: str(row.extractedAppointmentTime),
    callDuration: numOrNull(row.callDuration),
    leadQuality: str(row.leadQuality),
    recordingUrl: isMediaUrl(recording) ? recording : null,
    hasRecording: recording !== null,
    transcriptPreview: transcriptTail(redactCustomer(str(row.transcript) ?? '', str(row.customerName), str(row.customerPhone))),
    notes: row.notes === null || row.notes === undefined ? null : redactCustomer(String(row.notes), str(row.customerName), str(row.customerPhone)),
    followUpRequired: Boolean(row.followUpRequired),
    priceCents: cents,
  };
}

function parseInfo(v: unknown): string | Record<string, unknown> | null {
  const s = str(v);
  if (s === null) return null;
  try {
    const parsed: unknown = JSON.parse(s);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    /* plain text */
  }
  return s;
}

export function toPurchasedAppointment(row: Row): PurchasedAppointment {
  const confidence = numOrNull(row.extractionConfidence);
  // An appointment an admin assigned cost the agent nothing.
  const assigned = Boolean(row.assignedAt);
  // What the buyer paid (their order's price) where it is known, else the appointment's price.
  const paid = numOrNull((row as { paidPriceCents?: unknown }).paidPriceCents);
  const cents = assigned ? 0 : (paid ?? appointmentPriceCents(row));
  return {
    id: Number(row.id),
    customerName: str(row.customerName) ?? 'Unknown Customer',
    customerPhone: str(row.customerPhone) ?? '',
    customerEmail: str(row.customerEmail),
    customerState: str(row.customerState),
    callStatus: str(row.callStatus) ?? 'pending',
    purchasedAt: toIso(row.purchasedAt),
    callDate: toIso(row.callDate),
    priceCents: cents,
    assigned,
    hasExtractedAppointment: Boolean(row.hasExtractedAppointment),
    // Stored on the 0..1 scale; My Appointments shows percent.
    extractionConfidence: confidence === null ? null : Math.round(confidence * 100),
    extractedAppointmentDateTime: str(row.extractedAppointmentDateTime),
    appointmentDate: str(row.appointmentDate),
    extractedAppointmentDate: str(row.extractedAppointmentDate),
    extractedAppointmentTime: str(row.extractedAppointmentTime),
    callDuration: numOrNull(row.callDuration),
    recordingUrl: str(row.recordingUrl) ?? str(row.uploadedAudioPath),
    transcript: str(row.transcript),
    extractedAppointmentInfo: parseInfo(row.extractedAppointmentInfo),
    summary: str(row.summary),
    notes: str(row.notes),
    leadQuality: str(row.leadQuality),
    followUpRequired: Boolean(row.followUpRequired),
  };
}

/**
 * For sale: available, or reserved by an unpaid order whose hold has lapsed (reserved_until before now;
 * the reservation-sweep job gives those rows back), and not within the sale cut-off of its callback time
 * (decision 215). A read never releases anything itself.
 */
const available = (db: Db | Knex.Transaction, now: Date, lapsed = true) =>
  Appointment.query(db)
    .where((q) => {
      q.where(Appointment.ref('status'), 'available');
      if (lapsed) q.orWhere((r) => r.where(Appointment.ref('status'), 'reserved').where(Appointment.ref('reservedUntil'), '<', toDbDate(now)));
    })
    .where((q) => q.whereNull(Appointment.ref('callbackAt')).orWhere(Appointment.ref('callbackAt'), '>', appointmentSaleCutoff(now)));
const owned = (db: Db | Knex.Transaction, userId: number) =>
  Appointment.query(db).where(Appointment.ref('buyerId'), userId).where(Appointment.ref('status'), 'sold').whereNull(Appointment.ref('buyerDeletedAt'));

/**
 * Owned rows with what the buyer paid for each (its order item's price: their own price where an admin set
 * one, decision 251), read by the order's index; null for an appointment an admin assigned.
 */
const withPaidPrice = (q: AppointmentQuery) =>
  q.select(
    `${Appointment.tableName}.*`,
    OrderItem.query()
      .select('unitPriceCents')
      .whereColumn(OrderItem.ref('orderId'), Appointment.ref('reservedOrderId'))
      .whereColumn(OrderItem.ref('itemId'), Appointment.ref('id'))
      .where(OrderItem.ref('kind'), 'appointment')
      .limit(1)
      .as('paidPriceCents'),
  );

const total = (row: unknown) => Number((row as { n?: number | string } | undefined)?.n ?? 0);

type AppointmentQuery = ReturnType<typeof owned>;

/** Where the call's day is read from: the call date, or when the record was made for older rows. */
const callDay = () => raw('COALESCE(?, ?)', [Appointment.ref('callDate'), Appointment.ref('createdAt')]);

/** Narrows Buy Appointments to the filters (states, call days on the agent's clock, verified, quality). */
function filtered(q: AppointmentQuery, f: AppointmentFilterValues, timeZone: string): AppointmentQuery {
  if (f.states.length) q.whereIn(Appointment.ref('customerState'), f.states);
  if (f.from) q.where(callDay(), '>=', toDbDate(startOfLocalDate(f.from, timeZone)));
  if (f.to) q.where(callDay(), '<', toDbDate(startOfLocalDate(nextDateKey(f.to), timeZone)));
  // The same threshold as the list's "Verified" badge (isVerifiedForSale).
  if (f.verifiedOnly) q.where(Appointment.ref('extractionConfidence'), '>=', VERIFIED_CONFIDENCE);
  if (f.qualities.length) q.whereIn(raw('LOWER(?)', [Appointment.ref('leadQuality')]), f.qualities);
  return q;
}

const NEWEST = (q: AppointmentQuery) => q.orderBy(Appointment.ref('createdAt'), 'desc').orderBy(Appointment.ref('id'), 'desc');

/** The sort orders of Buy Appointments; each ends on the row's id so pages never overlap. */
function sorted(q: AppointmentQuery, sort: AppointmentSort): AppointmentQuery {
  switch (sort) {
    case 'oldest':
      return q.orderBy(Appointment.ref('createdAt'), 'asc').orderBy(Appointment.ref('id'), 'asc');
    case 'confidence':
      // NULL (not graded) sorts last in DESC on both SQLite and MariaDB.
      return NEWEST(q.orderBy(Appointment.ref('extractionConfidence'), 'desc'));
    case 'quality':
      return NEWEST(
        q.orderBy(raw("CASE LOWER(?) WHEN 'hot' THEN 0 WHEN 'warm' THEN 1 WHEN 'cold' THEN 2 ELSE 3 END", [Appointment.ref('leadQuality')]), 'asc'),
      );
    case 'state':
      return NEWEST(
        q.orderBy(raw('CASE WHEN ? IS NULL THEN 1 ELSE 0 END', [Appointment.ref('customerState')]), 'asc').orderBy(Appointment.ref('customerState'), 'asc'),
      );
    default:
      return NEWEST(q);
  }
}

export type AppointmentFilterValues = Omit<AvailableAppointmentsQuery, 'page' | 'pageSize' | 'sort' | 'after' | 'before'>;
const NO_FILTERS: AppointmentFilterValues = { states: [], from: null, to: null, verifiedOnly: false, qualities: [] };

export interface AvailableListOptions extends Partial<AppointmentFilterValues> {
  page?: number;
  pageSize?: number;
  sort?: AppointmentSort;
  /** The agent's time zone: the date range's days are theirs. */
  timeZone?: string;
  /** Now: for lapsed reservations (counted as for sale) and the callback cut-off. */
  now: Date;
  /** Newest or oldest first: the page after / before this appointment (keyset, decision 236). */
  after?: number;
  before?: number;
  /** The agent's own prices (decision 251): an appointment of a state they have a price for shows it. */
  book?: PriceBook;
}

/** An appointment for sale at the agent's own price where they have one, else the catalogue's. */
function forSaleAt(book: PriceBook | undefined) {
  return (row: Row): AppointmentForSale => {
    const own = book ? bookPrice(book, 'appointment', str(row.customerState)) : null;
    return toAppointmentForSale(own ? { ...row, priceCents: own.cents } : row);
  };
}

export async function listAvailableAppointments(db: Db, opts: AvailableListOptions): Promise<Paged<AppointmentForSale>> {
  const f: AppointmentFilterValues = { ...NO_FILTERS, ...opts };
  const tz = opts.timeZone ?? DEFAULT_TIME_ZONE;
  const sort = opts.sort ?? 'newest';
  if (sort === 'newest' || sort === 'oldest') {
    // By creation time and id, read by keyset both ways: any depth costs what page 1 does.
    const order = sort === 'newest' ? ('desc' as const) : ('asc' as const);
    const page = await readPage<Appointment>(
      { page: opts.page ?? 1, pageSize: opts.pageSize ?? APPOINTMENTS_PAGE_SIZE, after: opts.after, before: opts.before },
      {
        rows: filtered(available(db, opts.now), f, tz),
        count: filtered(available(db, opts.now), f, tz),
        keyset: {
          order: [
            { column: `${Appointment.tableName}.createdAt`, order },
            { column: `${Appointment.tableName}.id`, order },
          ],
          cursorRow: { table: Appointment.tableName, columns: ['createdAt'] },
        },
      },
    );
    return withItems(page, page.items.map(forSaleAt(opts.book)));
  }
  const page = await readPage<Appointment>(
    { page: opts.page ?? 1, pageSize: opts.pageSize ?? APPOINTMENTS_PAGE_SIZE },
    { rows: sorted(filtered(available(db, opts.now), f, tz), sort), count: filtered(available(db, opts.now), f, tz) },
  );
  return withItems(page, page.items.map(forSaleAt(opts.book)));
}

/** Narrows My Appointments to a name, phone (also by its digits), e-mail or state fragment. */
function searched(q: AppointmentQuery, search: string | undefined): AppointmentQuery {
  if (!search) return q;
  const digits = search.replace(/\D/g, '');
  return q.where((w) => {
    for (const col of ['customerName', 'customerEmail', 'customerState', 'customerPhone']) orWhereContains(w, `${Appointment.tableName}.${col}`, search);
    // "(512) 555" finds 5125550101: phones are compared by their digits too.
    if (digits.length >= 3 && digits !== search) w.orWhere(Appointment.ref('customerPhone'), 'like', `%${digits}%`);
  });
}

/** My Appointments' order: newest purchase first, then newest id (the buyer's index). */
const MINE_KEYSET: Keyset['order'] = [
  { column: `${Appointment.tableName}.purchasedAt`, order: 'desc' },
  { column: `${Appointment.tableName}.id`, order: 'desc' },
];

/** The place of a page of My Appointments: a page number, or the page after / before an appointment (keyset). */
export interface MyAppointmentsPlace {
  page?: number;
  pageSize?: number;
  after?: number;
  before?: number;
}

/**
 * My Appointments, newest purchase first, read by keyset on (purchased at, id) with the buyer's index
 * (decision 254): any depth costs what page 1 does, there is no page cap, and a link keeps its place when
 * appointments are bought in between (the cursor's purchase time is read by primary key).
 */
export async function listMyAppointments(db: Db, userId: number, place: MyAppointmentsPlace = {}, search?: string): Promise<Paged<PurchasedAppointment>> {
  const page = await readPage<Appointment>(
    { page: place.page ?? 1, pageSize: place.pageSize ?? APPOINTMENTS_PAGE_SIZE, after: place.after, before: place.before },
    {
      rows: withPaidPrice(searched(owned(db, userId), search)),
      count: searched(owned(db, userId), search),
      keyset: {
        order: MINE_KEYSET,
        cursorRow: { table: Appointment.tableName, columns: ['purchasedAt'] },
      },
    },
  );
  return withItems(page, page.items.map(toPurchasedAppointment));
}

const MY_APPOINTMENTS_CSV_BATCH = 1000;

/** Every appointment of My Appointments that matches the search, as CSV for a CRM (formula cells escaped). */
export async function* myAppointmentsCsv(db: Db, userId: number, search?: string, batch = MY_APPOINTMENTS_CSV_BATCH): AsyncGenerator<string> {
  yield csvLine(MY_APPOINTMENTS_CSV_HEADER);
  // By keyset on (purchased at, id), as the list pages (decision 277): an appointment bought during the
  // export neither repeats a row nor pushes one out, as it did by offset.
  const query = () => withPaidPrice(searched(owned(db, userId), search)).toKnexQuery();
  for await (const rows of seekBatches<Appointment>(query, MINE_KEYSET, (a) => [a.purchasedAt, a.id], batch)) {
    let out = '';
    for (const a of rows.map(toPurchasedAppointment)) {
      const when =
        a.extractedAppointmentDateTime ?? ([a.appointmentDate ?? a.extractedAppointmentDate, a.extractedAppointmentTime].filter(Boolean).join(' ') || null);
      out += csvLine([
        a.customerName,
        a.customerPhone,
        a.customerEmail,
        a.customerState,
        when,
        a.leadQuality,
        a.extractionConfidence,
        a.callStatus,
        a.purchasedAt,
        a.callDate,
        // Given free, not bought: no price in the export either (issue 34 item 4).
        a.assigned ? ASSIGNED_LABEL : centsToDecimal(a.priceCents),
        a.summary,
        a.notes,
      ]);
    }
    yield out;
  }
}

export async function getMyAppointment(db: Db, userId: number, id: number): Promise<PurchasedAppointment> {
  const row = await withPaidPrice(owned(db, userId)).where(Appointment.ref('id'), id).first();
  if (!row) throw notFound('Appointment not found');
  return toPurchasedAppointment(row);
}

export async function appointmentsOverview(db: Db, userId: number, now: Date): Promise<AppointmentsOverview> {
  const [a, p] = await Promise.all([available(db, now, false).count({ n: '*' }).first(), owned(db, userId).count({ n: '*' }).first()]);
  return { availableCount: total(a), purchasedCount: total(p) };
}

/** Removes a purchase from the buyer's list (the sale stays on record). 404 unless it is the caller's. */
export async function deleteMyAppointment(db: Db, userId: number, id: number, now: Date): Promise<void> {
  const n = await owned(db, userId)
    .where(Appointment.ref('id'), id)
    .patch({ buyerDeletedAt: toDbDate(now) });
  if (n === 0) throw notFound('Appointment not found');
}
