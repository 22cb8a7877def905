// Issue 13 item 1: every funnel checkout knows its buyer. Anonymous buyers must give first name, last
// name, e-mail and phone (agency optional); the order goes to the account with that e-mail or to a new one
// without a usable password, opened by a set-password link; a logged-in agent pays as themselves. Runs on
// SQLite and (TEST_DATABASE_URL) MariaDB, through the real app and the payment emulator.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import request from 'supertest';
import { createTestApp, makeUser, loginAs, type TestContext } from '../../test/harness.ts';
import { createSetPasswordLink } from '../../services/accounts/set-password-links.ts';
import { verifyPassword } from '../../services/accounts/passwords.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

let seq = 0;
const buyer = (over: Record<string, unknown> = {}) => {
  seq += 1;
  return {
    firstName: 'Nina',
    lastName: 'Newbuyer',
    email: `nina.${process.pid}.${seq}@example.com`,
    phone: '(555) 010-0177',
    agencyName: 'Nina Agency',
    ...over,
  };
};

async function payAndSettle(clientSecret: string, cardNumber = '4242 4242 4242 4242') {
  const res = await request(ctx.app).post('/api/test-payments/confirm').send({ clientSecret, cardNumber, expiry: '12/40', cvc: '123' });
  await ctx.emulator.flush();
  return res;
}

describe('POST /api/create-payment-intent: anonymous buyers say who they are', () => {
  it('refuses a checkout without buyer fields, naming each one, and makes nothing', async () => {
    const ordersBefore = await ctx.db('orders').count({ n: '*' }).first();
    const usersBefore = await ctx.db('users').count({ n: '*' }).first();
    const res = await request(ctx.app).post('/api/create-payment-intent').send({ callCount: 5, tier: 'standard' });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Invalid email address',
      phone: 'Phone number must be at least 10 digits',
    });
    expect(await ctx.db('orders').count({ n: '*' }).first()).toEqual(ordersBefore);
    expect(await ctx.db('users').count({ n: '*' }).first()).toEqual(usersBefore);
  });

  it.each([
    ['firstName', { firstName: '  ' }, 'First name is required'],
    ['lastName', { lastName: '' }, 'Last name is required'],
    ['email', { email: 'not-an-email' }, 'Invalid email address'],
    ['phone', { phone: '555-01' }, 'Phone number must be at least 10 digits'],
    ['agencyName', { agencyName: 'x'.repeat(201) }, 'Agency name is too long'],
  ])('refuses a bad %s with 400 naming it', async (field, over, message) => {
    const res = await request(ctx.app)
      .post('/api/create-payment-intent')
      .send({ callCount: 5, ...buyer(over) });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ [field]: message });
    expect(res.body.error).toContain(field);
  });

  it('takes the agency as optional', async () => {
    const { agencyName: _a, ...noAgency } = buyer();
    const res = await request(ctx.app)
      .post('/api/create-payment-intent')
      .send({ callCount: 5, ...noAgency });
    expect(res.status).toBe(200);
  });

  it('a new e-mail gets an account without a known password, a set-password link that works, and the balance after login', async () => {
    const b = buyer({ email: `  Fresh.Buyer.${process.pid}@Example.com ` });
    const res = await request(ctx.app)
      .post('/api/create-payment-intent')
      .send({ callCount: 4, tier: 'premium', ...b });
    expect(res.status).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined(); // never logged in by the checkout
    const email = `fresh.buyer.${process.pid}@example.com`;
    // No account and no e-mail before the payment (issue 25 item 4): the order keeps what the buyer typed.
    expect(await ctx.db('users').where({ email }).first()).toBeUndefined();
    expect(await ctx.db('mailOutbox').where({ toEmail: email }).first()).toBeUndefined();
    const order = await ctx.db('orders').where({ id: res.body.orderId }).first();
    expect(order.userId).toBeNull();
    expect(JSON.parse(order.metadata).buyer).toMatchObject({ email, firstName: 'Nina' });

    const paid = await payAndSettle(res.body.clientSecret);
    expect(paid.status).toBe(200);
    const user = await ctx.db('users').where({ email }).first();
    expect(user).toMatchObject({ firstName: 'Nina', lastName: 'Newbuyer', phone: '(555) 010-0177', agencyName: 'Nina Agency' });
    const after = await ctx.db('orders').where({ id: res.body.orderId }).first();
    expect(after).toMatchObject({ status: 'paid', fulfilmentStatus: 'fulfilled', quantityDelivered: 4, quantityOwed: 0, cardLast4: '4242' });
    expect(Number(after.userId)).toBe(Number(user.id));
    expect(JSON.parse(after.metadata).accountCreated).toBe(true);
    // The welcome e-mail (set-password link) and the receipt went out with the payment.
    const kinds = (await ctx.db('mailOutbox').where({ userId: user.id }).pluck('kind')).sort();
    expect(kinds).toEqual(['account-created', 'order-receipt']);
    const view = await request(ctx.app).get(`/api/orders/by-intent/${res.body.clientSecret.split('_secret_')[0]}`);
    expect(view.body).toMatchObject({ status: 'paid' });
    expect(view.body).not.toHaveProperty('accountCreated');

    // Nobody can log in with a guess: the stored password is random.
    for (const guess of ['', 'password', email]) expect(await verifyPassword(user.passwordHash, guess)).toBe(false);
    expect((await request(ctx.app).post('/api/login').send({ identifier: email, password: 'password' })).status).toBe(401);

    // The set-password link (what the e-mail will carry) works, then the buyer sees their balance.
    const { url } = await createSetPasswordLink(ctx.db, ctx.config.sessionSecret, ctx.config.publicOrigin, Number(user.id), ctx.clock.now());
    const token = new URL(url).searchParams.get('token');
    const check = await request(ctx.app).get('/api/set-password/check').query({ token });
    expect(check.status).toBe(200);
    expect((await request(ctx.app).post('/api/set-password').send({ token, password: 'my-own-pass-1' })).status).toBe(200);
    const agent = await loginAs(ctx.app, email, 'my-own-pass-1');
    const balance = await agent.get('/api/transfers/balance');
    expect(balance.status).toBe(200);
    expect(balance.body.remaining).toBe(4);
    const ledger = await agent.get('/api/ledger');
    expect(ledger.body.entries ?? ledger.body).toEqual(
      expect.arrayContaining([expect.objectContaining({ orderId: res.body.orderId, type: 'purchase', transfers: 4 })]),
    );
  });

  it('an existing e-mail links to that account: same answer, no login, no data shown, the balance is theirs', async () => {
    const owner = await makeUser(ctx.db, { firstName: 'Olive', lastName: 'Owner', phone: '5550109999', agencyName: 'Secret Agency' });
    const stranger = buyer({ email: owner.email.toUpperCase(), firstName: 'Mallory', lastName: 'Typer' });
    const fresh = buyer();
    const a = await request(ctx.app)
      .post('/api/create-payment-intent')
      .send({ callCount: 2, ...stranger });
    const b = await request(ctx.app)
      .post('/api/create-payment-intent')
      .send({ callCount: 2, ...fresh });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    // The same shape and keys whether or not the e-mail had an account; nothing of the account in it.
    expect(Object.keys(a.body).sort()).toEqual(Object.keys(b.body).sort());
    expect(a.headers['set-cookie']).toBeUndefined();
    const text = JSON.stringify(a.body);
    expect(a.body).not.toHaveProperty('userId');
    for (const secret of ['Olive', 'Owner', 'Secret Agency', '5550109999', owner.email]) expect(text).not.toContain(secret);
    // The owner's profile is untouched by what the stranger typed; the order is the owner's.
    const ownerRow = await ctx.db('users').where({ id: owner.id }).first();
    expect(ownerRow).toMatchObject({ firstName: 'Olive', lastName: 'Owner', agencyName: 'Secret Agency' });
    // Nothing is left on the owner's account before a payment.
    const order = await ctx.db('orders').where({ id: a.body.orderId }).first();
    expect(order.userId).toBeNull();

    // The return page's view of the order carries no account data either.
    await payAndSettle(a.body.clientSecret);
    expect(Number((await ctx.db('orders').where({ id: a.body.orderId }).first()).userId)).toBe(owner.id);
    const intentId = a.body.clientSecret.split('_secret_')[0];
    const view = await request(ctx.app).get(`/api/orders/by-intent/${intentId}`);
    expect(view.status).toBe(200);
    expect(view.body.status).toBe('paid');
    for (const secret of ['Olive', 'Secret Agency', owner.email]) expect(JSON.stringify(view.body)).not.toContain(secret);

    const agent = await loginAs(ctx.app, owner.email, owner.password);
    expect((await agent.get('/api/transfers/balance')).body.remaining).toBe(2);
  });

  it('a logged-in agent pays as themselves; body buyer fields are ignored', async () => {
    const me = await makeUser(ctx.db);
    const other = await makeUser(ctx.db);
    const agent = await loginAs(ctx.app, me.email, me.password);
    const res = await agent.post('/api/create-payment-intent').send({ callCount: 3, firstName: '', email: other.email, phone: 'x' });
    expect(res.status).toBe(200);
    const order = await ctx.db('orders').where({ id: res.body.orderId }).first();
    expect(Number(order.userId)).toBe(me.id);
    expect(JSON.parse(order.metadata).buyer).toBeUndefined();
  });

  it('two payments racing with one new e-mail end on one account', async () => {
    const b = buyer();
    const [x, y] = await Promise.all([
      request(ctx.app)
        .post('/api/create-payment-intent')
        .send({ callCount: 1, ...b }),
      request(ctx.app)
        .post('/api/create-payment-intent')
        .send({ callCount: 1, ...b }),
    ]);
    expect([x.status, y.status]).toEqual([200, 200]);
    await Promise.all([payAndSettle(x.body.clientSecret), payAndSettle(y.body.clientSecret)]);
    await ctx.emulator.flush();
    const users = await ctx.db('users').where({ email: b.email }).select('id');
    expect(users).toHaveLength(1);
    const orders = await ctx.db('orders').whereIn('id', [x.body.orderId, y.body.orderId]).select('userId');
    expect(orders.map((o: { userId: number }) => Number(o.userId))).toEqual([Number(users[0].id), Number(users[0].id)]);
  });

  it('writes the order timeline: created, then payment_failed for a declined card with the provider message', async () => {
    const res = await request(ctx.app)
      .post('/api/create-payment-intent')
      .send({ callCount: 2, ...buyer() });
    const declined = await payAndSettle(res.body.clientSecret, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    const events = await ctx.db('orderEvents').where({ orderId: res.body.orderId }).orderBy('id').select('type', 'detail');
    expect(events.map((e: { type: string }) => e.type)).toEqual(['created', 'payment_failed']);
    expect(JSON.parse(events[1].detail)).toMatchObject({ message: 'Your card was declined.' });
    const intentId = res.body.clientSecret.split('_secret_')[0];
    const view = await request(ctx.app).get(`/api/orders/by-intent/${intentId}`);
    expect(view.body).toMatchObject({ status: 'failed', failureMessage: 'Your card was declined.', fulfilmentStatus: null });
  });
});

describe('no account and no e-mail before payment (issue 25 item 4)', () => {
  it('an unpaid checkout with a new e-mail leaves no account and no outbox row', async () => {
    const b = buyer();
    const usersBefore = await ctx.db('users').count({ n: '*' }).first();
    const res = await request(ctx.app)
      .post('/api/create-payment-intent')
      .send({ callCount: 3, ...b });
    expect(res.status).toBe(200);
    expect(await ctx.db('users').count({ n: '*' }).first()).toEqual(usersBefore);
    expect(await ctx.db('mailOutbox').where({ toEmail: b.email }).first()).toBeUndefined();
  });

  it("a declined anonymous checkout with someone else's e-mail sends them nothing and leaves nothing on their account", async () => {
    const owner = await makeUser(ctx.db);
    const mailsBefore = await ctx.db('mailOutbox').where({ userId: owner.id }).count({ n: '*' }).first();
    const res = await request(ctx.app)
      .post('/api/create-payment-intent')
      .send({ callCount: 2, ...buyer({ email: owner.email }) });
    const declined = await payAndSettle(res.body.clientSecret, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    const order = await ctx.db('orders').where({ id: res.body.orderId }).first();
    expect(order).toMatchObject({ status: 'failed', userId: null });
    expect(await ctx.db('orders').where({ userId: owner.id }).first()).toBeUndefined();
    expect(await ctx.db('mailOutbox').where({ userId: owner.id }).count({ n: '*' }).first()).toEqual(mailsBefore);
    expect(await ctx.db('mailOutbox').where({ toEmail: owner.email }).count({ n: '*' }).first()).toEqual(mailsBefore);
  });

  it('a declined card and then a good one on the same intent: the account is made once, at the success, and the return page says paid', async () => {
    const b = buyer();
    const res = await request(ctx.app)
      .post('/api/create-payment-intent')
      .send({ callCount: 2, ...b });
    await payAndSettle(res.body.clientSecret, '4000 0000 0000 0002');
    expect(await ctx.db('users').where({ email: b.email }).first()).toBeUndefined();
    // The success event is slow: the return page's check asks the provider about the latest attempt.
    ctx.emulator.holdWebhooks();
    await request(ctx.app)
      .post('/api/test-payments/confirm')
      .send({ clientSecret: res.body.clientSecret, cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' });
    const intentId = res.body.clientSecret.split('_secret_')[0];
    expect((await request(ctx.app).get(`/api/orders/by-intent/${intentId}`)).body.status).toBe('failed');
    const checked = await request(ctx.app).post('/api/orders/check').send({ paymentIntentId: intentId });
    expect(checked.status).toBe(200);
    expect(checked.body).toMatchObject({ status: 'paid', failureMessage: null });
    ctx.emulator.releaseWebhooks();
    await ctx.emulator.flush();
    expect(await ctx.db('users').where({ email: b.email })).toHaveLength(1);
  });
});
