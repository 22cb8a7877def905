// The lists agents and admins use (issue 18 item 6): Buy Appointments filtered and sorted by the server,
// My Appointments searched and exported as CSV (formula cells escaped), and the admin's user page with
// Edit (the agent's own transfer price, then charged by the server). Screenshots at 390 and 1366 wide.
import { test, expect, type Page } from '@playwright/test';
import { DEMO, login, createUser } from './helpers.ts';
import { e2eDb, closeE2eDb, runTag } from './funnel-db.ts';
import { parse as parseCsv } from 'csv-parse/sync';

test.afterAll(closeE2eDb);

const stamp = (d: Date) => d.toISOString().replace('T', ' ').replace('Z', '');

async function newAgent(page: Page, tag: string): Promise<{ id: number; email: string; password: string }> {
  const email = `lists.${tag}.${runTag}@example.com`;
  const password = 'lists-pass-123';
  const id = await createUser(page, {
    email,
    password,
    firstName: 'Lena',
    lastName: `Lister${tag}`,
    agencyName: 'List Agency',
    phone: '5550103031',
  });
  return { id, email, password };
}

async function shoot(page: Page, name: string) {
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.waitForTimeout(200);
    await page.screenshot({ path: `/tmp/h7-shots/${name}-${width}.png`, fullPage: true });
  }
}

test('Buy Appointments: filters and sort applied by the server', async ({ page }) => {
  const now = Date.now();
  const base = { callStatus: 'completed', transcript: 'AI: hello', status: 'available', hasExtractedAppointment: false, followUpRequired: false };
  // DC is never in the demo data: these two are the only appointments for sale there.
  const [hot] = await e2eDb()('appointments').insert({
    ...base,
    customerName: 'Dora Hotdc',
    customerPhone: '2025550101',
    customerState: 'DC',
    leadQuality: 'hot',
    extractionConfidence: 0.9,
    callDate: stamp(new Date(now - 3_600_000)),
    createdAt: stamp(new Date(now - 3_600_000)),
  });
  const [cold] = await e2eDb()('appointments').insert({
    ...base,
    customerName: 'Carl Colddc',
    customerPhone: '2025550102',
    customerState: 'DC',
    leadQuality: 'cold',
    extractionConfidence: 0.4,
    callDate: stamp(new Date(now - 7_200_000)),
    createdAt: stamp(new Date(now - 7_200_000)),
  });

  await login(page, DEMO.agent.email, DEMO.agent.password);
  await page.goto('/dashboard?tab=buy-appointments');
  const filters = page.getByRole('form', { name: 'Appointment filters' });
  await expect(filters).toBeVisible();
  await expect(page.getByTestId('appointments-found')).toContainText('for sale');

  await filters.getByLabel('State').selectOption('DC');
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByTestId('appointments-found')).toHaveText('2 appointments match your filters');
  const cards = page.getByTestId('appointment-card');
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toHaveAttribute('data-appointment-id', String(hot));

  // Oldest first puts the cold one first.
  await filters.getByLabel('Sort by').selectOption('oldest');
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(cards.first()).toHaveAttribute('data-appointment-id', String(cold));

  await filters.getByRole('checkbox', { name: 'Verified only' }).check();
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByTestId('appointments-found')).toHaveText('1 appointment matches your filters');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toHaveAttribute('data-appointment-id', String(hot));

  await filters.getByRole('checkbox', { name: 'Verified only' }).uncheck();
  await filters.getByRole('checkbox', { name: 'Cold' }).check();
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toHaveAttribute('data-appointment-id', String(cold));

  // A date range that ends before it starts is refused in the form, with the API's words.
  await filters.getByLabel('Call date from').fill('2026-03-12');
  await filters.getByLabel('Call date to').fill('2026-03-11');
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(filters.getByRole('alert')).toHaveText('The end date must be on or after the start date');
  await shoot(page, 'buy-appointments-filters');

  await page.setViewportSize({ width: 1366, height: 900 });
  await filters.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByTestId('appointments-found')).toContainText('for sale');
});

test('My Appointments: search and CSV export; the admin user page and Edit with the transfer price', async ({ page, browser }) => {
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await login(admin, DEMO.admin.email, DEMO.admin.password, '/admin');
  const agent = await newAgent(admin, 'a');
  const sold = { callStatus: 'completed', transcript: 'AI: hello', status: 'sold', buyerId: agent.id, hasExtractedAppointment: false, followUpRequired: false };
  await e2eDb()('appointments').insert({
    ...sold,
    customerName: 'Maria Findme',
    customerPhone: '3055550142',
    customerEmail: 'maria@example.org',
    customerState: 'FL',
    purchasedAt: '2026-03-02 12:00:00.000',
  });
  await e2eDb()('appointments').insert({
    ...sold,
    customerName: '=cmd|calc',
    customerPhone: '5125550143',
    customerState: 'TX',
    purchasedAt: '2026-03-01 12:00:00.000',
  });

  await login(page, agent.email, agent.password);
  await page.goto('/dashboard?tab=my-appointments');
  const search = page.getByLabel('Search my appointments');
  await expect(page.getByRole('heading', { name: 'Maria Findme' })).toBeVisible();
  await search.fill('(305) 555');
  await search.press('Enter');
  await expect(page.getByRole('heading', { name: 'Maria Findme' })).toBeVisible();
  await expect(page.getByText('=cmd|calc')).toHaveCount(0);
  const href = await page.getByTestId('my-appointments-csv').getAttribute('href');
  expect(href).toBe('/api/vapi/my-appointments/export.csv?q=(305)%20555');
  await search.fill('');
  await search.press('Enter');
  const all = await page.request.get((await page.getByTestId('my-appointments-csv').getAttribute('href'))!);
  expect(all.status()).toBe(200);
  // Every text cell is quoted (issue 27 L2): compare the cells a spreadsheet shows.
  const lines = (parseCsv(await all.text()) as string[][]).map((row) => row.join(','));
  expect(lines[1]).toMatch(/^Maria Findme,3055550142,maria@example\.org,FL,/);
  expect(lines[2]).toMatch(/^'=cmd\|calc,5125550143,,TX,/);
  await search.fill('nobody-here');
  await search.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'No appointments match' })).toBeVisible();
  await search.fill('maria');
  await search.press('Enter');
  await shoot(page, 'my-appointments-search');

  // The admin finds the agent by name, opens their page and sets their own transfer price.
  await admin.setViewportSize({ width: 1366, height: 900 });
  await admin.goto('/admin');
  await admin.getByPlaceholder('Search users by email...').fill(`Lena Listera`);
  const card = admin.getByTestId('user-card').filter({ hasText: agent.email });
  await expect(card).toHaveCount(1);
  await card.getByRole('link', { name: 'Open Lena Listera' }).click();
  await expect(admin).toHaveURL(new RegExp(`/admin\\?user=${agent.id}$`));
  await expect(admin.getByRole('heading', { name: 'Lena Listera', level: 2 })).toBeVisible();
  await expect(admin.getByTestId('user-transfer-price')).toHaveText('$35.00');
  await expect(admin.getByTestId('user-transfer-price-source')).toHaveText('Agent rate, the default for dashboard orders');
  await expect(admin.getByRole('heading', { name: 'Appointments (2)' })).toBeVisible();
  await expect(admin.getByTestId('user-appointment-row')).toHaveCount(2);
  await expect(admin.getByRole('heading', { name: 'Orders (0)' })).toBeVisible();

  await admin.getByRole('button', { name: 'Edit' }).click();
  const panel = admin.getByRole('dialog', { name: 'Edit User' });
  await expect(panel.getByLabel('First Name')).toHaveValue('Lena');
  await panel.getByLabel('Live transfer price ($)').fill('abc');
  await panel.getByRole('button', { name: 'Save Changes' }).click();
  await expect(panel.getByText('Transfer price must be an amount in dollars such as 30 or 29.50')).toBeVisible();
  await panel.getByLabel('Live transfer price ($)').fill('28.50');
  await panel.getByLabel('State').selectOption('GA');
  await panel.getByLabel('Agency Name').fill('Peach Agency');
  await panel.getByRole('button', { name: 'Save Changes' }).click();
  await expect(panel).toBeHidden();
  await expect(admin.getByTestId('user-transfer-price')).toHaveText('$28.50');
  await expect(admin.getByTestId('user-transfer-price-source')).toHaveText('Negotiated price, set on this account');
  await expect(admin.getByText('Peach Agency')).toBeVisible();
  await shoot(admin, 'admin-user-page');

  // The agent's next transfer order is priced by the server at their own price.
  const order = await page.request.post('/api/call-transfer-order', {
    data: {
      totalTransfers: 10,
      callsPerDay: 5,
      transferHours: '9am-5pm EST',
      transferPhone: '5125550123',
      workingStates: 'TX, FL',
      leadType: 'Live Transfers',
      price: 1,
    },
  });
  expect(order.status()).toBe(201);
  expect(await order.json()).toMatchObject({ amount: 28500, unitPriceCents: 2850 });
  await adminContext.close();
});

test('Results renders inside the portal shell', async ({ page }) => {
  await login(page, DEMO.agent2.email, DEMO.agent2.password);
  await page.goto('/dashboard/results');
  await expect(page.getByRole('heading', { name: 'Results', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('link', { name: 'Results' })).toHaveAttribute('aria-current', 'page');
  await shoot(page, 'results-in-shell');
});
