// Issue 34 item 3 in the browser: a re-order starts from the agent's current Transfer Controls, lists what
// paying will change before payment, and once paid changes only that (hours and time zone stay).
import { test, expect } from '@playwright/test';
import { adminPage, createUser, login, unique } from '../tests/helpers.ts';

test('a re-order shows the change summary and keeps unchanged settings', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const tag = unique();
  const { admin, adminContext } = await adminPage(browser);
  const email = `reorder.${tag}@example.com`;
  await createUser(admin, { email, password: 'reorder-pass-1', firstName: 'Rene', lastName: 'Order', agencyName: 'Reorder Agency', phone: '5550102055' });
  await adminContext.close();
  await login(page, email, 'reorder-pass-1');
  const origin = new URL(page.url()).origin;
  const set = await page.request.put('/api/transfers/settings', {
    headers: { Origin: origin },
    data: { callsPerDay: 9, workingStates: ['TX'], hoursStart: '08:00', hoursEnd: '18:00', timeZone: 'America/Chicago', paused: false, resumeDate: null },
  });
  expect(set.status()).toBe(200);

  await page.goto('/dashboard?tab=buy-call-transfers');
  await page.getByRole('button', { name: 'Order Call Transfers' }).click();
  // The form starts from the controls, not blank.
  await expect(page.getByLabel('Transfers per day')).toHaveValue('9');
  await expect(page.getByLabel('Transfer hours')).toHaveValue('08:00-18:00 CT');
  const orderStates = page.getByRole('group', { name: 'Working states' });
  await expect(orderStates.getByRole('checkbox', { name: 'Texas', exact: true })).toBeChecked();
  await expect(page.getByTestId('settings-changes')).toHaveText('Your Transfer Controls stay as they are.');

  await page.getByLabel('Total transfers').fill('2');
  await page.getByLabel('Transfers per day').fill('4');
  await orderStates.getByRole('checkbox', { name: 'Florida', exact: true }).check();
  await page.getByLabel('Phone to receive transfers').fill('(555) 010-2055');
  const summary = page.getByTestId('settings-changes');
  await expect(summary).toContainText('Working states: TX → FL, TX');
  await expect(summary).toContainText('Calls per day: 9 → 4');
  await expect(summary).not.toContainText('Transfer hours');
  await expect(summary).not.toContainText('Time zone');

  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByTestId('settings-changes')).toContainText('Calls per day: 9 → 4');
  const form = page.locator('form[data-payment-mode="test"]');
  await form.getByLabel('Card number').fill('4242 4242 4242 4242');
  await form.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await form.getByLabel('CVC').fill('123');
  await form.getByRole('button', { name: /^Complete Payment - / }).click();
  await expect(page).toHaveURL(/\/dashboard\/transfers\?.*redirect_status=succeeded/);

  await page.goto('/dashboard/transfers?view=controls');
  const controls = page.getByRole('form', { name: 'Transfer controls' });
  await expect(controls.getByLabel('Calls per day')).toHaveValue('4');
  await expect(controls.getByLabel('Transfer hours from')).toHaveValue('08:00');
  await expect(controls.getByLabel('Transfer hours until')).toHaveValue('18:00');
  await expect(controls.getByLabel('Your time zone')).toHaveValue('America/Chicago');
  const states = controls.getByRole('group', { name: 'Working states' });
  await expect(states.getByRole('checkbox', { checked: true })).toHaveCount(2);
});
