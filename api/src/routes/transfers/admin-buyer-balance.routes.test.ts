// Issue 36 point 6: low balance per buyer. Each buyer's own threshold (default 5) drives the low-balance
// e-mail and the Home alert; the admin lists the active buyers at or below theirs; the deactivation
// refunds the unused transfers when asked. Every admin change is audited. Balances come from real
// purchases (checkout and the payment emulator) and calls through the caller system's callback.
import { describe, it, expect } from 'vitest';
import { TIERS } from '@tm/shared';
import { LOW_BALANCE_MESSAGE } from '@tm/shared/schemas/home';
import { THRESHOLD_MESSAGE, type LowBalanceBuyer, type OpenBalance } from '@tm/shared/schemas/buyer-balance';
import { loginAs, makeUser } from '../../test/harness.ts';
import { useBalanceTestApp } from '../../test/balance-testing.ts';
import { insertPaidOrder } from '../../test/transfers-testing.ts';
import { buyStandardTransfers } from '../../test/proof-fixtures.ts';
import { LedgerAuditEntry, Order, User } from '../../models/index.ts';
import { toDbDate } from '../../db/dates.ts';

const KEY = 'buyer-balance-transfer-key-0123456789';
const suite = useBalanceTestApp(KEY);
const rate = TIERS.standard.rateCents;
const lowList = async () => {
  const res = await suite.admin.get('/api/admin/low-balance');
  expect(res.status).toBe(200);
  return res.body.items as LowBalanceBuyer[];
};

describe('PUT /api/admin/users/:userId/low-balance-threshold', () => {
  it("moves the buyer's e-mail and Home alert to their own threshold, and is audited", async () => {
    const { user, agent } = await buyStandardTransfers(suite.ctx, 10);
    const set = await suite.admin.put(`/api/admin/users/${user.id}/low-balance-threshold`).send({ threshold: 8 });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ userId: user.id, threshold: 8 });

    expect((await suite.call(user.id)).status).toBe(201); // 9: above 8
    expect(await suite.lowMails(user.id)).toHaveLength(0);
    const home9 = (await agent.get('/api/dashboard/home')).body as { alerts: Array<{ kind: string }> };
    expect(home9.alerts.map((a) => a.kind)).not.toContain('low_balance');
    expect((await suite.call(user.id)).status).toBe(201); // 8: crosses
    const mails = await suite.lowMails(user.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('8 transfers left');
    const home8 = (await agent.get('/api/dashboard/home')).body as { alerts: Array<{ kind: string; message: string }> };
    expect(home8.alerts).toContainEqual({ kind: 'low_balance', message: LOW_BALANCE_MESSAGE(8) });

    const entry = await LedgerAuditEntry.query(suite.ctx.db).where({ action: 'user.low_balance_threshold', userId: user.id }).first();
    expect(JSON.parse(entry!.beforeJson!)).toEqual({ lowBalanceThreshold: 5 });
    expect(JSON.parse(entry!.afterJson!)).toEqual({ lowBalanceThreshold: 8 });
    expect(entry!.actorType).toBe('admin');
  });

  it('refuses a bad threshold naming the field, an unknown user with 404, and an agent with 403', async () => {
    const user = await makeUser(suite.ctx.db);
    for (const threshold of [-1, 2.5, 'five', 10_001]) {
      const res = await suite.admin.put(`/api/admin/users/${user.id}/low-balance-threshold`).send({ threshold });
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual({ threshold: THRESHOLD_MESSAGE });
    }
    expect((await suite.admin.put('/api/admin/users/999999/low-balance-threshold').send({ threshold: 3 })).status).toBe(404);
    const agent = await loginAs(suite.ctx.app, user.email, user.password);
    expect((await agent.put(`/api/admin/users/${user.id}/low-balance-threshold`).send({ threshold: 3 })).status).toBe(403);
    expect((await agent.get('/api/admin/low-balance')).status).toBe(403);
  });
});

describe('GET /api/admin/low-balance', () => {
  it('lists active buyers at or below their own threshold, lowest first; not those above, switched off or deactivated', async () => {
    const plenty = await makeUser(suite.ctx.db);
    await insertPaidOrder(suite.ctx.db, plenty.id, { kind: 'transfer_package', tier: 'standard', count: 20 });
    const low = await makeUser(suite.ctx.db);
    await insertPaidOrder(suite.ctx.db, low.id, { kind: 'transfer_package', tier: 'standard', count: 3 });
    const atOwn = await makeUser(suite.ctx.db);
    await insertPaidOrder(suite.ctx.db, atOwn.id, { kind: 'transfer_package', tier: 'standard', count: 12 });
    await User.query(suite.ctx.db).findById(atOwn.id).patch({ lowBalanceThreshold: 12 });
    const off = await makeUser(suite.ctx.db);
    await insertPaidOrder(suite.ctx.db, off.id, { kind: 'transfer_package', tier: 'standard', count: 1 });
    await User.query(suite.ctx.db).findById(off.id).patch({ lowBalanceThreshold: 0 });
    const gone = await makeUser(suite.ctx.db);
    await insertPaidOrder(suite.ctx.db, gone.id, { kind: 'transfer_package', tier: 'standard', count: 2 });
    await User.query(suite.ctx.db)
      .findById(gone.id)
      .patch({ deactivatedAt: toDbDate(suite.ctx.clock.now()) });
    // RingCloud live transfers count; RingCloud call-backs do not.
    const rc = await makeUser(suite.ctx.db);
    await insertPaidOrder(suite.ctx.db, rc.id, { kind: 'ringcloud', leadType: 'Live Transfers', count: 4 } as never);
    await insertPaidOrder(suite.ctx.db, rc.id, { kind: 'ringcloud', leadType: 'Call-Backs', count: 50 } as never);
    const empty = await makeUser(suite.ctx.db);
    await insertPaidOrder(suite.ctx.db, empty.id, { kind: 'transfer_package', tier: 'standard', count: 2 });
    expect((await suite.call(empty.id)).status).toBe(201);
    expect((await suite.call(empty.id)).status).toBe(201);

    const items = await lowList();
    const mine = items.filter((i) => [plenty, low, atOwn, off, gone, rc, empty].some((u) => u.id === i.userId));
    expect(mine.map((i) => [i.userId, i.balance, i.threshold])).toEqual([
      [empty.id, 0, 5],
      [low.id, 3, 5],
      [rc.id, 4, 5],
      [atOwn.id, 12, 12],
    ]);
    expect(mine[1]).toMatchObject({ email: low.email, name: `${low.firstName} ${low.lastName}` });
    // Sorted lowest first across everyone listed.
    expect(items.map((i) => i.balance)).toEqual([...items.map((i) => i.balance)].sort((a, b) => a - b));
  });
});

describe('deactivation with the open balance', () => {
  it('shows the unused transfers and what refunding them returns; { refundUnused: true } refunds exactly that, once, audited', async () => {
    const { user, orderId } = await buyStandardTransfers(suite.ctx, 10);
    expect((await suite.call(user.id)).status).toBe(201);
    expect((await suite.call(user.id)).status).toBe(201);
    const open = (await suite.admin.get(`/api/admin/users/${user.id}/open-balance`)).body as OpenBalance;
    expect(open).toEqual({
      userId: user.id,
      transfersRemaining: 8,
      refundableCents: 8 * rate,
      lots: [expect.objectContaining({ orderId, remaining: 8, unitPriceCents: rate, refundableCents: 8 * rate })],
    });

    const res = await suite.admin.post(`/api/admin/users/${user.id}/deactivate`).send({ refundUnused: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.user.deactivatedAt).not.toBeNull();
    expect(res.body.refunds).toHaveLength(1);
    expect(res.body.refunds[0].refund).toMatchObject({ amountCents: 8 * rate });
    const order = await Order.query(suite.ctx.db).findById(orderId);
    expect(Number(order!.refundedCents)).toBe(8 * rate);
    expect(((await suite.admin.get(`/api/admin/users/${user.id}/open-balance`)).body as OpenBalance).transfersRemaining).toBe(0);
    const actions = (await LedgerAuditEntry.query(suite.ctx.db).where({ userId: user.id }).select('action')).map((e) => e.action);
    expect(actions).toContain('user.deactivated');
    expect(actions).toContain('order.refunded');

    // Again: nothing more is refunded.
    const again = await suite.admin.post(`/api/admin/users/${user.id}/deactivate`).send({ refundUnused: true });
    expect(again.status).toBe(200);
    expect(again.body.refunds).toEqual([]);
    expect(Number((await Order.query(suite.ctx.db).findById(orderId))!.refundedCents)).toBe(8 * rate);
  });

  it('without refundUnused refunds nothing; a bad flag is a 400 naming it', async () => {
    const { user, orderId } = await buyStandardTransfers(suite.ctx, 4);
    expect((await suite.admin.post(`/api/admin/users/${user.id}/deactivate`).send({ refundUnused: 'yes' })).body.fields).toHaveProperty('refundUnused');
    const res = await suite.admin.post(`/api/admin/users/${user.id}/deactivate`);
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty('refunds');
    expect(Number((await Order.query(suite.ctx.db).findById(orderId))!.refundedCents)).toBe(0);
  });
});
