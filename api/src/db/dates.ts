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
