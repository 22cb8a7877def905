// AI call records sold as appointments: the list for sale (masked, previews only), the agent's own
// purchases (everything), their counts, and the buyer's delete. Every read of owned rows is scoped
// to the buyer, so another agent's id answers 404, never the record.
import type { Db } from '../../db/index.ts';
import { toDbDate, toIso } from '../../db/dates.ts';
import { notFound } from '../../errors.ts';
import { APPOINTMENT_PRICE_CENTS, centsToDecimal } from '@tm/shared';
import { maskCustomerName, maskPhone, redactCustomer } from '@tm/shared/logic/mask-name';
import { transcriptTail } from '@tm/shared/logic/transcript';
import { isVerifiedForSale, type AppointmentForSale, type AppointmentsOverview, type PurchasedAppointment } from '@tm/shared/schemas/dashboard';
import type { Paged } from '@tm/shared/schemas/leads';
import { pageOf } from '@tm/shared/schemas/paging';
import { isMediaUrl } from '../media/media-links.ts';

export const APPOINTMENTS_PAGE_SIZE = 20;

type Row = Record<string, unknown>;
const str = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));
const num = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v));

export function appointmentPriceCents(row: Row): number {
  return num(row.priceCents) ?? APPOINTMENT_PRICE_CENTS;
}

export function toAppointmentForSale(row: Row): AppointmentForSale {
  const confidence = num(row.extractionConfidence);
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
    callDuration: num(row.callDuration),
    leadQuality: str(row.leadQuality),
    recordingUrl: isMediaUrl(recording) ? recording : null,
    hasRecording: recording !== null,
    transcriptPreview: transcriptTail(redactCustomer(str(row.transcript) ?? '', str(row.customerName), str(row.customerPhone))),
    notes: row.notes === null || row.notes === undefined ? null : redactCustomer(String(row.notes), str(row.customerName), str(row.customerPhone)),
    followUpRequired: Boolean(row.followUpRequired),
    price: centsToDecimal(cents),
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
  const confidence = num(row.extractionConfidence);
  const cents = appointmentPriceCents(row);
  return {
    id: Number(row.id),
    customerName: str(row.customerName) ?? 'Unknown Customer',
    customerPhone: str(row.customerPhone) ?? '',
    customerEmail: str(row.customerEmail),
    customerState: str(row.customerState),
    callStatus: str(row.callStatus) ?? 'pending',
    purchasedAt: toIso(row.purchasedAt),
    callDate: toIso(row.callDate),
    price: centsToDecimal(cents),
    priceCents: cents,
    hasExtractedAppointment: Boolean(row.hasExtractedAppointment),
    // Stored on the 0..1 scale; My Appointments shows percent.
    extractionConfidence: confidence === null ? null : Math.round(confidence * 100),
    extractedAppointmentDateTime: str(row.extractedAppointmentDateTime),
    appointmentDate: str(row.appointmentDate),
    extractedAppointmentDate: str(row.extractedAppointmentDate),
    extractedAppointmentTime: str(row.extractedAppointmentTime),
    callDuration: num(row.callDuration),
    recordingUrl: str(row.recordingUrl) ?? str(row.uploadedAudioPath),
    transcript: str(row.transcript),
    extractedAppointmentInfo: parseInfo(row.extractedAppointmentInfo),
    summary: str(row.summary),
    notes: str(row.notes),
    leadQuality: str(row.leadQuality),
    followUpRequired: Boolean(row.followUpRequired),
  };
}

const available = (db: Db) => db('appointments').where({ status: 'available' });
const owned = (db: Db, userId: number) => db('appointments').where({ buyerId: userId, status: 'sold' }).whereNull('buyerDeletedAt');

const total = (row: unknown) => Number((row as { n?: number | string } | undefined)?.n ?? 0);

export async function listAvailableAppointments(db: Db, page = 1, pageSize = APPOINTMENTS_PAGE_SIZE): Promise<Paged<AppointmentForSale>> {
  const [rows, count] = await Promise.all([
    available(db)
      .select('*')
      .orderBy([
        { column: 'createdAt', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    available(db).count({ n: '*' }).first(),
  ]);
  return pageOf((rows as Row[]).map(toAppointmentForSale), total(count), page, pageSize);
}

export async function listMyAppointments(db: Db, userId: number, page = 1, pageSize = APPOINTMENTS_PAGE_SIZE): Promise<Paged<PurchasedAppointment>> {
  const [rows, count] = await Promise.all([
    owned(db, userId)
      .select('*')
      .orderBy([
        { column: 'purchasedAt', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    owned(db, userId).count({ n: '*' }).first(),
  ]);
  return pageOf((rows as Row[]).map(toPurchasedAppointment), total(count), page, pageSize);
}

export async function getMyAppointment(db: Db, userId: number, id: number): Promise<PurchasedAppointment> {
  const row = (await owned(db, userId).where({ id }).first()) as Row | undefined;
  if (!row) throw notFound('Appointment not found');
  return toPurchasedAppointment(row);
}

export async function appointmentsOverview(db: Db, userId: number): Promise<AppointmentsOverview> {
  const [a, p] = await Promise.all([available(db).count({ n: '*' }).first(), owned(db, userId).count({ n: '*' }).first()]);
  return { availableCount: total(a), purchasedCount: total(p) };
}

/** Removes a purchase from the buyer's list (the sale stays on record). 404 unless it is the caller's. */
export async function deleteMyAppointment(db: Db, userId: number, id: number, now: Date): Promise<void> {
  const n = await owned(db, userId)
    .where({ id })
    .update({ buyerDeletedAt: toDbDate(now) });
  if (n === 0) throw notFound('Appointment not found');
}
