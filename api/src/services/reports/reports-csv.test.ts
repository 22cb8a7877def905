// Decision 277 (issue 38: exports stream in constant memory): a report's CSV is an async generator that
// reads a by-day report (Revenue, Transfers, No-shows) a window of days per statement and yields each
// window's rows as they come. With one day a window, a range of days yields a chunk per day that has rows,
// and the chunks, joined, are byte for byte the CSV one read of the whole range gives (across New York's
// spring switch, where a day is 23 hours).
import { describe, it, expect } from 'vitest';
import { csvLine, type Cell } from '../../lib/csv.ts';
import { toDbDate } from '../../db/dates.ts';
import { makeUser, testDbOfFile } from '../../test/harness.ts';
import { insertAppointment } from '../../test/proof-fixtures.ts';
import { insertPaidOrder } from '../../test/transfers-testing.ts';
import type { Db } from '../../db/index.ts';
import { dayWindows, rangeOf, reportCsv, REPORTS, type ReportName, type ReportRange } from './reports.service.ts';

const file = testDbOfFile();
const TZ = 'America/New_York';
/** Every 5 hours from 03:00Z on 5 March to 9 March: five New York days, the spring switch (07:00Z on the 8th) among them. */
const TIMES = Array.from({ length: 24 }, (_, i) => new Date(Date.UTC(2026, 2, 5, 3 + i * 5, 11)));

/** The CSV as the old reportCsv built it: one read of the whole range, one string. */
async function wholeCsv(db: Db, name: ReportName, r: ReportRange): Promise<string> {
  const report = REPORTS[name] as { read: (db: Db, r: ReportRange) => Promise<unknown[]>; columns: readonly string[]; cells: (x: unknown) => Cell[] };
  return csvLine([...report.columns]) + (await report.read(db, r)).map((x) => csvLine(report.cells(x))).join('');
}

async function chunks(gen: AsyncGenerator<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const c of gen) out.push(c);
  return out;
}

describe('report CSVs streamed by windows of days (SQLite, or MariaDB with TEST_DATABASE_URL)', () => {
  it('cuts a range into windows of days that cover it once, the last one shorter', () => {
    const w = dayWindows(rangeOf('2026-02-26', '2026-03-08', TZ), 5);
    expect(w.map((x) => [x.from, x.to])).toEqual([
      ['2026-02-26', '2026-03-02'],
      ['2026-03-03', '2026-03-07'],
      ['2026-03-08', '2026-03-08'],
    ]);
    expect(w[0]!.start).toEqual(rangeOf('2026-02-26', '2026-03-08', TZ).start);
    expect(w.at(-1)!.end).toEqual(rangeOf('2026-02-26', '2026-03-08', TZ).end);
    expect(dayWindows(rangeOf('2026-03-01', '2026-03-01', TZ), 31).map((x) => [x.from, x.to])).toEqual([['2026-03-01', '2026-03-01']]);
  });

  it('yields a chunk per day with one day a window, and the chunks are the whole CSV', async () => {
    const db = file.db;
    const users = [await makeUser(db), await makeUser(db), await makeUser(db)];
    for (const [i, at] of TIMES.entries()) {
      for (const user of users.slice(0, 1 + (i % 3))) {
        await db('transferCalls').insert({
          externalCallId: `csv-${i}-${user.id}`,
          userId: user.id,
          callerName: 'Streamed Caller',
          callerPhone: '5125550100',
          state: 'TX',
          startedAt: toDbDate(at),
          endedAt: toDbDate(new Date(at.getTime() + 300_000)),
          durationSeconds: 300,
          bufferSeconds: 90,
          billable: true,
          status: 'billed',
        });
      }
      await insertAppointment(db, { status: 'sold', buyerId: users[0]!.id, purchasedAt: toDbDate(at) });
      if (i % 2 === 0) await insertPaidOrder(db, users[1]!.id, { kind: 'transfer_package', tier: 'standard', count: 1 }, at);
    }
    const r = rangeOf('2026-03-05', '2026-03-09', TZ);
    for (const name of ['transfers', 'revenue', 'no-shows'] as const) {
      const whole = await wholeCsv(db, name, r);
      const dayByDay = await chunks(reportCsv(db, name, r, 1));
      // The header, then one chunk for each of the five days (each has calls, appointments and orders).
      expect(dayByDay.length, name).toBe(6);
      expect(dayByDay.join(''), name).toBe(whole);
      expect(dayByDay.slice(1).every((c) => c.length > 0)).toBe(true);
      // The default window (a month) reads the five days at once: the header and one chunk, the same bytes.
      expect(await chunks(reportCsv(db, name, r)), name).toEqual([dayByDay[0], dayByDay.slice(1).join('')]);
    }
    // Transfers: a row per day and buyer (24 times, 1 to 3 buyers each), the whole range's lines.
    expect((await wholeCsv(db, 'transfers', r)).trim().split('\r\n').length).toBe(1 + 5 * 3);
    // A report not by day (Buyers) is one read: the header and one chunk of its rows.
    const buyers = await chunks(reportCsv(db, 'buyers', r, 1));
    expect(buyers.length).toBe(2);
    expect(buyers.join('')).toBe(await wholeCsv(db, 'buyers', r));
    // A range with no rows is the header alone.
    expect(await chunks(reportCsv(db, 'transfers', rangeOf('2025-01-01', '2025-01-03', TZ), 1))).toEqual([csvLine([...REPORTS.transfers.columns])]);
  });
});
