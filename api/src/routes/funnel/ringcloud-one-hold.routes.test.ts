// One hold per buyer (issue 34 item 2, decision 216): a reload of /ringcloud-checkout or a second "Continue"
// pays for the buyer's open order (same count, same price), a changed choice gives its hold back, a buyer is
// one e-mail across browsers, and a repeated "Continue" is one sign-up row and one staff alert.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import request from 'supertest';
import { createTestApp, makeUser, type TestContext } from '../../test/harness.ts';
import { insertLead, ringcloudSurveyBody, uniq } from '../../test/proof-fixtures.ts';
import { STAFF_ALERT_DIGEST_MINUTES } from '../../services/mail/staff-alerts.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await makeUser(ctx.db, { isAdmin: true }); // someone to receive staff alerts
});
afterAll(() => ctx.close());

type Agent = ReturnType<typeof request.agent>;
const agedSurvey = (state: string, over: Record<string, unknown> = {}) =>
  ringcloudSurveyBody({ leadType: 'Aged Leads', ageRange: '30-60', workingStates: state, ...over });
const continueWith = async (agent: Agent, body: object) => {
  const res = await agent.post('/api/ringcloud-survey').send(body);
  expect(res.status).toBe(201);
  return res.body.surveyId as number;
};
const checkout = (agent: Agent) => agent.post('/api/create-payment-intent').send({ tier: 'ringcloud', callCount: 1, packageType: 'RingCloud Aged Leads' });
const stock = async (agent: Agent, state: string) =>
  (await agent.get('/api/ringcloud/aged-leads/stock').query({ states: state, ageRange: '30-60' })).body as { available: number; maxPerOrder: number };
const held = async (orderId: number) =>
  Number(((await ctx.db('leads').where({ status: 'reserved', reservedOrderId: orderId }).count({ n: '*' }).first()) as { n: number }).n);
const staffSignups = async (email: string) =>
  Number(((await ctx.db('mailOutbox').where({ kind: 'staff-signup' }).where('textBody', 'like', `%${email}%`).count({ n: '*' }).first()) as { n: number }).n);
/** Into a fresh staff-alert window, so this test's sign-up alert is sent on its own, not folded into the digest (decision 220). */
function freshAlertWindow() {
  const windowMs = STAFF_ALERT_DIGEST_MINUTES * 60_000;
  ctx.clock.set(new Date((Math.floor(ctx.clock.now().getTime() / windowMs) + 1) * windowMs + 1_000));
}
/** A state of our own per test (the 50 states and DC), so stock counts do not mix. */
async function stockIn(state: string, n: number) {
  for (let i = 0; i < n; i++) await insertLead(ctx.db, { customerState: state, ageDays: 40 });
}

describe('RingCloud checkout: one hold per buyer', () => {
  it('a reload shows the same count and price and pays for the same order, holding nothing twice', async () => {
    await stockIn('VT', 7);
    const agent = request.agent(ctx.app);
    await continueWith(agent, agedSurvey('VT'));
    expect(await stock(agent, 'VT')).toMatchObject({ available: 7, maxPerOrder: 7 });
    const first = await checkout(agent);
    expect(first.status).toBe(200);
    expect(first.body.amount).toBe(7 * 500);
    expect(await held(first.body.orderId)).toBe(7);

    // Reload: the buyer's own hold is theirs (another browser sees none left).
    expect(await stock(agent, 'VT')).toMatchObject({ available: 7, maxPerOrder: 7 });
    expect((await stock(request.agent(ctx.app), 'VT')).available).toBe(0);
    const again = await checkout(agent);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ orderId: first.body.orderId, clientSecret: first.body.clientSecret, amount: 7 * 500 });
    expect(
      await ctx
        .db('orders')
        .where({ kind: 'ringcloud', status: 'pending', surveyId: (await ctx.db('orders').where({ id: first.body.orderId }).first()).surveyId })
        .count({ n: '*' })
        .first(),
    ).toMatchObject({ n: 1 });
  });

  it('a second "Continue" is one sign-up row and one staff alert; a changed choice releases the hold', async () => {
    freshAlertWindow();
    await stockIn('NH', 4);
    await stockIn('ME', 3);
    const agent = request.agent(ctx.app);
    const body = agedSurvey('NH', { email: `twice.${uniq()}@example.com` });
    const id = await continueWith(agent, body);
    const order = await checkout(agent);
    expect(await held(order.body.orderId)).toBe(4);
    // "Continue" again with the same answers: the same survey, still held, still one alert.
    expect(await continueWith(agent, body)).toBe(id);
    expect(await held(order.body.orderId)).toBe(4);
    expect((await checkout(agent)).body.orderId).toBe(order.body.orderId);
    expect(await ctx.db('onboarding_surveys').where({ email: body.email }).count({ n: '*' }).first()).toMatchObject({ n: 1 });
    expect(await staffSignups(body.email)).toBe(1);

    // Another state: the NH hold is given back at once, and the new order is for Maine.
    expect(await continueWith(agent, { ...body, workingStates: 'ME' })).toBe(id);
    expect(await held(order.body.orderId)).toBe(0);
    expect((await ctx.db('orders').where({ id: order.body.orderId }).first()).status).toBe('canceled');
    expect((await stock(request.agent(ctx.app), 'NH')).available).toBe(4);
    const maine = await checkout(agent);
    expect(maine.body.amount).toBe(3 * 500);
    expect(await staffSignups(body.email)).toBe(1);
  });

  it('one e-mail holds through one order, whichever browser continued', async () => {
    freshAlertWindow();
    await stockIn('RI', 5);
    const email = `two.browsers.${uniq()}@example.com`;
    const a = request.agent(ctx.app);
    const b = request.agent(ctx.app);
    await continueWith(a, agedSurvey('RI', { email }));
    const first = await checkout(a);
    expect(await held(first.body.orderId)).toBe(5);
    // The same buyer on another device: the same count and price; the first order's hold moves to the new one.
    await continueWith(b, agedSurvey('RI', { email }));
    expect((await stock(b, 'RI')).available).toBe(5);
    const second = await checkout(b);
    expect(second.status).toBe(200);
    expect(second.body.amount).toBe(5 * 500);
    expect(await held(first.body.orderId)).toBe(0);
    expect(await held(second.body.orderId)).toBe(5);
    expect((await ctx.db('orders').where({ id: first.body.orderId }).first()).status).toBe('canceled');
    // A second browser is a second sign-up row (its own password), but the staff hear of the buyer once a day.
    expect(await staffSignups(email)).toBe(1);
  });
});
