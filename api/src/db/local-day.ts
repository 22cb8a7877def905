// The calendar day, in a time zone, of a stored UTC time, computed by the database (decision 268): a report
// groups by it and sends one row per day, not one per hour or per event. The zone's offsets over the
// report's range are found here once (a year of a US zone: three spans, split at the two daylight-saving
// switches) and written into the statement as a CASE on the stored time, so the database needs no time-zone
// tables: `DATE(t + INTERVAL m MINUTE)` on MariaDB, `date(t, 'm minutes')` on SQLite. Exact for any offset,
// half-hour zones included, as long as the zone changes its offset at most once a day.
import type { Knex } from 'knex';
import { zonedParts } from '@tm/shared/logic/transfer-rules';
import { isMysql, type Db } from './index.ts';
import { toDbDate } from './dates.ts';

/** From `from` on (until the next span's `from`), the zone is `minutes` ahead of UTC (New York in winter: -300). */
export interface OffsetSpan {
  from: Date;
  minutes: number;
}

const DAY_MS = 86_400_000;

/** The zone's offset from UTC at `ms`, in minutes. */
function offsetMinutesAt(ms: number, timeZone: string): number {
  const p = zonedParts(new Date(ms), timeZone);
  const whole = Math.floor(ms / 1000) * 1000;
  return Math.round((Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - whole) / 60_000);
}

/**
 * The zone's offsets over [start, end), in order, the first from `start`: the clock is read once a day, and
 * where two days' readings differ the switch is found to the second (binary search). ~370 readings a year.
 */
export function offsetSpans(timeZone: string, start: Date, end: Date): OffsetSpan[] {
  const first = start.getTime();
  const last = Math.max(first, end.getTime() - 1);
  const spans: OffsetSpan[] = [{ from: start, minutes: offsetMinutesAt(first, timeZone) }];
  for (let lo = first; lo < last;) {
    const next = Math.min(lo + DAY_MS, last);
    let hi = next;
    const minutes = offsetMinutesAt(hi, timeZone);
    if (minutes !== spans.at(-1)!.minutes) {
      // lo has the old offset, hi the new: narrow to the first second with the new one.
      let a = lo;
      while (hi - a > 1000) {
        const mid = a + Math.floor((hi - a) / 2000) * 1000;
        if (offsetMinutesAt(mid, timeZone) === minutes) hi = mid;
        else a = mid;
      }
      spans.push({ from: new Date(hi), minutes });
    }
    lo = next;
  }
  return spans;
}

/**
 * `<the local day of column> as <alias>` for a select, and the same expression for GROUP BY, for times in
 * the range `spans` cover (offsetSpans of the zone over it); the day reads 'YYYY-MM-DD' on both databases.
 * `column` is an identifier (`c.startedAt`), bound as one.
 */
export function localDayOf(db: Db, column: string, spans: readonly OffsetSpan[]): { select: (alias: string) => Knex.Raw; group: Knex.Raw } {
  const mysql = isMysql(db);
  const shift = (minutes: number) => (mysql ? minutes : `${minutes} minutes`);
  // The offset of the last span, unless the time is before the next span's start.
  const whens = spans.slice(1).map((next, i) => ({ before: toDbDate(next.from), shift: shift(spans[i]!.minutes) }));
  const last = shift(spans.at(-1)!.minutes);
  const offset = whens.length ? `CASE ${whens.map(() => 'WHEN ?? < ? THEN ?').join(' ')} ELSE ? END` : '?';
  const bindings = [...whens.flatMap((w) => [column, w.before, w.shift]), last];
  const sql = mysql ? `DATE(?? + INTERVAL (${offset}) MINUTE)` : `date(??, ${offset})`;
  return {
    select: (alias) => db.raw(`${sql} as ??`, [column, ...bindings, alias]),
    group: db.raw(sql, [column, ...bindings]),
  };
}
