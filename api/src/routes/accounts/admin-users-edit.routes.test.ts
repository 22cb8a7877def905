// Admin user management beyond the list (issue 18 item 6): search by name or e-mail, edit (details, role,
// state, the agent's own live-transfer price, which the server then charges), the user page (orders,
// balance, leads, appointments), and US state fields that accept only the 50 states and DC.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import request from 'supertest';
import { createTestApp, loginAs, makeUser, type TestContext } from '../../test/harness.ts';
import { insertPaidOrder } from '../../test/transfers-testing.ts';
import { insertAppointment, insertLead } from '../../test/proof-fixtures.ts';
import { toDbDate } from '../../db/dates.ts';
import { User } from '../../models/index.ts';
import { LIVE_TRANSFER_DEFAULT_PRICE_CENTS } from '@tm/shared';

let ctx: TestContext;
let adminAgent: Awaited<ReturnType<typeof loginAs>>;
let basicAgent: Awaited<ReturnType<typeof loginAs>>;
let jane: Awaited<ReturnType<typeof makeUser>>;
let janeAgent: Awaited<ReturnType<typeof loginAs>>;

beforeAll(async () => {
  ctx = await createTestApp();
  const admin = await makeUser(ctx.db, { isAdmin: true, email: 'chief@example.com', firstName: 'Cora', lastName: 'Chief' });
  const plain = await makeUser(ctx.db, { email: 'plain.person@example.com', firstName: 'Paul', lastName: 'Plain' });
  jane = await makeUser(ctx.db, { email: 'jd.sales@example.org', firstName: 'Jane', lastName: 'Doe', agencyName: 'Lone Star Life' });
  await makeUser(ctx.db, { email: 'john.doe@example.net', firstName: 'John', lastName: 'Doe' });
  adminAgent = await loginAs(ctx.app, admin.email, admin.password);
  basicAgent = await loginAs(ctx.app, plain.email, plain.password);
  janeAgent = await loginAs(ctx.app, jane.email, jane.password);
});
afterAll(() => ctx.close());

const emails = (res: request.Response) => (res.body.items as Array<{ email: string }>).map((u) => u.email).sort();

describe('search users by name or e-mail', () => {
  it('finds by first name, last name, the full name, the agency or the e-mail, case-insensitively', async () => {
    expect(emails(await adminAgent.get('/api/admin/users/search?q=jane'))).toEqual(['jd.sales@example.org']);
    expect(emails(await adminAgent.get('/api/admin/users/search?q=DOE'))).toEqual(['jd.sales@example.org', 'john.doe@example.net']);
    expect(emails(await adminAgent.get('/api/admin/users/search?q=Jane%20Doe'))).toEqual(['jd.sales@example.org']);
    expect(emails(await adminAgent.get('/api/admin/users/search?q=doe%20john'))).toEqual(['john.doe@example.net']);
    expect(emails(await adminAgent.get('/api/admin/users/search?q=lone%20star'))).toEqual(['jd.sales@example.org']);
    expect(emails(await adminAgent.get('/api/admin/users/search?q=jd.sales@'))).toEqual(['jd.sales@example.org']);
    const none = await adminAgent.get('/api/admin/users/search?q=jane%20plain');
    expect(none.body).toMatchObject({ items: [], total: 0 });
  });
});

describe('PATCH /api/admin/users/:userId', () => {
  it('edits name, e-mail, phone, state, agency and role; the user logs in with the new e-mail', async () => {
    const target = await makeUser(ctx.db, { email: 'before.edit@example.com', password: 'edit-me-123' });
    const res = await adminAgent.patch(`/api/admin/users/${target.id}`).send({
      firstName: ' Edith ',
      lastName: 'Edited',
      email: 'After.Edit@Example.com',
      phone: '(512) 555-0188',
      state: 'fl',
      agencyName: 'Sunshine Agency',
      role: 'Manager',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.user).toMatchObject({
      id: target.id,
      firstName: 'Edith',
      lastName: 'Edited',
      email: 'after.edit@example.com',
      phone: '(512) 555-0188',
      state: 'FL',
      agencyName: 'Sunshine Agency',
      role: 'Manager',
      isAdmin: false,
      liveTransferPriceCents: null,
      effectiveLiveTransferPriceCents: LIVE_TRANSFER_DEFAULT_PRICE_CENTS,
    });
    await loginAs(ctx.app, 'after.edit@example.com', 'edit-me-123');
    expect((await request(ctx.app).post('/api/login').send({ identifier: 'before.edit@example.com', password: 'edit-me-123' })).status).toBe(401);
  });

  it('changes only the fields sent; an empty state clears it', async () => {
    const target = await makeUser(ctx.db, { state: 'TX', agencyName: 'Keep Me' });
    const res = await adminAgent.patch(`/api/admin/users/${target.id}`).send({ state: '' });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ state: null, agencyName: 'Keep Me', email: target.email });
  });

  it.each([
    [{ state: 'ZZZZ' }, 'state', 'Please select a US state'],
    [{ state: 'PR' }, 'state', 'Please select a US state'],
    [{ role: 'Boss' }, 'role', 'Role is required'],
    [{ email: 'not-an-email' }, 'email', 'Invalid email address'],
    [{ firstName: '  ' }, 'firstName', 'First name is required'],
    [{ liveTransferPrice: 'abc' }, 'liveTransferPrice', 'Transfer price must be an amount in dollars such as 30 or 29.50'],
    [{ liveTransferPrice: '29.505' }, 'liveTransferPrice', 'Transfer price must be an amount in dollars such as 30 or 29.50'],
    [{ liveTransferPrice: -5 }, 'liveTransferPrice', 'Transfer price must be an amount in dollars such as 30 or 29.50'],
    [{ liveTransferPrice: '0.50' }, 'liveTransferPrice', 'Transfer price must be between $1.00 and $1,000.00'],
    [{ liveTransferPrice: '1000.01' }, 'liveTransferPrice', 'Transfer price must be between $1.00 and $1,000.00'],
    [{ isAdmin: true }, 'body', 'Unrecognized key: "isAdmin"'],
    [{}, 'body', 'Nothing to change'],
  ])('refuses %j with a 400 naming %s, and changes nothing', async (body, field, message) => {
    const target = await makeUser(ctx.db, { state: 'TX' });
    const res = await adminAgent.patch(`/api/admin/users/${target.id}`).send(body);
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ [field]: message });
    const row = await User.query(ctx.db).findById(target.id);
    expect(row).toMatchObject({ state: 'TX', role: target.role, firstName: target.firstName, liveTransferPriceCents: null });
    expect(Number(row?.isAdmin)).toBe(0);
  });

  it('answers 409 naming the e-mail when another account has it, 404 for an unknown user, 403 for an agent', async () => {
    const target = await makeUser(ctx.db);
    const taken = await adminAgent.patch(`/api/admin/users/${target.id}`).send({ email: 'JOHN.DOE@example.net' });
    expect(taken.status).toBe(409);
    expect(taken.body.fields).toEqual({ email: 'An account with this email already exists' });
    // Its own e-mail again is no conflict.
    expect((await adminAgent.patch(`/api/admin/users/${target.id}`).send({ email: target.email })).status).toBe(200);
    expect((await adminAgent.patch('/api/admin/users/999999').send({ firstName: 'X' })).status).toBe(404);
    expect((await adminAgent.patch('/api/admin/users/abc').send({ firstName: 'X' })).status).toBe(404);
    const agent = await basicAgent.patch(`/api/admin/users/${target.id}`).send({ firstName: 'X' });
    expect(agent.status).toBe(403);
  });
});

describe("the agent's own live-transfer price", () => {
  const order = {
    totalTransfers: 40,
    callsPerDay: 5,
    transferHours: '9am-5pm EST',
    transferPhone: '5125550123',
    workingStates: 'TX, FL',
    leadType: 'Live Transfers',
  };

  it('is what the server charges when that agent buys transfers, whatever the browser sends', async () => {
    const set = await adminAgent.patch(`/api/admin/users/${jane.id}`).send({ liveTransferPrice: '$28.50' });
    expect(set.status).toBe(200);
    expect(set.body.user).toMatchObject({ liveTransferPriceCents: 2850, effectiveLiveTransferPriceCents: 2850 });

    // The portal shows the agent their price.
    expect((await janeAgent.get('/api/current-user')).body).toMatchObject({ liveTransferPriceCents: 2850, liveTransferPrice: '28.50' });
    const res = await janeAgent.post('/api/call-transfer-order').send({ ...order, price: 1 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ amount: 114000, unitPriceCents: 2850, totalPrice: '1140.00' });
    const row = await ctx.db('orders').where({ id: res.body.orderId }).first();
    expect(row).toMatchObject({ userId: jane.id, kind: 'live_transfer', count: 40, unitPriceCents: 2850, amountCents: 114000 });

    // Another agent keeps the default.
    const other = await basicAgent.post('/api/call-transfer-order').send(order);
    expect(other.body).toMatchObject({ unitPriceCents: LIVE_TRANSFER_DEFAULT_PRICE_CENTS, amount: 40 * LIVE_TRANSFER_DEFAULT_PRICE_CENTS });
  });

  it('back to the default when the admin clears it', async () => {
    const cleared = await adminAgent.patch(`/api/admin/users/${jane.id}`).send({ liveTransferPrice: null });
    expect(cleared.body.user).toMatchObject({ liveTransferPriceCents: null, effectiveLiveTransferPriceCents: LIVE_TRANSFER_DEFAULT_PRICE_CENTS });
    const res = await janeAgent.post('/api/call-transfer-order').send({ ...order, totalTransfers: 2 });
    expect(res.body).toMatchObject({ unitPriceCents: LIVE_TRANSFER_DEFAULT_PRICE_CENTS, amount: 2 * LIVE_TRANSFER_DEFAULT_PRICE_CENTS });
    // A whole-dollar number is read as dollars too.
    const whole = await adminAgent.patch(`/api/admin/users/${jane.id}`).send({ liveTransferPrice: 30 });
    expect(whole.body.user.liveTransferPriceCents).toBe(3000);
  });
});

describe('GET /api/admin/users/:userId (the user page)', () => {
  it("shows the user's orders with totals, transfer balance, leads and appointments", async () => {
    const agent = await makeUser(ctx.db, { firstName: 'Page', lastName: 'Owner' });
    const t0 = new Date('2026-02-01T12:00:00Z');
    const paidLots = await insertPaidOrder(ctx.db, agent.id, { kind: 'live_transfer', count: 10 }, t0);
    const pkg = await insertPaidOrder(ctx.db, agent.id, { kind: 'transfer_package', tier: 'standard', count: 20 }, new Date('2026-02-02T12:00:00Z'));
    await ctx
      .db('orders')
      .where({ id: pkg })
      .update({ refundedCents: 1000, createdAt: toDbDate(new Date('2026-02-02T12:00:00Z')) });
    await ctx
      .db('orders')
      .where({ id: paidLots })
      .update({ createdAt: toDbDate(t0) });
    const lead = await insertLead(ctx.db, {
      status: 'sold',
      buyerId: agent.id,
      soldAt: toDbDate(new Date('2026-02-03T00:00:00Z')),
      customerName: 'Ruth Bought',
    });
    const appt = await insertAppointment(ctx.db, { status: 'sold', buyerId: agent.id, purchasedAt: toDbDate(new Date('2026-02-04T00:00:00Z')) });
    // Someone else's: never on this page.
    await insertPaidOrder(ctx.db, jane.id, { kind: 'live_transfer', count: 3 });

    const res = await adminAgent.get(`/api/admin/users/${agent.id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const pkgRow = await ctx.db('orders').where({ id: pkg }).first();
    expect(res.body.user).toMatchObject({ id: agent.id, firstName: 'Page', effectiveLiveTransferPriceCents: LIVE_TRANSFER_DEFAULT_PRICE_CENTS });
    expect(res.body.user).not.toHaveProperty('passwordHash');
    expect(res.body.balance).toMatchObject({ transfersRemaining: 30, transfersPurchased: 30, transferSpendCents: 0 });
    expect(res.body.orders.map((o: { id: number }) => o.id)).toEqual([pkg, paidLots]);
    expect(res.body.orders[1]).toMatchObject({
      kind: 'live_transfer',
      count: 10,
      amountCents: 10 * LIVE_TRANSFER_DEFAULT_PRICE_CENTS,
      status: 'paid',
      description: '10 live transfers',
    });
    expect(res.body.ordersTotal).toBe(2);
    expect(res.body.totals).toEqual({ paidOrders: 2, paidCents: 10 * LIVE_TRANSFER_DEFAULT_PRICE_CENTS + Number(pkgRow.amountCents), refundedCents: 1000 });
    expect(res.body.leads.map((l: { id: string }) => l.id)).toEqual([`purchased-${lead}`]);
    expect(res.body.leadsTotal).toBe(1);
    expect(res.body.appointments.map((a: { id: number }) => a.id)).toEqual([appt]);
    expect(res.body.appointmentsTotal).toBe(1);
  });

  it('answers 404 for an unknown user and 403 for an agent', async () => {
    expect((await adminAgent.get('/api/admin/users/999999')).status).toBe(404);
    expect((await basicAgent.get(`/api/admin/users/${jane.id}`)).status).toBe(403);
  });
});

describe('US state fields accept only the 50 states and DC', () => {
  const valid = {
    email: 'state.test@example.com',
    password: 'secret-pass',
    firstName: 'S',
    lastName: 'T',
    agencyName: 'A',
    role: 'Manager',
    phone: '5125550100',
  };
  it('create user: ZZZZ or a territory is a 400 naming state; a code in any case is stored upper-case', async () => {
    for (const state of ['ZZZZ', 'PR', 'Texas']) {
      const res = await adminAgent.post('/api/admin/users').send({ ...valid, state });
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual({ state: 'Please select a US state' });
    }
    const ok = await adminAgent.post('/api/admin/users').send({ ...valid, state: 'dc' });
    expect(ok.status).toBe(201);
    expect(ok.body.user.state).toBe('DC');
  });

  it('create appointment: the same', async () => {
    const body = { firstName: 'Ann', lastName: 'Caller', phone: '5125550101' };
    const bad = await adminAgent.post('/api/admin/appointments/brightcall').send({ ...body, state: 'ZZZZ' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ state: 'Please select a US state' });
    const ok = await adminAgent.post('/api/admin/appointments/brightcall').send({ ...body, state: 'ny' });
    expect(ok.status).toBe(201);
    expect(ok.body.appointment.state).toBe('NY');
  });
});
