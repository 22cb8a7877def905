import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { createTestApp, loginAs, makeUser, type TestContext } from '../../test/harness.ts';
import { toDbDate } from '../../db/dates.ts';
import { BrightcallCallback } from '../../models/index.ts';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof loginAs>>;

beforeAll(async () => {
  ctx = await createTestApp();
  const u = await makeUser(ctx.db, { isAdmin: true });
  admin = await loginAs(ctx.app, u.email, u.password);
  const t0 = new Date('2026-01-10T12:00:00Z').getTime();
  const rows = Array.from({ length: 25 }, (_, i) => ({
    firstName: i === 3 ? 'Marisol' : `First${i}`,
    lastName: i === 3 ? 'Vega' : `Last${i}`,
    phone: `51255501${String(i).padStart(2, '0')}`,
    email: `cb${i}@example.org`,
    state: 'TX',
    transcript: 'AI: hi',
    source: 'webhook',
    createdAt: toDbDate(new Date(t0 + i * 60_000)),
  }));
  // Through the model: it fills the searchable phone digits (issue 36 point 5).
  for (const row of rows) await BrightcallCallback.query(ctx.db).insert(row);
});
afterAll(() => ctx.close());

describe('GET /api/admin/appointments/brightcall', () => {
  it('pages newest first with the card fields and a Created date', async () => {
    const res = await admin.get('/api/admin/appointments/brightcall?pageSize=10');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(25);
    expect(res.body.pageCount).toBe(3);
    expect(res.body.items).toHaveLength(10);
    expect(res.body.items[0]).toMatchObject({
      firstName: 'First24',
      email: 'cb24@example.org',
      phone: '5125550124',
      state: 'TX',
      createdAt: '2026-01-10T12:24:00.000Z',
    });
    const last = await admin.get('/api/admin/appointments/brightcall?pageSize=10&page=3');
    expect(last.body.items).toHaveLength(5);
    expect(last.body.items.at(-1).firstName).toBe('First0');
  });
});

describe('GET /api/admin/appointments/brightcall/search', () => {
  it('matches each word against names, e-mail and phone', async () => {
    const byName = await admin.get('/api/admin/appointments/brightcall/search?q=marisol vega');
    expect(byName.body.items.map((a: { firstName: string }) => a.firstName)).toEqual(['Marisol']);
    const byPhone = await admin.get('/api/admin/appointments/brightcall/search?q=5125550103');
    expect(byPhone.body.total).toBe(1);
    const byEmail = await admin.get('/api/admin/appointments/brightcall/search?q=CB1');
    expect(byEmail.body.total).toBe(11); // cb1, cb10..cb19
    const none = await admin.get('/api/admin/appointments/brightcall/search?q=nobody');
    expect(none.body).toMatchObject({ items: [], total: 0 });
  });
});

describe('POST /api/admin/appointments/brightcall', () => {
  it('creates an appointment with source admin and no transcript, first in the list', async () => {
    ctx.clock.set(new Date('2026-02-01T09:00:00Z'));
    const res = await admin
      .post('/api/admin/appointments/brightcall')
      .send({ firstName: 'Hank', lastName: 'Porter', phone: '2145550188', email: 'Hank@Example.com', state: 'OK' });
    expect(res.status).toBe(201);
    expect(res.body.appointment).toMatchObject({
      firstName: 'Hank',
      lastName: 'Porter',
      email: 'hank@example.com',
      state: 'OK',
      source: 'admin',
      createdAt: '2026-02-01T09:00:00.000Z',
    });
    const row = await ctx.db('brightcallCallbacks').where({ id: res.body.appointment.id }).first();
    expect(row.transcript).toBeNull();
    const list = await admin.get('/api/admin/appointments/brightcall');
    expect(list.body.items[0].firstName).toBe('Hank');
  });

  it('answers 400 naming the missing fields and a bad e-mail', async () => {
    const res = await admin.post('/api/admin/appointments/brightcall').send({ email: 'not-an-email' });
    expect(res.status).toBe(400);
    expect(res.body.fields).toMatchObject({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      phone: 'Phone is required',
      email: 'Invalid email address',
    });
  });
});
