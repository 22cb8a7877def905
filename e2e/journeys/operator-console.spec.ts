// Issue 36, the operator's console (points 1, 2, 3 and 5), as an operator uses it at 390 px and 1366 px:
// pause a buyer on their user page and see the caller system's transfer check refused; read the revenue
// chart on the Reports screen and download its CSV; assign 200 leads by filter and undo them; find an
// appointment by its phone typed three ways. SHOTS_DIR=<dir> saves screenshots of the new screens.
import fs from 'node:fs';
import { test, expect, type Page } from '@playwright/test';
import { DEMO, buyStandardTransfers, createUser, login, unique } from '../tests/helpers.ts';

const SHOTS = process.env.SHOTS_DIR;
const TRANSFER_KEY = process.env.TRANSFER_API_KEY ?? 'e2e-transfer-key';
const toast = (page: Page) => page.getByTestId('toast');
const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(await page.evaluate(() => window.innerWidth));

/** A new agent (made by the admin on `admin`) who bought `count` standard transfers in their own browser context. */
async function buyer(admin: Page, count: number) {
  const tag = unique();
  const who = {
    email: `buyer.${tag}@example.com`,
    password: 'buyer-pass-1',
    firstName: 'Bea',
    lastName: `Buyer${tag}`,
    agencyName: 'Bea Agency',
    phone: '5125550100',
  };
  const id = await createUser(admin, who);
  const ctx = await admin
    .context()
    .browser()!
    .newContext({ baseURL: new URL(admin.url()).origin });
  const page = await ctx.newPage();
  await login(page, who.email, who.password);
  await buyStandardTransfers(page, count);
  return { id, ...who, page, close: () => ctx.close() };
}

async function pickAgent(page: Page, scope: ReturnType<Page['getByTestId']>, email: string) {
  await scope.getByLabel('Agent').fill(email);
  await scope.getByRole('button', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) }).click();
  await expect(scope.getByTestId('chosen-agent')).toContainText(email);
}

for (const width of [390, 1366]) {
  test.describe(`at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await login(page, DEMO.admin.email, DEMO.admin.password, '/admin');
    });

    test('pause a buyer from the admin side and see the transfer refused', async ({ page, request }) => {
      const b = await buyer(page, 5);
      const check = () => request.post('/api/callbacks/transfer/check', { headers: { 'x-api-key': TRANSFER_KEY }, data: { agentId: b.id, state: 'TX' } });
      expect((await check()).status()).toBe(200);

      await page.goto(`/admin?user=${b.id}`);
      const controls = page.getByRole('form', { name: 'Buyer controls' });
      await expect(controls.getByTestId('buyer-delivery-status')).toHaveText('Receiving deliveries');
      await controls.getByLabel(/Pause deliveries/).check();
      await controls.getByLabel('Calls per day').fill('25');
      await controls.getByRole('button', { name: 'Save buyer controls' }).click();
      await expect(toast(page)).toContainText('Buyer controls saved');
      await expect(controls.getByTestId('buyer-delivery-status')).toHaveText('Paused by an admin');
      await noSidewaysScroll(page);
      if (SHOTS) await controls.screenshot({ path: `${SHOTS}/buyer-controls-${width}.png` });

      const refused = await check();
      expect(refused.status()).toBe(422);
      expect(await refused.json()).toMatchObject({ code: 'agent_paused' });
      // The agent sees why, and cannot lift it.
      await b.page.goto('/dashboard/transfers');
      await expect(b.page.getByTestId('pause-banner')).toContainText('Deliveries are paused by TransferLine');

      await controls.getByLabel(/Pause deliveries/).uncheck();
      await controls.getByRole('button', { name: 'Save buyer controls' }).click();
      await expect(controls.getByTestId('buyer-delivery-status')).toHaveText('Receiving deliveries');
      expect((await check()).status()).toBe(200);
      await b.close();
    });

    test('read a revenue chart and download its CSV', async ({ page }) => {
      const b = await buyer(page, 10);
      await page.getByRole('link', { name: 'Reports' }).click();
      await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
      const revenue = page.getByTestId('report-revenue');
      await expect(revenue.getByRole('img', { name: /net revenue per day/ })).toBeVisible();
      await expect(revenue.getByRole('row', { name: /Transfer package/ })).toBeVisible();
      const total = (await revenue.getByTestId('revenue-total').locator('td').last().innerText()).replace(/[$,]/g, '');
      expect(Number(total)).toBeGreaterThanOrEqual(400);
      await noSidewaysScroll(page);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/reports-${width}.png`, fullPage: true });

      const [download] = await Promise.all([page.waitForEvent('download'), revenue.getByRole('link', { name: 'Download CSV' }).click()]);
      expect(download.suggestedFilename()).toMatch(/^revenue-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
      const lines = fs
        .readFileSync((await download.path())!, 'utf8')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe('"Day","Product","Gross","Refunded","Net","Orders"');
      // The CSV's net column adds up to the table's total net.
      const net = lines.slice(1).reduce((s, l) => s + Number(l.split(',')[4]!.replace(/"/g, '')), 0);
      expect(net.toFixed(2)).toBe(Number(total).toFixed(2));
      await b.close();
    });

    test('assign 200 leads by filter and undo them', async ({ page }) => {
      test.setTimeout(120_000);
      const tag = unique();
      const b = await buyer(page, 1);
      // 230 Wyoming leads filled in 45 days ago, waiting in the pool.
      const filled = new Date(Date.now() - 45 * 86_400_000).toISOString().slice(0, 10);
      const base = 2000000 + Math.floor(Math.random() * 7000000);
      const state = width === 390 ? 'WY' : 'VT';
      const csv = ['name,phone,state,form fill date', ...Array.from({ length: 230 }, (_, i) => `Bulk ${tag} ${i},307${base + i},${state},${filled}`)].join(
        '\n',
      );
      const up = await page.request.post('/api/admin/lead-imports?target=assignment', { headers: { 'Content-Type': 'text/csv' }, data: csv });
      expect(up.status()).toBe(201);
      const imp = (await up.json()) as { import: { id: number }; suggestedMapping: object };
      expect((await page.request.post(`/api/admin/lead-imports/${imp.import.id}/run`, { data: { mapping: imp.suggestedMapping } })).status()).toBe(202);
      await expect
        .poll(
          async () =>
            ((await (await page.request.get(`/api/admin/lead-imports/${imp.import.id}`)).json()) as { progress: { type: string } | null }).progress?.type,
          {
            timeout: 30_000,
          },
        )
        .toBe('done');

      await page.getByRole('tab', { name: 'Leads' }).click();
      const panel = page.getByTestId('bulk-leads');
      await pickAgent(page, panel, b.email);
      await panel.getByLabel('States').fill(state);
      await panel.getByLabel('Age from (days)').fill('30');
      await panel.getByLabel('Age to (days)').fill('60');
      await panel.getByLabel('How many').fill('200');
      await panel.getByRole('button', { name: 'Preview' }).click();
      await expect(panel.getByTestId('bulk-leads-preview')).toContainText(`230 leads match. Assign will give 200 leads to ${b.email}.`);
      if (SHOTS) await panel.screenshot({ path: `${SHOTS}/assign-by-filter-${width}.png` });
      await panel.getByRole('button', { name: 'Assign 200 leads' }).click();
      await expect(panel.getByTestId('bulk-leads-done')).toContainText('Assigned 200 leads as batch #');
      const myLeads = async () =>
        ((await (await b.page.request.get(`/api/my-leads?q=${encodeURIComponent(tag)}&pageSize=10`)).json()) as { total: number }).total;
      expect(await myLeads()).toBe(200);

      const batch = panel.getByTestId('assignment-batch').first();
      await expect(batch).toContainText(`200 leads to ${b.email}`);
      await noSidewaysScroll(page);
      await batch.getByRole('button', { name: 'Undo' }).click();
      await page.getByRole('dialog', { name: 'Undo this batch?' }).getByRole('button', { name: 'Undo batch' }).click();
      await expect(toast(page)).toContainText('undone');
      await expect(batch).toContainText('Undone (200 leads taken back)');
      expect(await myLeads()).toBe(0);
      await b.close();
    });

    test('find an appointment by a phone typed three ways', async ({ page }) => {
      const n = String(1000 + Math.floor(Math.random() * 9000));
      const name = `Phone${unique()}`;
      const created = await page.request.post('/api/admin/appointments/brightcall', {
        data: { firstName: name, lastName: 'Finder', phone: `(615) 555-${n}`, state: 'TN' },
      });
      expect(created.status()).toBe(201);
      await page.getByRole('tab', { name: 'Appointments' }).click();
      const search = page.getByRole('searchbox', { name: 'Search appointments' });
      for (const typed of [`615-555-${n}`, `615555${n}`, `+1 615 555 ${n}`]) {
        await search.fill(typed);
        const cards = page.getByTestId('appointment-card');
        await expect(cards).toHaveCount(1);
        await expect(cards.first()).toContainText(name);
      }
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/appointment-phone-search-${width}.png` });
    });
  });
}
