// Decision 265: the agent's calls by status (count and charges) come from `transfer_call_totals`, which
// triggers on `transfer_calls` keep. After calls inserted, billed, credited, repriced, moved to another
// agent and deleted, the totals equal a count of the calls, and the balance says what the calls say.
import { describe, it, expect } from 'vitest';
import { toDbDate } from '../../db/dates.ts';
import { makeUser, testDbOfFile } from '../../test/harness.ts';
import { balanceView } from './lots.service.ts';

const file = testDbOfFile();
const pause = { pausedNow: false, pausedReason: null, resumeDate: null } as const;

describe('transfer call totals (SQLite, or MariaDB with TEST_DATABASE_URL)', () => {
  it('follow every write to the calls', async () => {
    const db = file.db;
    const me = await makeUser(db);
    const other = await makeUser(db);
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) {
      const [id] = await db('transferCalls').insert({
        externalCallId: `call-totals-${i}`,
        userId: i === 11 ? other.id : me.id,
        callerName: 'Caller',
        callerPhone: '5125550100',
        callerPhoneKey: '5125550100',
        state: 'TX',
        startedAt: toDbDate(new Date(Date.UTC(2026, 2, 1 + i, 15))),
        endedAt: toDbDate(new Date(Date.UTC(2026, 2, 1 + i, 15, 5))),
        durationSeconds: 300,
        bufferSeconds: 120,
        billable: true,
        status: ['billed', 'no_charge', 'in_progress'][i % 3],
        chargeCents: i % 3 === 0 ? 4000 + i : 0,
      });
      ids.push(Number(id));
    }
    await db('transferCalls').where({ id: ids[2] }).update({ status: 'billed', chargeCents: 4500 });
    await db('transferCalls').where({ id: ids[3] }).update({ status: 'credited' });
    await db('transferCalls').where({ id: ids[6] }).update({ chargeCents: 3999 });
    await db('transferCalls').where({ id: ids[9] }).update({ userId: other.id });
    await db('transferCalls').where({ id: ids[0] }).delete();
    await db('transferCalls').whereIn('id', [ids[4]!, ids[5]!]).update({ status: 'billed', chargeCents: 100 });

    const counted = async (userId: number) =>
      (
        (await db('transferCalls').where({ userId }).groupBy('status').select('status').count({ n: '*' }).sum({ cents: 'chargeCents' })) as Array<
          Record<string, unknown>
        >
      )
        .map((r) => ({ status: String(r.status), n: Number(r.n), cents: Number(r.cents) }))
        .sort((a, b) => a.status.localeCompare(b.status));
    for (const user of [me, other]) {
      const kept = ((await db('transferCallTotals').where({ userId: user.id }).where('n', '>', 0)) as Array<Record<string, unknown>>)
        .map((r) => ({ status: String(r.status), n: Number(r.n), cents: Number(r.cents) }))
        .sort((a, b) => a.status.localeCompare(b.status));
      expect(kept).toEqual(await counted(user.id));
    }
    const mine = await counted(me.id);
    const of = (s: string) => mine.find((r) => r.status === s);
    const balance = await balanceView(db, me.id, pause);
    expect(balance.billedCount).toBe(of('billed')!.n);
    expect(balance.spentCents).toBe(of('billed')!.cents);
    expect(balance.creditedCount).toBe(1);
    expect(balance.creditedCents).toBe(4003);
    expect(balance.noChargeCount).toBe(of('no_charge')?.n ?? 0);
  });
});
