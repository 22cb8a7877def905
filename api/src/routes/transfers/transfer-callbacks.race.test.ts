// POST /api/callbacks/transfer when the agent's first transfer order is paid while the call is on its way:
// after the rows are prepared (no lots yet) and before the transaction reads the lots. The service must
// notice the new lot inside the transaction (RowsMissing), prepare its rows and bill the call.
//
// The order lands at that exact moment every run: transferLots is wrapped (it still reads the database) so
// that, once armed, its first read is followed by the order's insert, awaited before the read returns.
// A knex 'query' listener could only start the insert, which then raced the transaction and, on a loaded
// machine, lost (the call was refused with no_balance). Runs on SQLite and (TEST_DATABASE_URL) MariaDB.
import { it, expect, beforeAll, afterAll, vi } from 'vitest';
import request from 'supertest';
import { createTestApp, makeUser, type TestContext } from '../../test/harness.ts';
import { insertPaidOrder, callPayload } from '../../test/transfers-testing.ts';

const hook = vi.hoisted(() => ({ afterNextRead: null as null | (() => Promise<void>), reads: [] as number[] }));
vi.mock('../../services/transfers/lots.service.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../services/transfers/lots.service.ts')>();
  return {
    ...real,
    transferLots: async (...args: Parameters<typeof real.transferLots>) => {
      const lots = await real.transferLots(...args);
      hook.reads.push(lots.length);
      const land = hook.afterNextRead;
      hook.afterNextRead = null;
      if (land) await land();
      return lots;
    },
  };
});

const KEY = 'test-transfer-key-0123456789';
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ config: { transferApiKey: KEY } });
});
afterAll(() => ctx.close());

it('takes the call of an agent whose first order was paid while the call was on its way', async () => {
  const user = await makeUser(ctx.db);
  hook.reads = [];
  hook.afterNextRead = async () => {
    await insertPaidOrder(ctx.db, user.id, { kind: 'transfer_package', tier: 'standard', count: 3 }, new Date(ctx.clock.now().getTime() - 120_000));
  };
  const res = await request(ctx.app)
    .post('/api/callbacks/transfer')
    .set('x-api-key', KEY)
    .send(callPayload(user, 900, { now: ctx.clock.now() }));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body.call).toMatchObject({ billable: true, status: 'billed' });
  expect(res.body.balanceRemaining).toBe(2);
  // The preparation read no lot; the transaction then found one it had no rows for, and the call went round
  // again: prepared (one lot) and billed inside the transaction (one lot).
  expect(hook.reads[0]).toBe(0);
  expect(hook.reads.slice(1, 4)).toEqual([1, 1, 1]);
  expect(hook.reads.length).toBe(4);
});
