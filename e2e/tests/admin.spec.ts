// The admin panel as the demo admin: creating an agent who then logs in, changing a password,
// uploading a CSV of leads and assigning two to an agent who then sees them, a voice-AI webhook
// call showing up in the Appointments tab, and the integration status.
import { test, expect, type Locator, type Page } from '@playwright/test';
import { DEMO, login, createUser, unique } from './helpers.ts';

const toast = (page: Page) => page.getByTestId('toast');

async function logout(page: Page) {
  await page.goto('/api/logout');
}

/** Fills the Create User panel's required fields for Morgan Lee of Lee Family Insurance. */
async function fillNewAgent(panel: Locator, email: string) {
  await panel.getByLabel('Email').fill(email);
  await panel.getByLabel('Password').fill('fresh-pass-123');
  await panel.getByLabel('First Name').fill('Morgan');
  await panel.getByLabel('Last Name').fill('Lee');
  await panel.getByLabel('Agency Name').fill('Lee Family Insurance');
  await panel.getByLabel('Role').selectOption('Agency Owner');
  await panel.getByLabel('Phone').fill('5125550177');
}

test.describe('admin panel', () => {
  test.beforeEach(async ({ page }) => {
    await login(page, DEMO.admin.email, DEMO.admin.password, '/admin');
    await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  });

  test('shows the heading, summary cards and tabs, Users first', async ({ page }) => {
    await expect(page.getByText('Manage users, appointments and system settings')).toBeVisible();
    for (const label of ['Total Users', 'Admin Users', 'Basic Users']) await expect(page.getByText(label, { exact: true })).toBeVisible();
    await expect(page.getByTestId('summary-admin-users')).toContainText('1');
    await expect(page.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: 'Appointments' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Integration' })).toBeVisible();
    await expect(page.getByTestId('user-card').first()).toBeVisible();
    await page.getByPlaceholder('Search users by email...').fill('zz-nobody-here');
    await expect(page.getByText('No users found matching your search')).toBeVisible();
  });

  test('creates an agent who then logs in', async ({ page }) => {
    const email = `new.agent.${unique()}@example.com`;
    await expect(page.getByTestId('summary-total-users')).toContainText(/\d/);
    const total = Number((await page.getByTestId('summary-total-users').innerText()).replace(/\D/g, ''));
    await page.getByRole('button', { name: 'Create User' }).click();
    const panel = page.getByRole('dialog', { name: 'Create User' });
    await expect(panel).toBeVisible();

    // The account form's messages.
    await panel.getByRole('button', { name: 'Create User' }).click();
    await expect(panel.getByText('Invalid email address')).toBeVisible();
    await expect(panel.getByText('Password must be at least 6 characters')).toBeVisible();
    await expect(panel.getByText('First name is required')).toBeVisible();
    await expect(panel.getByText('Phone is required')).toBeVisible();
    await expect(panel.getByText('Role is required')).toBeVisible();

    await fillNewAgent(panel, email);
    await panel.getByLabel('State (optional)').selectOption('TX');
    await expect(panel.getByLabel('User Type')).toHaveValue('false');
    await panel.getByRole('button', { name: 'Create User' }).click();
    await expect(toast(page)).toContainText('User created successfully');
    await expect(panel).toBeHidden();
    await expect(page.getByTestId('summary-total-users')).toContainText(String(total + 1));

    await page.getByPlaceholder('Search users by email...').fill(email.slice(0, 12));
    const card = page.getByTestId('user-card').filter({ hasText: email });
    await expect(card).toContainText('Morgan Lee');
    await expect(card).toContainText('Basic');
    await expect(card).toContainText('Lee Family Insurance');
    await expect(card).toContainText('Agency Owner');
    await expect(card).toContainText('(512) 555-0177');

    // The same e-mail again is refused by the server.
    await page.getByRole('button', { name: 'Create User' }).click();
    await fillNewAgent(panel, email);
    await panel.getByRole('button', { name: 'Create User' }).click();
    await expect(toast(page)).toContainText('Error');
    await expect(toast(page)).toContainText('An account with this email already exists');
    await panel.getByRole('button', { name: 'Cancel' }).click();
    await expect(panel).toBeHidden();

    await logout(page);
    await login(page, email, 'fresh-pass-123');
    await expect(page).toHaveURL(/\/dashboard/);
  });

  test("changes a user's password", async ({ page }) => {
    const email = `pw.${unique()}@example.com`;
    await createUser(page, {
      email,
      password: 'first-pass-1',
      firstName: 'Pat',
      lastName: 'Quill',
      agencyName: 'Quill Agency',
      role: 'Manager',
      phone: '2145550100',
    });
    await page.reload();
    await page.getByPlaceholder('Search users by email...').fill(email);
    const card = page.getByTestId('user-card').filter({ hasText: email });
    await card.getByRole('button', { name: /Change Password/ }).click();
    const panel = page.getByRole('dialog', { name: 'Change Password' });
    await panel.getByLabel('New Password').fill('123');
    await panel.getByRole('button', { name: 'Update Password' }).click();
    await expect(panel.getByText('Password must be at least 6 characters')).toBeVisible();
    await panel.getByLabel('New Password').fill('second-pass-2');
    await panel.getByRole('button', { name: 'Update Password' }).click();
    await expect(toast(page)).toContainText('Password updated successfully');
    await expect(panel).toBeHidden();

    await logout(page);
    await page.goto('/login');
    await page.getByLabel('Email or username').fill(email);
    await page.getByLabel('Password').fill('first-pass-1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toContainText('Invalid email or password');
    await login(page, email, 'second-pass-2');
    await expect(page).toHaveURL(/\/dashboard/);
  });

  test('uploads a CSV of leads and assigns two to an agent, who sees them in My Leads', async ({ page }) => {
    const tag = unique();
    const base = 7000000 + Math.floor(Math.random() * 2000000);
    const phone = (i: number) => `415${base + i}`;
    const names = [`Iris ${tag}`, `Omar ${tag}`, `Vera ${tag}`];
    const csv = [
      'Full Name,Phone Number,Email,State,Zip',
      `${names[0]},(${phone(1).slice(0, 3)}) ${phone(1).slice(3, 6)}-${phone(1).slice(6)},iris@example.org,CA,94110`,
      `${names[1]},+1 ${phone(2)},,California,94016`,
      `Bad Phone ${tag},555-01,,CA,94110`,
      `${names[2]},${phone(3)},,CA,94110`,
      `Dup ${tag},${phone(1)},,CA,94110`,
    ].join('\n');

    await page.getByRole('tab', { name: 'Leads' }).click();
    await expect(page.getByRole('heading', { name: 'Upload Leads' })).toBeVisible();
    await page.getByLabel('For assignment to agents').check();
    await page.getByLabel('CSV file', { exact: true }).setInputFiles({ name: `leads-${tag}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();

    // Automatic matches from the header.
    await expect(page.getByRole('heading', { name: 'Match columns to fields' })).toBeVisible();
    await expect(page.getByLabel('Full name')).toHaveValue('0');
    await expect(page.getByLabel('Phone', { exact: true })).toHaveValue('1');
    await expect(page.getByLabel('ZIP code')).toHaveValue('4');

    await page.getByRole('button', { name: 'Import Leads' }).click();
    const result = page.getByTestId('import-result');
    await expect(result).toContainText('Imported 3 of 5 rows; 2 refused.');
    await expect(toast(page)).toContainText('Leads Imported');
    const errors = page.getByTestId('import-error-row');
    await expect(errors).toHaveCount(2);
    await expect(errors.nth(0)).toContainText('4');
    await expect(errors.nth(0)).toContainText('is not a 10-digit US number');
    await expect(errors.nth(1)).toContainText('6');
    await expect(errors.nth(1)).toContainText('Duplicate: same phone number as row 2');

    // Assign two of them to the demo agent.
    await page.getByPlaceholder('Search leads...').fill(tag);
    await expect(page.getByTestId('pool-row')).toHaveCount(3);
    await expect(page.getByTestId('pool-row').filter({ hasText: names[1]! })).toContainText('CA');
    await page.getByLabel(`Select ${names[0]}`).check();
    await page.getByLabel(`Select ${names[1]}`).check();
    await page.getByPlaceholder('Search agents by name or email...').fill('agent@example');
    await page.getByRole('button', { name: /agent@example\.com/ }).click();
    await expect(page.getByTestId('chosen-agent')).toContainText('agent@example.com');
    await page.getByRole('button', { name: 'Assign Selected (2)' }).click();
    await expect(toast(page)).toContainText('Leads Assigned');
    await expect(toast(page)).toContainText('2 leads assigned to agent@example.com');
    await expect(page.getByTestId('pool-row')).toHaveCount(1);
    await expect(page.getByTestId('pool-row')).toContainText(names[2]!);

    await logout(page);
    await login(page, DEMO.agent.email, DEMO.agent.password);
    await page.goto('/dashboard?tab=my-leads');
    await expect(page.getByRole('heading', { name: 'My Leads' })).toBeVisible();
    await expect(page.getByText(names[0]!)).toBeVisible();
    await expect(page.getByText(names[1]!)).toBeVisible();
    await expect(page.getByText(names[2]!)).toHaveCount(0);
  });

  test('a webhook call shows up in the Appointments tab; an appointment can be created by hand', async ({ page, request }) => {
    const last = `Webhook${unique()}`;
    const res = await request.post('/api/callbacks/brightcall', {
      headers: { 'x-api-key': 'e2e-brightcall-key' },
      data: {
        first_name: 'Nadia',
        last_name: last,
        phone_number: '3125550142',
        transcript: 'AI: Hello\nCustomer: Call me tomorrow.',
        state: 'IL',
        call_outcome: 'callback_requested',
      },
    });
    expect(res.status()).toBe(200);
    expect((await res.json()).success).toBe(true);
    const denied = await request.post('/api/callbacks/brightcall', { headers: { 'x-api-key': 'wrong' }, data: {} });
    expect(denied.status()).toBe(401);

    await page.getByRole('tab', { name: 'Appointments' }).click();
    const first = page.getByTestId('appointment-card').first();
    await expect(first).toContainText(`Nadia ${last}`);
    await expect(first).toContainText('(312) 555-0142');
    await expect(first).toContainText('IL');
    await expect(first).toContainText('Created:');
    await page.getByPlaceholder('Search appointments...').fill(last);
    await expect(page.getByTestId('appointment-card')).toHaveCount(1);
    await page.getByPlaceholder('Search appointments...').fill(`${last}-none`);
    await expect(page.getByText('No appointments found matching your search')).toBeVisible();
    await page.getByPlaceholder('Search appointments...').fill('');

    const manual = `Manual${unique()}`;
    await page.getByRole('button', { name: 'Create Appointment' }).click();
    const modal = page.getByRole('dialog', { name: 'Create Appointment' });
    await modal.getByRole('button', { name: 'Create Appointment' }).click();
    await expect(modal.getByText('First name is required')).toBeVisible();
    await modal.getByLabel('First Name').fill('Theo');
    await modal.getByLabel('Last Name').fill(manual);
    await modal.getByLabel('Phone').fill('6175550100');
    await modal.getByLabel('Email').fill('theo@example.org');
    await modal.getByLabel('State').selectOption('MA');
    await modal.getByRole('button', { name: 'Create Appointment' }).click();
    await expect(toast(page)).toContainText('Appointment created successfully');
    await expect(modal).toBeHidden();
    await expect(page.getByTestId('appointment-card').first()).toContainText(`Theo ${manual}`);
    await expect(page.getByTestId('appointment-card').first()).toContainText('theo@example.org');
  });

  test('shows the Brightcall integration status and setup', async ({ page, baseURL }) => {
    await page.getByRole('tab', { name: 'Integration' }).click();
    await expect(page.getByRole('heading', { name: 'Brightcall AI Integration' })).toBeVisible();
    await expect(page.getByTestId('indicator-api-key')).toContainText('Configured');
    await expect(page.getByTestId('indicator-widget-key')).toContainText('Missing');
    await expect(page.getByTestId('indicator-verify-token')).toContainText('Optional');
    await expect(page.getByTestId('integration-status')).toHaveText('Integration Status: Incomplete');
    await expect(page.getByTestId('webhook-url')).toHaveText(`${baseURL}/api/callbacks/brightcall`);
    for (const v of ['BRIGHTCALL_API_KEY', 'BRIGHTCALL_WIDGET_KEY', 'BRIGHTCALL_VERIFY_TOKEN']) await expect(page.getByText(v)).toBeVisible();
    await expect(page.getByText('New appointments from Brightcall appear in the Appointments tab.')).toBeVisible();
  });

  test('imports a 100,000-row file in streaming batches with a progress bar', async ({ page }) => {
    test.setTimeout(180_000);
    const start = 6000000 + Math.floor(Math.random() * 3_000_000);
    const rows = ['name,phone,state'];
    for (let i = 0; i < 100_000; i++) rows.push(`Bulk Lead ${i},630${start + i},IL`);
    await page.getByRole('tab', { name: 'Leads' }).click();
    await page.getByLabel('CSV file', { exact: true }).setInputFiles({ name: 'bulk.csv', mimeType: 'text/csv', buffer: Buffer.from(rows.join('\n')) });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Match columns to fields' })).toBeVisible();
    await page.getByRole('button', { name: 'Import Leads' }).click();
    await expect(page.getByRole('progressbar')).toBeVisible();
    await expect(page.getByTestId('import-result')).toContainText('Imported 100,000 of 100,000 rows; 0 refused.', { timeout: 120_000 });
  });

  test('an agent cannot use the admin panel or its API', async ({ page }) => {
    await logout(page);
    await login(page, DEMO.agent2.email, DEMO.agent2.password);
    const res = await page.request.get('/api/admin/users');
    expect(res.status()).toBe(403);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admins only' })).toBeVisible();
  });
});
