// The production rehearsal's journeys (issue 27, decision 175): what a buyer, an agent, a partner and an
// admin do, against the compiled build in production settings behind the load balancer (serve.ts).
import { test as base, expect, type Page } from '@playwright/test';
import { login } from '../tests/helpers.ts';
import { confirmAtStripe, payWithCard, rehearsal, unique, useRehearsalStripe, waitForMail } from './rehearsal.ts';
import { visitAll, watchConsole } from '../tests/console-watch.ts';

const test = base.extend<{ stripe: void }>({
  stripe: [
    async ({ context }, use) => {
      await useRehearsalStripe(context);
      await use();
    },
    { auto: true },
  ],
});

const toast = (page: Page) => page.getByTestId('toast');

test('the rehearsal runs in production settings behind the load balancer', async ({ request }) => {
  const health = await request.get('/api/health');
  expect(health.ok()).toBe(true);
  // Test-payment mode is off: the publishable key is served, the emulator's confirm route is gone.
  const key = (await (await request.get('/api/stripe/public-key')).json()) as { publicKey: string | null; testMode: boolean };
  expect(key).toEqual({ publicKey: 'pk_test_rehearsal', testMode: false });
  expect((await request.post('/api/test-payments/confirm', { data: {} })).status()).toBe(404);
  // Both processes answer through HAProxy.
  const backends = new Set<string>();
  for (let i = 0; i < 6; i++) backends.add((await request.get('/api/health')).headers()['x-backend'] ?? '?');
  expect([...backends].sort()).toEqual(['api1', 'api2']);
});

test('the admin was made by the compiled admin:create and its one-time link, and the audit log says so', async ({ page }) => {
  const { admin } = rehearsal().accounts;
  const login = await page.request.post('/api/login', {
    headers: { Origin: rehearsal().baseURL },
    data: { identifier: admin.email, password: admin.password },
  });
  expect(login.status()).toBe(200);
  const audit = (await (await page.request.get('/api/admin/audit?pageSize=100')).json()) as {
    items: Array<{ action: string; actor: { type: string }; subject: { email: string } | null }>;
  };
  const made = audit.items.find((e) => e.action === 'user.admin_created');
  expect(made).toMatchObject({ actor: { type: 'system' }, subject: { email: admin.email } });
});

test('funnel checkout: an anonymous buyer pays for 30 standard transfers and lands on the paid order; the receipt arrives by SMTP', async ({ page }) => {
  const email = `${unique('prod-buyer')}@example.com`;
  await page.goto('/checkout');
  await page.getByLabel('How many transfers would you like to purchase?').fill('30');
  await expect(page.locator('.checkout-total-amount')).toHaveText('$1,200');
  const details = page.getByTestId('checkout-buyer');
  await details.getByLabel('First name').fill('Paula');
  await details.getByLabel('Last name').fill('Prod');
  await details.getByLabel('Email').fill(email);
  await details.getByLabel('Phone').fill('(555) 010-0166');
  const created = page.waitForResponse((r) => r.url().endsWith('/api/create-payment-intent') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  expect((await created).status()).toBe(200);
  await payWithCard(page, 'Complete Payment - $1,200');
  await expect(page).toHaveURL(/\/onboarding-success\?payment_intent=pi_.*redirect_status=succeeded/);
  const summary = page.getByTestId('order-summary');
  await expect(summary.getByTestId('order-status')).toHaveText('Paid');
  await expect(summary.getByTestId('order-count')).toHaveText('30');
  await expect(summary.getByTestId('order-amount')).toHaveText('$1,200');
  // The receipt reaches the buyer through the SMTP server.
  const mail = await waitForMail(email, /^Receipt for your TransferLine order #\d+$/);
  expect(mail.text).toContain('1,200');
});

test('portal: the agent buys an aged lead and an appointment with a card', async ({ page }) => {
  const { agent } = rehearsal().accounts;
  await login(page, agent.email, agent.password);

  await page.goto('/dashboard?tab=buy-aged-leads');
  await expect(page.getByRole('heading', { name: 'Buy Aged Leads' })).toBeVisible();
  const rows = page.getByTestId('lead-row');
  await expect(rows.first()).toBeVisible();
  const leadId = await rows.first().getAttribute('data-lead-id');
  await page.locator(`[data-lead-id="${leadId}"] input[type=checkbox]`).check();
  await expect(page.getByTestId('selected-count')).toHaveText('1');
  await page.getByRole('button', { name: 'Purchase Selected Leads' }).click();
  const leadDialog = page.getByRole('dialog', { name: 'Complete Your Lead Purchase' });
  await payWithCard(leadDialog, /^Pay \$/);
  await expect(toast(page)).toContainText('Bulk Purchase Successful');
  await expect(page.locator(`[data-lead-id="${leadId}"]`)).toHaveCount(0);
  await page.getByRole('link', { name: 'My Leads' }).click();
  await expect(page.getByTestId('my-lead-row').filter({ hasText: 'Purchased' }).first()).toBeVisible();

  await page.goto('/dashboard?tab=buy-appointments');
  // One with a call recording: kept in the shared store (STORAGE=db), played through a signed link.
  const forSale = (await (await page.request.get('/api/vapi/available-appointments')).json()) as {
    items: Array<{ id: number; recordingUrl: string | null }>;
  };
  const appointmentId = forSale.items.find((a) => a.recordingUrl?.startsWith('/api/media/'))?.id;
  expect(appointmentId).toBeTruthy();
  const card = page.locator(`[data-testid="appointment-card"][data-appointment-id="${appointmentId}"]`);
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: /^Buy / }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.getByRole('button', { name: 'Checkout' }).click();
  const apptDialog = page.getByRole('dialog', { name: 'Complete Your Appointment Purchase' });
  await payWithCard(apptDialog, 'Complete Purchase');
  await expect(toast(page)).toContainText('Payment Successful');
  await expect(apptDialog).toBeHidden();
  await page.getByRole('link', { name: /My Appointments/ }).click();
  const mine = page.locator(`[data-testid="my-appointment-card"][data-appointment-id="${appointmentId}"]`);
  await expect(mine).toBeVisible();
  // Bought: the whole recording, read from the database by whichever process answers.
  const src = await mine.locator('audio').getAttribute('src');
  expect(src).toMatch(/^\/api\/media\/.+sig=/);
  expect(src).not.toContain('preview=');
  const recording = await page.request.get(src!);
  expect(recording.status()).toBe(200);
  expect(recording.headers()['content-type']).toMatch(/^audio\//);
  expect((await recording.body()).length).toBeGreaterThan(100_000);
});

test('partner application: the file sent with it is stored in the database and an admin downloads it', async ({ page, browser }) => {
  const email = `${unique('prod-partner')}@example.com`;
  const business = `Prod Partner ${Date.now().toString(36)}`;
  const LONG = 'We run a licensed call center focused on final expense prospects across the South.';
  await page.goto('/affnetwork');
  await page.getByLabel('Business name').fill(business);
  await page.getByLabel('Contact name').fill('Pat Partner');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('5550100142');
  await page.getByLabel('Website').fill('https://northwind.example');
  await page.getByLabel('Business type').selectOption('Call Center');
  await page.getByLabel('Years of experience').selectOption('3-5 years');
  await page.getByLabel('Monthly volume').selectOption('1000-5000');
  await page.getByLabel('Call Transfers').check();
  await page.getByLabel('Target markets').fill('Final expense, TX and FL');
  await page.getByLabel('Describe your business').fill(LONG);
  await page.getByLabel('Why do you want to partner with us?').fill(`${LONG} We want steady buyers.`);
  await page.getByLabel('I agree to the partner program terms and conditions').check();
  const pdf = Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${business}\ntrailer << /Root 1 0 R >>\n%%EOF\n`, 'latin1');
  await page.getByLabel('Supporting documents (optional)').setInputFiles({ name: 'license.pdf', mimeType: 'application/pdf', buffer: pdf });
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page).toHaveURL(/\/thank-you\?journey=partner$/);

  const adminContext = await browser.newContext();
  await useRehearsalStripe(adminContext);
  const admin = await adminContext.newPage();
  const { admin: who } = rehearsal().accounts;
  await login(admin, who.email, who.password, '/admin');
  await admin.goto('/admin?tab=applications');
  await admin.getByLabel('Search applications').fill(business);
  await admin.getByRole('button', { name: `View application from ${business}` }).click();
  const detail = admin.getByTestId('application-detail');
  const download = admin.waitForEvent('download');
  await detail.getByRole('link', { name: 'license.pdf' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('license.pdf');
  const saved = await file.path();
  const { readFileSync } = await import('node:fs');
  expect(Buffer.compare(readFileSync(saved), pdf)).toBe(0);
  await adminContext.close();
});

test('forgot password: the e-mailed link, sent through SMTP, sets a new password and the agent logs in with it', async ({ page, browser }) => {
  const email = `${unique('prod-fern')}@example.com`;
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const { admin: who } = rehearsal().accounts;
  await login(admin, who.email, who.password, '/admin');
  const created = await admin.request.post('/api/admin/users', {
    headers: { Origin: rehearsal().baseURL },
    data: {
      email,
      password: 'old-pass-1234',
      firstName: 'Fern',
      lastName: 'Forgot',
      agencyName: 'Forgot Agency',
      role: 'Insurance Agent',
      phone: '5550102030',
      isAdmin: false,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await adminContext.close();

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account uses this e-mail, we have sent it a link');
  const mail = await waitForMail(email, 'Set a new TransferLine password');
  const link = /(https?:\/\/\S+\/set-password\?token=\S+)/.exec(mail.text)?.[1];
  expect(link, mail.text).toBeTruthy();
  expect(new URL(link!).origin).toBe(rehearsal().baseURL);
  await page.goto(link!);
  await expect(page.getByText(`Choose a password for ${email}`)).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('brand-new-pass-77');
  await page.getByLabel('Confirm password').fill('brand-new-pass-77');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByRole('status')).toHaveText('Your password is set. You can now log in.');
  await login(page, email, 'brand-new-pass-77');
  await expect(page).toHaveURL(/\/dashboard/);
});

test('refund: the admin refunds half of an agent’s paid order; the agent’s balance and ledger follow', async ({ page, browser }) => {
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const { admin: who } = rehearsal().accounts;
  await login(admin, who.email, who.password, '/admin');
  const email = `${unique('prod-rena')}@example.com`;
  const created = await admin.request.post('/api/admin/users', {
    headers: { Origin: rehearsal().baseURL },
    data: {
      email,
      password: 'refund-pass-1',
      firstName: 'Rena',
      lastName: 'Refund',
      agencyName: 'Refund Agency',
      role: 'Insurance Agent',
      phone: '5550102031',
      isAdmin: false,
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  // The agent orders 10 standard transfers ($400); the card is confirmed at Stripe (the emulator).
  await login(page, email, 'refund-pass-1');
  const intent = await page.request.post('/api/create-payment-intent', { headers: { Origin: rehearsal().baseURL }, data: { callCount: 10, tier: 'standard' } });
  expect(intent.status(), await intent.text()).toBe(200);
  const { clientSecret, orderId } = (await intent.json()) as { clientSecret: string; orderId: number };
  await confirmAtStripe(clientSecret);
  await expect
    .poll(async () => ((await (await page.request.get(`/api/orders/by-intent/${clientSecret.split('_secret_')[0]}`)).json()) as { status: string }).status)
    .toBe('paid');
  await page.goto('/dashboard/transfers');
  await expect(page.getByTestId('balance-remaining')).toContainText('10');

  await admin.goto('/admin?tab=orders');
  await admin.getByLabel('Search buyer name or email').fill(email);
  const card = admin.getByTestId('order-card').filter({ hasText: `Order #${orderId}` });
  await expect(card).toContainText('Paid');
  await card.getByRole('button', { name: `View order #${orderId}` }).click();
  const detail = admin.getByTestId('order-detail');
  await detail.getByLabel('Part of it').check();
  await detail.getByLabel('Amount to refund (USD)').fill('200.00');
  await detail.getByRole('button', { name: 'Refund', exact: true }).click();
  // A refund asks first, with the amount and what it takes back (issue 26 item 7).
  const confirm = admin.getByRole('dialog', { name: 'Confirm refund' });
  await expect(confirm).toContainText('It takes 5 transfers out of the agent');
  await confirm.getByRole('button', { name: 'Refund $200.00' }).click();
  await expect(admin.getByTestId('toast').first()).toContainText('Refunded $200.00');
  await expect(detail).toContainText('Partially refunded');
  await adminContext.close();

  await page.reload();
  await expect(page.getByTestId('balance-remaining')).toContainText('5');
  await page.getByRole('tab', { name: 'Ledger & Receipts' }).click();
  const refundRow = page.getByTestId('ledger-table').locator('tr', { hasText: `Order #${orderId} partially refunded` });
  await expect(refundRow).toContainText('-5');
});

test('a clean console: no page logs a console error or a CSP violation, for a visitor, an agent or an admin (issue 35 A12)', async ({ page, browser }) => {
  const watch = await watchConsole(page);
  await visitAll(page, ['/', '/checkout', '/checkout-premium', '/standard-pricing', '/ringcloud', '/login', '/forgot-password']);
  const { agent, admin } = rehearsal().accounts;
  await login(page, agent.email, agent.password);
  await visitAll(page, ['/dashboard', '/dashboard?tab=buy-aged-leads', '/transfer-checkout', '/dashboard/transfers', '/profile']);
  const adminPage = await (await browser.newContext()).newPage();
  await useRehearsalStripe(adminPage.context());
  const adminWatch = await watchConsole(adminPage);
  await login(adminPage, admin.email, admin.password, '/admin');
  await visitAll(adminPage, ['/admin', '/admin/disputes']);
  expect([...watch.problems, ...adminWatch.problems]).toEqual([]);
});
