// Issue 26 item 6, issue 34 item 4: an appointment (and a lead) an admin assigned for free says "Assigned free"
// and costs nothing anywhere: My Appointments and its CSV, My Leads and its CSV, Results' spend, a no-show
// credit, and the admin's user page. A bought appointment beside it keeps its price.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { APPOINTMENT_PRICE_CENTS } from '@tm/shared';
import { ASSIGNED_LABEL } from '@tm/shared/schemas/dashboard';
import { createTestApp, makeUser, loginAs, type TestContext } from '../../test/harness.ts';
import { parse as parseCsv } from 'csv-parse/sync';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof loginAs>>;
let agent: Awaited<ReturnType<typeof loginAs>>;
let agentId: number;
let assignedId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  ctx.clock.set(new Date('2026-11-20T15:00:00Z'));
  const a = await makeUser(ctx.db, { isAdmin: true });
  admin = await loginAs(ctx.app, a.email, a.password);
  const u = await makeUser(ctx.db);
  agentId = u.id;
  agent = await loginAs(ctx.app, u.email, u.password);
  const res = await admin
    .post('/api/admin/appointments/brightcall')
    .send({ firstName: 'Gina', lastName: 'Given', phone: '5125550188', state: 'TX', callbackTime: '2026-11-19T15:00:00Z', agentId });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  assignedId = res.body.appointment.appointmentId as number;
  // A bought appointment beside it (as a paid order leaves it): it keeps its price.
  await ctx.db('appointments').insert({
    customerName: 'Bob Bought',
    customerPhone: '5125550189',
    customerState: 'TX',
    priceCents: APPOINTMENT_PRICE_CENTS,
    status: 'sold',
    buyerId: agentId,
    purchasedAt: '2026-11-20 12:00:00.000',
    createdAt: '2026-11-20 12:00:00.000',
  });
  await ctx.db('leadAssignments').insert({ agentId, name: 'Lena Lead', phone: '5125550190', assignedAt: '2026-11-20 12:00:00.000' });
});
afterAll(() => ctx.close());

describe('an appointment the admin assigned', () => {
  it('is "assigned" at no cost in My Appointments (list, detail, CSV); the bought one keeps its price', async () => {
    const list = await agent.get('/api/vapi/my-appointments');
    expect(list.status).toBe(200);
    const items = list.body.items as Array<{ id: number; customerName: string; assigned: boolean; priceCents: number }>;
    expect(items.find((a) => a.id === assignedId)).toMatchObject({ customerName: 'Gina Given', assigned: true, priceCents: 0 });
    expect(items.find((a) => a.customerName === 'Bob Bought')).toMatchObject({ assigned: false, priceCents: APPOINTMENT_PRICE_CENTS });
    expect((await agent.get(`/api/vapi/my-appointments/${assignedId}`)).body).toMatchObject({ assigned: true, priceCents: 0 });
    const csv = (await agent.get('/api/vapi/my-appointments/export.csv')).text;
    const gina = (parseCsv(csv) as string[][]).find((row) => row[0] === 'Gina Given')!;
    expect(gina).toContain('Assigned free');
    expect(gina).not.toContain('0.00');
    expect(gina).not.toContain('10.00');
  });

  it('an appointment assigned from sale (the Assign button) is free too, with its assignment time recorded (issue 34 item 4)', async () => {
    const [forSale] = await ctx.db('appointments').insert({
      customerName: 'Sal Fromsale',
      customerPhone: '5125550177',
      customerState: 'TX',
      priceCents: APPOINTMENT_PRICE_CENTS,
      status: 'available',
      createdAt: '2026-11-20 12:00:00.000',
    });
    const id = Number(forSale);
    const res = await admin.post(`/api/admin/appointments/${id}/assign`).send({ agentId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const row = await ctx.db('appointments').where({ id }).first();
    expect(row.assignedAt).toBeTruthy();
    expect(new Date(`${String(row.assignedAt).replace(' ', 'T')}Z`).toISOString()).toBe(ctx.clock.now().toISOString());
    expect((await agent.get(`/api/vapi/my-appointments/${id}`)).body).toMatchObject({ assigned: true, priceCents: 0 });
    const page = await admin.get(`/api/admin/users/${agentId}`);
    expect(page.body.appointments.find((a: { id: number }) => a.id === id)).toMatchObject({ assigned: true, priceCents: 0 });
    const items = (await agent.get('/api/outcomes/items').query({ from: '2026-11-01', to: '2026-11-30' })).body.items as Array<{
      itemType: string;
      itemId: number;
      costCents: number;
    }>;
    expect(items.find((i) => i.itemType === 'appointment' && i.itemId === id)?.costCents).toBe(0);
    // Taken back, it is for sale at its price again, with no assignment on record.
    expect((await admin.post(`/api/admin/appointments/${id}/unassign`)).status).toBe(200);
    expect((await ctx.db('appointments').where({ id }).first()).assignedAt).toBeNull();
    await ctx.db('appointments').where({ id }).delete();
  });

  it('counts nothing toward Results spend', async () => {
    const res = await agent.get('/api/results').query({ from: '2026-11-01', to: '2026-11-30' });
    expect(res.status).toBe(200);
    const appointments = (res.body.byProduct as Array<{ key: string; spendCents: number; items: number }>).find((r) => r.key === 'appointment');
    expect(appointments).toMatchObject({ items: 2, spendCents: APPOINTMENT_PRICE_CENTS });
    expect(res.body.totals.spendCents).toBe(APPOINTMENT_PRICE_CENTS);
    const items = (await agent.get('/api/outcomes/items').query({ from: '2026-11-01', to: '2026-11-30' })).body.items as Array<{
      itemType: string;
      itemId: number;
      costCents: number;
      assigned: boolean;
    }>;
    // Results' list says "Assigned free" for it, not a cost; the bought one is not marked.
    expect(items.find((i) => i.itemType === 'appointment' && i.itemId === assignedId)).toMatchObject({ costCents: 0, assigned: true });
    expect(items.find((i) => i.itemType === 'appointment' && i.itemId !== assignedId)).toMatchObject({ assigned: false });
  });

  it('shows free on the admin user page, with nothing paid', async () => {
    const res = await admin.get(`/api/admin/users/${agentId}`);
    expect(res.status).toBe(200);
    expect(res.body.appointments.find((a: { id: number }) => a.id === assignedId)).toMatchObject({ assigned: true, priceCents: 0 });
    expect(res.body.totals).toMatchObject({ paidOrders: 0, paidCents: 0 });
    expect(res.body.leads.find((l: { name: string }) => l.name === 'Lena Lead')).toMatchObject({ source: 'assigned' });
  });

  it('a no-show of it credits nothing (it cost nothing)', async () => {
    const res = await agent.post(`/api/appointments/${assignedId}/no-show`).send({ callDurationSeconds: 5, note: 'Nobody answered' });
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    const row = await ctx.db('appointmentNoShows').where({ appointmentId: assignedId }).first();
    expect(Number(row.creditCents)).toBe(0);
  });
});

describe('a lead the admin assigned', () => {
  it('is labelled "Assigned free" in the My Leads CSV', async () => {
    const csv = (await agent.get('/api/my-leads/export.csv')).text;
    expect(ASSIGNED_LABEL).toBe('Assigned free');
    expect((parseCsv(csv) as string[][]).find((row) => row[0] === 'Lena Lead')).toContain('Assigned free');
  });
});
