// Dates as the agent lives them and the compliance file from every row (issue 25 items 5, 7, 8; decision
// 185): in a Pacific browser a form-fill date of 2026-11-03 reads "Nov 3, 2026" in My Leads; each row of My
// Leads and My Appointments links its compliance file, whose recording is a link and whose times carry the
// agent's zone, and which fits a 390 px phone; Results' "Bought" column uses the portal's date format;
// Escape closes the portal menu; /set-password with a long e-mail does not scroll sideways.
import { test, expect, type Page } from '@playwright/test';
import { DEMO, login } from './helpers.ts';
import { e2eDb, closeE2eDb, runTag } from './funnel-db.ts';

test.afterAll(closeE2eDb);

const sideways = (page: Page) => page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth] as [number, number]);

async function newAgent(page: Page, email: string, password: string): Promise<number> {
  await login(page, DEMO.admin.email, DEMO.admin.password, '/admin');
  const created = await page.request.post('/api/admin/users', {
    data: { email, password, firstName: 'Pat', lastName: 'Pacific', agencyName: 'West Agency', role: 'Insurance Agent', phone: '5550102099', isAdmin: false },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { user: { id: number } }).user.id;
}

test('a form-fill date stays Nov 3 in a Pacific browser, and each of My Leads links its compliance file', async ({ browser }) => {
  const adminContext = await browser.newContext();
  const email = `pacific.${runTag}@example.com`;
  const password = 'pacific-pass-123';
  const agentId = await newAgent(await adminContext.newPage(), email, password);
  await adminContext.close();
  await e2eDb()('leadAssignments').insert({
    agentId,
    name: 'Dora Dateonly',
    phone: '5125550177',
    state: 'CA',
    zipCode: '90001',
    formFillTime: '2026-11-03 00:00:00.000',
    assignedAt: '2026-11-20 18:00:00.000',
  });
  await e2eDb()('agentTransferSettings').insert({ userId: agentId, timeZone: 'America/Los_Angeles' });

  const context = await browser.newContext({ timezoneId: 'America/Los_Angeles' });
  const page = await context.newPage();
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('America/Los_Angeles');
  await login(page, email, password);
  await page.goto('/dashboard?tab=my-leads');
  const row = page.getByTestId('my-lead-row').filter({ hasText: 'Dora Dateonly' });
  await expect(row).toContainText('Nov 3, 2026');
  await expect(row).not.toContainText('Nov 2, 2026');
  const link = row.getByRole('link', { name: 'Compliance file of Dora Dateonly' });
  const href = (await link.getAttribute('href'))!;
  expect(href).toMatch(/^\/api\/compliance\/assignment\/\d+$/);
  const file = await page.request.get(href);
  expect(file.status()).toBe(200);
  const html = await file.text();
  expect(html).toContain('Form filled</th><td>Nov 3, 2026</td>');
  expect(html).toMatch(/Assigned to you<\/th><td>Fri, Nov 20, 2026, 10:00 AM PST/);
  await context.close();
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('My Appointments links each compliance file; it fits the phone, its recording is a link, its times are zoned', async ({ page }) => {
    await login(page, DEMO.agent2.email, DEMO.agent2.password);
    await page.goto('/dashboard?tab=my-appointments');
    const cards = page.getByTestId('my-appointment-card');
    await expect(cards.first()).toBeVisible();
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) {
      await expect(cards.nth(i).getByRole('link', { name: /^Compliance file of the appointment with / })).toHaveAttribute(
        'href',
        /^\/api\/compliance\/appointment\/\d+$/,
      );
    }
    // Other journeys may have given this agent an appointment without a call recording (one an admin
    // assigned): every file is zoned and fits the phone, and each recorded call's file links its recording.
    const hrefs: string[] = [];
    for (let i = 0; i < count; i++)
      hrefs.push(
        (await cards
          .nth(i)
          .getByRole('link', { name: /^Compliance file/ })
          .getAttribute('href'))!,
      );
    let recorded = 0;
    for (const href of hrefs) {
      await page.goto(href);
      const recording = page.getByRole('link', { name: 'Listen to the recording' });
      if ((await recording.count()) > 0) {
        await expect(recording).toHaveAttribute('href', /^\/api\/media\//);
        recorded += 1;
      }
      const text = await page.locator('body').innerText();
      expect(text).toMatch(/(Mon|Tue|Wed|Thu|Fri|Sat|Sun), [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M E[SD]T/);
      expect(text).not.toMatch(/\bUTC\b|GMT/);
      const [scrollWidth, innerWidth] = await sideways(page);
      expect(scrollWidth, `compliance file ${scrollWidth} px wide at ${innerWidth}`).toBeLessThanOrEqual(innerWidth);
    }
    expect(recorded).toBeGreaterThan(0);
  });

  test('Escape closes the portal menu; Results shows Bought in the portal date format', async ({ page }) => {
    await login(page, DEMO.agent2.email, DEMO.agent2.password);
    await page.goto('/dashboard/results');
    const rows = page.getByTestId('outcome-row');
    await expect(rows.first()).toBeVisible();
    for (const cell of await rows.locator('td:first-child').allInnerTexts()) expect(cell).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    await expect(page.locator('body')).not.toContainText(/\b1 days old/);
    const menu = page.locator('.dash-menu-btn');
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
  });

  test('/set-password with a long e-mail does not scroll sideways', async ({ page }) => {
    const email = `a.very.long.address.for.a.phone.${runTag}@insurance-agency-with-a-long-name.example.com`;
    const agentId = await newAgent(page, email, 'long-mail-pass-1');
    const link = await page.request.post(`/api/admin/users/${agentId}/set-password-link`);
    expect(link.status()).toBe(200);
    const url = new URL(((await link.json()) as { url: string }).url);
    await page.context().clearCookies();
    await page.goto(url.pathname + url.search + url.hash);
    await expect(page.getByText(email)).toBeVisible();
    const [scrollWidth, innerWidth] = await sideways(page);
    expect(scrollWidth, `/set-password ${scrollWidth} px wide at ${innerWidth}`).toBeLessThanOrEqual(innerWidth);
  });
});
