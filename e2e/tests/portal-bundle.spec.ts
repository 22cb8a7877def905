// The portal ships React and react-dom (decision 190), within its budgets: /login's JavaScript at most
// 100 KB gzipped, every other screen its own chunk and at most 180 KB with the entry. Read from the
// build (portal/dist) the server sends, and in the browser: the page is rendered by React's renderer.
import { test, expect } from '@playwright/test';
import path from 'node:path';
import { LOGIN_JS_BUDGET, PORTAL_SCREEN_JS_BUDGET, measurePortal } from '../../bench/portal-bundle.ts';

const PORTAL_DIST = path.resolve(import.meta.dirname, '..', '..', 'portal', 'dist');

test("the built portal ships React's renderer, no Preact, within the budgets", () => {
  const bundle = measurePortal(PORTAL_DIST);
  expect(bundle.reactDom, 'react-dom in the entry').toBe(true);
  expect(bundle.preact, 'no Preact in any chunk').toBe(false);
  expect(bundle.entry, '/login: its JavaScript, gzipped').toBeLessThanOrEqual(LOGIN_JS_BUDGET);
  expect(bundle.screens.length).toBeGreaterThan(10);
  for (const screen of bundle.screens) {
    expect(screen.inEntry, `${screen.name} is its own chunk`).toBe(false);
    expect(screen.withEntry, `${screen.name} with the entry, gzipped`).toBeLessThanOrEqual(PORTAL_SCREEN_JS_BUDGET);
  }
});

test('/login is rendered by React (a React root on #root)', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  const reactRoot = await page.evaluate(() => Object.keys(document.getElementById('root') ?? {}).some((k) => k.startsWith('__reactContainer$')));
  expect(reactRoot).toBe(true);
});
