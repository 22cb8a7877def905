// Issue 26: the audit log of the whole business. Each admin and training-admin action leaves an entry
// with who acted, what, whose account it concerned and the values before and after (walked one by one
// over the real routes); the log filters by actor and user (by name or e-mail), kind and days, reads as
// sentences, and exports as CSV with formula cells neutralised.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import request from 'supertest';
import { createTestApp, makeUser, loginAs, type TestContext } from '../../test/harness.ts';
import { depsOf } from '../../app.ts';
import { createOrder, getOrderByIntent } from '../../services/orders/orders.service.ts';
import { insertPaidOrder, callPayload } from '../../test/transfers-testing.ts';
import { TRAINER, insertApplication, insertAppointment, paidPackageOrder, trainingVideoBody } from '../../test/proof-fixtures.ts';
import { AppointmentNoShow, LeadPoolEntry, OutboxMail, TrainingAdmin } from '../../models/index.ts';
import { hashPassword } from '../../services/accounts/passwords.ts';
import type { AuditLogEntry } from '@tm/shared/schemas/audit';
import { parse as parseCsv } from 'csv-parse/sync';

const KEY = 'audit-transfer-key-0123456789';
let ctx: TestContext;
let admin: Awaited<ReturnType<typeof loginAs>>;
let adminCookie: string;
let adminId: number;
let trainerToken: string;

beforeAll(async () => {
  ctx = await createTestApp({ config: { transferApiKey: KEY } });
  ctx.clock.set(new Date('2026-11-20T15:00:00.000Z'));
  const a = await makeUser(ctx.db, { isAdmin: true, firstName: 'Audra', lastName: 'Boss', email: 'audra.boss@example.com' });
  adminId = a.id;
  admin = await loginAs(ctx.app, a.email, a.password);
  const login = await request(ctx.app).post('/api/login').send({ identifier: a.email, password: a.password });
  adminCookie = (login.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ');
  await TrainingAdmin.query(ctx.db).insert({ email: TRAINER.email, passwordHash: await hashPassword(TRAINER.password) });
  trainerToken = (await request(ctx.app).post('/api/training-admin/login').send(TRAINER)).body.token as string;
});
afterAll(() => ctx.close());

async function latest(action: string): Promise<AuditLogEntry> {
  const res = await admin.get('/api/admin/audit').query({ pageSize: 100 });
  expect(res.status).toBe(200);
  const e = (res.body.items as AuditLogEntry[]).find((i) => i.action === action);
  if (!e) throw new Error(`no audit entry ${action}; have ${(res.body.items as AuditLogEntry[]).map((i) => i.action).join(', ')}`);
  return e;
}

const byAdmin = (e: AuditLogEntry) => {
  expect(e.actor).toMatchObject({ type: 'admin', id: adminId, name: 'Audra Boss', email: 'audra.boss@example.com' });
};

describe('every admin action leaves an audit entry', () => {
  it('users: create, edit, price, set password, set-password link (copied and e-mailed), deactivate, reactivate', async () => {
    const created = await admin.post('/api/admin/users').send({
      email: 'walk.agent@example.com',
      password: 'walk-pass-123',
      firstName: 'Walker',
      lastName: 'Agent',
      agencyName: 'Walk Agency',
      role: 'Insurance Agent',
      phone: '5550101234',
      isAdmin: false,
    });
    expect(created.status).toBe(201);
    const id = created.body.user.id as number;
    let e = await latest('user.created');
    byAdmin(e);
    expect(e.subject).toMatchObject({ id, name: 'Walker Agent', email: 'walk.agent@example.com' });
    expect(e.summary).toBe('Created the agent account Walker Agent');
    expect(e.details).toContainEqual({ field: 'E-mail', value: 'walk.agent@example.com' });

    expect((await admin.patch(`/api/admin/users/${id}`).send({ agencyName: 'New Agency', liveTransferPrice: '30' })).status).toBe(200);
    e = await latest('user.updated');
    expect(e.changes).toEqual([{ field: 'Agency', from: 'Walk Agency', to: 'New Agency' }]);
    e = await latest('user.price_changed');
    expect(e.changes).toEqual([{ field: 'Transfer price', from: '(none)', to: '$30.00' }]);
    expect(e.summary).toBe('Set the transfer price of Walker Agent to $30.00');

    expect((await admin.put(`/api/admin/users/${id}/password`).send({ password: 'another-pass-1' })).status).toBe(200);
    expect((await latest('user.password_set')).subject?.id).toBe(id);

    expect((await admin.post(`/api/admin/users/${id}/set-password-link`).send({})).status).toBe(200);
    expect((await latest('user.set_password_link')).summary).toBe('Made a set-password link for Walker Agent');
    const mailed = await admin.post(`/api/admin/users/${id}/set-password-link`).send({ email: true });
    expect(mailed.status).toBe(200);
    expect(mailed.body.emailedTo).toBe('walk.agent@example.com');
    expect((await latest('user.set_password_link')).summary).toBe('E-mailed a set-password link to Walker Agent');
    const welcome = await OutboxMail.query(ctx.db).where({ toEmail: 'walk.agent@example.com', kind: 'account-created' }).first();
    expect(welcome?.textBody).toContain('/set-password?token=');

    expect((await admin.post(`/api/admin/users/${id}/deactivate`)).status).toBe(200);
    expect((await latest('user.deactivated')).subject?.id).toBe(id);
    expect((await admin.post(`/api/admin/users/${id}/reactivate`)).status).toBe(200);
    expect((await latest('user.reactivated')).summary).toBe('Reactivated Walker Agent');
  });

  it('orders: a refund and a fulfilment', async () => {
    const buyer = await makeUser(ctx.db, { firstName: 'Refund', lastName: 'Buyer' });
    const cookie = (await request(ctx.app).post('/api/login').send({ identifier: buyer.email, password: buyer.password })).headers[
      'set-cookie'
    ] as unknown as string[];
    const orderId = await paidPackageOrder(ctx, cookie.map((c) => c.split(';')[0]).join('; '), 2);
    const r = await admin.post(`/api/admin/orders/${orderId}/refunds`).send({ amountCents: 1000, reason: 'Goodwill', idempotencyKey: 'audit-refund-1' });
    expect(r.status).toBe(201);
    const e = await latest('order.refunded');
    byAdmin(e);
    expect(e).toMatchObject({ kind: 'order', entityId: orderId, subject: { id: buyer.id } });
    expect(e.summary).toContain(`Refunded $10.00 of order #${orderId}`);

    const [surveyId] = await ctx
      .db('onboardingSurveys')
      .insert({ userId: buyer.id, firstName: 'R', lastName: 'C', email: buyer.email, leadType: 'Call-Backs', workingStates: 'TX' });
    const order = await createOrder(depsOf(ctx.app), { kind: 'ringcloud', surveyId: Number(surveyId), userId: buyer.id, leadType: 'Call-Backs', count: 5 });
    await ctx.stripe.paymentIntents.confirm(order.paymentIntentId, { payment_method: 'pm_card_visa' });
    await getOrderByIntent(depsOf(ctx.app), order.paymentIntentId);
    await ctx.emulator.flush();
    expect((await admin.post(`/api/admin/orders/${order.orderId}/deliveries`).send({ count: 1 })).status).toBe(200);
    const f = await latest('order.fulfilled');
    expect(f).toMatchObject({ entityId: order.orderId, subject: { id: buyer.id } });
    expect(f.summary).toMatch(/^Delivered 1 call-back on order #\d+/);
  });

  it('leads: import upload and run, assign, unassign, delete', async () => {
    const agent = await makeUser(ctx.db, { firstName: 'Lead', lastName: 'Taker' });
    const up = await admin
      .post('/api/admin/lead-imports?target=assignment&filename=walk.csv')
      .set('Content-Type', 'text/csv')
      .send('name,phone,state\nOne Lead,5550301111,TX\nTwo Lead,5550302222,FL\n');
    expect(up.status).toBe(201);
    expect((await latest('lead_import.uploaded')).summary).toBe(`Uploaded the lead file walk.csv (import #${up.body.import.id})`);
    const run = await admin.post(`/api/admin/lead-imports/${up.body.import.id}/run`).send({ mapping: { name: 0, phone: 1, state: 2 }, dryRun: false });
    expect(run.status).toBe(202);
    expect((await latest('lead_import.run')).entityId).toBe(up.body.import.id);

    const [l1, l2] = await Promise.all(
      ['5550401111', '5550402222'].map(async (phone) =>
        Number((await LeadPoolEntry.query(ctx.db).insert({ name: 'Pool Lead', phone, createdAt: '2026-11-20 10:00:00.000' })).id),
      ),
    );
    expect((await admin.post('/api/admin/lead-pool/assign').send({ agentId: agent.id, leadIds: [l1, l2] })).status).toBe(200);
    let e = await latest('lead.assigned');
    expect(e).toMatchObject({ subject: { id: agent.id }, summary: 'Assigned 2 leads to Lead Taker' });
    expect((await admin.post('/api/admin/lead-pool/unassign').send({ leadIds: [l1] })).status).toBe(200);
    e = await latest('lead.unassigned');
    expect(e).toMatchObject({ subject: { id: agent.id }, summary: 'Took 1 lead back from Lead Taker' });
    expect((await agentMyLeadsCount(agent)).valueOf()).toBe(1);
    expect((await admin.post('/api/admin/lead-pool/delete').send({ leadIds: [l2] })).status).toBe(409);
    expect((await admin.post('/api/admin/lead-pool/delete').send({ leadIds: [l1] })).status).toBe(200);
    expect((await latest('lead.deleted')).summary).toBe('Deleted 1 unsold lead waiting for an agent');
  });

  it('appointments: create, edit, withdraw, restore, assign, unassign', async () => {
    const agent = await makeUser(ctx.db, { firstName: 'Appt', lastName: 'Getter' });
    const c = await admin.post('/api/admin/appointments/brightcall').send({ firstName: 'Bea', lastName: 'Li', phone: '5550109999', state: 'TX' });
    expect(c.status).toBe(201);
    const id = c.body.appointment.appointmentId as number;
    expect((await latest('appointment.created')).summary).toBe(`Created appointment #${id} for Bea Li`);
    expect((await admin.patch(`/api/admin/appointments/${id}`).send({ callbackTime: 'Tomorrow 3pm', customerName: 'Bea Lee' })).status).toBe(200);
    const e = await latest('appointment.updated');
    expect(e.changes).toEqual([
      { field: 'Name', from: 'Bea Li', to: 'Bea Lee' },
      { field: 'Callback time', from: '(none)', to: 'Tomorrow 3pm' },
    ]);
    expect((await admin.post(`/api/admin/appointments/${id}/withdraw`).send({ reason: 'Junk call' })).status).toBe(200);
    expect((await latest('appointment.withdrawn')).summary).toBe(`Withdrew appointment #${id} from sale (Junk call)`);
    expect((await admin.post(`/api/admin/appointments/${id}/restore`)).status).toBe(200);
    expect((await latest('appointment.restored')).entityId).toBe(id);
    expect((await admin.post(`/api/admin/appointments/${id}/assign`).send({ agentId: agent.id })).status).toBe(200);
    expect((await latest('appointment.assigned')).summary).toBe(`Assigned appointment #${id} to Appt Getter`);
    expect((await admin.post(`/api/admin/appointments/${id}/unassign`)).status).toBe(200);
    expect((await latest('appointment.unassigned')).subject?.id).toBe(agent.id);
  });

  it('decisions: a transfer dispute, a no-show claim, a partner application', async () => {
    const user = await makeUser(ctx.db, { firstName: 'Dis', lastName: 'Puter' });
    await insertPaidOrder(ctx.db, user.id, { kind: 'transfer_package', tier: 'standard', count: 2 }, new Date(ctx.clock.now().getTime() - 3_600_000));
    const agent = await loginAs(ctx.app, user.email, user.password);
    const call = await request(ctx.app)
      .post('/api/callbacks/transfer')
      .set('x-api-key', KEY)
      .send(callPayload({ id: user.id }, 300, { now: ctx.clock.now() }));
    expect(call.status).toBe(201);
    const d = await agent.post(`/api/transfers/${call.body.call.id}/disputes`).send({ reasonCode: 'hung_up_before_questions' });
    expect(d.status).toBe(201);
    expect((await admin.post(`/api/admin/transfer-disputes/${d.body.id}/approve`).send({ note: 'ok' })).status).toBe(200);
    const e = await latest('dispute.approved');
    byAdmin(e);
    expect(e.subject?.id).toBe(user.id);

    const apptId = await insertAppointment(ctx.db, { status: 'sold', buyerId: user.id, purchasedAt: '2026-11-18 10:00:00.000' });
    const ns = await AppointmentNoShow.query(ctx.db).insert({
      appointmentId: apptId,
      userId: user.id,
      callDurationSeconds: 5,
      bufferSeconds: 60,
      status: 'pending',
      creditCents: 0,
      createdAt: '2026-11-20 10:00:00.000',
    });
    expect((await admin.post(`/api/admin/no-shows/${ns.id}/deny`).send({ reason: 'They answered' })).status).toBe(200);
    expect((await latest('no_show.denied')).changes).toContainEqual({ field: 'Status', from: 'pending', to: 'denied' });

    const app = await insertApplication(ctx.db, ctx.config.uploadDir);
    expect((await admin.put(`/api/admin/partner-applications/${app.id}/status`).send({ status: 'approved', note: 'Good fit' })).status).toBe(200);
    const a = await latest('application.reviewed');
    expect(a.summary).toBe(`Marked partner application #${app.id} approved`);
    expect(a.changes).toContainEqual({ field: 'Status', from: 'new', to: 'approved' });
  });

  it('outbox resends (a failed one and a sent one) and training-admin edits', async () => {
    const [failed, sent] = await Promise.all(
      (['failed', 'sent'] as const).map(async (status) =>
        Number(
          (
            await OutboxMail.query(ctx.db).insert({
              messageKey: `audit-${status}`,
              kind: 'account-created',
              toEmail: `${status}.mail@example.com`,
              subject: `A ${status} message`,
              textBody: 'Hello',
              htmlBody: '<p>Hello</p>',
              status,
              attempts: 1,
              nextAttemptAt: '2026-11-20 10:00:00.000',
              createdAt: '2026-11-20 10:00:00.000',
            })
          ).id,
        ),
      ),
    );
    expect((await admin.post(`/api/admin/outbox/${failed}/resend`)).status).toBe(200);
    expect((await latest('mail.resent')).summary).toBe(`Resent e-mail #${failed} "A failed message" to failed.mail@example.com`);
    const again = await admin.post(`/api/admin/outbox/${sent}/resend`);
    expect(again.status).toBe(200);
    expect(again.body.message).toMatchObject({ status: 'pending', to: 'sent.mail@example.com' });
    expect(again.body.message.id).not.toBe(sent);
    expect((await latest('mail.resent')).entityId).toBe(sent);

    const bearer = { Authorization: `Bearer ${trainerToken}` };
    const v = await request(ctx.app).post('/api/training-videos').set(bearer).send(trainingVideoBody());
    expect(v.status).toBe(201);
    let e = await latest('training_video.created');
    expect(e.actor).toMatchObject({ type: 'training', id: null, name: TRAINER.email, email: TRAINER.email });
    const u = await request(ctx.app)
      .put(`/api/training-videos/${v.body.id}`)
      .set(bearer)
      .send({ ...trainingVideoBody(), title: 'Renamed video' });
    expect(u.status).toBe(200);
    e = await latest('training_video.updated');
    expect(e.changes).toContainEqual({ field: 'Title', from: trainingVideoBody().title, to: 'Renamed video' });
    expect((await request(ctx.app).delete(`/api/training-videos/${v.body.id}`).set(bearer)).status).toBe(200);
    expect((await latest('training_video.deleted')).summary).toBe('Deleted the training video "Renamed video"');
  });
});

async function agentMyLeadsCount(agent: { email: string; password: string }): Promise<number> {
  const s = await loginAs(ctx.app, agent.email, agent.password);
  const res = await s.get('/api/my-leads');
  const body = res.body as { items?: unknown[]; total?: number } | unknown[];
  return Array.isArray(body) ? body.length : (body.total ?? body.items?.length ?? 0);
}

describe('GET /api/admin/audit filters and the CSV', () => {
  it('filters by actor and user by name or e-mail, by kind and by days on the admin clock; admins only', async () => {
    const all = (q: Record<string, string>) => admin.get('/api/admin/audit').query({ pageSize: 100, ...q });
    const byUser = await all({ user: 'walker agent' });
    expect(byUser.body.items.length).toBeGreaterThan(5);
    expect(byUser.body.items.every((i: AuditLogEntry) => i.subject?.email === 'walk.agent@example.com')).toBe(true);
    // An address matches whole, in any case; a part of one only with emailMatch=contains (decision 249).
    expect((await all({ user: 'WALK.AGENT@example.com' })).body.total).toBe(byUser.body.total);
    expect((await all({ user: 'WALK.AGENT@example' })).body.total).toBe(0);
    expect((await all({ user: 'WALK.AGENT@example', emailMatch: 'contains' })).body.total).toBe(byUser.body.total);
    const byTrainer = await all({ actor: 'proof-trainer' });
    expect(byTrainer.body.items.map((i: AuditLogEntry) => i.kind)).toEqual(['training_video', 'training_video', 'training_video']);
    const kind = await all({ kind: 'appointment' });
    expect(kind.body.items.length).toBe(6);
    expect((await all({ from: '2026-11-20', to: '2026-11-20', tz: 'America/New_York' })).body.total).toBe((await all({})).body.total);
    expect((await all({ from: '2026-11-21' })).body.total).toBe(0);
    expect((await all({ to: '2026-11-19' })).body.total).toBe(0);
    const bad = await all({ from: '2026-11-21', to: '2026-11-20' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('to');
    expect((await all({ kind: 'nope' })).body.fields).toHaveProperty('kind');
    const agent = await makeUser(ctx.db);
    expect((await (await loginAs(ctx.app, agent.email, agent.password)).get('/api/admin/audit')).status).toBe(403);
    expect((await request(ctx.app).get('/api/admin/audit.csv')).status).toBe(401);
  });

  it('exports the filtered rows as CSV, sentences and changes readable, formula cells neutralised', async () => {
    await admin.post('/api/admin/users').send({
      email: 'formula@example.com',
      password: 'formula-pass-1',
      firstName: '=HYPERLINK("x")',
      lastName: 'Sheet',
      agencyName: '+Agency',
      role: 'Insurance Agent',
      phone: '5550101235',
    });
    const res = await request(ctx.app).get('/api/admin/audit.csv').query({ user: 'formula@example.com' }).set('Cookie', adminCookie);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('attachment; filename="audit-log');
    const rows = parseCsv(res.text) as string[][];
    const lines = rows.map((row) => row.join(','));
    expect(lines[0]).toBe('When,Who,Who (e-mail),Role,What happened,Changes,Kind,Record,User,User e-mail,Action');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Audra Boss,audra.boss@example.com,Admin,');
    expect(rows[1]).toContain(`'=HYPERLINK("x") Sheet`);
    expect(lines[1]).toContain('formula@example.com,user.created');
    const walk = await request(ctx.app).get('/api/admin/audit.csv').query({ user: 'walker', kind: 'user' }).set('Cookie', adminCookie);
    expect(walk.text).toContain('Agency: Walk Agency → New Agency');
    expect(walk.text).not.toContain('{"');
  });
});
