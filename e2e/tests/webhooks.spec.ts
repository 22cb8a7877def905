// Profile > CRM webhooks (issue 29 item 4): an agent registers a webhook pointing at a receiver on this
// machine (allowed outside production), copies the signing secret shown once, sends a test event, and
// sees the delivery in the log with its try (HTTP 200); the receiver checked the signature with that
// secret. The section and /webhooksdocs fit a 390 px screen.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { DEMO, login, createUser } from './helpers.ts';

interface Got {
  valid: boolean;
  type: string;
}

async function receiver(secretOf: () => string) {
  const got: Got[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const parts = Object.fromEntries(
        String(req.headers['transferline-signature'] ?? '')
          .split(',')
          .map((p) => p.split('=', 2) as [string, string]),
      );
      const expected = crypto.createHmac('sha256', secretOf()).update(`${parts.t}.${body}`, 'utf8').digest();
      const given = Buffer.from(parts.v1 ?? '', 'hex');
      got.push({ valid: given.length === expected.length && crypto.timingSafeEqual(given, expected), type: (JSON.parse(body) as { type: string }).type });
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"received":true}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { got, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/crm/hook`, close: () => new Promise((r) => server.close(r)) };
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
      .map((el) => `${el.tagName}.${el.className}`)
      .slice(0, 5),
  );
  expect(overflow, `wider than the screen: ${wide.join(', ')}`).toBeLessThanOrEqual(0);
}

test('an agent adds a CRM webhook, sends a test event and sees it delivered in the log', async ({ page }) => {
  let secret = '';
  const rx = await receiver(() => secret);
  try {
    const email = `hook.${Date.now()}@example.com`;
    await login(page, DEMO.admin.email, DEMO.admin.password, '/admin');
    await createUser(page, {
      email,
      password: 'webhook-pass-1',
      firstName: 'Hook',
      lastName: 'Agent',
      agencyName: 'Hook Agency',
      phone: '5550102032',
    });
    await page.goto('/api/logout');

    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, email, 'webhook-pass-1');
    await page.goto('/profile');
    const section = page.getByRole('region', { name: 'CRM webhooks' });
    await expect(section).toBeVisible();
    await expect(section.getByText('No deliveries yet.')).toBeVisible();

    await section.getByRole('button', { name: 'Add webhook' }).click();
    // A bad address is named in the form.
    await section.getByLabel('Endpoint URL').fill('not an address');
    await section.getByRole('button', { name: 'Add webhook' }).click();
    await expect(section.getByText('Enter the full address of your CRM endpoint, starting with https://')).toBeVisible();
    await section.getByLabel('Endpoint URL').fill(rx.url);
    await section.getByRole('button', { name: 'Add webhook' }).click();

    secret = (await section.getByTestId('new-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_[0-9a-f]{48}$/);
    await expect(section.getByTestId('webhook-row')).toContainText(rx.url);
    await expect(section.getByTestId('secret-hint')).toHaveText(`…${secret.slice(-4)}`);

    await section.getByRole('button', { name: 'Send test event' }).click();
    const row = section.getByTestId('delivery-row').first();
    await expect(row).toContainText('Test event');
    // The delivery job runs every 2 s; the log refreshes itself while a delivery waits.
    await expect(row).toContainText('Delivered', { timeout: 15_000 });
    await expect(row).toContainText('last answer 200');
    await row.getByText('Tries').click();
    await expect(row.getByTestId('attempt-row')).toHaveCount(1);
    await expect(row.getByTestId('attempt-row')).toContainText('Try 1');
    await expect(row.getByTestId('attempt-row')).toContainText('HTTP 200');
    expect(rx.got).toEqual([{ valid: true, type: 'test.ping' }]);
    await noSidewaysScroll(page);
    await section.screenshot({ path: test.info().outputPath('webhooks-390.png') });

    // Replay: the same event again, a second try in the same log.
    await row.getByRole('button', { name: 'Replay' }).click();
    await expect(row.getByTestId('attempt-row')).toHaveCount(2, { timeout: 15_000 });
    expect(rx.got).toHaveLength(2);
    expect(rx.got.every((g) => g.valid)).toBe(true);

    await page.setViewportSize({ width: 1366, height: 900 });
    await noSidewaysScroll(page);
    // No serious or critical accessibility problem in the filled-in section (as a11y.spec.ts checks pages).
    const axe = await new AxeBuilder({ page }).include('[aria-labelledby="int-h"]').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await section.screenshot({ path: test.info().outputPath('webhooks-1366.png') });
  } finally {
    await rx.close();
  }
});

test('/webhooksdocs documents the events, the signature and verification in Node and Python, and fits 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/webhooksdocs');
  await expect(page.getByRole('heading', { level: 1, name: 'CRM webhooks' })).toBeVisible();
  for (const e of ['lead.bought', 'appointment.bought', 'appointment.assigned', 'transfer.delivered'])
    await expect(page.getByRole('rowheader', { name: e, exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Node', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Python', exact: true })).toBeVisible();
  await expect(page.getByText('TransferLine-Signature: t=')).toBeVisible();
  await noSidewaysScroll(page);
  await page.screenshot({ path: test.info().outputPath('webhooksdocs-390.png'), fullPage: false });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.locator('#signature').scrollIntoViewIfNeeded();
  await noSidewaysScroll(page);
  await page.screenshot({ path: test.info().outputPath('webhooksdocs-1366.png'), fullPage: false });
});
