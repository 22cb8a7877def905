// Decision 268: the admin reports are grouped by the operator's day in the database and send one row per
// day (and buyer or product), never a row per call, appointment or hour, and no statement selects a whole
// row (`*`). Their figures equal a count made row by row with localDateKey, across a daylight-saving switch.
import { describe, it, expect } from 'vitest';
import { localDateKey } from '@tm/shared/logic/transfer-rules';
import { toDbDate } from '../../db/dates.ts';
import { isMysql } from '../../db/index.ts';
import { makeUser, testDbOfFile } from '../../test/harness.ts';
import { insertAppointment } from '../../test/proof-fixtures.ts';
import { insertPaidOrder } from '../../test/transfers-testing.ts';
import { rangeOf, REPORTS, type ReportName } from './reports.service.ts';

const file = testDbOfFile();
const TZ = 'America/New_York';
const range = (from: string, to: string) => rangeOf(from, to, TZ);
/** Every hour from 03:00Z on 7 March to 05:00Z on 9 March: New York's spring switch (07:00Z on the 8th) in between. */
const HOURS = Array.from({ length: 51 }, (_, i) => new Date(Date.UTC(2026, 2, 7, 3 + i, 17)));

describe('admin reports grouped by day in the database (SQLite, or MariaDB with TEST_DATABASE_URL)', () => {
  it('send a row per day and buyer, select no whole rows, and count what the rows hold', async () => {
    const db = file.db;
    const a = await makeUser(db);
    const b = await makeUser(db);
    for (const [i, at] of HOURS.entries()) {
      const user = i % 3 === 0 ? b : a;
      await db('transferCalls').insert({
        externalCallId: `grouped-${i}`,
        userId: user.id,
        callerName: 'Grouped Caller',
        callerPhone: '5125550100',
        state: 'TX',
        startedAt: toDbDate(at),
        endedAt: toDbDate(new Date(at.getTime() + 300_000)),
        durationSeconds: 300,
        bufferSeconds: 90,
        billable: true,
        status: i % 5 === 0 ? 'credited' : 'billed',
      });
      const appointment = await insertAppointment(db, { status: 'sold', buyerId: a.id, purchasedAt: toDbDate(at) });
      if (i % 4 === 0) {
        await db('appointmentNoShows').insert({
          appointmentId: appointment,
          userId: a.id,
          callDurationSeconds: 0,
          bufferSeconds: 60,
          status: 'credited',
          creditCents: 1000,
          createdAt: toDbDate(at),
        });
      }
      if (i % 6 === 0) await insertPaidOrder(db, a.id, { kind: 'transfer_package', tier: 'standard', count: 1 }, at);
    }
    const responses: Array<{ sql: string; rows: number }> = [];
    db.on('query-response', (response: unknown, q: { sql: string }) => responses.push({ sql: q.sql, rows: Array.isArray(response) ? response.length : -1 }));
    const r = range('2026-03-07', '2026-03-08');
    const read = async (name: ReportName) => {
      responses.length = 0;
      return (await REPORTS[name].read(db, r)) as unknown as Array<Record<string, unknown>>;
    };
    const inRange = HOURS.filter((at) => at >= r.start && at < r.end);
    const perDay = <T>(items: T[], key: (x: T) => string) => items.reduce((m, x) => m.set(key(x), (m.get(key(x)) ?? 0) + 1), new Map<string, number>());

    const transfers = await read('transfers');
    const expected = perDay(inRange, (at) => `${localDateKey(at, TZ)}|${HOURS.indexOf(at) % 3 === 0 ? b.id : a.id}`);
    expect(new Map(transfers.map((x) => [`${x.day}|${x.userId}`, x.transfersDelivered]))).toEqual(expected);
    const calls = responses.find((x) => x.sql.includes('transfer_calls'))!;
    expect(calls.rows).toBe(expected.size);
    expect(calls.rows).toBeLessThan(inRange.length / 10);

    const noShows = await read('no-shows');
    const sold = perDay(inRange, (at) => localDateKey(at, TZ));
    expect(new Map(noShows.map((x) => [x.day, x.appointmentsSold]))).toEqual(sold);
    expect(responses.find((x) => x.sql.includes('appointments'))!.rows).toBe(sold.size);
    const claims = perDay(
      inRange.filter((at) => HOURS.indexOf(at) % 4 === 0),
      (at) => localDateKey(at, TZ),
    );
    expect(new Map(noShows.filter((x) => x.noShowsReported).map((x) => [x.day, x.noShowsCredited]))).toEqual(claims);

    const revenue = await read('revenue');
    const paid = perDay(
      inRange.filter((at) => HOURS.indexOf(at) % 6 === 0),
      (at) => localDateKey(at, TZ),
    );
    expect(new Map(revenue.map((x) => [x.day, x.orders]))).toEqual(paid);

    for (const name of Object.keys(REPORTS) as ReportName[]) {
      await read(name);
      for (const x of responses) expect(x.sql, name).not.toMatch(/select\s+(\S+\.)?\*|,\s*(`\w+`\.)?\*/i);
    }
  });

  it('read a week of a year of calls and appointments from one range of a covering index (the plan)', async () => {
    const db = file.db;
    const user = await makeUser(db);
    const year = Array.from({ length: 2000 }, (_, i) => new Date(Date.UTC(2025, 0, 1) + i * 4.38 * 3_600_000));
    const calls = year.map((at, i) => ({
      externalCallId: `plan-${i}`,
      userId: user.id,
      callerName: 'Plan Caller',
      callerPhone: '5125550101',
      state: 'TX',
      startedAt: toDbDate(at),
      endedAt: toDbDate(at),
      durationSeconds: 300,
      bufferSeconds: 90,
      billable: true,
      status: 'billed',
    }));
    for (let i = 0; i < calls.length; i += 500) await db('transferCalls').insert(calls.slice(i, i + 500));
    for (const at of year.filter((_, i) => i % 4 === 0)) await insertAppointment(db, { status: 'sold', buyerId: user.id, purchasedAt: toDbDate(at) });
    await db.raw(isMysql(db) ? 'ANALYZE TABLE transfer_calls, appointments' : 'ANALYZE');
    const statements: Array<{ sql: string; bindings: readonly unknown[] }> = [];
    const onQuery = (q: { sql: string; bindings?: readonly unknown[] }) => statements.push({ sql: q.sql, bindings: q.bindings ?? [] });
    db.on('query', onQuery);
    const week = range('2025-06-01', '2025-06-07');
    for (const name of ['transfers', 'buyers', 'no-shows'] as const) await REPORTS[name].read(db, week);
    db.off('query', onQuery);
    for (const [table, index] of [
      ['transfer_calls', 'transfer_calls_report_covering'],
      ['appointments', 'appointments_report_covering'],
    ]) {
      const reading = statements.filter((x) => x.sql.includes(`from \`${table}\``));
      expect(reading.length, table).toBeGreaterThan(0);
      for (const q of reading) {
        const plan = JSON.stringify((await db.raw(`${isMysql(db) ? 'EXPLAIN' : 'EXPLAIN QUERY PLAN'} ${q.sql}`, q.bindings as never)) as unknown);
        expect(plan, q.sql).toContain(index);
        expect(plan, q.sql).toMatch(isMysql(db) ? /"type":"range".*Using index/ : /COVERING INDEX/);
      }
    }
  });
});
