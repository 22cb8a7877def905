// The admin's and the training admin's screens as they look, measured: nothing pushes a phone's page
// sideways, badges and counts keep their words whole, fields line up and are evenly spaced, the figures
// of a user sit on one row, taps reach 24 px, and a hovered button stays readable. The measures are soft
// assertions, so one run lists every one that fails.
import { test, expect, type Locator, type Page } from '@playwright/test';
import { DEMO, login } from './helpers.ts';

const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1366, height: 900 };

const box = async (l: Locator) => (await l.boundingBox())!;
const pageScrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

/** Every visible radio button and checkbox under `scope` is at least 24 x 24 px. */
async function expectTapSized(scope: Locator) {
  await expect(scope.locator('input[type=radio], input[type=checkbox]').first()).toBeVisible();
  const sizes = await scope
    .locator('input[type=radio], input[type=checkbox]')
    .evaluateAll((els) =>
      els.filter((e) => e.getBoundingClientRect().width > 0).map((e) => [e.getBoundingClientRect().width, e.getBoundingClientRect().height]),
    );
  expect(sizes.length).toBeGreaterThan(0);
  for (const [w, h] of sizes) {
    expect.soft(w).toBeGreaterThanOrEqual(24);
    expect.soft(h).toBeGreaterThanOrEqual(24);
  }
}

/** The text of `l` is on one line: its box is no taller than one line plus its padding and border. */
async function expectOneLine(l: Locator) {
  const [height, oneLine] = await l.evaluate((el) => {
    const cs = getComputedStyle(el);
    const line = parseFloat(cs.lineHeight) || parseFloat(cs.fontSize) * 1.5;
    const extra = ['paddingTop', 'paddingBottom', 'borderTopWidth', 'borderBottomWidth'].reduce((n, k) => n + parseFloat(cs[k as 'paddingTop']), 0);
    return [el.getBoundingClientRect().height, line + extra + 1];
  });
  expect.soft(height).toBeLessThanOrEqual(oneLine);
}

test.describe('admin screens', () => {
  test.beforeEach(async ({ page }) => {
    await login(page, DEMO.admin.email, DEMO.admin.password, '/admin');
  });

  test('the Leads tab on a phone: with leads in the pool the page does not scroll sideways, nor while columns are matched; radios and checkboxes are 24 px', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    const base = 3000000 + Math.floor(Math.random() * 6000000);
    const csv = [
      'First Name,Last Name,Phone,Email,State,Zip',
      ...[1, 2].map((i) => `Layout${i},${tag},628${base + i},layout${i}.${tag}@example.org,CA,94110`),
    ].join('\n');
    await page.goto('/admin?tab=leads');
    await page.locator('#import-file').setInputFiles({ name: `layout-${tag}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Match columns to fields' })).toBeVisible();
    expect.soft(await pageScrollsSideways(page)).toBe(false);
    expect.soft((await box(page.locator('section.adm-import'))).width).toBeLessThanOrEqual(PHONE.width);

    await page.getByRole('button', { name: 'Import Leads' }).click();
    await expect(page.getByTestId('import-result')).toContainText('Imported 2 of 2 rows');
    await page.getByPlaceholder('Search leads...').fill(tag);
    await expect(page.getByTestId('pool-row')).toHaveCount(2);
    expect.soft(await pageScrollsSideways(page)).toBe(false);
    // The table scrolls inside its own box, which stays inside the screen.
    const wrap = page.locator('.adm-leads .adm-table-wrap').first();
    expect.soft(await wrap.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    const w = await box(wrap);
    expect.soft(w.x + w.width).toBeLessThanOrEqual(PHONE.width);
    await expectTapSized(page.locator('.adm-leads .adm-table'));
    await page.getByRole('button', { name: 'Upload Another File' }).click();
    await expectTapSized(page.locator('.adm-import'));
  });

  test('Orders on a phone: the status badge keeps its word on one line; an order without line items says so instead of an empty table', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/admin?tab=orders');
    const seeded = page.locator('.adm-card').filter({ hasText: 'Order #1 ·' });
    await expectOneLine(seeded.locator('.adm-badge').first());
    await seeded.getByRole('button', { name: /View/ }).click();
    const detail = page.getByTestId('order-detail');
    await expect.soft(detail.getByTestId('order-no-items')).toHaveText('No line items for this order.');
    await expect.soft(detail.getByRole('columnheader', { name: 'Quantity' })).toHaveCount(0);
  });

  test('the Create User panel on a phone: every field the same distance from the next, the two-field rows too', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Create User' }).click();
    const panel = page.locator('dialog.adm-side-panel');
    const gap = async (above: string, below: string) =>
      Math.round(
        (await box(panel.getByText(below, { exact: true }))).y -
          ((await box(panel.getByLabel(above, { exact: true }))).y + (await box(panel.getByLabel(above, { exact: true }))).height),
      );
    const usual = await gap('Password', 'First Name');
    expect.soft(await gap('First Name', 'Last Name')).toBe(usual);
    expect.soft(await gap('Phone', 'State (optional)')).toBe(usual);
  });

  test('the user page at 1366 px: the six facts in two rows of three, the four figures on one row', async ({ page }) => {
    await page.setViewportSize(WIDE);
    await page.goto('/admin?user=1');
    await expect(page.getByTestId('user-transfer-price')).toBeVisible();
    const facts = await page.locator('.adm-user-facts > div').evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().y)));
    expect(facts).toHaveLength(6);
    const perRow = [...new Set(facts)].map((top) => facts.filter((t) => t === top).length);
    expect.soft(perRow, `fact tops ${facts.join(', ')}`).toEqual([3, 3]);
    const figures = await page
      .getByTestId('user-page-figures')
      .locator('.adm-summary-card')
      .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().y)));
    expect(figures).toHaveLength(4);
    expect.soft(new Set(figures).size, `figure tops ${figures.join(', ')}`).toBe(1);
  });

  test('the Audit Log filters at 1366 px: a text field and a select side by side are one height, their labels on one line', async ({ page }) => {
    await page.setViewportSize(WIDE);
    await page.goto('/admin/disputes?tab=audit');
    const form = page.locator('form.xadm-filters');
    await expect(form.getByLabel('Kind')).toBeVisible();
    const [agent, kind] = [await box(form.getByLabel('Agent ID')), await box(form.getByLabel('Kind'))];
    expect.soft(Math.round(kind.height)).toBe(Math.round(agent.height));
    expect
      .soft(Math.round((await box(form.getByText('Kind', { exact: true }))).y))
      .toBe(Math.round((await box(form.getByText('Agent ID', { exact: true }))).y));
  });

  test('a hovered outline button stays light and readable; Enter a Call has a 24 px checkbox', async ({ page }) => {
    await page.setViewportSize(WIDE);
    await page.goto('/admin');
    const profile = page.locator('.adm-header-actions').getByRole('link', { name: 'Profile' });
    await profile.hover();
    await expect.soft(profile).toHaveCSS('background-color', 'rgb(239, 246, 255)');
    await page.goto('/admin/disputes?tab=enter');
    await expectTapSized(page.locator('.xadm'));
  });
});

test.describe('training admin and the Training Center', () => {
  test('the video form lines up its inputs at 1366 px; on a phone the fields are evenly spaced, the checkbox is 24 px and the buttons go under the title', async ({
    page,
  }) => {
    await page.setViewportSize(WIDE);
    await page.goto('/training-admin-login');
    await page.getByLabel('Email').fill(DEMO.trainer.email);
    await page.getByLabel('Password').fill(DEMO.trainer.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { name: 'Training Video Manager' })).toBeVisible();
    const duration = page.getByLabel('Duration in seconds (optional)');
    const sort = page.getByLabel('Sort Order');
    expect.soft(Math.round((await box(duration)).y)).toBe(Math.round((await box(sort)).y));
    const outline = page.getByRole('link', { name: 'View Public Page' });
    await outline.hover();
    await expect.soft(outline).toHaveCSS('background-color', 'rgb(239, 246, 255)');

    await page.setViewportSize(PHONE);
    const below = async (above: Locator, label: string) =>
      Math.round((await box(page.getByText(label, { exact: true }))).y - ((await box(above)).y + (await box(above)).height));
    expect.soft(await below(duration, 'Sort Order')).toBe(await below(page.getByLabel('Thumbnail URL (optional)'), 'Duration in seconds (optional)'));
    await expectTapSized(page.locator('.trn-form'));
    const card = page.getByTestId('admin-video').first();
    const title = await box(card.locator('.trn-card-body'));
    const edit = await box(card.getByRole('button', { name: /^Edit / }));
    expect.soft(edit.y).toBeGreaterThanOrEqual(title.y + title.height);
  });

  test("the Training Center on a phone: a section's video count stays on one line", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/training');
    const counts = page.locator('.trn-count');
    await expect(counts.first()).toBeVisible();
    for (const c of await counts.all()) await expectOneLine(c);
  });
});

test('buttons use the page typeface, a link styled as a button is as tall as a button, plain links are the brand blue', async ({ page }) => {
  await page.setViewportSize(WIDE);
  await page.goto('/login');
  const bodyFont = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
  const fontOf = (l: Locator) => l.evaluate((e) => getComputedStyle(e).fontFamily);
  expect.soft(await fontOf(page.getByRole('button', { name: 'Sign In' }))).toBe(bodyFont);
  expect.soft(await page.getByRole('link', { name: 'See pricing' }).evaluate((e) => getComputedStyle(e).color)).toBe('rgb(11, 92, 171)');

  await login(page, DEMO.admin.email, DEMO.admin.password, '/admin');
  const create = page.getByRole('button', { name: 'Create User' });
  await expect(create).toBeVisible();
  expect.soft(await fontOf(create)).toBe(bodyFont);
  const open = page.locator('a.btn.adm-btn-sm').first();
  const change = page.locator('button.btn.adm-btn-sm').first();
  expect.soft(Math.abs((await box(open)).height - (await box(change)).height)).toBeLessThan(0.5);
});
