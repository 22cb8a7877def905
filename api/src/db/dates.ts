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
