// Decision 277: the agent's My Transfers and My Appointments CSVs read their batches by keyset, as the
// admin's exports do. A call delivered (or an appointment bought) between two batches is newer than the
// place the next batch seeks from: it is not read, and no row is read twice. By offset the new row pushed
// the list down one and the next batch began with the last row again. SQLite, or MariaDB with
// TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../deps.ts';
import { createTestApp, makeUser, type TestContext } from './harness.ts';
import { insertAppointment } from './proof-fixtures.ts';
import { callsCsv } from '../services/transfers/call-list.service.ts';
import { myAppointmentsCsv } from '../services/appointments/appointments.service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const stamp = (minute: number) => `2026-11-20 15:${String(minute).padStart(2, '0')}:00.000`;

/** The CSV's lines after the header, reading the generator and calling `between` after its first batch. */
async function lines(gen: AsyncGenerator<string>, between: () => Promise<unknown>): Promise<string[]> {
  const out: string[] = [];
  let chunks = 0;
  for await (const chunk of gen) {
    out.push(...chunk.split('\n').filter(Boolean));
    if (++chunks === 2) await between();
  }
  return out.slice(1);
}

describe("the agent's CSVs by keyset batches", () => {
  it('My Transfers: a call delivered during the export neither repeats a row nor is read', async () => {
    const agent = await makeUser(ctx.db);
    const call = (i: number, minute: number) =>
      ctx.db('transferCalls').insert({
        externalCallId: `keyset-export-${agent.id}-${i}`,
        userId: agent.id,
        callerName: `Caller ${i}`,
        callerPhone: '5125550100',
        callerPhoneKey: '5125550100',
        state: 'TX',
        startedAt: stamp(minute),
        endedAt: stamp(minute + 1),
        durationSeconds: 60,
        bufferSeconds: 120,
        billable: true,
        status: 'billed',
      });
    // Seven calls, pairs started at the same minute: ties the id breaks.
    for (let i = 0; i < 7; i++) await call(i, Math.floor(i / 2));
    const deps = ctx.app.get('deps') as AppDeps;
    const whole = await lines(callsCsv(deps, agent.id, {}), async () => {});
    expect(whole).toHaveLength(7);
    const batched = await lines(callsCsv(deps, agent.id, {}, 3), () => call(7, 30));
    expect(batched).toEqual(whole);
    expect(new Set(batched.map((l) => l.split(',')[0])).size).toBe(7);
  });

  it('My Appointments: an appointment bought during the export neither repeats a row nor is read', async () => {
    const agent = await makeUser(ctx.db);
    const sold = (i: number, minute: number) =>
      insertAppointment(ctx.db, { customerName: `Keyset Buyer ${i}`, status: 'sold', buyerId: agent.id, purchasedAt: stamp(minute) });
    for (let i = 0; i < 7; i++) await sold(i, Math.floor(i / 2));
    const whole = await lines(myAppointmentsCsv(ctx.db, agent.id), async () => {});
    expect(whole).toHaveLength(7);
    const batched = await lines(myAppointmentsCsv(ctx.db, agent.id, undefined, 3), () => sold(7, 30));
    expect(batched).toEqual(whole);
    expect(new Set(batched.map((l) => l.split(',')[0])).size).toBe(7);
  });
});
