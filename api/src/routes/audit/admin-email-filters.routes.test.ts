// Issue 34 item 8 (decision 249): the audit log's and the outbox's e-mail filters match the whole address
// by default, so `a@x.com` never also finds `aa@x.com`; `emailMatch=contains` finds any part of it, with
// LIKE's wildcards (% and _) taken literally. An unknown match is 400 naming the field.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { createTestApp, makeUser, loginAs, type TestContext } from '../../test/harness.ts';
import { enqueueMail } from '../../services/mail/outbox.ts';
import { recordAudit } from '../../services/audit/audit.service.ts';
import { EMAIL_MATCH_MESSAGE } from '@tm/shared/schemas/email-match';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof loginAs>>;
const A = 'a@x-s34b.test';
const AA = 'aa@x-s34b.test';
const UNDERSCORE = 'b_c@x-s34b.test';
const BXC = 'bxc@x-s34b.test';
const ids: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestApp();
  const boss = await makeUser(ctx.db, { isAdmin: true, email: 'filters.boss@example.com' });
  admin = await loginAs(ctx.app, boss.email, boss.password);
  const now = ctx.clock.now();
  for (const [email, first] of [
    [A, 'Ann'],
    [AA, 'Aaron'],
    [UNDERSCORE, 'Bea'],
    [BXC, 'Bix'],
  ] as const) {
    const u = await makeUser(ctx.db, { email, firstName: first, lastName: 'Filter' });
    ids[email] = u.id;
    await recordAudit(ctx.db, { actor: { type: 'admin', id: boss.id }, action: 'user.updated', entity: 'user', entityId: u.id, userId: u.id, at: now });
    await enqueueMail(ctx.db, now, { kind: 'leads-assigned', to: email, userId: u.id, subject: `Hello ${first}`, text: 'x', html: '<p>x</p>' });
  }
});
afterAll(() => ctx.close());

const outboxTo = async (query: Record<string, string>) => {
  const res = await admin.get('/api/admin/outbox').query(query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.items as Array<{ to: string }>).map((m) => m.to).sort();
};
const auditUsers = async (query: Record<string, string>) => {
  const res = await admin.get('/api/admin/audit').query({ pageSize: 100, ...query });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return [...new Set((res.body.items as Array<{ subject: { email: string } | null }>).map((e) => e.subject?.email))].sort();
};

describe('the outbox filter by recipient', () => {
  it('matches the whole address by default: a@ does not find aa@', async () => {
    expect(await outboxTo({ to: A })).toEqual([A]);
    expect(await outboxTo({ to: A, emailMatch: 'exact' })).toEqual([A]);
    // Any case, still whole.
    expect(await outboxTo({ to: A.toUpperCase() })).toEqual([A]);
    // Part of an address finds nothing unless asked.
    expect(await outboxTo({ to: 'x-s34b.test' })).toEqual([]);
  });

  it('with contains, finds every address holding the text', async () => {
    expect(await outboxTo({ to: A, emailMatch: 'contains' })).toEqual([A, AA]);
    expect(await outboxTo({ to: 'x-s34b.test', emailMatch: 'contains' })).toEqual([A, AA, UNDERSCORE, BXC].sort());
  });

  it('contains takes _ and % literally', async () => {
    expect(await outboxTo({ to: 'b_c@', emailMatch: 'contains' })).toEqual([UNDERSCORE]);
    expect(await outboxTo({ to: '%@x-s34b', emailMatch: 'contains' })).toEqual([]);
  });

  it('an unknown match is 400 naming emailMatch', async () => {
    const res = await admin.get('/api/admin/outbox').query({ to: A, emailMatch: 'like' });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ emailMatch: EMAIL_MATCH_MESSAGE });
  });
});

describe('the audit log filter by user e-mail', () => {
  it('matches the whole address by default: a@ does not find aa@', async () => {
    expect(await auditUsers({ user: A })).toEqual([A]);
    // A part of an address is no name: nothing, unless asked.
    expect(await auditUsers({ user: 'x-s34b' })).toEqual([]);
  });

  it('with contains, finds every address holding the text, _ taken literally', async () => {
    expect(await auditUsers({ user: A, emailMatch: 'contains' })).toEqual([A, AA]);
    expect(await auditUsers({ user: 'x-s34b', emailMatch: 'contains' })).toEqual([A, AA, UNDERSCORE, BXC].sort());
    expect(await auditUsers({ user: 'b_c@', emailMatch: 'contains' })).toEqual([UNDERSCORE]);
  });

  it('names still match by part, as before', async () => {
    expect(await auditUsers({ user: 'Aar' })).toEqual([AA]);
  });

  it('the same rule for who acted, and in the CSV', async () => {
    const res = await admin.get('/api/admin/audit').query({ actor: 'filters.boss@example.com' });
    expect(res.body.total).toBeGreaterThanOrEqual(4);
    expect((await admin.get('/api/admin/audit').query({ actor: 'boss@example.com' })).body.total).toBe(0);
    expect((await admin.get('/api/admin/audit').query({ actor: 'boss@example.com', emailMatch: 'contains' })).body.total).toBe(res.body.total);
    const csv = await admin.get('/api/admin/audit.csv').query({ user: A });
    expect(csv.text).toContain(A);
    expect(csv.text).not.toContain(AA);
  });
});
