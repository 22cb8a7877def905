// Issue 26 item 5: the low-balance e-mail fires when the transfer balance first crosses down to 5,
// whatever moved it (a refund taking transfers back, a call, an admin's hand-entered call), once per
// crossing, re-armed when the balance goes back above 5, and exactly once under concurrent changes.
// Mail is checked in the outbox (the real one the app writes).
import { describe, it, expect } from 'vitest';
import crypto from 'node:crypto';
import { TIERS } from '@tm/shared';
import { useBalanceTestApp } from '../../test/balance-testing.ts';
import { callPayload } from '../../test/transfers-testing.ts';
import { buyStandardTransfers } from '../../test/proof-fixtures.ts';

const KEY = 'low-balance-transfer-key-0123456789';
const suite = useBalanceTestApp(KEY);
const rate = TIERS.standard.rateCents;
const refund = (orderId: number, transfers: number) =>
  suite.admin.post(`/api/admin/orders/${orderId}/refunds`).send({ amountCents: transfers * rate, idempotencyKey: `k-${crypto.randomUUID()}` });

/** An agent who bought `count` standard transfers through the real checkout and the payment emulator. */
async function agentWithPackage(count: number) {
  const { user, agent, orderId } = await buyStandardTransfers(suite.ctx, count);
  const balance = async () => ((await agent.get('/api/transfers/balance')).body as { remaining: number }).remaining;
  expect(await balance()).toBe(count);
  return { user, agent, orderId, balance };
}

describe('the low-balance e-mail', () => {
  it('10 -> 5 by a refund, then 4 and 3 by calls: exactly one mail, sent at the crossing', async () => {
    const { user, orderId, balance } = await agentWithPackage(10);
    const r = await refund(orderId, 5);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(await balance()).toBe(5);
    expect(await suite.lowMails(user.id)).toHaveLength(1);
    expect((await suite.lowMails(user.id))[0]!.subject).toContain('5 transfers left');
    expect((await suite.call(user.id)).status).toBe(201);
    expect((await suite.call(user.id)).status).toBe(201);
    expect(await balance()).toBe(3);
    expect(await suite.lowMails(user.id)).toHaveLength(1);
  });

  it('a refund that jumps over the threshold (8 -> 3) still warns, once', async () => {
    const { user, orderId, balance } = await agentWithPackage(8);
    expect((await refund(orderId, 5)).status).toBe(201);
    expect(await balance()).toBe(3);
    const mails = await suite.lowMails(user.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('3 transfers left');
    expect((await suite.call(user.id)).status).toBe(201);
    expect(await suite.lowMails(user.id)).toHaveLength(1);
  });

  it('a call crossing 6 -> 5 warns; an admin hand-entered call counts as a move too; re-armed above 5', async () => {
    const { user, orderId, balance } = await agentWithPackage(7);
    // An admin records a call by hand: 7 -> 6 (no crossing), then the caller system: 6 -> 5 (crossing).
    const manual = await suite.admin.post('/api/admin/transfer-calls').send(callPayload({ id: user.id }, 300, { now: suite.ctx.clock.now() }));
    expect(manual.status, JSON.stringify(manual.body)).toBe(201);
    expect(await suite.lowMails(user.id)).toHaveLength(0);
    expect((await suite.call(user.id)).status).toBe(201);
    expect(await balance()).toBe(5);
    expect(await suite.lowMails(user.id)).toHaveLength(1);
    // The agent buys more (back above 5), then falls again: a second crossing, a second mail.
    const more = await agentWithPackageFor(user, 3);
    expect(more).toBe(8);
    for (let i = 0; i < 3; i++) expect((await suite.call(user.id)).status).toBe(201);
    expect(await balance()).toBe(5);
    expect(await suite.lowMails(user.id)).toHaveLength(2);
    void orderId;
  });

  it('concurrent calls and a refund crossing together send one mail', async () => {
    const { user, orderId, balance } = await agentWithPackage(12);
    // 12 -> 3 by a refund of 3 and 6 calls at once: whatever the order, the balance crosses 5 once and
    // ends above zero (a fall to zero is told by the balance-empty or the refund e-mail instead).
    const answers = await Promise.all([refund(orderId, 3), ...Array.from({ length: 6 }, () => suite.call(user.id))]);
    expect(answers[0]!.status, JSON.stringify(answers[0]!.body)).toBe(201);
    expect(answers.slice(1).every((a) => a.status === 201)).toBe(true);
    expect(await balance()).toBe(3);
    expect(await suite.lowMails(user.id)).toHaveLength(1);
  });

  /** The same agent buys `count` more standard transfers; answers the new balance. */
  async function agentWithPackageFor(user: { email: string; password: string }, count: number) {
    const { agent } = await buyStandardTransfers(suite.ctx, count, user);
    return ((await agent.get('/api/transfers/balance')).body as { remaining: number }).remaining;
  }
});
