// The portal ships React and react-dom (decision 190), within its budgets: /login's JavaScript at most
// 100 KB gzipped, every other screen its own chunk and at most 180 KB with the entry. Read from the
// build (portal/dist) the server sends, and in the browser: the page is rendered by React's renderer.
import { test, expect } from '@playwright/test';
import path from 'node:path';
import { DEMO } from './helpers.ts';
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

// Decision 205: the HTML starts the first screen's chunks with the page. /login downloads neither the
// route table nor Home; /dashboard asks for both before the entry has run, through the inline script the
// CSP allows by hash; opened cold, Home renders once, without React's "Loading..." in between.
test('/login loads no screen chunk; /dashboard preloads the route table and Home from its HTML', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  expect(
    scripts.filter((s) => /\/(router|DashboardPage)-/.test(s)),
    'no screen chunk on /login',
  ).toEqual([]);
  expect(await page.locator('link[rel="modulepreload"][href*="/router-"]').count()).toBe(0);

  await page.getByLabel('Email or username').fill(DEMO.agent.email);
  await page.getByLabel('Password').fill(DEMO.agent.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();

  // Cold load of /dashboard: the preload links are in the document, each pointing at a built file.
  const loadings: number[] = [];
  await page.exposeFunction('__sawLoading', (n: number) => void loadings.push(n));
  await page.addInitScript(() => {
    // Counts every "Loading..." element inserted: the HTML's placeholder as the parser adds it, then any of React's.
    new MutationObserver((ms) => {
      for (const m of ms)
        for (const n of Array.from(m.addedNodes))
          if (n instanceof HTMLElement && n.id !== 'root' && n.textContent === 'Loading...')
            (window as unknown as { __sawLoading: (n: number) => void }).__sawLoading(1);
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  const preloads = await page.locator('link[rel="modulepreload"]').evaluateAll((ls) => ls.map((l) => new URL((l as HTMLLinkElement).href).pathname));
  expect(
    preloads.some((p) => /^\/app-assets\/router-.*\.js$/.test(p)),
    'the route table',
  ).toBe(true);
  expect(
    preloads.some((p) => /^\/app-assets\/DashboardPage-.*\.js$/.test(p)),
    'Home',
  ).toBe(true);
  for (const p of preloads) expect((await page.request.get(p)).status(), p).toBe(200);
  expect(loadings, 'the HTML\'s "Loading..." only, none from React before Home').toEqual([1]);
  expect(violations).toEqual([]);
});
