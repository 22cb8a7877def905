// A clean console in test-payment mode (issue 35 A12): no public page and no portal page logs a console
// error or a CSP violation, for a visitor (GET /api/current-user is a 200 { user: null }, not a 401) and
// for a logged-in agent and admin (no Stripe.js fetched from outside when payments are emulated).
import { test, expect } from '@playwright/test';
import { DEMO, login } from '../tests/helpers.ts';
import { visitAll, watchConsole } from '../tests/console-watch.ts';

const PUBLIC = ['/', '/checkout', '/checkout-premium', '/standard-pricing', '/ringcloud', '/login', '/forgot-password'];
const AGENT = ['/dashboard', '/dashboard?tab=buy-aged-leads', '/dashboard?tab=buy-appointments', '/transfer-checkout', '/dashboard/transfers', '/profile'];

test('a visitor, an agent and an admin walk the site with no console error and no CSP violation', async ({ page, browser }) => {
  const watch = await watchConsole(page);
  await visitAll(page, PUBLIC);
  await login(page, DEMO.agent.email, DEMO.agent.password);
  await visitAll(page, AGENT);
  const adminPage = await (await browser.newContext()).newPage();
  const adminWatch = await watchConsole(adminPage);
  await login(adminPage, DEMO.admin.email, DEMO.admin.password);
  await visitAll(adminPage, ['/admin', '/admin/disputes']);
  expect([...watch.problems, ...adminWatch.problems]).toEqual([]);
});
