// Timestamps are stored as UTC 'YYYY-MM-DD HH:MM:SS.mmm' on both databases (mysql2 reads them as strings).

export function toDbDate(d: Date): string {
  return d.toISOString().replace('T', ' ').replace('Z', '');
}

export function fromDbDate(v: unknown): Date | null {
  if (v === null || v === undefined || v === '') return null;
  if (v instanceof Date) return v;
  if (typeof v === 'number') return new Date(v);
  const s = String(v);
  return new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(s) ? s : s.replace(' ', 'T') + 'Z');
}

export function toIso(v: unknown): string | null {
  const d = fromDbDate(v);
  return d ? d.toISOString() : null;
}

/**
 * A value that may be a calendar date without a time (decision 185): a lead source that gives only a
 * date ("2026-11-03") is stored at midnight UTC, and that instant is sent as the date itself
 * ("2026-11-03"), so no screen or export shifts it into the day before in a western zone. Any other
 * instant is sent as ISO, as toIso does.
 */
export function toCalendarDateOrIso(v: unknown): string | null {
  const d = fromDbDate(v);
  if (!d) return null;
  const iso = d.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
}

/** The offset of `zone` from UTC at `at`, in minutes (New York in winter: -300). */
export function zoneOffsetMinutes(at: Date, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const n = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  const asUtc = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** The instant a calendar day ('2026-11-03') begins in `zone` (DST days included). */
export function zoneDayStart(day: string, zone: string): Date {
  const midnightUtc = new Date(`${day}T00:00:00.000Z`);
  // The offset at the guess is right unless a change of offset falls between; a second pass settles it.
  let at = new Date(midnightUtc.getTime() - zoneOffsetMinutes(midnightUtc, zone) * 60_000);
  at = new Date(midnightUtc.getTime() - zoneOffsetMinutes(at, zone) * 60_000);
  return at;
}

/** `at` as the zone's wall clock with its offset: '2026-11-29 10:05:00-05:00' (Google Ads' conversion time). */
export function zonedDateTime(at: Date, zone: string): string {
  const off = zoneOffsetMinutes(at, zone);
  const wall = new Date(at.getTime() + off * 60_000).toISOString();
  const sign = off < 0 ? '-' : '+';
  const abs = Math.abs(off);
  return `${wall.slice(0, 10)} ${wall.slice(11, 19)}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}
