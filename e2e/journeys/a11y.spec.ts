// Accessibility: axe-core on every route, public and portal (agent and admin), finds no serious or
// critical violation. Desktop width only: axe's rules do not depend on the width, and the phone layout of
// every route is walked by mobile-overflow.spec.ts (this keeps npm test within its time budget).
import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { DEMO, login } from '../tests/helpers.ts';
import { ADMIN_ROUTES, AGENT_ROUTES, PUBLIC_ROUTES } from '../tests/routes.ts';

async function violations(page: Page, routes: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const route of routes) {
    await page.goto(route);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    // Confetti is decoration drawn over the page for a moment; it is not content to check.
    const result = await new AxeBuilder({ page }).exclude('body > canvas').analyze();
    for (const v of result.violations) {
      if (v.impact === 'serious' || v.impact === 'critical') {
        found.push(
          `${route} [${v.impact}] ${v.id}: ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join(' | ')}`,
        );
      }
    }
  }
  return found;
}

for (const width of [1366]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('public pages', async ({ page }) => {
      test.setTimeout(240_000);
      expect(await violations(page, PUBLIC_ROUTES)).toEqual([]);
    });

    test('agent screens', async ({ page }) => {
      test.setTimeout(240_000);
      await login(page, DEMO.agent.email, DEMO.agent.password);
      expect(await violations(page, AGENT_ROUTES)).toEqual([]);
    });

    test('admin screens', async ({ page }) => {
      test.setTimeout(120_000);
      await login(page, DEMO.admin.email, DEMO.admin.password, '/admin');
      expect(await violations(page, ADMIN_ROUTES)).toEqual([]);
    });
  });
}
