// Decision 272: what one Results request costs the database. The agent's zone is one statement (the
// profile's state and the settings' zone joined), and the transfers and appointments of the period are read
// from one range of a covering index each, no row looked up (issue 38 point 4).
import { describe, it, expect } from 'vitest';
import { isMysql, type Db } from '../../db/index.ts';
import { toDbDate } from '../../db/dates.ts';
import { makeUser, testDbOfFile } from '../../test/harness.ts';
import { insertAppointment } from '../../test/proof-fixtures.ts';
import { recipientTimeZone } from '../accounts/agent-time-zone.ts';
import { liveCells, monthPlan } from './results-cells.ts';

const file = testDbOfFile();

async function sentBy<T>(db: Db, run: () => Promise<T>): Promise<{ value: T; statements: Array<{ sql: string; bindings: readonly unknown[] }> }> {
  const statements: Array<{ sql: string; bindings: readonly unknown[] }> = [];
  const onQuery = (q: { sql: string; bindings?: readonly unknown[] }) => statements.push({ sql: q.sql, bindings: q.bindings ?? [] });
  db.on('query', onQuery);
  try {
    return { value: await run(), statements };
  } finally {
    db.off('query', onQuery);
  }
}

describe("Results' statements (SQLite, or MariaDB with TEST_DATABASE_URL)", () => {
  it("reads the agent's zone in one statement: the settings' zone, else the state's, else Eastern", async () => {
    const db = file.db;
    const chosen = await makeUser(db, { state: 'TX' });
    await db('agentTransferSettings').insert({ userId: chosen.id, timeZone: 'America/Phoenix' });
    const byState = await makeUser(db, { state: 'CA' });
    const neither = await makeUser(db, { state: null as never });
    for (const [user, zone] of [
      [chosen, 'America/Phoenix'],
      [byState, 'America/Los_Angeles'],
      [neither, 'America/New_York'],
    ] as const) {
      await db('agentTransferSettings').where({ userId: byState.id }).delete();
      const { value, statements } = await sentBy(db, () => recipientTimeZone(db, user.id));
      expect(value, user.email).toBe(zone);
      expect(statements, user.email).toHaveLength(1);
    }
  });

  it('reads the transfers and appointments of a period from one range of a covering index each (the plan)', async () => {
    const db = file.db;
    const user = await makeUser(db);
    const year = Array.from({ length: 2000 }, (_, i) => new Date(Date.UTC(2025, 0, 1) + i * 4.38 * 3_600_000));
    const calls = year.map((at, i) => ({
      externalCallId: `results-plan-${i}`,
      userId: user.id,
      callerName: 'Plan Caller',
      callerPhone: '5125550101',
      state: ['TX', 'FL', 'CA'][i % 3],
      startedAt: toDbDate(at),
      endedAt: toDbDate(at),
      durationSeconds: 300,
      bufferSeconds: 90,
      billable: true,
      chargeCents: 2500,
      status: i % 10 ? 'billed' : 'missed',
    }));
    for (let i = 0; i < calls.length; i += 500) await db('transferCalls').insert(calls.slice(i, i + 500));
    for (const at of year.filter((_, i) => i % 4 === 0))
      await insertAppointment(db, { status: 'sold', buyerId: user.id, purchasedAt: toDbDate(at), customerState: 'TX' });
    await db.raw(isMysql(db) ? 'ANALYZE TABLE transfer_calls, appointments' : 'ANALYZE');
    const { value: cells, statements } = await sentBy(db, () =>
      liveCells(db, user.id, [[new Date('2025-03-01T06:00:00Z'), new Date('2025-05-30T05:00:00Z')]], {
        from: new Date('2025-03-01T06:00:00Z'),
        to: new Date('2025-05-30T05:00:00Z'),
      }),
    );
    expect(cells.find((c) => c.product === 'transfer')?.items).toBeGreaterThan(0);
    expect(cells.find((c) => c.product === 'appointment')?.items).toBeGreaterThan(0);
    expect(statements).toHaveLength(1);
    const q = statements[0]!;
    const plan = (await db.raw(`${isMysql(db) ? 'EXPLAIN FORMAT=JSON' : 'EXPLAIN QUERY PLAN'} ${q.sql}`, q.bindings as never)) as unknown;
    const text = JSON.stringify(plan);
    for (const index of ['transfer_calls_results_covering', 'appointments_results_covering']) expect(text, index).toContain(index);
    if (isMysql(db)) {
      const tables: Array<Record<string, unknown>> = [];
      const walk = (n: unknown): void => {
        if (Array.isArray(n)) return n.forEach(walk);
        if (!n || typeof n !== 'object') return;
        const o = n as Record<string, unknown>;
        if (o.table_name === 't' || o.table_name === 'a') tables.push(o);
        Object.values(o).forEach(walk);
      };
      walk(JSON.parse(String((plan as [Array<{ EXPLAIN: string }>])[0][0]!.EXPLAIN)));
      expect(tables).toHaveLength(2);
      for (const t of tables) expect([t.table_name, t.access_type, t.using_index]).toEqual([t.table_name, 'range', true]);
    } else {
      expect(text).toMatch(/SEARCH t USING COVERING INDEX transfer_calls_results_covering/);
      expect(text).toMatch(/SEARCH a USING COVERING INDEX appointments_results_covering/);
    }
  });

  it('reads whole days from the months nearest the ends, plus or minus the days between, or the days alone', () => {
    const d = (s: string) => Date.parse(`${s}T00:00:00Z`);
    // The default 90 days in Chicago (whole UTC days 09-02..11-29): three months less two days.
    expect(monthPlan(d('2026-09-02'), d('2026-11-30'))).toEqual({
      months: [d('2026-09-01'), d('2026-12-01')],
      days: [
        [-1, d('2026-09-01'), d('2026-09-02')],
        [-1, d('2026-11-30'), d('2026-12-01')],
      ],
    });
    // The next month's start nearer: the days up to it added.
    expect(monthPlan(d('2026-03-20'), d('2026-06-10'))).toEqual({
      months: [d('2026-04-01'), d('2026-06-01')],
      days: [
        [1, d('2026-03-20'), d('2026-04-01')],
        [1, d('2026-06-01'), d('2026-06-10')],
      ],
    });
    expect(monthPlan(d('2026-02-01'), d('2026-03-01'))).toEqual({ months: [d('2026-02-01'), d('2026-03-01')], days: [] });
    // Short periods read the days alone: no month nearer, or a month and its days cost more.
    expect(monthPlan(d('2026-03-03'), d('2026-03-05'))).toBeNull();
    expect(monthPlan(d('2026-03-10'), d('2026-03-25'))).toBeNull();
  });
});
