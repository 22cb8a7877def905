// Duplicate caller protection (issue 19, item 4): a transfer from a caller number already delivered to
// the same agent within 30 days is recorded "No charge: duplicate caller" and draws nothing. Edges: 30
// days exactly (free), 30 days and a millisecond (billed), another agent (billed), number formats.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import request from 'supertest';
import { TIERS } from '@tm/shared';
import { NO_CHARGE_DUPLICATE_CALLER, DUPLICATE_CALLER_MS } from '@tm/shared/logic/transfer-rules';
import type { TransferCallbackInput } from '@tm/shared/schemas/transfers';
import { createTestApp, makeUser, loginAs, type TestContext } from '../../test/harness.ts';
import { insertPaidOrder, callPayload } from '../../test/transfers-testing.ts';

const KEY = 'test-transfer-key-dup-0123456789';
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ config: { transferApiKey: KEY } });
});
afterAll(() => ctx.close());

const post = (body: unknown) =>
  request(ctx.app)
    .post('/api/callbacks/transfer')
    .set('x-api-key', KEY)
    .send(body as object);

async function agent(count = 10) {
  const user = await makeUser(ctx.db);
  const orderId = await insertPaidOrder(
    ctx.db,
    user.id,
    { kind: 'transfer_package', tier: 'standard', count },
    new Date(ctx.clock.now().getTime() - 90 * 86_400_000),
  );
  return { user, orderId };
}
async function used(orderId: number) {
  return Number((await ctx.db('transfer_order_usage').where({ orderId }).first('used'))?.used ?? 0);
}
/** A 5-minute call from `phone` that started at `startedAt`. */
function callAt(user: { id: number }, phone: string, startedAt: Date, over: Partial<TransferCallbackInput> = {}): TransferCallbackInput {
  const endedAt = new Date(startedAt.getTime() + 300_000);
  return { ...callPayload(user, 300), callerPhone: phone, startedAt: startedAt.toISOString(), endedAt: endedAt.toISOString(), durationSeconds: 300, ...over };
}

describe('duplicate caller protection', () => {
  it('a second call from the same number exactly 30 days after the first is free and draws nothing', async () => {
    const { user, orderId } = await agent();
    const first = new Date(ctx.clock.now().getTime() - 40 * 86_400_000);
    const a = await post(callAt(user, '(305) 555-7001', first));
    expect(a.status).toBe(201);
    expect(a.body.call).toMatchObject({ billable: true, status: 'billed', chargeCents: TIERS.standard.rateCents });
    expect(await used(orderId)).toBe(1);

    const b = await post(callAt(user, '305-555-7001', new Date(first.getTime() + DUPLICATE_CALLER_MS)));
    expect(b.status).toBe(201);
    expect(b.body.call).toMatchObject({ billable: false, status: 'no_charge', chargeCents: 0, billingNote: NO_CHARGE_DUPLICATE_CALLER, orderId: null });
    expect(b.body.balanceRemaining).toBe(9);
    expect(await used(orderId)).toBe(1);
    const stored = await ctx.db('transfer_calls').where({ id: b.body.call.id }).first();
    expect(stored).toMatchObject({ status: 'no_charge', billingNote: NO_CHARGE_DUPLICATE_CALLER, chargeCents: 0 });
  });

  it('30 days and one millisecond later the caller is billed again', async () => {
    const { user, orderId } = await agent();
    const first = new Date(ctx.clock.now().getTime() - 40 * 86_400_000);
    expect((await post(callAt(user, '3055557002', first))).body.call.status).toBe('billed');
    const later = await post(callAt(user, '3055557002', new Date(first.getTime() + DUPLICATE_CALLER_MS + 1)));
    expect(later.body.call).toMatchObject({ billable: true, status: 'billed', billingNote: null });
    expect(await used(orderId)).toBe(2);
  });

  it('the same caller delivered to another agent is billed to that agent', async () => {
    const one = await agent();
    const two = await agent();
    const t = new Date(ctx.clock.now().getTime() - 3_600_000);
    expect((await post(callAt(one.user, '+1 305 555 7003', t))).body.call.status).toBe('billed');
    const other = await post(callAt(two.user, '+1 305 555 7003', new Date(t.getTime() + 60_000)));
    expect(other.body.call).toMatchObject({ status: 'billed', billingNote: null });
    expect(await used(two.orderId)).toBe(1);
    // ... and the first agent's repeat is free.
    const again = await post(callAt(one.user, '13055557003', new Date(t.getTime() + 120_000)));
    expect(again.body.call).toMatchObject({ status: 'no_charge', billingNote: NO_CHARGE_DUPLICATE_CALLER });
    expect(await used(one.orderId)).toBe(1);
  });

  it('matches the number whatever its format (+1, dashes, brackets) and overrides the agent-hung-up rule', async () => {
    const { user, orderId } = await agent();
    const t = new Date(ctx.clock.now().getTime() - 7_200_000);
    await post(callAt(user, '+1 (305) 555-7004', t));
    const dup = await post(
      callAt(user, '305.555.7004', new Date(t.getTime() + 600_000), {
        durationSeconds: 10,
        endedAt: new Date(t.getTime() + 610_000).toISOString(),
        agentHungUpAfterYes: true,
      }),
    );
    expect(dup.body.call).toMatchObject({ status: 'no_charge', billingNote: NO_CHARGE_DUPLICATE_CALLER });
    expect(await used(orderId)).toBe(1);
  });

  it('a free first call (under the buffer) also makes the caller delivered: the repeat is free', async () => {
    const { user, orderId } = await agent();
    const t = new Date(ctx.clock.now().getTime() - 7_200_000);
    const short = await post(callAt(user, '3055557005', t, { durationSeconds: 20, endedAt: new Date(t.getTime() + 20_000).toISOString() }));
    expect(short.body.call.status).toBe('no_charge');
    const long = await post(callAt(user, '3055557005', new Date(t.getTime() + 3_600_000)));
    expect(long.body.call).toMatchObject({ status: 'no_charge', billingNote: NO_CHARGE_DUPLICATE_CALLER });
    expect(await used(orderId)).toBe(0);
  });

  it('an admin hand entry follows the same rule', async () => {
    const { user, orderId } = await agent();
    const t = new Date(ctx.clock.now().getTime() - 7_200_000);
    await post(callAt(user, '3055557006', t));
    const a = await makeUser(ctx.db, { isAdmin: true });
    const admin = await loginAs(ctx.app, a.email, a.password);
    const { callId: _ignored, ...manual } = callAt(user, '3055557006', new Date(t.getTime() + 60_000));
    const res = await admin.post('/api/admin/transfer-calls').send(manual);
    expect(res.status).toBe(201);
    expect(res.body.call).toMatchObject({ status: 'no_charge', billingNote: NO_CHARGE_DUPLICATE_CALLER });
    expect(await used(orderId)).toBe(1);
  });
});
