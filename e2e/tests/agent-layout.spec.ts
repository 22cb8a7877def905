// The agent's screens as they look: boxes and computed styles measured at 390 px (a phone) and 1366 px,
// each test guarding one layout mend (the top bar on a short screen, the call filters' labels, the
// Training Center's heading and counts, phone numbers in tables, the card form's Expiry and CVC, the
// profile's notification box, the login's 'Forgot password?').
import { test, expect, type Browser, type Page } from '@playwright/test';
import { DEMO, login, adminPage, createUser } from './helpers.ts';

const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1366, height: 900 };

// The tests that buy something log in as an agent of their own, so the demo agent's purchases (which
// other specs count) stay as they were.
async function newAgent(browser: Browser): Promise<{ email: string; password: string }> {
  const { admin, adminContext } = await adminPage(browser);
  const email = `layout.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`;
  const password = 'layout-pass-1';
  await createUser(admin, { email, password, firstName: 'Lee', lastName: 'Layout', agencyName: 'Layout Agency', phone: '5550104040' });
  await adminContext.close();
  return { email, password };
}

async function top(page: Page, selector: string): Promise<number> {
  return Math.round((await page.locator(selector).first().boundingBox())!.y);
}

test('the phone top bar is as tall on a short screen as on a long one', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await login(page, DEMO.agent.email, DEMO.agent.password);
  const barHeight = async (route: string) => {
    await page.goto(route);
    await expect(page.locator('main h2').first()).toBeVisible();
    return (await page.locator('.dash-topbar').boundingBox())!.height;
  };
  const long = await barHeight('/dashboard?tab=buy-leads');
  expect(long).toBeLessThan(60);
  // Facebook Leads is shorter than the screen: the spare height must not go to the bar.
  expect(await barHeight('/dashboard?tab=facebook-leads')).toBe(long);
  expect(await barHeight('/dashboard?tab=support')).toBe(long);
});

test('My Transfers at 1366 px: the call filters stand on one line, date fields and selects one height', async ({ page }) => {
  await page.setViewportSize(WIDE);
  await login(page, DEMO.agent.email, DEMO.agent.password);
  await page.goto('/dashboard/transfers');
  const form = page.getByRole('form', { name: 'Filter calls' });
  await expect(form.getByRole('button', { name: 'Apply' })).toBeVisible();
  const labels = await Promise.all(
    ['From', 'To', 'State', 'Billing'].map(async (name) => Math.round((await form.getByText(name, { exact: true }).boundingBox())!.y)),
  );
  expect(new Set(labels).size, `label tops ${labels.join(', ')}`).toBe(1);
  const heights = await form.locator('input, select').evaluateAll((els) => [...new Set(els.map((el) => Math.round(el.getBoundingClientRect().height)))]);
  expect(heights).toHaveLength(1);
});

test('the Training Center at 1366 px: its heading starts where the other screens do', async ({ page }) => {
  await page.setViewportSize(WIDE);
  await login(page, DEMO.agent.email, DEMO.agent.password);
  await page.goto('/dashboard?tab=facebook-ads-course');
  await expect(page.locator('main h2').first()).toBeVisible();
  const panelTop = await top(page, 'main h2');
  await page.goto('/training');
  await expect(page.getByTestId('training-section').first()).toBeVisible();
  expect(await top(page, 'main h1')).toBe(panelTop);
});

test("the Training Center on a phone: a section's video count stays on one line", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await login(page, DEMO.agent.email, DEMO.agent.password);
  await page.goto('/training');
  await expect(page.getByTestId('training-section').first()).toBeVisible();
  for (const count of await page.locator('.trn-count').all()) {
    const { height } = (await count.boundingBox())!;
    const lineHeight = await count.evaluate((el) => parseFloat(getComputedStyle(el).fontSize) * 1.6);
    expect(height, await count.innerText()).toBeLessThan(lineHeight);
  }
});

test('My Leads on a phone: a phone number never breaks across lines', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await login(page, DEMO.agent.email, DEMO.agent.password);
  await page.goto('/dashboard?tab=my-leads');
  const phones = page.getByRole('table', { name: 'My leads' }).locator("a[href^='tel:']");
  await expect(phones.first()).toBeVisible();
  for (const phone of await phones.all()) {
    expect(await phone.evaluate((el) => el.getClientRects().length), await phone.innerText()).toBe(1);
  }
});

test('the lead checkout on a phone: Expiry and CVC side by side, their labels and fields on one line', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await login(page, DEMO.agent.email, DEMO.agent.password);
  await page.goto('/dashboard?tab=buy-leads');
  await page.getByTestId('lead-row').first().getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Purchase Selected Leads' }).click();
  const dialog = page.getByRole('dialog', { name: 'Complete Your Lead Purchase' });
  const expiry = dialog.getByLabel('Expiry (MM / YY)');
  const cvc = dialog.getByLabel('CVC');
  await expect(expiry).toBeVisible();
  const [e, c] = [(await expiry.boundingBox())!, (await cvc.boundingBox())!];
  expect(Math.round(e.y)).toBe(Math.round(c.y));
  expect(c.x).toBeGreaterThan(e.x + e.width);
  const [el, cl] = [(await dialog.getByText('Expiry (MM / YY)').boundingBox())!, (await dialog.getByText('CVC', { exact: true }).boundingBox())!];
  expect(Math.round(el.height)).toBe(Math.round(cl.height));
});

test('the profile on a phone: the notifications box heads itself like the cards above; its checkboxes are easy to tap', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await login(page, DEMO.agent.email, DEMO.agent.password);
  await page.goto('/profile');
  const box = page.locator('fieldset.profile-prefs');
  const heading = box.getByRole('heading', { name: 'E-mail notifications' });
  await expect(heading).toBeVisible();
  // The heading sits inside the box, as far from its top edge as 'Details' from its card's.
  const fieldsetBox = (await box.boundingBox())!;
  const headingBox = (await heading.boundingBox())!;
  const details = page.getByRole('heading', { name: 'Details' });
  const detailsGap = (await details.boundingBox())!.y - (await page.locator('form.card', { has: details }).boundingBox())!.y;
  expect(Math.round(headingBox.y - fieldsetBox.y)).toBe(Math.round(detailsGap));
  expect(Math.round(fieldsetBox.width)).toBe(Math.round((await page.locator('form.card', { has: details }).boundingBox())!.width));
  for (const label of await box.locator('label.profile-check').all()) {
    expect((await label.boundingBox())!.height).toBeGreaterThanOrEqual(24);
    const check = (await label.getByRole('checkbox').boundingBox())!;
    expect(check.width).toBeGreaterThanOrEqual(18);
    expect(check.height).toBeGreaterThanOrEqual(18);
  }
});

test("the login on a phone: 'Forgot password?' is a tap target 24 px tall", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/login');
  const link = page.getByRole('link', { name: 'Forgot password?' });
  expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(24);
});

test('a receipt on a phone: nothing scrolls sideways, the lines table stays inside the receipt, the buttons on one line', async ({ page, browser }) => {
  const agent = await newAgent(browser);
  await page.setViewportSize(PHONE);
  await login(page, agent.email, agent.password);
  // A paid lead order gives the agent a receipt.
  await page.goto('/dashboard?tab=buy-leads');
  await page.getByTestId('lead-row').first().getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Purchase Selected Leads' }).click();
  const form = page.getByRole('dialog').locator('form[data-payment-mode="test"]');
  await form.getByLabel('Card number').fill('4242 4242 4242 4242');
  await form.getByLabel('Expiry (MM / YY)').fill('12/40');
  await form.getByLabel('CVC').fill('123');
  await form.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.goto('/dashboard/transfers?view=ledger');
  await page.getByRole('link', { name: 'Receipt' }).first().click();
  await expect(page.getByTestId('receipt-total')).toBeVisible();

  const [scrollWidth, innerWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  const receipt = (await page.locator('article.xfer-receipt').boundingBox())!;
  const table = (await page.locator('.xfer-receipt-lines').boundingBox())!;
  expect(table.x + table.width).toBeLessThanOrEqual(receipt.x + receipt.width);
  // The receipt lines up with the frame's other screens (16 px from the edge on a phone), no second inset.
  expect(Math.round(receipt.x)).toBe(16);
  const back = (await page.getByRole('link', { name: 'Back to My Transfers' }).boundingBox())!;
  const print = (await page.getByRole('button', { name: 'Print Receipt' }).boundingBox())!;
  expect(Math.round(back.height)).toBe(Math.round(print.height));
  expect(Math.round(back.y)).toBe(Math.round(print.y));
});

test('Results at 1366 px: with a live purchase, every figures table fits its box (a long row label wraps)', async ({ page, browser }) => {
  const agent = await newAgent(browser);
  await page.setViewportSize(WIDE);
  await login(page, agent.email, agent.password);
  // An appointment is a live purchase: the lead-age table gets its 'Live (transfers, appointments)' row.
  await page.goto('/dashboard?tab=buy-appointments');
  await page
    .getByRole('button', { name: /^Buy - \$10: / })
    .first()
    .click();
  await page.getByRole('button', { name: 'Checkout', exact: true }).click();
  const form = page.getByRole('dialog').locator('form[data-payment-mode="test"]');
  await form.getByLabel('Card number').fill('4242 4242 4242 4242');
  await form.getByLabel('Expiry (MM / YY)').fill('12/40');
  await form.getByLabel('CVC').fill('123');
  await form.getByRole('button', { name: 'Complete Purchase' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.goto('/dashboard/results');
  await expect(page.getByRole('table', { name: 'By lead age' }).getByText('Live (transfers, appointments)')).toBeVisible();
  for (const caption of ['By product', 'By state', 'By lead age']) {
    const box = page.locator('.res-table-wrap', { has: page.getByRole('table', { name: caption }) });
    const [scrollWidth, clientWidth] = await box.evaluate((el) => [el.scrollWidth, el.clientWidth]);
    expect(scrollWidth, caption).toBeLessThanOrEqual(clientWidth);
  }
});

test('Buy Appointments on a phone: the sticky cart bar stays below the top bar when the list scrolls', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await login(page, DEMO.agent.email, DEMO.agent.password);
  await page.goto('/dashboard?tab=buy-appointments');
  await expect(page.getByTestId('appointment-card').nth(3)).toBeVisible();
  await page.mouse.wheel(0, 2000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  const bar = (await page.locator('.dash-topbar').boundingBox())!;
  const cart = (await page.locator('.dash-cart-bar').boundingBox())!;
  expect(cart.y).toBeGreaterThanOrEqual(bar.y + bar.height);
  // The cart's count is what a tap there reaches, not the top bar.
  const count = (await page.getByTestId('cart-count').boundingBox())!;
  const hit = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x!, y!)?.closest('.dash-cart-bar') !== null,
    [count.x + count.width / 2, count.y + count.height / 2],
  );
  expect(hit).toBe(true);
});
