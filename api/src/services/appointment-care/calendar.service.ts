// Purchased appointments in the agent's calendar: an .ics per appointment, and a secret feed URL per agent
// (only its hash is kept; a new URL retires the old one; a deactivated agent's feed is gone).
import crypto from 'node:crypto';
import { createEvent, createEvents, type EventAttributes } from 'ics';
import { APPOINTMENT_MINUTES, appointmentStart } from '@tm/shared/schemas/appointment-care';
import type { Logger } from 'pino';
import type { Db } from '../../db/index.ts';
import { toDbDate, toIso } from '../../db/dates.ts';
import { HttpError, notFound } from '../../errors.ts';
import { Appointment, CalendarFeed, User } from '../../models/index.ts';
import { APPOINTMENT_NOT_FOUND, owned } from './owned.ts';

function eventOf(row: Appointment, origin: string): EventAttributes | null {
  const start = appointmentStart(row);
  if (!start) return null;
  const name = String(row.customerName ?? 'Customer');
  const lines = [
    `Phone: ${row.customerPhone ?? ''}`,
    row.customerEmail ? `E-mail: ${row.customerEmail}` : '',
    row.customerState ? `State: ${row.customerState}` : '',
    row.summary ? `Summary: ${row.summary}` : '',
    `Details: ${origin}/dashboard?tab=my-appointments`,
  ].filter(Boolean);
  return {
    uid: `appointment-${row.id}@${new URL(origin).host}`,
    start: start.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: APPOINTMENT_MINUTES },
    title: `Appointment: ${name}`,
    description: lines.join('\n'),
    status: 'CONFIRMED',
    productId: 'transferline/appointments',
  };
}

function ics(result: { error?: Error | null; value?: string | null }): string {
  if (result.error || !result.value) throw result.error ?? new Error('calendar could not be built');
  return result.value;
}

/**
 * The event as ics text, or null when the calendar library refuses it (a date stored before dates were
 * checked at every door, such as 1900-01-01: issue 35 A4). Logged with the appointment's id.
 */
function eventText(row: Appointment, event: EventAttributes, logger?: Pick<Logger, 'warn'>): string | null {
  let made: ReturnType<typeof createEvent>;
  try {
    made = createEvent(event);
  } catch (err) {
    made = { error: err as Error, value: null };
  }
  if (!made.error && made.value) return made.value;
  logger?.warn({ appointmentId: Number(row.id), err: made.error }, 'appointment left out of the calendar: its time does not make an event');
  return null;
}

/** One purchased appointment as an .ics file; 404 for anyone else's, 422 when it has no usable time. */
export async function appointmentIcs(db: Db, userId: number, id: number, origin: string, logger?: Pick<Logger, 'warn'>): Promise<string> {
  const row = await owned(db, userId).where({ id }).first();
  if (!row) throw notFound(APPOINTMENT_NOT_FOUND);
  const event = eventOf(row, origin);
  const text = event ? eventText(row, event, logger) : null;
  if (!text) throw new HttpError(422, 'This appointment has no time set, so it cannot go in a calendar.');
  return text;
}

// ---------------------------------------------------------------------------------------------
// The feed

const hash = (s: string) => crypto.createHash('sha256').update(s, 'utf8').digest('hex');

export async function feedStatus(db: Db, userId: number): Promise<{ active: boolean; createdAt: string | null }> {
  const row = await CalendarFeed.query(db).where({ userId }).select('createdAt').first();
  return { active: Boolean(row), createdAt: toIso(row?.createdAt) };
}

/** A new secret feed URL (any earlier one stops working). Only its hash is kept: the URL is shown once. */
export async function createFeed(db: Db, userId: number, origin: string, now: Date): Promise<{ url: string }> {
  const secret = crypto.randomBytes(24).toString('base64url');
  await db.transaction(async (trx) => {
    await CalendarFeed.query(trx).where({ userId }).delete();
    await CalendarFeed.query(trx).insert({ userId, secretHash: hash(secret), createdAt: toDbDate(now) });
  });
  return { url: `${origin}/api/calendar/${secret}.ics` };
}

export async function revokeFeed(db: Db, userId: number): Promise<void> {
  await CalendarFeed.query(db).where({ userId }).delete();
}

/** The feed of the agent whose secret this is (every purchased appointment with a time), or null. */
export async function feedIcs(db: Db, secret: string, origin: string, logger?: Pick<Logger, 'warn'>): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(secret)) return null;
  // A deactivated agent's feed answers 404 (issue 34 item 5); deactivation also deletes it.
  const feed = await CalendarFeed.query(db)
    .alias('f')
    .join(`${User.tableName} as u`, 'u.id', 'f.userId')
    .where('f.secretHash', hash(secret))
    .whereNull('u.deactivatedAt')
    .select('f.userId')
    .first();
  if (!feed) return null;
  const rows = await owned(db, Number(feed.userId)).whereNull('buyerDeletedAt').orderBy('id');
  // An event the library refuses is left out (and logged), never the whole feed (issue 35 A4).
  const events = rows.flatMap((r) => {
    const e = eventOf(r, origin);
    return e && eventText(r, e, logger) !== null ? [e] : [];
  });
  if (events.length === 0) {
    return [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:transferline/appointments',
      'CALSCALE:GREGORIAN',
      'X-WR-CALNAME:TransferLine appointments',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
  }
  return ics(createEvents(events, { calName: 'TransferLine appointments' }));
}
