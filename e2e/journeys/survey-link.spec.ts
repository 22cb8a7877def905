// Issue 34 in the browser. Item 3: a new buyer pays in test-payment mode, opens the survey link of the
// success page (signed by the server, decision 245) before having any password, gives their onboarding
// answers, then sets a password, logs in and finds the survey's delivery phone on Transfer Controls.
// Item 8: a failed RingCloud payment's thank-you page shows only the failure: no success text, no survey
// link, no "What happens next?".
import os from 'node:os';
import path from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import { RINGCLOUD, formatUsd } from '@tm/shared';
import { adminPage, fillRingcloudStep1, login, unique } from '../tests/helpers.ts';
import { e2eDb, closeE2eDb } from '../tests/funnel-db.ts';

test.afterAll(closeE2eDb);

const SHOTS = path.join(os.tmpdir(), `tm-shots-${process.env.E2E_PORT ?? '3100'}`);

async function fillCard(page: Page, card: string) {
  const form = page.locator('form[data-payment-mode="test"]');
  await form.getByLabel('Card number').fill(card);
  await form.getByLabel('Expiry (MM / YY)').fill('12/40');
  await form.getByLabel('CVC').fill('123');
}

async function shoot(page: Page, name: string) {
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
}

test("the success page's signed survey link: answers before any password, the delivery phone on Transfer Controls", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const tag = unique();
  const email = `survey.link.${tag}@example.com`;
  await page.goto('/checkout');
  await page.getByLabel('How many transfers would you like to purchase?').fill('1');
  const buyer = page.getByTestId('checkout-buyer');
  await buyer.getByLabel('First name').fill('Del');
  await buyer.getByLabel('Last name').fill('Ivery');
  await buyer.getByLabel('Email').fill(email);
  await buyer.getByLabel('Phone').fill('(555) 010-0166');
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Complete Payment - $40' }).click();
  await expect(page).toHaveURL(/\/onboarding-success\?payment_intent=/);
  await expect(page.getByTestId('outcome-title')).toHaveText('Payment Successful!');

  // The link is the server's signed one (no payment secret in it).
  const link = page.getByRole('link', { name: 'onboarding survey' });
  await expect(link).toHaveAttribute('href', /^\/survey\?token=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
  await link.click();
  await expect(page).toHaveURL(/\/survey\?token=/);
  expect(page.url()).not.toContain('secret');
  await page.getByRole('checkbox', { name: 'Ohio', exact: true }).check();
  await page.getByLabel('Transfer hours').fill('8am-4pm EST');
  await page.getByLabel('Calls per day').fill('5');
  await page.getByLabel('Delivery phone').fill('(614) 555-0123');
  await page.getByLabel('Morning (8am-12pm)').check();
  await page.getByRole('button', { name: 'Submit Survey' }).click();
  await expect(page.getByTestId('onboarding-saved')).toContainText('your answers are saved');
  await expect(page.getByTestId('onboarding-saved')).toContainText('delivery phone are now your Transfer Controls');

  // An altered link is refused with its reason and the way on.
  const altered = new URL(page.url());
  altered.searchParams.set('token', `${altered.searchParams.get('token')!.slice(0, -2)}AA`);
  await page.goto(altered.pathname + altered.search);
  await page.getByRole('checkbox', { name: 'Ohio', exact: true }).check();
  await page.getByLabel('Transfer hours').fill('8am-4pm EST');
  await page.getByLabel('Calls per day').fill('5');
  await page.getByLabel('Delivery phone').fill('(614) 555-0999');
  await page.getByLabel('Morning (8am-12pm)').check();
  await page.getByRole('button', { name: 'Submit Survey' }).click();
  await expect(page.getByTestId('onboarding-error')).toContainText('This survey link is not valid.');
  await expect(page.getByTestId('onboarding-error').getByRole('link', { name: 'Log in' })).toBeVisible();

  // The buyer chooses a password (the admin's set-password link stands in for the e-mailed one) and logs in.
  const user = await e2eDb()('users').where({ email }).first();
  const { admin, adminContext } = await adminPage(browser);
  const made = await admin.request.post(`/api/admin/users/${user.id}/set-password-link`, { headers: { Origin: new URL(admin.url()).origin } });
  expect(made.status()).toBe(200);
  const { url } = (await made.json()) as { url: string };
  await adminContext.close();
  await page.goto(new URL(url).pathname + new URL(url).search);
  await page.getByLabel('New password').fill('delivery-pass-1');
  await page.getByLabel('Confirm password').fill('delivery-pass-1');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByRole('status')).toHaveText('Your password is set. You can now log in.');
  await login(page, email, 'delivery-pass-1');
  await page.goto('/dashboard/transfers?view=controls');
  const controls = page.getByRole('form', { name: 'Transfer controls' });
  await expect(controls.getByLabel('Delivery phone')).toHaveValue('(614) 555-0123');
  await expect(controls.getByRole('checkbox', { name: 'Ohio', exact: true })).toBeChecked();
  await expect(controls.getByLabel('Calls per day')).toHaveValue('5');
  await controls.getByLabel('Delivery phone').scrollIntoViewIfNeeded();
  await shoot(page, 'transfer-controls-delivery-phone');
});

test("a failed RingCloud payment's thank-you page shows only the failure", async ({ page }) => {
  test.setTimeout(120_000);
  const tag = unique();
  await page.goto('/ringcloud');
  await fillRingcloudStep1(page, { email: `rc.fail.${tag}@example.com`, username: `rcfail${tag}` });
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel(/^Live Transfers/).check();
  await page.getByRole('checkbox', { name: 'Georgia', exact: true }).check();
  await page.getByLabel('Total transfers').fill('2');
  const created = page.waitForResponse((r) => r.url().endsWith('/api/create-payment-intent') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Continue to Checkout' }).click();
  const { clientSecret } = (await (await created).json()) as { clientSecret: string };
  const pay = page.getByRole('button', { name: `Pay ${formatUsd(2 * RINGCLOUD.liveTransferCents, { cents: true })}` });
  await expect(pay).toBeVisible({ timeout: 20_000 });
  await fillCard(page, '4000 0000 0000 0002');
  await pay.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Payment Failed' })).toBeVisible();

  // Where the provider sends the buyer back after a failed attempt.
  const intentId = clientSecret.split('_secret_')[0]!;
  await page.goto(`/thank-you?payment_intent=${intentId}&payment_intent_client_secret=${encodeURIComponent(clientSecret)}&redirect_status=failed`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment Failed');
  await expect(page.getByTestId('outcome-lead')).toHaveText('Your card was declined.');
  await expect(page.getByTestId('order-status')).toHaveText('Payment failed');
  await expect(page.getByTestId('try-again')).toHaveAttribute('href', '/ringcloud-checkout');
  await expect(page).toHaveTitle('Payment Failed');
  // Nothing of a success: no thanks, no account note, no survey link, no next steps.
  await expect(page.getByText('submitted successfully')).toHaveCount(0);
  await expect(page.getByTestId('account-note')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'What happens next?' })).toBeHidden();
  await expect(page.getByRole('link', { name: 'onboarding survey' })).toBeHidden();
  await expect(page.getByText('Check your inbox for a confirmation')).toBeHidden();
  await shoot(page, 'thank-you-ringcloud-failed');
});
