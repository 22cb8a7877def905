// The one way the portal shows dates, times, phone numbers and money. Times are on the agent's own
// clock (their transfer settings' time zone, America/New_York by default) and carry the zone's
// abbreviation ("EST", "EDT", "CST"), so a time never reads as ambiguous. Money comes from the
// catalogue's formatter (re-exported here so a screen imports one module).
export { formatUsd } from '../catalogue/index.ts';
import { appointmentInstant } from './transfer-rules.ts';

export const DEFAULT_TIME_ZONE = 'America/New_York';

type DateInput = Date | string | number | null | undefined;

const cache = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string, kind: 'dateTime' | 'date' | 'time'): Intl.DateTimeFormat {
  const key = `${timeZone}|${kind}`;
  let f = cache.get(key);
  if (!f) {
    const zone = safeZone(timeZone);
    f = new Intl.DateTimeFormat(
      'en-US',
      kind === 'dateTime'
        ? { timeZone: zone, month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }
        : kind === 'date'
          ? { timeZone: zone, month: 'short', day: 'numeric', year: 'numeric' }
          : { timeZone: zone, hour: 'numeric', minute: '2-digit', timeZoneName: 'short' },
    );
    cache.set(key, f);
  }
  return f;
}

/** A zone Intl knows, else the default (a stored zone from an older ICU must not break a page). */
export function safeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return DEFAULT_TIME_ZONE;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

export function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

// Some ICU versions put a narrow no-break space before AM/PM; plain spaces read and match better.
const plain = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');

/** "Nov 26, 2026, 10:00 AM EST" on the agent's clock; '' for a missing or unreadable value. */
export function formatDateTime(value: DateInput, timeZone: string = DEFAULT_TIME_ZONE): string {
  if (isCalendarDate(value)) return formatDate(value);
  const d = toDate(value);
  return d ? plain(formatter(timeZone, 'dateTime').format(d)) : '';
}

/** A calendar date without a time ("2026-11-03"): a day on every calendar, never shifted by a zone. */
export const isCalendarDate = (value: DateInput): value is string => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** "Nov 26, 2026" on the agent's calendar; a calendar date ("2026-11-03") as that very day in any zone. */
export function formatDate(value: DateInput, timeZone: string = DEFAULT_TIME_ZONE): string {
  const d = toDate(value);
  if (!d) return '';
  return plain(formatter(isCalendarDate(value) ? 'UTC' : timeZone, 'date').format(d));
}

/** "Tue, Dec 1, 2026, 1:00 PM EST": an instant in a message (e-mail) on the reader's clock, zone named. */
export function formatLongDateTime(value: DateInput, timeZone: string = DEFAULT_TIME_ZONE): string {
  const d = toDate(value);
  if (!d) return '';
  const zone = safeZone(timeZone);
  const f = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
  return plain(f.format(d));
}

/** "10:00 AM EST". */
export function formatTime(value: DateInput, timeZone: string = DEFAULT_TIME_ZONE): string {
  const d = toDate(value);
  return d ? plain(formatter(timeZone, 'time').format(d)) : '';
}

/** "4:05" style call lengths (minutes:two-digit seconds). */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '';
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** "EST" / "EDT" / "CST": the zone's short name at an instant (now by default). */
export function zoneLabel(timeZone: string = DEFAULT_TIME_ZONE, at: Date = new Date()): string {
  const part = formatter(timeZone, 'time')
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}

/**
 * A value that may be an instant (ISO) or free text a voice AI extracted ("Tuesday at 3pm"): an
 * instant is shown on the agent's clock, free text as it was said.
 */
export function formatMaybeDateTime(value: string | null | undefined, timeZone: string = DEFAULT_TIME_ZONE): string {
  if (!value) return '';
  // "2026-01-15 14:00" (no zone: Eastern, as said) reads as an instant too, never as a raw string.
  const at = appointmentInstant(value);
  return at ? formatDateTime(at, timeZone) : value;
}

/** "(512) 555-0101" for a US number of 10 digits (or 11 starting with 1); anything else as given. */
export function formatPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const d = phone.replace(/\D/g, '');
  const ten = d.length === 11 && d.startsWith('1') ? d.slice(1) : d;
  return ten.length === 10 ? `(${ten.slice(0, 3)}) ${ten.slice(3, 6)}-${ten.slice(6)}` : phone;
}

/** "tel:+15125550101" for a link; the digits as given when not a US number. */
export function telHref(phone: string): string {
  const d = phone.replace(/\D/g, '');
  const ten = d.length === 11 && d.startsWith('1') ? d.slice(1) : d;
  return ten.length === 10 ? `tel:+1${ten}` : `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** "Monday" start of the agent's week, as a date key, for "this week" figures. */
export function weekStartKey(dateKey: string): string {
  const [y, m, d] = dateKey.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  const back = (day.getUTCDay() + 6) % 7; // Monday 0 ... Sunday 6
  day.setUTCDate(day.getUTCDate() - back);
  return day.toISOString().slice(0, 10);
}

/** Strips a "field: " prefix the API or a validator put before a message ("cardNumber: Card declined"). */
export function messageOnly(text: string): string {
  return text.replace(/^[A-Za-z_][\w.[\]]*:\s+/, '');
}

/** "1 day", "2 days": a count with its noun in the right number. */
export function countOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}
