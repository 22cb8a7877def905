// Event e-mails through the real routes and a real SMTP server: partner application received, dispute
// received and decided, balance low (at 5 left, once per crossing) and empty (paused), leads assigned by
// an admin; optional kinds an agent turned off are not written.
import { describe, it, expect, beforeAll, afterAll, beforeEach } from 'vitest';
import request from 'supertest';
import { loginAs, makeUser, type TestContext } from '../../test/harness.ts';
import { startMailTestApp, type SmtpSink } from '../../test/smtp-sink.ts';
import { PARTNER_REVIEW_PROMISE } from '@tm/shared/schemas/funnel';
import { partnerForm, uniqPhone } from '../../test/proof-fixtures.ts';
import { callPayload, insertPaidOrder } from '../../test/transfers-testing.ts';

const KEY = 'event-mail-transfer-key-0123456789';
let ctx: TestContext;
let sink: SmtpSink;
let drain: () => Promise<unknown>;
let close: () => Promise<void>;
const ADMIN = { email: 'events.boss@example.com', password: 'events-boss-pass-1' };

beforeAll(async () => {
  ({ ctx, sink, drain, close } = await startMailTestApp({ transferApiKey: KEY }));
  await makeUser(ctx.db, { isAdmin: true, ...ADMIN });
});
afterAll(async () => {
  await close();
});
beforeEach(() => {
  sink.received.length = 0;
});
const subjects = (email: string) => sink.to(email).map((m) => m.subject);
const call = (userId: number) =>
  request(ctx.app)
    .post('/api/callbacks/transfer')
    .set('x-api-key', KEY)
    .send(callPayload({ id: userId }, 300, { now: ctx.clock.now() }));

describe('event e-mails', () => {
  it('partner application: "we received it" to the applicant', async () => {
    const form = partnerForm();
    const req = request(ctx.app).post('/api/affnetwork-signup');
    for (const [k, v] of Object.entries(form)) req.field(k, v);
    const res = await req;
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await drain();
    expect(subjects(form.email!)).toEqual(['We received your TransferLine partner application']);
    // The same review promise as the form and the thank-you page (issue 26).
    expect(sink.to(form.email!)[0]!.text).toContain(`We review every application ${PARTNER_REVIEW_PROMISE}`);
    expect(PARTNER_REVIEW_PROMISE).toBe('within 48 hours');
  });

  it('balance: "5 transfers left" once when it crosses to 5, "paused" once at 0', async () => {
    const user = await makeUser(ctx.db, { email: `balance.${Date.now()}@example.com` });
    await insertPaidOrder(ctx.db, user.id, { kind: 'live_transfer', count: 7 }, new Date(ctx.clock.now().getTime() - 3600_000));
    for (let i = 0; i < 7; i += 1) expect((await call(user.id)).status).toBe(201);
    await drain();
    expect(subjects(user.email)).toEqual(['5 transfers left on your TransferLine balance', 'Your TransferLine transfers are paused']);
  });

  it('dispute: received, then decided', async () => {
    const user = await makeUser(ctx.db, { email: `dispute.${Date.now()}@example.com` });
    await insertPaidOrder(ctx.db, user.id, { kind: 'live_transfer', count: 20 }, new Date(ctx.clock.now().getTime() - 3600_000));
    const c = await call(user.id);
    expect(c.status).toBe(201);
    const agent = await loginAs(ctx.app, user.email, user.password);
    const filed = await agent.post(`/api/transfers/${c.body.call.id}/disputes`).send({ reasonCode: 'wrong_number' });
    expect(filed.status, JSON.stringify(filed.body)).toBe(201);
    const admin = await loginAs(ctx.app, ADMIN.email, ADMIN.password);
    expect((await admin.post(`/api/admin/transfer-disputes/${filed.body.id}/deny`).send({ reason: 'The caller qualified' })).status).toBe(200);
    await drain();
    expect(subjects(user.email)).toEqual([`We received your dispute #${filed.body.id}`, `Your dispute #${filed.body.id} was denied`]);
    expect(sink.to(user.email)[1]!.text).toContain('The caller qualified');
  });

  it('leads assigned by an admin: one e-mail with the count; an agent who turned it off gets none', async () => {
    const admin = await loginAs(ctx.app, ADMIN.email, ADMIN.password);
    const pool = async () => Number((await ctx.db('leadPool').insert({ name: 'Pool Person', phone: uniqPhone(), state: 'TX' }))[0]);
    const user = await makeUser(ctx.db, { email: `assigned.${Date.now()}@example.com` });
    const res = await admin.post('/api/admin/lead-pool/assign').send({ agentId: user.id, leadIds: [await pool(), await pool()] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const quiet = await makeUser(ctx.db, { email: `quiet.${Date.now()}@example.com` });
    const agent = await loginAs(ctx.app, quiet.email, quiet.password);
    expect((await agent.put('/api/account/mail-preferences').send({ optOut: ['leads-assigned'] })).status).toBe(200);
    expect((await admin.post('/api/admin/lead-pool/assign').send({ agentId: quiet.id, leadIds: [await pool()] })).status).toBe(200);
    await drain();
    expect(subjects(user.email)).toEqual(['2 new leads assigned to you']);
    expect(subjects(quiet.email)).toEqual([]);
  });
});
