// Issue 34 item 4 in the browser: an appointment for sale that the admin gives to an agent with Assign is
// free for that agent and on the admin's page for them (it said "PRICE $10.00 · PURCHASED" before: Assign
// never recorded the assignment). It reads "Assigned free" (decision 248) on My Appointments, Results and the
// admin's user page.
import { test, expect } from '@playwright/test';
import { adminPage, createUser, login, unique } from '../tests/helpers.ts';

test('an appointment assigned from sale is shown free to the agent and the admin', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const tag = unique();
  const { admin, adminContext } = await adminPage(browser);
  const origin = new URL(admin.url()).origin;
  const email = `free.${tag}@example.com`;
  const agentId = await createUser(admin, {
    email,
    password: 'free-pass-1',
    firstName: 'Fran',
    lastName: 'Free',
    agencyName: 'Free Agency',
    phone: '5550102044',
  });

  // For sale first (no agent), then given with Assign.
  const lastName = `Given${tag}`;
  const made = await admin.request.post('/api/admin/appointments/brightcall', {
    headers: { Origin: origin },
    data: { firstName: 'Sal', lastName, phone: '4045550188', state: 'GA' },
  });
  expect(made.status()).toBe(201);
  const appointmentId = ((await made.json()) as { appointment: { appointmentId: number } }).appointment.appointmentId;
  const assigned = await admin.request.post(`/api/admin/appointments/${appointmentId}/assign`, { headers: { Origin: origin }, data: { agentId } });
  expect(assigned.status()).toBe(200);

  await login(page, email, 'free-pass-1');
  await page.goto('/dashboard?tab=my-appointments');
  const card = page.locator(`[data-appointment-id="${appointmentId}"]`);
  await expect(card).toBeVisible();
  // The badge, and the Price line in place of a price.
  await expect(card.getByText('Assigned free', { exact: true })).toHaveCount(2);
  await expect(card.getByTestId('my-appointment-price')).toHaveText('Assigned free');
  await expect(card).not.toContainText('$10.00');
  await expect(card).not.toContainText('Purchased');

  // Results lists it with "Assigned free" where a bought item shows its cost.
  await page.goto('/dashboard/results');
  const result = page.getByTestId('outcome-row').filter({ hasText: `Sal ${lastName}` });
  await expect(result.getByTestId('outcome-cost')).toHaveText('Assigned free');

  await admin.goto(`/admin?user=${agentId}`);
  const row = admin.getByTestId('user-appointment-row').filter({ hasText: lastName });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Assigned free');
  await expect(row).not.toContainText('$10.00');
  await adminContext.close();
});
