// Buying transfer packages through the funnel checkouts in test-payment mode (the embedded Stripe
// emulator): the test card form, the server's price, the signed webhook, and the return page.
import { test, expect, type Page } from '@playwright/test';

const GOOD = '4242 4242 4242 4242';
const DECLINED = '4000 0000 0000 0002';

async function payWith(page: Page, card: string) {
  const form = page.locator('form[data-payment-mode="test"]');
  await expect(form.getByText('Test mode: no real card is charged')).toBeVisible();
  await form.getByLabel('Card number').fill(card);
  await form.getByLabel('Expiry (MM / YY)').fill('12/40');
  await form.getByLabel('CVC').fill('123');
}

let buyers = 0;
/** The buyer's details an anonymous checkout asks before payment (issue 13). */
async function fillBuyer(page: Page) {
  buyers += 1;
  const details = page.getByTestId('checkout-buyer');
  await details.getByLabel('First name').fill('Pat');
  await details.getByLabel('Last name').fill('Payer');
  await details.getByLabel('Email').fill(`pat.payer.${Date.now().toString(36)}.${buyers}@example.com`);
  await details.getByLabel('Phone').fill('(555) 010-0166');
}

async function proceed(page: Page): Promise<string> {
  await fillBuyer(page);
  const created = page.waitForResponse((r) => r.url().endsWith('/api/create-payment-intent') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  const res = await created;
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { clientSecret: string };
  return body.clientSecret.split('_secret_')[0]!;
}

test('buys 30 standard transfers with 4242 and lands on /onboarding-success showing the paid order', async ({ page }) => {
  await page.goto('/checkout');
  await expect(page.getByText('Configure your package and click "Proceed to Payment" to continue')).toBeVisible();
  const count = page.getByLabel('How many transfers would you like to purchase?');
  await expect(count).toHaveValue('25');
  await expect(page.getByText('Minimum: 1 transfer, Maximum: 1000 transfers')).toBeVisible();
  await count.fill('30');
  await expect(page.getByTestId('checkout-rate-line')).toHaveText('30 transfers × $40 each');
  await expect(page.locator('.checkout-total-amount')).toHaveText('$1,200');

  const intentId = await proceed(page);
  await payWith(page, GOOD);
  await page.getByRole('button', { name: 'Complete Payment - $1,200' }).click();

  await expect(page).toHaveURL(new RegExp(`/onboarding-success\\?payment_intent=${intentId}.*redirect_status=succeeded`));
  const summary = page.getByTestId('order-summary');
  await expect(summary.getByTestId('order-status')).toHaveText('Paid');
  await expect(summary.getByTestId('order-count')).toHaveText('30');
  await expect(summary.getByTestId('order-tier')).toHaveText('Standard');
  await expect(summary.getByTestId('order-amount')).toHaveText('$1,200');
});

test('a declined card shows Payment Failed with the decline message and the order stays unpaid', async ({ page, request }) => {
  await page.goto('/checkout');
  await page.getByLabel('How many transfers would you like to purchase?').fill('5');
  const intentId = await proceed(page);
  await payWith(page, DECLINED);
  await page.getByRole('button', { name: 'Complete Payment - $200' }).click();

  const toast = page.getByRole('alert').filter({ hasText: 'Payment Failed' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('Your card was declined.');
  await expect(page).toHaveURL(/\/checkout$/);
  // The button is usable again for another card.
  await expect(page.getByRole('button', { name: 'Complete Payment - $200' })).toBeEnabled();

  await expect.poll(async () => ((await (await request.get(`/api/orders/by-intent/${intentId}`)).json()) as { status: string }).status).toBe('failed');
  const order = (await (await request.get(`/api/orders/by-intent/${intentId}`)).json()) as { status: string; paidAt: string | null };
  expect(order.paidAt).toBeNull();
  // The toast goes away by itself after 5 seconds.
  await expect(toast).toBeHidden({ timeout: 8000 });
});

test('a high-volume purchase of 120 is $30 each', async ({ page }) => {
  await page.goto('/checkout-high-volume');
  const count = page.getByLabel('How many transfers would you like to purchase?');
  await expect(count).toHaveValue('50');
  await count.fill('120');
  await expect(page.getByTestId('high-volume-band')).toHaveText('100-149 transfers: $30 each');
  await expect(page.getByTestId('checkout-rate-line')).toHaveText('120 transfers × $30 each');
  await expect(page.locator('.checkout-total-amount')).toHaveText('$3,600');
  await proceed(page);
  await payWith(page, GOOD);
  await page.getByRole('button', { name: 'Complete Payment - $3,600' }).click();
  await expect(page).toHaveURL(/\/onboarding-success\?payment_intent=/);
  const summary = page.getByTestId('order-summary');
  await expect(summary.getByTestId('order-status')).toHaveText('Paid');
  await expect(summary.getByTestId('order-tier')).toHaveText('High Volume');
  await expect(summary.getByTestId('order-amount')).toHaveText('$3,600');
});

test('the tiered checkouts start from projectedTransfers, then forget it; /checkout?tier=special charges $38', async ({ page }) => {
  await page.goto('/checkout-premium');
  await page.evaluate(() => localStorage.setItem('projectedTransfers', '75'));
  await page.reload();
  await expect(page.getByLabel('How many transfers would you like to purchase?')).toHaveValue('75');
  await expect(page.getByTestId('checkout-rate-line')).toHaveText('75 transfers × $35 each');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('projectedTransfers'))).toBeNull();
  await page.getByLabel('How many transfers would you like to purchase?').fill('2001');
  await expect(page.getByText('Minimum: 1 transfer, Maximum: 2000 transfers')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Proceed to Payment' })).toBeDisabled();
  await page.getByLabel('How many transfers would you like to purchase?').fill('0');
  await expect(page.getByRole('button', { name: 'Proceed to Payment' })).toBeDisabled();

  await page.goto('/checkout-enterprise');
  await expect(page.getByLabel('How many transfers would you like to purchase?')).toHaveValue('100');
  await page.goto('/checkout-ultimate');
  await expect(page.getByLabel('How many transfers would you like to purchase?')).toHaveValue('200');
  await expect(page.getByTestId('checkout-rate-line')).toHaveText('200 transfers × $28 each');

  await page.goto('/checkout?tier=special');
  await page.getByLabel('How many transfers would you like to purchase?').fill('10');
  await expect(page.getByTestId('checkout-rate-line')).toHaveText('10 transfers × $38 each');
  await expect(page.getByRole('link', { name: /Back/ })).toHaveAttribute('href', '/special-pricing');
  await proceed(page);
  await expect(page.getByRole('button', { name: 'Complete Payment - $380' })).toBeVisible();
});

test('a count that cannot be bought says why and keeps its real total; 2.5 is refused; Enter proceeds (issue 18 item 5)', async ({ page }) => {
  await page.goto('/checkout-premium');
  const count = page.getByLabel('How many transfers would you like to purchase?');
  await expect(count).toBeEnabled();
  const proceedButton = page.getByRole('button', { name: 'Proceed to Payment' });

  await count.fill('2500');
  await expect(page.getByTestId('count-error')).toHaveText('Maximum: 2000 transfers');
  await expect(page.locator('.checkout-total-amount')).toHaveText('$87,500');
  await expect(proceedButton).toBeDisabled();

  await count.fill('2.5');
  await expect(page.getByTestId('count-error')).toHaveText('Enter a whole number of transfers');
  await expect(page.locator('.checkout-total-amount')).not.toHaveText('$0');
  await expect(proceedButton).toBeDisabled();

  await count.fill('3');
  await expect(page.getByTestId('count-error')).toHaveCount(0);
  await expect(page.locator('.checkout-total-amount')).toHaveText('$105');
  await fillBuyer(page);
  const created = page.waitForResponse((r) => r.url().endsWith('/api/create-payment-intent') && r.request().method() === 'POST');
  await page.getByTestId('checkout-buyer').getByLabel('Phone').press('Enter');
  expect((await created).status()).toBe(200);
  await payWith(page, GOOD);
  await expect(page.getByRole('button', { name: 'Complete Payment - $105' })).toBeEnabled();
});
