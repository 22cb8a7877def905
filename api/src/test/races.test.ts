// Races over real HTTP on the real app: 50 concurrent buyers for 10 leads (each lead sold exactly once,
// charged once), the same signed webhook event delivered 10 times at once (fulfilled once), and two
// admins creating the same user (one 201, one 409). Meant for MariaDB (TEST_DATABASE_URL, row locks and
// real parallel transactions); on SQLite the same promises hold through its single writer.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { sealData } from 'iron-session';
import { createTestApp, type TestContext } from './harness.ts';
import { sessionOptions, SESSION_LIFETIME_MS } from '../middleware/session.ts';
import { createSession } from '../services/accounts/sessions.service.ts';
import { signPayload } from '@tm/stripe-emulator';
import { SOLD_MESSAGE } from '../services/orders/orders.service.ts';
import { LEAD_DEFAULT_PRICE_CENTS } from '@tm/shared';
import { insertLead, uniq, createUserBody } from './proof-fixtures.ts';

const DB = process.env.TEST_DATABASE_URL ? 'MariaDB' : 'SQLite';
let ctx: TestContext;

beforeAll(async () => {
  // Each buyer comes from an address of their own (through a trusted local proxy), as real buyers do:
  // one address opening hundreds of orders would meet the per-address order limit.
  ctx = await createTestApp({ config: { trustProxy: 'loopback' } });
});

const addresses = new Map<string, string>();
const addressOf = (cookie: string | null): string => {
  const key = cookie ?? '';
  if (!addresses.has(key)) addresses.set(key, `10.1.${Math.floor(addresses.size / 250)}.${(addresses.size % 250) + 1}`);
  return addresses.get(key)!;
};
afterAll(async () => {
  await ctx?.close();
});

/** A session cookie for a user, sealed exactly as a login seals it (skips 50 argon2 logins). */
async function cookieFor(userId: number): Promise<string> {
  const opts = sessionOptions(ctx);
  const sid = await createSession(ctx.db, userId, ctx.clock.now());
  const seal = await sealData({ userId, issuedAt: ctx.clock.now().getTime(), sid }, { password: opts.password, ttl: SESSION_LIFETIME_MS / 1000 });
  return `${opts.cookieName}=${seal}`;
}

async function insertUsers(n: number, over: Record<string, unknown> = {}): Promise<number[]> {
  const tag = uniq();
  const rows = Array.from({ length: n }, (_, i) => ({
    email: `racer${i}.${tag}@example.com`,
    username: `racer${i}${tag}`,
    passwordHash: 'unusable',
    firstName: 'Racer',
    lastName: String(i),
    ...over,
  }));
  await ctx.db('users').insert(rows);
  const found: { id: number; email: string }[] = await ctx
    .db('users')
    .whereIn(
      'email',
      rows.map((r) => r.email),
    )
    .select('id', 'email');
  return rows.map((r) => Number(found.find((f) => f.email === r.email)!.id));
}

/** Real concurrent HTTP requests to the listening app (not serialised through one test client). */
async function call(method: string, p: string, cookie: string | null, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${ctx.baseUrl}${p}`, {
    method,
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': addressOf(cookie), ...(cookie ? { Cookie: cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A small deterministic generator, so a failing run can be replayed. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe(`races (${DB})`, () => {
  it('50 concurrent buyers for 10 leads: every lead is sold exactly once, to one buyer, charged once', { timeout: 120_000 }, async () => {
    const leadIds: number[] = [];
    for (let i = 0; i < 10; i++) leadIds.push(await insertLead(ctx.db, { customerName: `Race Lead ${i}`, priceCents: 500 + i }));
    const buyers = await insertUsers(50);
    const cookies = await Promise.all(buyers.map(cookieFor));
    const rand = rng(20261122);
    const orders: Array<{ buyer: number; intentId: string; clientSecret: string; leads: number[] }> = [];
    let rounds = 0;
    let conflicts = 0;

    // Everyone wants 1 to 3 of the leads still listed; all at once. Winners pay (all at once too);
    // losers try again for what is left, until nothing is left.
    while (rounds < 20) {
      rounds += 1;
      const left = (await ctx.db('leads').whereIn('id', leadIds).where({ status: 'available' }).select('id')).map((r: { id: number }) => Number(r.id));
      if (!left.length) break;
      const wants = buyers.map(() => {
        const k = 1 + Math.floor(rand() * Math.min(3, left.length));
        return [...new Set(Array.from({ length: k }, () => left[Math.floor(rand() * left.length)]!))];
      });
      const answers = await Promise.all(buyers.map((_, i) => call('POST', '/api/bulk-purchase-leads', cookies[i]!, { leadIds: wants[i] })));
      const won: typeof orders = [];
      answers.forEach((a, i) => {
        expect([201, 409], JSON.stringify(a.body)).toContain(a.status);
        if (a.status === 409) {
          conflicts += 1;
          expect(a.body.error).toBe(SOLD_MESSAGE);
        } else won.push({ buyer: buyers[i]!, intentId: String(a.body.paymentIntentId), clientSecret: String(a.body.clientSecret), leads: wants[i]! });
      });
      // The reservations of one round never overlap.
      const reserved = won.flatMap((o) => o.leads);
      expect(new Set(reserved).size).toBe(reserved.length);
      await Promise.all(won.map((o) => ctx.stripe.paymentIntents.confirm(o.intentId, { payment_method: 'pm_card_visa' })));
      await ctx.emulator.flush();
      orders.push(...won);
    }
    expect(conflicts, 'the buyers did compete').toBeGreaterThan(0);

    const leads: { id: number; status: string; buyerId: number; reservedOrderId: number }[] = await ctx
      .db('leads')
      .whereIn('id', leadIds)
      .select('id', 'status', 'buyerId', 'reservedOrderId');
    const paid: { id: number; userId: number; amountCents: number; paymentIntentId: string }[] = await ctx
      .db('orders')
      .where({ kind: 'leads', status: 'paid' })
      .whereIn(
        'paymentIntentId',
        orders.map((o) => o.intentId),
      )
      .select('id', 'userId', 'amountCents', 'paymentIntentId');
    const items: { orderId: number; itemId: number }[] = await ctx
      .db('order_items')
      .whereIn(
        'orderId',
        paid.map((o) => o.id),
      )
      .select('orderId', 'itemId');
    for (const lead of leads) {
      expect(lead.status, `lead ${lead.id}`).toBe('sold');
      const inPaid = items.filter((i) => Number(i.itemId) === Number(lead.id));
      expect(inPaid.length, `lead ${lead.id} is in ${inPaid.length} paid orders`).toBe(1);
      const order = paid.find((o) => Number(o.id) === Number(inPaid[0]!.orderId))!;
      expect(Number(lead.buyerId)).toBe(Number(order.userId));
      expect(Number(lead.reservedOrderId)).toBe(Number(order.id));
    }
    // Charged once: the paid orders add up to the ten leads' prices exactly, and the provider agrees.
    const total = paid.reduce((s, o) => s + Number(o.amountCents), 0);
    expect(total).toBe(leadIds.reduce((s, _id, i) => s + 500 + i, 0));
    const succeeded = orders.map((o) => ctx.emulator.getIntent(o.intentId)).filter((pi) => pi?.status === 'succeeded');
    expect(succeeded.reduce((s, pi) => s + pi!.amount, 0)).toBe(total);
    expect(LEAD_DEFAULT_PRICE_CENTS).toBeGreaterThan(0);
  });

  it('the same signed webhook event delivered 10 times at once fulfils once', async () => {
    const [buyer] = await insertUsers(1);
    const cookie = await cookieFor(buyer!);
    const leadIds = [await insertLead(ctx.db), await insertLead(ctx.db)];
    ctx.emulator.holdWebhooks();
    const order = await call('POST', '/api/bulk-purchase-leads', cookie, { leadIds });
    expect(order.status).toBe(201);
    const intentId = String(order.body.paymentIntentId);
    await ctx.stripe.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });
    const event = ctx.emulator.events.find((e) => e.type === 'payment_intent.succeeded' && e.payload.includes(intentId))!;
    expect(event).toBeDefined();

    const deliver = () =>
      fetch(`${ctx.baseUrl}/api/stripe/webhook`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signPayload(event.payload, ctx.config.stripe.webhookSecret) },
        body: event.payload,
      }).then(async (r) => ({ status: r.status, outcome: ((await r.json()) as { outcome: string }).outcome }));
    const answers = await Promise.all(Array.from({ length: 10 }, deliver));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(answers.filter((a) => a.outcome === 'paid')).toHaveLength(1);
    expect(answers.filter((a) => a.outcome === 'duplicate')).toHaveLength(9);
    expect(await ctx.db('payment_events').where({ eventId: event.id }).count({ n: '*' }).first()).toMatchObject({ n: 1 });
    const row = await ctx.db('orders').where({ paymentIntentId: intentId }).first();
    expect(row.status).toBe('paid');
    const sold = await ctx.db('leads').whereIn('id', leadIds).where({ status: 'sold', buyerId: buyer }).count({ n: '*' }).first();
    expect(Number(sold?.n)).toBe(2);
    ctx.emulator.releaseWebhooks();
    await ctx.emulator.flush();
  });

  it('webhook deliveries racing the buyer’s own confirmations fulfil once', async () => {
    const [buyer] = await insertUsers(1);
    const cookie = await cookieFor(buyer!);
    const leadIds = [await insertLead(ctx.db)];
    ctx.emulator.holdWebhooks();
    const order = await call('POST', '/api/bulk-purchase-leads', cookie, { leadIds });
    const intentId = String(order.body.paymentIntentId);
    await ctx.stripe.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });
    const event = ctx.emulator.events.find((e) => e.type === 'payment_intent.succeeded' && e.payload.includes(intentId))!;
    const hook = () =>
      fetch(`${ctx.baseUrl}/api/stripe/webhook`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signPayload(event.payload, ctx.config.stripe.webhookSecret) },
        body: event.payload,
      }).then((r) => r.json() as Promise<{ outcome: string }>);
    const [hooks, confirms] = await Promise.all([
      Promise.all(Array.from({ length: 5 }, hook)),
      Promise.all(Array.from({ length: 5 }, () => call('POST', '/api/bulk-purchase-leads/confirm', cookie, { payment_intent_id: intentId }))),
    ]);
    expect(confirms.map((c) => c.status)).toEqual(Array(5).fill(200));
    // Either one webhook delivery moved the order, or a confirmation did first: never both, never twice.
    expect(hooks.filter((h) => h.outcome === 'paid').length).toBeLessThanOrEqual(1);
    const row = await ctx.db('orders').where({ paymentIntentId: intentId }).first();
    expect(row.status).toBe('paid');
    expect(await ctx.db('leads').where({ id: leadIds[0], status: 'sold', buyerId: buyer }).count({ n: '*' }).first()).toMatchObject({ n: 1 });
    ctx.emulator.releaseWebhooks();
    await ctx.emulator.flush();
  });

  it('two admins creating the same user at once: one 201, one 409, one account', async () => {
    const admins = await insertUsers(2, { isAdmin: true });
    const cookies = await Promise.all(admins.map(cookieFor));
    for (let round = 0; round < 5; round++) {
      const body = createUserBody();
      const answers = await Promise.all(cookies.map((c) => call('POST', '/api/admin/users', c, body)));
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
      const lost = answers.find((a) => a.status === 409)!;
      expect(String(lost.body.error)).toMatch(/already exists/);
      expect(lost.body.fields).toHaveProperty('email');
      expect(
        await ctx
          .db('users')
          .where({ email: String(body.email) })
          .count({ n: '*' })
          .first(),
      ).toMatchObject({ n: 1 });
    }
    // Ten at once: still exactly one account.
    const body = createUserBody();
    const many = await Promise.all(Array.from({ length: 10 }, (_, i) => call('POST', '/api/admin/users', cookies[i % 2]!, body)));
    expect(many.filter((a) => a.status === 201)).toHaveLength(1);
    expect(many.filter((a) => a.status === 409)).toHaveLength(9);
  });
});
