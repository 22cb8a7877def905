// Results' period runs to the end of the chosen day in the agent's zone (issue 34 item 7): a purchase at
// 9 PM in Los Angeles (05:00 UTC the next day) counts in that day, and "today" is the agent's today.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { createTestApp, loginAs, makeUser, type TestContext } from '../../test/harness.ts';
import { insertAppointment } from '../../test/proof-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function laAgent() {
  const u = await makeUser(ctx.db);
  await ctx.db('agentTransferSettings').insert({ userId: u.id, timeZone: 'America/Los_Angeles', workingStates: '' });
  return { u, agent: await loginAs(ctx.app, u.email, u.password) };
}

describe("Results on the agent's clock", () => {
  it('counts a 9 PM Los Angeles purchase in that day, and not in the next', async () => {
    const { u, agent } = await laAgent();
    // 2026-11-20 21:00 in Los Angeles = 2026-11-21 05:00 UTC.
    await insertAppointment(ctx.db, { status: 'sold', buyerId: u.id, priceCents: 1000, purchasedAt: '2026-11-21 05:00:00.000' });
    const day = await agent.get('/api/results').query({ from: '2026-11-20', to: '2026-11-20' });
    expect(day.status).toBe(200);
    expect(day.body.totals).toMatchObject({ items: 1, spendCents: 1000 });
    const next = await agent.get('/api/results').query({ from: '2026-11-21', to: '2026-11-21' });
    expect(next.body.totals).toMatchObject({ items: 0 });
    const items = await agent.get('/api/outcomes/items').query({ from: '2026-11-20', to: '2026-11-20' });
    expect(items.body.items).toHaveLength(1);
  });

  it('"today" by default is the agent\'s today, so an evening purchase is in it', async () => {
    const { u, agent } = await laAgent();
    ctx.clock.set(new Date('2026-11-25T05:30:00Z')); // 21:30 on the 24th in Los Angeles
    await insertAppointment(ctx.db, { status: 'sold', buyerId: u.id, priceCents: 1000, purchasedAt: '2026-11-25 05:00:00.000' });
    const res = await agent.get('/api/results');
    expect(res.status).toBe(200);
    expect(res.body.to).toBe('2026-11-24');
    expect(res.body.totals).toMatchObject({ items: 1, spendCents: 1000 });
  });
});
