// Output is escaped: names and texts with markup (a new agent's survey names, a voice-AI appointment,
// imported and assigned leads, a lead and an appointment for sale, a transfer call and its dispute, a
// training video) show as literal text on every screen that displays them; no element is injected.
// The data is created through the API as the real callers would (survey form, webhooks, CSV import,
// test-card checkout); only the appointment for sale, which has no API, is written to the database.
import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO } from './helpers.ts';
import { e2eDb, closeE2eDb } from './funnel-db.ts';

const BRIGHTCALL_KEY = process.env.BRIGHTCALL_API_KEY ?? 'e2e-brightcall-key';
const TRANSFER_KEY = process.env.TRANSFER_API_KEY ?? 'e2e-transfer-key';
const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
// Markup that would create an <img> (and, without the CSP, run a script) if it reached the DOM as HTML.
const IMG = '<img src=x data-xss onerror=window.__xss=1>';
const M = {
  first: `Mal${IMG}`,
  last: '<b data-xss>Bold</b>',
  agency: `<script>window.__xss=2</script>Agency ${tag}`,
  caller: `Caller <svg data-xss onload=window.__xss=3>`,
  lead: `Lena<i data-xss>Italic</i> Pool${tag}`,
  saleLead: '<u>Sale</u> Lead',
  appointment: `Appt<img src=x data-xss> Buyer`,
  transcript: `AI: Hello <iframe data-xss src="/"></iframe> there`,
  video: `Video <marquee data-xss>${tag}</marquee>`,
  reason: `Robot <object data-xss></object> caller`,
};

let baseURL: string;
let agent: APIRequestContext;
let admin: APIRequestContext;
let agentEmail: string;
let agentId: number;
const password = 'escape-pass-1';

async function noInjection(page: Page): Promise<void> {
  expect(await page.locator('[data-xss]').count(), 'an element from user data was injected').toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
}

async function asUser(page: Page, email: string, pass: string): Promise<void> {
  const res = await page.request.post('/api/login', { data: { identifier: email, password: pass } });
  expect(res.status()).toBe(200);
}

async function csvImport(ctx: APIRequestContext, query: string, csv: string, mapping: Record<string, number>): Promise<void> {
  const up = await ctx.post(`/api/admin/lead-imports?${query}`, { headers: { 'Content-Type': 'text/csv' }, data: csv });
  expect(up.status()).toBe(201);
  const id = ((await up.json()) as { import: { id: number } }).import.id;
  // The run is a background job (202 at once); its progress is polled until it is done.
  const run = await ctx.post(`/api/admin/lead-imports/${id}/run`, { data: { mapping, dryRun: false } });
  expect(run.status()).toBe(202);
  await expect
    .poll(async () => ((await (await ctx.get(`/api/admin/lead-imports/${id}`)).json()) as { progress: { type: string } | null }).progress?.type, {
      timeout: 15_000,
    })
    .toBe('done');
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ playwright }, info) => {
  baseURL = info.project.use.baseURL!;
  agentEmail = `escape.${tag}@example.com`;
  // A new agent through the RingCloud survey (it logs the agent in).
  agent = await playwright.request.newContext({ baseURL });
  const survey = await agent.post('/api/ringcloud-survey', {
    data: {
      firstName: M.first,
      lastName: M.last,
      agencyName: M.agency,
      role: 'Agency Owner',
      phone: '(555) 010-0199',
      email: agentEmail,
      username: `escape${tag}`,
      password,
      leadType: 'Live Transfers',
      workingStates: 'TX, FL',
      totalTransfers: 5,
    },
  });
  expect(survey.status()).toBe(201);
  // No account before a payment (issue 25 item 4): the survey's order is paid, which makes the account with
  // the chosen password; then the agent logs in.
  const signupOrder = await agent.post('/api/create-payment-intent', {
    data: { tier: 'ringcloud', callCount: 1, packageType: 'RingCloud Live Transfers', calls: 5 },
  });
  expect(signupOrder.status()).toBe(200);
  const signupSecret = ((await signupOrder.json()) as { clientSecret: string }).clientSecret;
  const signupPaid = await agent.post('/api/test-payments/confirm', {
    data: { clientSecret: signupSecret, cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' },
  });
  expect(signupPaid.status()).toBe(200);
  await expect.poll(async () => (await agent.post('/api/login', { data: { identifier: agentEmail, password } })).status(), { timeout: 10_000 }).toBe(200);
  const me = await agent.get('/api/current-user');
  expect(me.status()).toBe(200);
  agentId = ((await me.json()) as { id: number }).id;

  admin = await playwright.request.newContext({ baseURL });
  expect((await admin.post('/api/login', { data: { identifier: DEMO.admin.email, password: DEMO.admin.password } })).status()).toBe(200);

  // The voice-AI platform's webhook.
  const hook = await admin.post('/api/callbacks/brightcall', {
    headers: { 'x-api-key': BRIGHTCALL_KEY },
    data: { first_name: M.first, last_name: M.last, phone_number: '5550107777', transcript: M.transcript, state: 'TX' },
  });
  expect(hook.status()).toBe(200);

  // Leads: one imported for assignment and assigned to the agent, one imported for sale.
  const phone = `55${String(Date.now()).slice(-8)}`;
  await csvImport(admin, 'target=assignment', `name,phone,state,zip\n"${M.lead.replace(/"/g, '""')}",${phone},TX,73301\n`, {
    name: 0,
    phone: 1,
    state: 2,
    zipCode: 3,
  });
  const pool = (await (await admin.get(`/api/admin/lead-pool?q=${encodeURIComponent(`Pool${tag}`)}`)).json()) as { items: Array<{ id: number }> };
  expect(pool.items).toHaveLength(1);
  expect((await admin.post('/api/admin/lead-pool/assign', { data: { agentId, leadIds: [pool.items[0]!.id] } })).status()).toBe(200);
  await csvImport(admin, 'target=sale&kind=aged', `name,phone,state,zip,age,price\n${M.saleLead},${Number(phone) + 1},TX,00501,45,7.00\n`, {
    name: 0,
    phone: 1,
    state: 2,
    zipCode: 3,
    ageDays: 4,
    price: 5,
  });

  // An appointment for sale (the voice-AI pipeline writes these; there is no API to create one).
  await e2eDb()('appointments').insert({
    customerName: M.appointment,
    customerPhone: '5125550123',
    customerState: 'TX',
    callStatus: 'completed',
    transcript: M.transcript,
    status: 'available',
    createdAt: '2099-01-01 00:00:00.000',
  });

  // Transfers: the agent buys two with the test card, the caller system posts a call, the agent disputes it.
  const intent = await agent.post('/api/create-payment-intent', { data: { callCount: 2, tier: 'standard' } });
  expect(intent.status()).toBe(200);
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  const paid = await agent.post('/api/test-payments/confirm', { data: { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123' } });
  expect(paid.status()).toBe(200);
  const ended = new Date(Date.now() - 60_000);
  const call = async () =>
    agent.post('/api/callbacks/transfer', {
      headers: { 'x-api-key': TRANSFER_KEY },
      data: {
        callId: `esc-${tag}`,
        agentId,
        callerName: M.caller,
        callerPhone: '(305) 555-0101',
        state: 'FL',
        startedAt: new Date(ended.getTime() - 300_000).toISOString(),
        endedAt: ended.toISOString(),
        durationSeconds: 300,
        transcript: M.transcript,
      },
    });
  await expect.poll(async () => (await call()).status(), { timeout: 10_000 }).toBeLessThan(300);
  const calls = (await (await agent.get('/api/transfers')).json()) as { items: Array<{ id: number }> };
  const dispute = await agent.post(`/api/transfers/${calls.items[0]!.id}/disputes`, { data: { reasonCode: 'other', reasonText: M.reason } });
  expect(dispute.status()).toBe(201);

  // A training video.
  const t = await admin.post('/api/training-admin/login', { data: { email: DEMO.trainer.email, password: DEMO.trainer.password } });
  const { token } = (await t.json()) as { token: string };
  const video = await admin.post('/api/training-videos', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      title: M.video,
      description: M.transcript,
      videoUrl: 'https://videos.example.com/escape',
      section: 'Insurance Sales Training',
      duration: 61,
      sortOrder: 0,
    },
  });
  expect(video.status()).toBe(201);
});

test.afterAll(async () => {
  await agent?.dispose();
  await admin?.dispose();
  await closeE2eDb();
});

test.describe('markup in names shows as text', () => {
  test('admin: users, voice-AI appointments, lead pool, disputes', async ({ page }) => {
    await asUser(page, DEMO.admin.email, DEMO.admin.password);
    await page.goto('/admin');
    await page.getByLabel('Search users by email').fill(agentEmail);
    const user = page.getByTestId('user-card').filter({ hasText: agentEmail });
    await expect(user).toContainText(M.first);
    await expect(user).toContainText(M.last);
    await noInjection(page);

    await page.goto('/admin?tab=appointments');
    await page.getByLabel('Search appointments').fill('5550107777');
    await expect(page.getByTestId('appointment-card').filter({ hasText: M.first }).first()).toBeVisible();
    await noInjection(page);

    await page.goto('/admin?tab=leads');
    await page.getByLabel('Show').selectOption('all');
    await page.getByLabel('Search leads', { exact: true }).fill(`Pool${tag}`);
    await expect(page.getByTestId('pool-row').filter({ hasText: M.lead })).toHaveCount(1);
    await noInjection(page);

    await page.goto('/admin/disputes');
    await expect(page.getByText(M.reason).first()).toBeVisible();
    await expect(page.getByText(M.caller).first()).toBeVisible();
    await noInjection(page);
  });

  test('agent: dashboard, my leads, leads and appointments for sale, my transfers', async ({ page }) => {
    await asUser(page, agentEmail, password);
    await page.goto('/dashboard?tab=my-leads');
    await expect(page.getByTestId('my-lead-row').filter({ hasText: M.lead })).toHaveCount(1);
    await noInjection(page);

    await page.goto('/dashboard?tab=buy-appointments');
    await expect(page.getByTestId('appointment-card').filter({ hasText: 'Appt<img BuXXX' }).first()).toBeVisible();
    await expect(page.getByText('<iframe data-xss src="/"></iframe>', { exact: false }).first()).toBeVisible();
    await noInjection(page);

    await page.goto('/dashboard?tab=buy-aged-leads');
    await page.getByLabel('Zip Code').fill('00501');
    await expect(page.getByTestId('lead-row').filter({ hasText: '<u>Sale</u> LeXX' })).toHaveCount(1);
    expect(await page.locator('td u').count()).toBe(0);
    await noInjection(page);

    await page.goto('/dashboard/transfers');
    await expect(page.getByText(M.caller).first()).toBeVisible();
    await noInjection(page);
  });

  test('training center', async ({ page }) => {
    await page.goto('/training');
    await expect(page.getByText(M.video).first()).toBeVisible();
    await noInjection(page);
  });
});
