// Appointment times are shown in New York time and labelled EST (the product's label, all year).

export const EST_TIME_ZONE = 'America/New_York';
export const EST_LABEL = 'EST';

const dateTime = new Intl.DateTimeFormat('en-US', {
  timeZone: EST_TIME_ZONE,
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const dateOnly = new Intl.DateTimeFormat('en-US', { timeZone: EST_TIME_ZONE, month: 'short', day: 'numeric', year: 'numeric' });

function toDate(value: Date | string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** "Nov 22, 2026, 2:05 PM EST"; '' for a missing or unreadable value. */
export function formatEst(value: Date | string | number | null | undefined): string {
  const d = toDate(value);
  // Some ICU versions put a narrow no-break space before AM/PM; plain spaces read and match better.
  return d ? `${dateTime.format(d).replace(/\u202f/g, ' ')} ${EST_LABEL}` : '';
}

/** "Nov 22, 2026" in New York. */
export function formatEstDate(value: Date | string | number | null | undefined): string {
  const d = toDate(value);
  return d ? dateOnly.format(d) : '';
}

/** "4:05" style call lengths (minutes:two-digit seconds). */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '';
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
