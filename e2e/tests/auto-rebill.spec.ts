// Auto-rebill (issue 29 item 3, decision 197): an agent saves a card on Profile with the test card form
// (a SetupIntent: nothing is charged), sees it (brand, last 4), turns auto-rebill on; a delivered call
// takes the balance below the threshold, the saved card (4000 0025 0000 3155) needs authentication
// off-session, so the home shows "Payment needs your action" and its link pays on-session; then the agent
// removes the card. At 390 px nothing scrolls sideways; screenshots at 390 and 1366 px.
import os from 'node:os';
import path from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import { DEMO, login, createUser } from './helpers.ts';

const TRANSFER_KEY = process.env.TRANSFER_API_KEY ?? 'e2e-transfer-key';
const shots = path.join(os.tmpdir(), 'tm-auto-rebill-shots');

async function noSideScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('an agent saves a card on Profile, turns auto-rebill on, pays a top-up that needs authentication, and removes the card', async ({ page }) => {
  const email = `rebill.${Date.now()}@example.com`;
  await login(page, DEMO.admin.email, DEMO.admin.password, '/admin');
  const origin = new URL(page.url()).origin;
  const agentId = await createUser(page, {
    email,
    password: 'rebill-pass-1',
    firstName: 'Re',
    lastName: 'Bill',
    agencyName: 'Rebill Agency',
    phone: '5550102077',
  });
  await page.goto('/api/logout');

  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, email, 'rebill-pass-1');
  // Two transfers bought with the test card.
  const intent = await page.request.post('/api/create-payment-intent', { headers: { Origin: origin }, data: { callCount: 2, tier: 'standard' } });
  expect(intent.status()).toBe(200);
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  const paid = await page.request.post('/api/test-payments/confirm', {
    headers: { Origin: origin },
    data: { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123' },
  });
  expect(paid.status()).toBe(200);

  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Saved card & auto-rebill' });
  await expect(section.getByText('No saved card.')).toBeVisible();
  await section.getByRole('button', { name: 'Save a card' }).click();
  await section.getByLabel('Card number').fill('4000 0025 0000 3155');
  await section.getByLabel('Expiry (MM / YY)').fill('12 / 40');
  await section.getByLabel('CVC').fill('123');
  await section.getByRole('button', { name: 'Save card' }).click();
  await expect(section.getByText('Card saved.')).toBeVisible();
  await expect(section.getByTestId('saved-card')).toHaveText('Visa ending in 3155');

  await section.getByLabel('Top up automatically').check();
  await section.getByLabel('When my balance falls below (transfers)').fill('2');
  await section.getByLabel('Transfers to buy').fill('5');
  await expect(section.getByTestId('rebill-total')).toHaveText('$175.00');
  await section.getByRole('button', { name: 'Save auto-rebill' }).click();
  await expect(section.getByText('Auto-rebill saved.')).toBeVisible();
  await noSideScroll(page);
  await section.screenshot({ path: path.join(shots, 'profile-390.png') });
  await page.reload();
  await expect(page.getByLabel('Top up automatically')).toBeChecked();
  await expect(page.getByLabel('When my balance falls below (transfers)')).toHaveValue('2');
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.getByRole('region', { name: 'Saved card & auto-rebill' }).screenshot({ path: path.join(shots, 'profile-1366.png') });

  // A delivered call: 2 -> 1, below the threshold. The card needs authentication off-session.
  const ended = new Date(Date.now() - 60_000);
  const call = await page.request.post('/api/callbacks/transfer', {
    headers: { 'x-api-key': TRANSFER_KEY },
    data: {
      callId: `rebill-${Date.now()}`,
      agentId,
      callerName: 'Pat Caller',
      callerPhone: '(305) 555-0177',
      state: 'FL',
      startedAt: new Date(ended.getTime() - 300_000).toISOString(),
      endedAt: ended.toISOString(),
      durationSeconds: 300,
    },
  });
  expect(call.status(), await call.text()).toBe(201);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard');
  const notice = page.getByRole('alert').filter({ hasText: 'Payment needs your action' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('your bank asks you to confirm it');
  await noSideScroll(page);
  await page.screenshot({ path: path.join(shots, 'home-390.png') });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: path.join(shots, 'home-1366.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await notice.getByRole('link', { name: 'Pay now' }).click();
  await expect(page).toHaveURL(/\/dashboard\/pay\/\d+$/);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 40');
  await page.getByLabel('CVC').fill('123');
  await noSideScroll(page);
  await page.screenshot({ path: path.join(shots, 'pay-390.png') });
  await page.getByRole('button', { name: 'Pay $175.00' }).click();
  await expect(page.getByText('Payment received. Your transfers are added to your balance.')).toBeVisible();
  await expect.poll(async () => ((await (await page.request.get('/api/transfers/balance')).json()) as { remaining: number }).remaining).toBe(6);
  await page.goto('/dashboard');
  await expect(page.getByText('Payment needs your action')).toHaveCount(0);

  await page.goto('/profile');
  const again = page.getByRole('region', { name: 'Saved card & auto-rebill' });
  await again.getByRole('button', { name: 'Remove saved card' }).click();
  await expect(again.getByText('Card removed. Auto-rebill is off.')).toBeVisible();
  await expect(again.getByText('No saved card.')).toBeVisible();
  await expect(again.getByLabel('Top up automatically')).not.toBeChecked();
});
