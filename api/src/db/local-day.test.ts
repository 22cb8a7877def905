// Decision 268: the database's local day of a stored UTC time (localDayOf) is the day localDateKey gives, for
// every half hour of a year and a millisecond either side of each offset change, in zones east and west of
// UTC, with and without daylight saving, half-hour zones included; offsetSpans finds each change to the second.
import { describe, it, expect } from 'vitest';
import { localDateKey, nextDateKey, startOfLocalDate } from '@tm/shared/logic/transfer-rules';
import { testDbOfFile } from '../test/harness.ts';
import { fromDbDate, toDbDate } from './dates.ts';
import { localDayOf, offsetSpans } from './local-day.ts';

const file = testDbOfFile();
const ZONES = ['America/New_York', 'America/Los_Angeles', 'America/Phoenix', 'Pacific/Honolulu', 'Europe/London', 'Asia/Kolkata', 'Australia/Lord_Howe'];
const yearOf = (zone: string) => ({ start: startOfLocalDate('2026-01-01', zone), end: startOfLocalDate(nextDateKey('2026-12-31'), zone) });

describe('offsetSpans', () => {
  it('splits a year of New York at its two daylight-saving switches, to the second', () => {
    const { start, end } = yearOf('America/New_York');
    expect(offsetSpans('America/New_York', start, end)).toEqual([
      { from: start, minutes: -300 },
      { from: new Date('2026-03-08T07:00:00.000Z'), minutes: -240 },
      { from: new Date('2026-11-01T06:00:00.000Z'), minutes: -300 },
    ]);
  });

  it('is one span where the offset never changes (Phoenix, Kolkata), and for a single day', () => {
    const phoenix = yearOf('America/Phoenix');
    expect(offsetSpans('America/Phoenix', phoenix.start, phoenix.end)).toEqual([{ from: phoenix.start, minutes: -420 }]);
    const kolkata = yearOf('Asia/Kolkata');
    expect(offsetSpans('Asia/Kolkata', kolkata.start, kolkata.end)).toEqual([{ from: kolkata.start, minutes: 330 }]);
    const day = startOfLocalDate('2026-06-10', 'America/Chicago');
    expect(offsetSpans('America/Chicago', day, new Date(day.getTime() + 86_400_000))).toEqual([{ from: day, minutes: -300 }]);
  });
});

describe('localDayOf (SQLite, or MariaDB with TEST_DATABASE_URL)', () => {
  it('gives the day localDateKey gives, for every half hour of 2026 and around every offset change', async () => {
    const db = file.db;
    await db.schema.createTable('local_day_probe', (t) => {
      t.increments('id');
      t.datetime('at', { precision: 3 }).notNullable();
    });
    const times = new Set<number>();
    for (let ms = Date.UTC(2025, 11, 30); ms < Date.UTC(2027, 0, 2); ms += 1_800_000) times.add(ms);
    for (const zone of ZONES) {
      const { start, end } = yearOf(zone);
      for (const s of offsetSpans(zone, start, end)) for (const d of [-1, 0, 1]) times.add(s.from.getTime() + d);
    }
    const rows = [...times].map((ms) => ({ at: toDbDate(new Date(ms)) }));
    for (let i = 0; i < rows.length; i += 500) await db('local_day_probe').insert(rows.slice(i, i + 500));

    for (const zone of ZONES) {
      const { start, end } = yearOf(zone);
      const day = localDayOf(db, 'p.at', offsetSpans(zone, start, end));
      const got = (await db('local_day_probe as p')
        .where('p.at', '>=', toDbDate(start))
        .where('p.at', '<', toDbDate(end))
        .select('p.at', day.select('day'))) as Array<{ at: string; day: string }>;
      expect(got.length).toBeGreaterThan(17_000);
      const wrong = got.filter((r) => r.day !== localDateKey(fromDbDate(r.at)!, zone));
      expect(wrong.slice(0, 5), zone).toEqual([]);
      // Grouped by it: one row per day of the year.
      const days = await db('local_day_probe as p')
        .where('p.at', '>=', toDbDate(start))
        .where('p.at', '<', toDbDate(end))
        .select(day.select('day'))
        .groupByRaw('?', [day.group]);
      expect(days, zone).toHaveLength(365);
    }
  });
});
