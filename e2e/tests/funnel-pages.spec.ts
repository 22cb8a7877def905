// The public funnel's static pages: each loads with its key words and links, host and flag variants
// pick the right page, pricing pages fire confetti without framework JavaScript, and the quoter prices.
import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import http from 'node:http';
import { TIERS, TIER_IDS, HIGH_VOLUME, FREE_RESOURCES, FREE_RESOURCES_TOTAL_CENTS, ROLEPLAY_HOUR_CENTS, formatUsd } from '@tm/shared';
import { baseURL } from '../playwright.config.ts';

/** GET with a chosen Host header (browsers cannot resolve go.localhost, the server only reads the header). */
function getWithHost(pathname: string, host: string): Promise<{ status: number; body: string }> {
  const u = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { hostname: u.hostname, port: u.port, path: pathname, method: 'GET', headers: { Host: host, 'Accept-Encoding': 'identity' } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

/** A paid order's intent id (a funnel buyer paying 1 transfer with the test card), for the return pages. */
async function paidIntent(request: APIRequestContext): Promise<string> {
  const buyer = { firstName: 'Ona', lastName: 'Return', email: `ona.${Date.now().toString(36)}@example.com`, phone: '5550100155' };
  const created = await request.post('/api/create-payment-intent', { data: { callCount: 1, ...buyer } });
  expect(created.status()).toBe(200);
  const { clientSecret } = (await created.json()) as { clientSecret: string };
  const paid = await request.post('/api/test-payments/confirm', { data: { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' } });
  expect(paid.status()).toBe(200);
  return clientSecret.split('_secret_')[0]!;
}

async function expectNoFrameworkJs(page: Page) {
  await expect(page.locator('astro-island')).toHaveCount(0);
}

test.describe('landing page', () => {
  test('shows every section in order with its key words and links', async ({ page }) => {
    const res = await page.goto('/');
    expect(res?.status()).toBe(200);
    await expectNoFrameworkJs(page);

    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Questions?' })).toHaveAttribute('href', '#schedule');
    await expect(nav.getByRole('link', { name: 'Contact', exact: true })).toHaveAttribute('href', '#contact');
    await expect(page.locator('.hero').getByRole('link', { name: 'Book a Call' })).toHaveAttribute('href', '#schedule');

    // The sections, in the order of docs/product/funnel.md#landing-page.
    const order = await page.locator('main > section').evaluateAll((els) => els.map((e) => e.id || e.className));
    expect(order).toEqual(['hero', 'services', 'why-us', 'testimonials', 'schedule', 'contact']);

    const services = page.locator('#services');
    await expect(services.getByRole('heading', { name: 'Core Services' })).toBeVisible();
    for (const card of ['Live Transfers', 'Premium Appointments', 'Recruiting']) await expect(services.getByRole('heading', { name: card })).toBeVisible();

    const why = page.locator('#why-us');
    await expect(why.getByRole('heading', { name: 'Why Choose Us' })).toBeVisible();
    for (const point of ['TCPA Compliance', 'Proven Results', 'Scaling']) await expect(why.getByRole('heading', { name: point })).toBeVisible();
    await expect(why.getByText('4000+')).toBeVisible();
    await expect(why.getByText('500+')).toBeVisible();
    await expect(why.getByText('95%')).toBeVisible();

    const testimonials = page.locator('#testimonials figure');
    await expect(testimonials).toHaveCount(3);
    for (const img of await testimonials.locator('img').all()) {
      await expect(img).toHaveAttribute('src', /\/images\/testimonial-\d\.svg$/);
      await expect(img).toHaveAttribute('alt', /screenshot/);
    }

    const schedule = page.locator('#schedule');
    await expect(schedule.getByRole('heading', { name: 'Schedule a Call' })).toBeVisible();
    // No booking widget configured in e2e: the fallback offers phone and e-mail links.
    await expect(schedule.getByTestId('contact-fallback').locator('a[href^="tel:"]')).toBeVisible();
    await expect(schedule.getByTestId('contact-fallback').locator('a[href^="mailto:"]')).toBeVisible();

    const contact = page.locator('#contact');
    await expect(contact.locator('a[href^="tel:"]')).toBeVisible();
    await expect(contact.locator('a[href^="mailto:"]')).toBeVisible();
    await expect(contact.getByRole('link', { name: 'Book a Call Now' })).toHaveAttribute('href', '#schedule');

    await expect(page.locator('footer')).toContainText('Photo credit');
  });

  test('the header anchors scroll to their sections and the artwork loads', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Questions?' }).click();
    await expect(page).toHaveURL(/#schedule$/);
    await expect(page.getByRole('heading', { name: 'Schedule a Call' })).toBeInViewport();
    for (const src of ['/images/hero-transfers.svg', '/images/testimonial-1.svg', '/images/testimonial-2.svg', '/images/testimonial-3.svg']) {
      const r = await page.request.get(src);
      expect(r.status(), src).toBe(200);
    }
  });
});

test.describe('host and flag variants', () => {
  test('the survey flag and the special flag pick the survey pages at "/" and their thank-you pages', async ({ page }) => {
    await page.goto('/?survey=1');
    await expect(h1(page)).toHaveText('Onboarding Survey');
    await page.goto('/?special=1');
    await expect(h1(page)).toHaveText('Special Client Onboarding Survey');
    await page.goto('/thank-you');
    await expect(h1(page)).toHaveAttribute('data-variant', 'default');
    await page.goto('/thank-you?survey=1');
    await expect(h1(page)).toHaveAttribute('data-variant', 'go');
    await page.goto('/thank-you?special=1');
    await expect(h1(page)).toHaveAttribute('data-variant', 'special');
  });

  test('the go and ghl host prefixes pick the same pages by Host header', async () => {
    const port = new URL(baseURL).port;
    const go = await getWithHost('/', `go.localhost:${port}`);
    expect(go.status).toBe(200);
    expect(go.body).toContain('<h1 id="survey-title">Onboarding Survey</h1>');
    const ghl = await getWithHost('/', `ghl.localhost:${port}`);
    expect(ghl.body).toContain('Special Client Onboarding Survey');
    const plain = await getWithHost('/', `localhost:${port}`);
    expect(plain.body).toContain('Core Services');
    expect((await getWithHost('/thank-you', `go.localhost:${port}`)).body).toContain('data-variant="go"');
    expect((await getWithHost('/thank-you', `ghl.localhost:${port}`)).body).toContain('data-variant="special"');
    expect((await getWithHost('/onboarding-success', `ghl.localhost:${port}`)).body).toContain('data-variant="special"');
    expect((await getWithHost('/onboarding-success', `localhost:${port}`)).body).toContain('data-variant="standard"');
  });
});

test.describe('onboarding pages', () => {
  test('/survey and /special-survey show their titles and, with no form configured, contact links', async ({ page }) => {
    await page.goto('/survey');
    await expect(h1(page)).toHaveText('Onboarding Survey');
    await expect(page.getByText(/Welcome aboard/)).toBeVisible();
    await expect(page.getByTestId('contact-fallback').locator('a[href^="mailto:"]')).toBeVisible();
    await expect(page.locator('script[data-form-embed]')).toHaveCount(0);
    await page.goto('/special-survey');
    await expect(h1(page)).toHaveText('Special Client Onboarding Survey');
    await expect(page.getByTestId('contact-fallback').locator('a[href^="tel:"]')).toBeVisible();
  });

  test('/onboarding sends the visitor to /survey', async ({ page }) => {
    await page.goto('/onboarding');
    await expect(page).toHaveURL(/\/survey$/);
    await expect(h1(page)).toHaveText('Onboarding Survey');
    const raw = await page.request.get('/onboarding');
    const html = await raw.text();
    expect(html).toContain('http-equiv="refresh" content="0; url=/survey"');
    expect(html).toContain('href="/survey"');
  });

  test('/onboarding-success (default) fires confetti and says specialists call within 24 hours, with e-mail support', async ({ page, request }) => {
    // The page follows the order the server reports: a paid one here.
    await page.goto(`/onboarding-success?payment_intent=${await paidIntent(request)}&redirect_status=succeeded`);
    await expect(h1(page)).toHaveText('Payment Successful!');
    await expect(page.locator('html')).toHaveAttribute('data-confetti-fired', 'true');
    await expect(page.getByRole('heading', { name: 'Important Information' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'What counts as a valid transfer' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'When you are not charged' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'What happens next?' })).toBeVisible();
    await expect(page.getByText('Our onboarding specialists will call you within 24 hours.')).toBeVisible();
    await expect(page.getByTestId('support-email').locator('a[href^="mailto:"]')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Call us now' })).toHaveAttribute('href', /^tel:/);
  });

  test('/onboarding-success for the special flow schedules an onboarding call and has no e-mail block', async ({ page, request }) => {
    await page.goto(`/onboarding-success?special=1&payment_intent=${await paidIntent(request)}&redirect_status=succeeded`);
    await expect(page.locator('html')).toHaveAttribute('data-confetti-fired', 'true');
    await expect(page.getByText('We will schedule your onboarding call and send you the time.')).toBeVisible();
    await expect(page.getByText(/within 24 hours/)).toHaveCount(0);
    await expect(page.getByTestId('support-email')).toHaveCount(0);
    await expect(page.locator('main a[href^="mailto:"]')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Call us now' })).toHaveAttribute('href', /^tel:/);
  });
});

test.describe('pricing', () => {
  const inclusions: Record<string, string[]> = {
    standard: ['TCPA-compliant qualified prospects', 'Real-time delivery to agents', '60-second minimum call duration policy', '60 second buffer protection'],
    enterprise: ['Dedicated account manager', 'Priority support', 'Custom reporting', 'Flexible payment terms'],
    ultimate: [
      'Dedicated account manager',
      'Priority support and setup',
      'Custom reporting and analytics',
      'Flexible payment terms',
      'White-label options',
      'Volume discounts for additional products',
    ],
  };

  for (const id of TIER_IDS) {
    const tier = TIERS[id];
    test(`${tier.pricingPath} shows ${formatUsd(tier.rateCents)}, its table and inclusions, confetti, and links to ${tier.checkoutPath}`, async ({ page }) => {
      const res = await page.goto(tier.pricingPath);
      expect(res?.status()).toBe(200);
      await expectNoFrameworkJs(page);
      await expect(page.locator('html')).toHaveAttribute('data-confetti-fired', 'true');
      await expect(page.getByTestId('tier-rate')).toContainText(formatUsd(tier.rateCents));
      if (tier.wasRateCents) await expect(page.getByTestId('tier-rate')).toContainText(formatUsd(tier.wasRateCents));
      await expect(page.getByText(`${tier.bufferSeconds} second buffer protection`).first()).toBeVisible();
      const current = page.locator('tr.current');
      await expect(current).toContainText(tier.label);
      await expect(current).toContainText(formatUsd(tier.rateCents));
      for (const item of inclusions[id] ?? []) await expect(page.locator('.checklist').getByText(item, { exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: "Let's get started!" })).toHaveAttribute('href', tier.checkoutPath);
    });
  }

  test('/pricing links to every tier page and to the high-volume checkout', async ({ page }) => {
    await page.goto('/pricing');
    await expectNoFrameworkJs(page);
    for (const id of TIER_IDS) await expect(page.locator(`[data-tier="${id}"] a`)).toHaveAttribute('href', TIERS[id].pricingPath);
    await expect(page.getByRole('link', { name: 'Buy a high-volume package' })).toHaveAttribute('href', HIGH_VOLUME.checkoutPath);
    await page.locator('[data-tier="premium"] a').click();
    await expect(page).toHaveURL(/\/premium-pricing$/);
  });
});

test.describe('other public pages', () => {
  test('/agentresources offers the three free items worth the total, a booking fallback and three testimonials', async ({ page }) => {
    await page.goto('/agentresources');
    await expect(h1(page)).toContainText(formatUsd(FREE_RESOURCES_TOTAL_CENTS));
    for (const r of FREE_RESOURCES) {
      await expect(page.getByRole('heading', { name: `Free ${r.label}` })).toBeVisible();
      await expect(page.locator('table').getByText(formatUsd(r.valueCents), { exact: true })).toBeVisible();
    }
    await expect(page.getByTestId('total-value')).toHaveText(formatUsd(FREE_RESOURCES_TOTAL_CENTS));
    await expect(page.locator('#book').getByTestId('contact-fallback').locator('a[href^="mailto:"]')).toBeVisible();
    await expect(page.locator('figure.testimonial')).toHaveCount(3);
  });

  test('/sales-roleplay shows the hourly price, the practice number and Back to Dashboard', async ({ page }) => {
    await page.goto('/sales-roleplay');
    await expect(page.getByTestId('roleplay-price')).toContainText(`${formatUsd(ROLEPLAY_HOUR_CENTS)} for one hour`);
    await expect(page.getByTestId('practice-phone')).toHaveAttribute('href', /^tel:\+?\d{10,}/);
    await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  test('/agentleadlab-success gives the next steps and Back to Home', async ({ page }) => {
    await page.goto('/agentleadlab-success');
    await expect(page.getByText('We set up your account within 24 hours.')).toBeVisible();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('/brightcalldocs documents the endpoint, authentication, fields, curl and every answer', async ({ page }) => {
    await page.goto('/brightcalldocs');
    await expect(page.locator('#endpoint code').first()).toHaveText(`${baseURL}/api/callbacks/brightcall`);
    await expect(page.locator('#authentication')).toContainText('x-api-key: YOUR_BRIGHTCALL_API_KEY');
    await expect(page.locator('#authentication')).toContainText('Authorization: Bearer YOUR_BRIGHTCALL_API_KEY');
    for (const f of [
      'first_name',
      'last_name',
      'phone_number',
      'transcript',
      'call_outcome',
      'state',
      'callback_time',
      'agent_id',
      'lead_quality',
      'interest_level',
    ]) {
      await expect(page.locator('#fields').getByText(f, { exact: true })).toBeVisible();
    }
    await expect(page.locator('#example pre')).toContainText(`curl -X POST "${baseURL}/api/callbacks/brightcall"`);
    const responses = page.locator('#responses');
    for (const text of ['"callback_id": 1234', 'Missing required fields', '"error": "Unauthorized"', '"error": "Failed to process callback"'])
      await expect(responses).toContainText(text);
  });

  test('the documented example request really works against the webhook', async ({ request }) => {
    const ok = await request.post('/api/callbacks/brightcall', {
      headers: { 'x-api-key': 'e2e-brightcall-key' },
      data: { first_name: 'Doc', last_name: 'Example', phone_number: '+15125550142', transcript: 'AI: hello. Doc: yes.' },
    });
    expect(ok.status()).toBe(200);
    expect(await ok.json()).toMatchObject({ success: true, message: 'Callback received successfully' });
    const missing = await request.post('/api/callbacks/brightcall', { headers: { authorization: 'Bearer e2e-brightcall-key' }, data: { first_name: 'Doc' } });
    expect(missing.status()).toBe(400);
    expect((await missing.json()).error).toContain('Missing required fields');
  });

  test('an unknown path gets the 404 page with a real 404 status', async ({ page }) => {
    const res = await page.goto('/no-such-funnel-page');
    expect(res?.status()).toBe(404);
    await expect(h1(page)).toHaveText('Page Not Found');
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  });
});

test.describe('FEX quoter', () => {
  test('prices the defaults and two other clients, with the speakable range and the disclaimer', async ({ page }) => {
    await page.goto('/fex-quoter');
    const premium = page.getByTestId('quote-premium');
    // Defaults: 65, female, 10000, simplified, non-smoker -> 10 x 6.00 less 15% = 51.00.
    await expect(premium).toHaveText('$51.00');
    await expect(page.getByLabel('Age', { exact: true })).toHaveValue('65');
    await expect(page.getByLabel('Coverage ($)')).toHaveValue('10000');
    await expect(page.getByTestId('quote-range')).toContainText('between $47 and $55 a month');
    await expect(page.getByText('not a carrier quote')).toBeVisible();

    // Male, 70: 10 x 8.50 less 15% = 72.25.
    await page.getByText('Male', { exact: true }).click();
    await page.getByLabel('Age', { exact: true }).fill('70');
    await expect(premium).toHaveText('$72.25');

    // 80, guaranteed, smoker, 5000: 5 x 15 x 1.25 x 1.2 = 112.50 (no discount under 10000).
    await page.getByLabel('Age', { exact: true }).fill('80');
    await page.getByLabel('Coverage ($)').fill('5000');
    await page.getByLabel('Plan type').selectOption('guaranteed');
    await page.getByText('Smoker', { exact: true }).click();
    await expect(premium).toHaveText('$112.50');
    await expect(page.getByTestId('quote-range')).toContainText('between $105 and $120 a month');

    // Ages outside 40-90 are priced at the clamp.
    await page.getByLabel('Age', { exact: true }).fill('95');
    await expect(page.getByText('Priced at age 90')).toBeVisible();
  });
});
