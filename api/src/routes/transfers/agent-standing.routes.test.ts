// Issue 26 item 1 and issue 27 L1: a deactivated or paused agent is sent no transfers (the check and the
// callback refuse them with 422 and the reason, GET or POST check alike), and their personal API tokens stop
// working after a deactivation or a password change; wrong tokens are rate limited per address.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import request from 'supertest';
import { createTestApp, makeUser, loginAs, type TestContext } from '../../test/harness.ts';
import { insertPaidOrder, callPayload } from '../../test/transfers-testing.ts';
import { insertOwedOrder } from '../../test/orders-testing.ts';
import { INVALID_TOKEN_RATE_LIMIT } from '../../middleware/rate-limit.ts';

const KEY = 'standing-transfer-key-0123456789';
const ADMIN = { email: 'standing.admin@example.com', password: 'standing-admin-pass-1' };
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ config: { transferApiKey: KEY } });
  await makeUser(ctx.db, { ...ADMIN, isAdmin: true });
});
afterAll(() => ctx.close());

const callback = (body: object) => request(ctx.app).post('/api/callbacks/transfer').set('x-api-key', KEY).send(body);
const checkPost = (body: object) => request(ctx.app).post('/api/callbacks/transfer/check').set('x-api-key', KEY).send(body);
const checkGet = (query: string) => request(ctx.app).get(`/api/callbacks/transfer/check?${query}`).set('x-api-key', KEY);

async function agentWithTransfers(count = 20) {
  const user = await makeUser(ctx.db);
  await insertPaidOrder(ctx.db, user.id, { kind: 'transfer_package', tier: 'standard', count }, new Date(ctx.clock.now().getTime() - 3_600_000));
  return user;
}
async function deactivate(userId: number) {
  const admin = await loginAs(ctx.app, ADMIN.email, ADMIN.password);
  expect((await admin.post(`/api/admin/users/${userId}/deactivate`)).status).toBe(200);
  return admin;
}
const calls = async (userId: number) => Number(((await ctx.db('transfer_calls').where({ userId }).count({ n: '*' }).first()) as { n: number }).n);

describe('a deactivated agent', () => {
  it('is refused by the check (GET and POST) and by the callback with 422 agent_deactivated; nothing is billed', async () => {
    const user = await agentWithTransfers();
    expect((await checkGet(`agentId=${user.id}&state=FL`)).body).toEqual({ ok: true, balanceRemaining: 20, deliveryPhone: null });
    const before = callPayload({ id: user.id }, 300, { now: ctx.clock.now() });
    expect((await callback(before)).status).toBe(201);

    const admin = await deactivate(user.id);
    const refusal = { error: "The agent's account is deactivated: they take no calls.", code: 'agent_deactivated', reason: 'agent_deactivated' };
    for (const res of [
      await checkPost({ agentId: user.id, state: 'FL' }),
      await checkPost({ agentEmail: user.email, state: 'FL' }),
      await checkGet(`agentId=${user.id}&state=FL`),
      await checkGet(`agentEmail=${encodeURIComponent(user.email)}&state=FL`),
      await callback(callPayload({ id: user.id }, 300, { now: ctx.clock.now() })),
      await callback(callPayload({ email: user.email }, 300, { now: ctx.clock.now() })),
    ]) {
      expect(res.status).toBe(422);
      expect(res.body).toEqual(refusal);
    }
    expect(await calls(user.id)).toBe(1);
    // A retry of the call recorded before the deactivation still answers that call (nothing new is drawn).
    const retry = await callback(before);
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({ ok: true, duplicate: true, balanceRemaining: 19 });

    // Reactivated: calls flow again.
    expect((await admin.post(`/api/admin/users/${user.id}/reactivate`)).status).toBe(200);
    expect((await callback(callPayload({ id: user.id }, 300, { now: ctx.clock.now() }))).status).toBe(201);
  });

  it('is delivered no RingCloud call-back either', async () => {
    const user = await makeUser(ctx.db);
    await insertOwedOrder(ctx.db, user.id, { leadType: 'Call-Backs', owed: 3 });
    await deactivate(user.id);
    const res = await callback({ ...callPayload({ id: user.id }, 300, { now: ctx.clock.now() }), kind: 'callback' });
    expect(res.status).toBe(422);
    expect(res.body.reason).toBe('agent_deactivated');
    expect(await ctx.db('order_deliveries').count({ n: '*' }).first()).toMatchObject({ n: 0 });
  });

  it('GET check validates its query like the POST (400 naming the field)', async () => {
    const res = await checkGet('state=FL');
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty('agentId');
    expect((await request(ctx.app).get('/api/callbacks/transfer/check?agentId=1&state=FL')).status).toBe(401);
  });
});

describe('a paused agent (Transfer Controls pause)', () => {
  it('is refused by the GET and POST check and by the callback with 422 agent_paused', async () => {
    const user = await agentWithTransfers();
    const agent = await loginAs(ctx.app, user.email, user.password);
    const settings = await agent.get('/api/transfers/settings');
    expect(
      (
        await agent.put('/api/transfers/settings').send({
          callsPerDay: settings.body.callsPerDay,
          workingStates: settings.body.workingStates,
          hoursStart: settings.body.hoursStart,
          hoursEnd: settings.body.hoursEnd,
          timeZone: settings.body.timeZone,
          paused: true,
          resumeDate: null,
        })
      ).status,
    ).toBe(200);
    ctx.clock.advance(1000);
    for (const res of [
      await checkPost({ agentId: user.id, state: 'FL' }),
      await checkGet(`agentId=${user.id}&state=FL`),
      await callback(callPayload({ id: user.id }, 30, { now: new Date(ctx.clock.now().getTime() + 120_000) })),
    ]) {
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: 'agent_paused', reason: 'agent_paused', error: 'The agent has paused transfers.' });
    }
    expect(await calls(user.id)).toBe(0);
  });
});

describe('personal API tokens', () => {
  const outcome = (token: string) =>
    request(ctx.app)
      .post('/api/outcomes')
      .set('authorization', `Bearer ${token}`)
      .send({ itemType: 'lead', itemId: 999999, status: 'contacted', date: '2026-10-09' });

  async function tokenOf(user: { email: string; password: string }) {
    const agent = await loginAs(ctx.app, user.email, user.password);
    const created = await agent.post('/api/api-tokens').send({ name: 'CRM' });
    expect(created.status).toBe(201);
    return { agent, token: created.body.token as string };
  }

  it('stop working when the owner is deactivated (and work again on reactivation)', async () => {
    const user = await makeUser(ctx.db);
    const { token } = await tokenOf(user);
    expect((await outcome(token)).status).toBe(404); // accepted as the owner: the item is not theirs
    const admin = await deactivate(user.id);
    expect((await outcome(token)).status).toBe(401);
    expect((await admin.post(`/api/admin/users/${user.id}/reactivate`)).status).toBe(200);
    expect((await outcome(token)).status).toBe(404);
  });

  it('stop working after a password change; a token made after it works', async () => {
    const user = await makeUser(ctx.db);
    const { agent, token } = await tokenOf(user);
    expect((await outcome(token)).status).toBe(404);
    ctx.clock.advance(1000);
    const changed = await agent.put('/api/account/password').send({ currentPassword: user.password, newPassword: 'a-brand-new-pass-9' });
    expect(changed.status).toBe(200);
    expect((await outcome(token)).status).toBe(401);
    expect((await agent.get('/api/api-tokens')).body.tokens).toEqual([]);
    ctx.clock.advance(1000);
    const fresh = await agent.post('/api/api-tokens').send({ name: 'CRM 2' });
    expect(fresh.status).toBe(201);
    expect((await outcome(fresh.body.token)).status).toBe(404);
    expect((await agent.get('/api/api-tokens')).body.tokens).toHaveLength(1);
  });

  it('an address that keeps presenting invalid tokens is rate limited (429)', async () => {
    const other = await createTestApp();
    try {
      let last = 0;
      for (let i = 0; i <= INVALID_TOKEN_RATE_LIMIT.limit; i++) {
        last = (
          await request(other.app)
            .post('/api/outcomes')
            .set('authorization', `Bearer tl_guess${i}`)
            .send({ itemType: 'lead', itemId: 1, status: 'contacted', date: '2026-10-09' })
        ).status;
        if (i < INVALID_TOKEN_RATE_LIMIT.limit) expect(last).toBe(401);
      }
      expect(last).toBe(429);
    } finally {
      await other.close();
    }
  });
});
