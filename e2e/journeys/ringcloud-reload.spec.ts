// Issue 34 item 2 in the browser: reloading /ringcloud-checkout keeps the count and the price (the buyer's
// own hold from a moment before used to leave "0 leads"), pays for the same order, and a second "Continue"
// is still one sign-up and one hold.
import { test, expect, type Page } from '@playwright/test';
import { RINGCLOUD, formatUsd } from '@tm/shared';
import { fillRingcloudStep1, unique } from '../tests/helpers.ts';
import { e2eDb, closeE2eDb } from '../tests/funnel-db.ts';

test.afterAll(closeE2eDb);

async function continueToCheckout(page: Page) {
  await page.getByRole('button', { name: 'Continue to Checkout' }).click();
  await expect(page).toHaveURL(/\/ringcloud-checkout$/);
}

test('RingCloud reload keeps the count', async ({ page }) => {
  test.setTimeout(120_000);
  const db = e2eDb();
  const tag = unique();
  // Stock of our own: Vermont, 40 days old (no other test sells Vermont).
  const stock = 3;
  for (let i = 0; i < stock; i++) {
    await db('leads').insert({
      kind: 'aged',
      customerName: `Vera Mont ${tag}`,
      customerPhone: `802555${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`,
      customerState: 'VT',
      zipCode: '05401',
      ageDays: 40,
      status: 'available',
    });
  }
  await db('leads')
    .where({ customerState: 'VT', kind: 'aged', status: 'available' })
    .whereNot('customerName', `Vera Mont ${tag}`)
    .update({ status: 'withdrawn' });
  const email = `reload.${tag}@example.com`;
  await page.goto('/ringcloud');
  await fillRingcloudStep1(page, { email, username: `reload${tag}` });
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel(/^Aged Leads/).check();
  await page.getByRole('checkbox', { name: 'Vermont', exact: true }).check();
  await page.getByLabel('Lead age').selectOption('30-60');
  await continueToCheckout(page);

  const total = formatUsd(stock * RINGCLOUD.agedLeadCents['30-60'], { cents: true });
  const pay = page.getByRole('button', { name: /^Pay \$/ });
  await expect(pay).toHaveText(`Pay ${total}`, { timeout: 20_000 });
  await expect(page.getByTestId('rc-quantity')).toHaveText(String(stock));
  const survey = await db('onboarding_surveys').where({ email }).first();
  const first = await db('orders').where({ surveyId: survey.id, status: 'pending' }).first();

  await page.reload();
  await expect(pay).toHaveText(`Pay ${total}`, { timeout: 20_000 });
  await expect(page.getByTestId('rc-quantity')).toHaveText(String(stock));
  await expect(page.getByTestId('rc-stock')).toContainText(`${stock} leads in VT`);
  // The same order, still holding the stock; nothing else pending for this buyer.
  const pending = await db('orders').whereIn('surveyId', db('onboarding_surveys').where({ email }).select('id')).where({ status: 'pending' });
  expect(pending.map((o: { id: number }) => o.id)).toEqual([first.id]);
  expect(await db('leads').where({ reservedOrderId: first.id, status: 'reserved' })).toHaveLength(stock);

  // Back and "Continue" again: one sign-up row, the same count.
  await page.goto('/ringcloud');
  await fillRingcloudStep1(page, { email, username: `reload${tag}` });
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel(/^Aged Leads/).check();
  await page.getByRole('checkbox', { name: 'Vermont', exact: true }).check();
  await page.getByLabel('Lead age').selectOption('30-60');
  await continueToCheckout(page);
  await expect(pay).toHaveText(`Pay ${total}`, { timeout: 20_000 });
  expect(await db('onboarding_surveys').where({ email })).toHaveLength(1);
});
