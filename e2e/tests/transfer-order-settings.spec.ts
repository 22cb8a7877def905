// Issue 25 item 2: what an agent chooses when buying call transfers is what their deliveries follow. A new
// agent (no survey, no settings yet) orders transfers for Florida and Texas, 9am-5pm EST and 3 calls a
// day, pays with the test card, and finds those states, hours and cap on Transfer Controls.
import { test, expect } from '@playwright/test';
import { DEMO, login, createUser } from './helpers.ts';

test('a paid transfer order becomes the agent’s Transfer Controls: states, hours and calls per day', async ({ page }) => {
  test.setTimeout(120_000);
  const email = `controls.${Date.now().toString(36)}@example.com`;
  await login(page, DEMO.admin.email, DEMO.admin.password, '/admin');
  await createUser(page, {
    email,
    password: 'controls-pass-1',
    firstName: 'Cora',
    lastName: 'Controls',
    agencyName: 'Cora Agency',
    phone: '5550103344',
  });
  await page.goto('/api/logout');
  await login(page, email, 'controls-pass-1');

  // Before the order: no cap and every state.
  await page.goto('/dashboard/transfers?view=controls');
  const controls = page.getByRole('form', { name: 'Transfer controls' });
  await expect(controls.getByLabel('Calls per day')).toHaveValue('');
  const states = controls.getByRole('group', { name: 'Working states' });
  await expect(states.getByRole('checkbox', { checked: true })).toHaveCount(0);

  await page.goto('/dashboard?tab=buy-call-transfers');
  await page.getByRole('button', { name: 'Order Call Transfers' }).click();
  // A new agent has no onboarding answers: the form does not claim it prefilled anything.
  await expect(page.getByText('Lead type: Live Transfers.')).toBeVisible();
  await expect(page.getByText('We prefilled this from your onboarding answers')).toHaveCount(0);
  await page.getByLabel('Total transfers').fill('4');
  await page.getByLabel('Transfers per day').fill('3');
  await page.getByLabel('Transfer hours').fill('9am-5pm EST');
  await page.getByLabel('Phone to receive transfers').fill('(555) 010-3344');
  const orderStates = page.getByRole('group', { name: 'Working states' });
  await orderStates.getByRole('checkbox', { name: 'Florida', exact: true }).check();
  await orderStates.getByRole('checkbox', { name: 'Texas', exact: true }).check();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByTestId('transfer-total')).toHaveText('$140.00');

  const form = page.locator('form[data-payment-mode="test"]');
  await expect(form.getByText('Test mode: no real card is charged')).toBeVisible();
  await form.getByLabel('Card number').fill('4242 4242 4242 4242');
  await form.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await form.getByLabel('CVC').fill('123');
  await form.getByRole('button', { name: 'Complete Payment - $140.00' }).click();
  await expect(page).toHaveURL(/\/dashboard\/transfers\?.*redirect_status=succeeded/);
  await expect(page.getByTestId('payment-return')).toContainText('4 transfers added to your balance');

  await page.goto('/dashboard/transfers?view=controls');
  await expect(controls.getByLabel('Calls per day')).toHaveValue('3');
  await expect(controls.getByLabel('Transfer hours from')).toHaveValue('09:00');
  await expect(controls.getByLabel('Transfer hours until')).toHaveValue('17:00');
  await expect(controls.getByLabel('Your time zone')).toHaveValue('America/New_York');
  await expect(states.getByRole('checkbox', { name: 'Florida', exact: true })).toBeChecked();
  await expect(states.getByRole('checkbox', { name: 'Texas', exact: true })).toBeChecked();
  await expect(states.getByRole('checkbox', { checked: true })).toHaveCount(2);
});
