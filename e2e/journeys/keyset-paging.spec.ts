// Buy Aged Leads pages by cursor (decision 236): Next, the numbered buttons, Previous and the jump by age
// in a real browser over the demo's 300 aged leads; the pager fits a phone and a desktop.
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO, login } from '../tests/helpers.ts';

const shots = process.env.E2E_SCREENSHOTS ?? path.join(os.tmpdir(), 'tm-keyset-shots');

for (const width of [390, 1366]) {
  test(`Buy Aged Leads: next, numbered, previous and the jump by age, at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await login(page, DEMO.agent.email, DEMO.agent.password);
    await page.goto('/dashboard?tab=buy-aged-leads');
    const pager = page.getByRole('navigation', { name: 'Buy Aged Leads pages' });
    await expect(pager.getByText(/^Page 1 of \d+/)).toBeVisible();
    const firstIds = await page.getByTestId('lead-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-lead-id')));

    const next = page.waitForRequest((r) => r.url().includes('/api/aged-leads') && r.url().includes('after='));
    await pager.getByRole('button', { name: 'Next' }).click();
    await next;
    await expect(pager.getByText(/^Page 2 of/)).toBeVisible();
    await pager.getByRole('button', { name: 'Page 4' }).click();
    await expect(pager.getByText(/^Page 4 of/)).toBeVisible();
    await pager.getByRole('button', { name: 'Previous' }).click();
    await expect(pager.getByText(/^Page 3 of/)).toBeVisible();
    await pager.getByRole('button', { name: 'Page 1' }).click();
    await expect(pager.getByText(/^Page 1 of/)).toBeVisible();
    expect(await page.getByTestId('lead-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-lead-id')))).toEqual(firstIds);
    await page.screenshot({ path: path.join(shots, `buy-aged-leads-pager-${width}.png`), fullPage: true });
    await pager.screenshot({ path: path.join(shots, `buy-aged-leads-pager-only-${width}.png`) });

    await pager.getByLabel('Jump to age (days)').fill('200');
    await pager.getByRole('button', { name: 'Go' }).click();
    await expect(pager.getByText('From 200 days old')).toBeVisible();
    const ages = await page.getByTestId('lead-row').evaluateAll((rows) => rows.map((r) => Number(r.querySelectorAll('td')[4]?.textContent)));
    expect(ages.length).toBeGreaterThan(0);
    expect(ages.every((a) => a >= 200)).toBe(true);
    await pager.screenshot({ path: path.join(shots, `buy-aged-leads-jump-${width}.png`) });
  });
}
