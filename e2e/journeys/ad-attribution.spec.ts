// Ad traffic you can measure (issue 37, decisions 232-235): a buyer lands from a Google ad on /standard-pricing,
// browses to /checkout and pays with the test card; the admin's order shows the campaign, the Reports screen's Campaigns section
// counts the order, and the Google Ads CSV has the gclid row at the net value, which a partial refund lowers.
// Then what search engines and shares read: robots.txt, the sitemap (exactly the indexed public pages), and
// each page's canonical URL, description, Open Graph / Twitter tags and the pricing pages' Product price.
import { test, expect, type Page } from '@playwright/test';
import { TIERS } from '@tm/shared';
import { INDEXED_PAGES, PORTAL_PUBLIC_PATHS } from '../../marketing/src/seo-pages.ts';
import { adminPage, unique } from '../tests/helpers.ts';

const RATE = TIERS.standard.rateCents;
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

async function payWithTestCard(page: Page) {
  const form = page.locator('form[data-payment-mode="test"]');
  await form.getByLabel('Card number').fill('4242 4242 4242 4242');
  await form.getByLabel('Expiry (MM / YY)').fill('12/40');
  await form.getByLabel('CVC').fill('123');
}

test('a Google ad click is traced from /standard-pricing through the checkout to the admin, the report and the Google Ads file', async ({ page, browser }) => {
  const campaign = `fex-tx-${unique()}`;
  const gclid = `TEST123${unique()}`;
  await page.goto(`/standard-pricing?utm_source=google&utm_medium=cpc&utm_campaign=${campaign}&gclid=${gclid}`);
  await page.getByRole('link', { name: "Let's get started!" }).click();
  await expect(page).toHaveURL(/\/checkout$/);

  const count = page.getByLabel('How many transfers would you like to purchase?');
  await count.fill('10');
  const buyer = page.getByTestId('checkout-buyer');
  const email = `ad.buyer.${unique()}@example.com`;
  await buyer.getByLabel('First name').fill('Ada');
  await buyer.getByLabel('Last name').fill('Clicker');
  await buyer.getByLabel('Email').fill(email);
  await buyer.getByLabel('Phone').fill('(555) 010-0188');
  const created = page.waitForResponse((r) => r.url().endsWith('/api/create-payment-intent') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  const { orderId } = (await (await created).json()) as { orderId: number };
  await payWithTestCard(page);
  await page.getByRole('button', { name: 'Complete Payment - $400' }).click();
  await expect(page.getByTestId('order-summary').getByTestId('order-status')).toHaveText('Paid');

  const { admin, adminContext } = await adminPage(browser);
  // The order shows its campaign.
  await admin.goto('/admin?tab=orders');
  await admin.getByLabel('Search buyer name or email').fill(email);
  const card = admin.getByTestId('order-card').filter({ hasText: `Order #${orderId}` });
  await card.getByRole('button', { name: `View order #${orderId}` }).click();
  await expect(admin.getByTestId('order-campaign')).toContainText(`google / cpc / ${campaign}`);
  await expect(admin.getByTestId('order-campaign')).toContainText(`gclid ${gclid}`);
  await admin.getByRole('button', { name: 'Close' }).click();

  // The Reports screen's Campaigns section counts it (its default range ends today, in the operator's zone).
  await admin.goto('/admin/reports');
  const row = admin.getByTestId('campaign-row').filter({ hasText: campaign });
  await expect(row).toContainText('google');
  await expect(row).toContainText('$400.00');
  await expect(row.locator('td').nth(3)).toHaveText('1');
  await expect(row.locator('td').nth(6)).toHaveText('1');
  await admin.setViewportSize({ width: 1366, height: 900 });
  await admin.screenshot({ path: test.info().outputPath('campaigns-1366.png'), fullPage: true });
  await admin.setViewportSize({ width: 390, height: 844 });
  await admin.screenshot({ path: test.info().outputPath('campaigns-390.png'), fullPage: true });

  const day = today();
  const googleRow = async () =>
    (await (await admin.request.get(`/api/admin/conversions/google-ads.csv?from=${day}&to=${day}&tz=America/New_York`)).text())
      .split('\r\n')
      .find((l) => l.includes(gclid));
  expect(await googleRow()).toMatch(new RegExp(`^"${gclid}","Purchase","${day} \\d\\d:\\d\\d:\\d\\d-0[45]:00","${(10 * RATE) / 100}\\.00","USD"$`));

  // A partial refund (3 transfers) lowers the value.
  const refund = await admin.request.post(`/api/admin/orders/${orderId}/refunds`, {
    headers: { Origin: new URL(admin.url()).origin },
    data: { amountCents: 3 * RATE, idempotencyKey: `journey-${unique()}` },
  });
  expect(refund.status()).toBe(201);
  expect(await googleRow()).toContain(`"${((7 * RATE) / 100).toFixed(2)}","USD"`);
  await adminContext.close();
});

test('an agent-lab sign-up from a Meta ad: the new account shows its campaign on the admin user page', async ({ page, browser }) => {
  const campaign = `lab-${unique()}`;
  const email = `lab.${unique()}@example.com`;
  await page.goto(`/agentleadlab?utm_source=facebook&utm_medium=paid_social&utm_campaign=${campaign}&fbclid=FBTEST`);
  await page.getByLabel('Agency name').fill('Lab Agency');
  await page.getByLabel('First name').fill('Jo');
  await page.getByLabel('Last name').fill('Labber');
  await page.getByLabel('Phone', { exact: true }).fill('555 010 0199');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Total transfers').fill('20');
  await page.getByLabel('Transfers per day').fill('5');
  await page.getByLabel('Transfer calls to my phone').check();
  await page.getByRole('button', { name: 'Submit Registration' }).click();
  await expect(page).toHaveURL(/\/agentleadlab-success$/);

  const { admin, adminContext } = await adminPage(browser);
  const found = (await (await admin.request.get(`/api/admin/users/search?q=${encodeURIComponent(email)}`)).json()) as {
    items: Array<{ id: number; email: string }>;
  };
  const id = found.items.find((u) => u.email === email)!.id;
  await admin.goto(`/admin?user=${id}`);
  await expect(admin.getByTestId('user-campaign')).toContainText(`facebook / paid_social / ${campaign}`);
  await expect(admin.getByTestId('user-campaign')).toContainText('fbclid FBTEST');
  await adminContext.close();
});

test('robots.txt, the sitemap and every public page read right for search engines and shares', async ({ page, request }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  const rules = await robots.text();
  expect(rules).toContain('Disallow: /api/');
  expect(rules).toContain('Disallow: /admin');
  expect(rules).toContain('Disallow: /dashboard');
  expect(rules).not.toMatch(/Disallow: \/login|Disallow: \/$/m);
  expect(rules).toMatch(/^Sitemap: https?:\/\/[^/]+\/sitemap\.xml$/m);

  // /sitemap.xml is the integration's index; its sitemap lists exactly the indexed pages and the portal's public ones.
  const index = await (await request.get('/sitemap.xml')).text();
  const sitemapUrl = /<loc>([^<]+)<\/loc>/.exec(index)![1]!;
  const sitemap = await (await request.get(new URL(sitemapUrl).pathname)).text();
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname).sort();
  expect(listed).toEqual([...INDEXED_PAGES.map((p) => p.path), ...PORTAL_PUBLIC_PATHS].sort());

  for (const p of INDEXED_PAGES) {
    await page.goto(p.path);
    const head = page.locator('head');
    await expect(head.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`^https?://[^/]+${p.path === '/' ? '/' : p.path}$`));
    await expect(head.locator('meta[name="description"]')).toHaveAttribute('content', /.{50,}/);
    await expect(head.locator('meta[name="robots"]')).toHaveCount(0);
    for (const tag of ['og:title', 'og:description', 'og:url', 'og:image']) await expect(head.locator(`meta[property="${tag}"]`)).toHaveCount(1);
    await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
    const image = new URL((await head.locator('meta[property="og:image"]').getAttribute('content'))!);
    const png = await request.get(image.pathname);
    expect(png.status()).toBe(200);
    expect(png.headers()['content-type']).toBe('image/png');
  }
  // A checkout is not for search: noindex, out of the sitemap.
  await page.goto('/checkout');
  await expect(page.locator('head meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  // /login: description, share tags and its canonical URL.
  await page.goto('/login');
  await expect(page.locator('head meta[name="description"]')).toHaveAttribute('content', /agent portal/);
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', /\/login$/);
  await expect(page.locator('head meta[property="og:image"]')).toHaveAttribute('content', /\/og\/home\.png$/);
  await page.goto('/training');
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', /\/training$/);
});

test("each pricing page's Product price is the catalogue's rate, the price the server charges", async ({ page, request }) => {
  for (const tier of ['standard', 'special', 'premium', 'enterprise', 'ultimate'] as const) {
    await page.goto(`/${tier}-pricing`);
    const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!) as {
      '@type': string;
      offers: { price: string; priceCurrency: string };
    };
    expect(data['@type']).toBe('Product');
    expect(data.offers.priceCurrency).toBe('USD');
    // What the server charges for one transfer of this tier at its checkout.
    const intent = await request.post('/api/create-payment-intent', {
      data: { callCount: 1, tier, firstName: 'Price', lastName: 'Check', email: `price.${unique()}@example.com`, phone: '(555) 010-0111' },
    });
    expect(intent.status(), await intent.text()).toBe(200);
    const { amount } = (await intent.json()) as { amount: number };
    expect(data.offers.price).toBe((amount / 100).toFixed(2));
    expect(amount).toBe(TIERS[tier].rateCents);
  }
});
