// Confetti under the Content-Security-Policy: the pricing pages (a burst on load) draw their canvas and
// the browser reports no CSP violation (canvas-confetti's blob: worker was blocked before; it now draws
// on the page's own thread). The same cannon serves onboarding-success (once its order is paid) and
// the portal's appointment purchase (dashboard.spec.ts).
import { test, expect } from '@playwright/test';

for (const route of ['/standard-pricing', '/special-pricing', '/premium-pricing', '/enterprise-pricing', '/ultimate-pricing']) {
  test(`confetti shows on ${route} with no CSP violation`, async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|Could not load worker/i.test(m.text())) violations.push(m.text());
    });
    const csp = (await page.goto(route))!.headers()['content-security-policy'] ?? '';
    // The policy stays narrow: no blob: scripts or workers.
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/(script|worker)-src[^;]*blob:/);
    await expect(page.locator('html')).toHaveAttribute('data-confetti-fired', 'true');
    const canvas = page.locator('body > canvas');
    await expect(canvas).toHaveCount(1);
    // Something is drawn on it (not a blank canvas).
    await expect
      .poll(
        () =>
          canvas.evaluate((c: HTMLCanvasElement) => {
            const ctx = c.getContext('2d');
            if (!ctx || c.width === 0) return 0;
            const d = ctx.getImageData(0, 0, c.width, c.height).data;
            let painted = 0;
            for (let i = 3; i < d.length; i += 4 * 16) if (d[i]! > 0) painted++;
            return painted;
          }),
        { timeout: 3000 },
      )
      .toBeGreaterThan(0);
    expect(violations).toEqual([]);
  });
}

test('no confetti for visitors who prefer reduced motion', async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto('/standard-pricing');
  await page.waitForTimeout(500);
  await expect(page.locator('body > canvas')).toHaveCount(0);
  await context.close();
});
