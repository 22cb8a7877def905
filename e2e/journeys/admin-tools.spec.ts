// Issue 26, tools to correct mistakes: the admin withdraws a junk appointment from sale (it leaves Buy
// Appointments), and resends an e-mail from the outbox after finding it by recipient and previewing it.
import { test, expect } from '@playwright/test';
import { DEMO, login } from '../tests/helpers.ts';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test('the admin withdraws an appointment and it disappears from Buy Appointments', async ({ page, browser }) => {
  test.setTimeout(150_000);
  await login(page, DEMO.admin.email, DEMO.admin.password, '/admin');
  const last = `Junk${unique()}`;
  const created = await page.request.post('/api/admin/appointments/brightcall', {
    data: { firstName: 'Zed', lastName: last, phone: '5550108888', state: 'TX' },
  });
  expect(created.status()).toBe(201);
  const id = (await created.json()).appointment.appointmentId as number;

  const agentContext = await browser.newContext();
  const agent = await agentContext.newPage();
  await login(agent, DEMO.agent.email, DEMO.agent.password);
  const forSale = async () =>
    ((await (await agent.request.get('/api/vapi/available-appointments?pageSize=100&sort=newest')).json()) as { items: Array<{ id: number }> }).items.map(
      (i) => i.id,
    );
  expect(await forSale()).toContain(id);

  await page.goto('/admin?tab=appointments');
  await page.getByLabel('Search appointments').fill(last);
  await page.getByRole('button', { name: `Details of Zed ${last}` }).click();
  const panel = page.getByRole('dialog', { name: 'Appointment details' });
  await expect(panel.getByTestId('appointment-status')).toHaveText('For sale');
  await panel.getByLabel('Reason for withdrawing').fill('Junk call');
  await panel.getByRole('button', { name: 'Withdraw from sale' }).click();
  await expect(panel.getByTestId('appointment-status')).toHaveText('Withdrawn');
  await expect(panel.getByRole('button', { name: 'Put back on sale' })).toBeVisible();

  expect(await forSale()).not.toContain(id);
  await agent.goto('/dashboard?tab=buy-appointments');
  await expect(agent.getByRole('heading', { name: 'Buy Appointments' })).toBeVisible();
  expect(await forSale()).not.toContain(id);
  await agentContext.close();
});

test('the admin finds a sent message by recipient, previews it and resends it', async ({ page }) => {
  await login(page, DEMO.admin.email, DEMO.admin.password, '/admin');
  const email = `resend.${unique()}@example.com`;
  const created = await page.request.post('/api/admin/users', {
    data: { email, password: 'resend-pass-1', firstName: 'Re', lastName: 'Send', agencyName: 'R', role: 'Insurance Agent', phone: '5550102066' },
  });
  const id = (await created.json()).user.id as number;
  const link = await page.request.post(`/api/admin/users/${id}/set-password-link`, { data: { email: true } });
  expect((await link.json()).emailedTo).toBe(email);

  await page.goto('/admin?tab=email');
  await page.getByLabel('Search by recipient').fill(email);
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Sent', { timeout: 20_000 });
  await rows
    .first()
    .getByRole('button', { name: /Preview message/ })
    .click();
  const preview = page.getByTestId('outbox-preview');
  await expect(preview).toContainText(email);
  // The admin sees the link masked, never a live token (issue 35 A5).
  await expect(preview).toContainText('/set-password?token=hidden');
  await page.getByRole('dialog', { name: 'Message preview' }).getByRole('button', { name: 'Close' }).click();

  await rows.first().getByRole('button', { name: 'Resend' }).click();
  await expect(page.getByText('Queued to send again.')).toBeVisible();
  await expect(rows).toHaveCount(2);
});
