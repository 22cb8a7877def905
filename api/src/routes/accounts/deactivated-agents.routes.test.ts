// Deactivated means out of every path (issue 34 item 5): no picker offers the agent, assigning or
// reassigning to them answers 409 (and mails nobody), their calendar feed answers 404, and set-password
// links issued before the deactivation stop working.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import request from 'supertest';
import { createTestAppWithAdmin, loginAs, makeUser, type TestContext } from '../../test/harness.ts';
import { insertAppointment } from '../../test/proof-fixtures.ts';
import { LeadPoolEntry, OutboxMail } from '../../models/index.ts';
import { DEACTIVATED_AGENT_MESSAGE } from '../../services/accounts/users.service.ts';

let ctx: TestContext;
let admin: ReturnType<typeof request.agent>;
beforeAll(async () => {
  ({ ctx, admin } = await createTestAppWithAdmin());
});
afterAll(() => ctx.close());

const poolLead = async (phone: string) =>
  Number((await LeadPoolEntry.query(ctx.db).insert({ name: 'Pool Lead', phone, createdAt: '2026-11-20 10:00:00.000' })).id);
const mailsTo = async (email: string) => OutboxMail.query(ctx.db).where({ toEmail: email }).resultSize();

describe('a deactivated agent', () => {
  it('is not offered by the pickers (the users list still shows them)', async () => {
    const gone = await makeUser(ctx.db, { firstName: 'Gone', lastName: 'Pickerless' });
    await makeUser(ctx.db, { firstName: 'Here', lastName: 'Pickerless' });
    expect((await admin.post(`/api/admin/users/${gone.id}/deactivate`)).status).toBe(200);
    const picker = await admin.get('/api/admin/users/search').query({ q: 'Pickerless', active: '1' });
    expect(picker.status).toBe(200);
    expect(picker.body.items.map((u: { firstName: string }) => u.firstName)).toEqual(['Here']);
    const all = await admin.get('/api/admin/users/search').query({ q: 'Pickerless' });
    expect(all.body.items.map((u: { firstName: string }) => u.firstName).sort()).toEqual(['Gone', 'Here']);
  });

  it('cannot be given appointments or leads: 409 naming agentId, and no mail', async () => {
    const gone = await makeUser(ctx.db);
    const other = await makeUser(ctx.db);
    await admin.post(`/api/admin/users/${gone.id}/deactivate`);
    const mails = await mailsTo(gone.email);

    const appt = await insertAppointment(ctx.db);
    const assign = await admin.post(`/api/admin/appointments/${appt}/assign`).send({ agentId: gone.id });
    expect(assign.status).toBe(409);
    expect(assign.body.fields).toEqual({ agentId: DEACTIVATED_AGENT_MESSAGE });
    expect((await ctx.db('appointments').where({ id: appt }).first()).status).toBe('available');
    // Reassigning an appointment given to someone else to them: also 409.
    expect((await admin.post(`/api/admin/appointments/${appt}/assign`).send({ agentId: other.id })).status).toBe(200);
    expect((await admin.post(`/api/admin/appointments/${appt}/assign`).send({ agentId: gone.id })).status).toBe(409);

    const created = await admin
      .post('/api/admin/appointments/brightcall')
      .send({ firstName: 'Nope', lastName: 'Never', phone: '5125550100', agentId: gone.id });
    expect(created.status).toBe(409);

    const lead = await poolLead('5550701111');
    const pool = await admin.post('/api/admin/lead-pool/assign').send({ agentId: gone.id, leadIds: [lead] });
    expect(pool.status).toBe(409);
    expect(pool.body.fields).toEqual({ agentId: DEACTIVATED_AGENT_MESSAGE });
    expect((await admin.post('/api/admin/lead-pool/assign').send({ agentId: other.id, leadIds: [lead] })).status).toBe(200);
    expect((await admin.post('/api/admin/lead-pool/reassign').send({ agentId: gone.id, leadIds: [lead] })).status).toBe(409);
    expect(await mailsTo(gone.email)).toBe(mails);
  });

  it('loses their calendar feed (404), even after reactivation, and links issued before stop working', async () => {
    const gone = await makeUser(ctx.db);
    const agent = await loginAs(ctx.app, gone.email, gone.password);
    const feed = await agent.post('/api/calendar-feed');
    expect(feed.status).toBeLessThan(300);
    const path = new URL(feed.body.url as string).pathname;
    expect((await request(ctx.app).get(path)).status).toBe(200);
    const link = await admin.post(`/api/admin/users/${gone.id}/set-password-link`).send({});
    expect(link.status).toBe(200);
    const token = new URL(link.body.url as string).searchParams.get('token')!;
    expect((await request(ctx.app).get('/api/set-password/check').query({ token })).status).toBe(200);

    await admin.post(`/api/admin/users/${gone.id}/deactivate`);
    expect((await request(ctx.app).get(path)).status).toBe(404);
    expect((await request(ctx.app).get('/api/set-password/check').query({ token })).status).toBe(400);
    expect((await request(ctx.app).post('/api/set-password').send({ token, password: 'new-secret-1' })).status).toBe(400);
    await admin.post(`/api/admin/users/${gone.id}/reactivate`);
    expect((await request(ctx.app).get(path)).status).toBe(404);
  });
});
