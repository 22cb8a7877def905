// No page scrolls sideways on a 360 px phone: every public route, every agent screen and the admin's,
// at 360x740, each checked for document scrollWidth <= innerWidth (wide tables scroll in their own box).
import { test, expect, type Page } from '@playwright/test';
import { DEMO, login, createUser } from '../tests/helpers.ts';
import { ADMIN_ROUTES, AGENT_ROUTES, PUBLIC_ROUTES } from '../tests/routes.ts';

test.use({ viewport: { width: 360, height: 740 } });

async function overflowing(page: Page, routes: string[]): Promise<string[]> {
  const bad: string[] = [];
  for (const route of routes) {
    await page.goto(route);
    await page.waitForLoadState('networkidle');
    // Let lazy chunks and queries render.
    await page.waitForTimeout(300);
    const [scrollWidth, innerWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    if (scrollWidth > innerWidth) bad.push(`${route}: ${scrollWidth} > ${innerWidth}`);
  }
  return bad;
}

test('public pages fit 360 px', async ({ page }) => {
  test.setTimeout(180_000);
  expect(await overflowing(page, PUBLIC_ROUTES)).toEqual([]);
});

test('agent screens fit 360 px', async ({ page }) => {
  test.setTimeout(180_000);
  await login(page, DEMO.agent.email, DEMO.agent.password);
  expect(await overflowing(page, AGENT_ROUTES)).toEqual([]);
});

test('admin screens fit 360 px', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, DEMO.admin.email, DEMO.admin.password, '/admin');
  expect(await overflowing(page, ADMIN_ROUTES)).toEqual([]);
});

test('the marketing header keeps Pricing and Agent Login one tap away at 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const route of ['/', '/pricing', '/fex-quoter']) {
    await page.goto(route);
    const menu = page.locator('.site-menu');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Agent Login' })).toBeHidden();
    await menu.getByText('Menu', { exact: true }).click();
    const panel = page.getByRole('navigation', { name: 'Menu' });
    await expect(panel.getByRole('link', { name: 'Pricing' })).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Agent Login' })).toHaveAttribute('href', '/login');
  }
  await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Agent Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // On a wide screen the links stand in the header and the menu is not shown.
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/pricing');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Agent Login' })).toBeVisible();
  await expect(page.locator('.site-menu')).toBeHidden();
});

/** [scrollWidth, clientWidth] of a table's box, and whether the hint after it shows. */
async function tableState(page: Page, name: string): Promise<{ overflows: boolean; hint: boolean }> {
  const box = page.getByRole('region', { name });
  const [scrollWidth, clientWidth] = await box.evaluate((el) => [el.scrollWidth, el.clientWidth]);
  const hint = await box.evaluate((el) => {
    const next = el.nextElementSibling as HTMLElement | null;
    return !!next && next.classList.contains('scroll-hint') && next.getBoundingClientRect().height > 0 && getComputedStyle(next).display !== 'none';
  });
  return { overflows: scrollWidth > clientWidth, hint };
}

test('the "Swipe sideways" hint shows only under a table that really overflows, also after a resize', async ({ page }) => {
  // 1366 px: the tiers table fits and has no hint.
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/pricing');
  expect(await tableState(page, 'Compare tiers table')).toEqual({ overflows: false, hint: false });
  await expect(page.getByText('Swipe sideways to see the whole table')).toBeHidden();
  // Turned to 390 px on the same page: it now overflows, and the hint appears.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByText('Swipe sideways to see the whole table')).toBeVisible();
  expect(await tableState(page, 'Compare tiers table')).toEqual({ overflows: true, hint: true });
  // Back to 1366: gone again.
  await page.setViewportSize({ width: 1366, height: 900 });
  await expect(page.getByText('Swipe sideways to see the whole table')).toBeHidden();

  // 390 px: a narrow table that fits its box has no hint, even on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/standard-pricing');
  expect(await tableState(page, 'Your plan at a glance table')).toEqual({ overflows: false, hint: false });
  // Its neighbour on the same page is wider than the phone: that one has its hint.
  expect(await tableState(page, 'All volume tiers table')).toEqual({ overflows: true, hint: true });
});

test('a wide table scrolls inside its own box, with a hint, on a phone', async ({ page }) => {
  await page.goto('/pricing');
  const box = page.getByRole('region', { name: 'Compare tiers table' });
  const [scrollWidth, clientWidth] = await box.evaluate((el) => [el.scrollWidth, el.clientWidth]);
  expect(scrollWidth).toBeGreaterThan(clientWidth);
  await expect(page.getByText('Swipe sideways to see the whole table')).toBeVisible();
});

test('the filters of Buy Leads and Buy Appointments at 1366 px: labels on one line, buttons side by side; checkbox cells stay table cells', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await login(page, DEMO.agent.email, DEMO.agent.password);
  const tops = (form: string, labels: string[]) =>
    Promise.all(labels.map(async (name) => Math.round((await page.locator(form).getByText(name, { exact: true }).first().boundingBox())!.y)));

  await page.goto('/dashboard?tab=buy-leads');
  const leadFilters = page.locator('form.dash-filters');
  await expect(leadFilters.getByRole('button', { name: 'Search' })).toBeVisible();
  const leadTops = await tops('form.dash-filters', ['State', 'Age (days)', 'Zip Code', 'Consent', 'Sold before']);
  expect(new Set(leadTops).size, `label tops ${leadTops.join(', ')}`).toBe(1);
  const search = (await leadFilters.getByRole('button', { name: 'Search' }).boundingBox())!;
  const clear = (await leadFilters.getByRole('button', { name: 'Clear All Filters' }).boundingBox())!;
  expect(Math.round(clear.y)).toBe(Math.round(search.y));
  expect(clear.x).toBeGreaterThan(search.x + search.width);
  // No select cuts its chosen option short.
  for (const select of await leadFilters.locator('select').all()) {
    expect(await select.evaluate((s: HTMLSelectElement) => s.scrollWidth <= s.clientWidth)).toBe(true);
  }
  await expect(page.getByTestId('lead-row').first()).toBeVisible();
  const cellDisplays = await page.locator('.dash-table .dash-check').evaluateAll((cells) => [...new Set(cells.map((c) => getComputedStyle(c).display))]);
  expect(cellDisplays).toEqual(['table-cell']);

  await page.goto('/dashboard?tab=buy-appointments');
  await expect(page.getByRole('button', { name: 'Apply filters' })).toBeVisible();
  const apptTops = await tops('form.dash-filters', ['State', 'Call date from', 'Call date to', 'Sort by']);
  expect(new Set(apptTops).size, `label tops ${apptTops.join(', ')}`).toBe(1);
});

test('/profile fits 390 px with a long e-mail, and refuses an empty state', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const email = `maximilian.bartholomew.${Date.now()}@a-rather-long-agency-name.example.com`;
  await login(page, DEMO.admin.email, DEMO.admin.password, '/admin');
  await createUser(page, {
    email,
    password: 'long-mail-pass-1',
    firstName: 'Max',
    lastName: 'Long',
    agencyName: 'Long Agency',
    phone: '5550102032',
  });
  await page.goto('/api/logout');
  await login(page, email, 'long-mail-pass-1');
  await page.goto('/profile');
  await expect(page.getByText(email)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The account has no state yet: saving asks for one, and nothing is saved until it is chosen.
  const details = page.getByRole('form', { name: 'Details' });
  await details.getByRole('button', { name: 'Save Details' }).click();
  await expect(details.getByText('State is required')).toBeVisible();
  await expect(details.getByText('Your details are saved.')).toBeHidden();
  await details.getByLabel('State').selectOption('FL');
  await details.getByRole('button', { name: 'Save Details' }).click();
  await expect(details.getByText('Your details are saved.')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
