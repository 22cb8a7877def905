// Buy Aged Leads pages by cursor (decision 236): Next, the numbered buttons, Previous and the jump by age
// in a real browser over the demo's 300 aged leads; My Leads by cursor too (decision 254), its pages kept
// while leads are assigned in between; the pagers fit a phone and a desktop.
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, adminPage, createUser, login, unique } from '../tests/helpers.ts';

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

/** `count` pool leads of `state` filled in 45 days ago, imported by the admin logged in on `admin`. */
async function poolLeads(admin: Page, state: string, count: number, tag: string) {
  const filled = new Date(Date.now() - 45 * 86_400_000).toISOString().slice(0, 10);
  const base = 2000000 + Math.floor(Math.random() * 7000000);
  const csv = ['name,phone,state,form fill date', ...Array.from({ length: count }, (_, i) => `Keyset ${tag} ${i},701${base + i},${state},${filled}`)].join(
    '\n',
  );
  const up = await admin.request.post('/api/admin/lead-imports?target=assignment', { headers: { 'Content-Type': 'text/csv' }, data: csv });
  expect(up.status()).toBe(201);
  const imp = (await up.json()) as { import: { id: number }; suggestedMapping: object };
  expect((await admin.request.post(`/api/admin/lead-imports/${imp.import.id}/run`, { data: { mapping: imp.suggestedMapping } })).status()).toBe(202);
  await expect
    .poll(
      async () =>
        ((await (await admin.request.get(`/api/admin/lead-imports/${imp.import.id}`)).json()) as { progress: { type: string } | null }).progress?.type,
      {
        timeout: 30_000,
      },
    )
    .toBe('done');
}

const assign = async (admin: Page, agentId: number, state: string, count: number) => {
  const res = await admin.request.post('/api/admin/lead-pool/assign-by-filter', {
    data: { agentId, states: [state], ageFrom: 30, ageTo: 60, count, dryRun: false },
  });
  expect(res.status(), await res.text()).toBe(200);
};

for (const width of [390, 1366]) {
  test(`My Leads: next and previous by cursor, pages kept while leads are assigned in between, at ${width} px`, async ({ page, browser }) => {
    test.setTimeout(120_000);
    const tag = unique();
    const state = width === 390 ? 'ND' : 'SD';
    const { admin, adminContext } = await adminPage(browser);
    const who = {
      email: `keyset.${tag}@example.com`,
      password: 'keyset-pass-1',
      firstName: 'Kay',
      lastName: `Set${tag}`,
      agencyName: 'Keyset Agency',
      phone: '7015550100',
    };
    const agentId = await createUser(admin, who);
    await poolLeads(admin, state, 130, tag);
    await assign(admin, agentId, state, 110);

    await page.setViewportSize({ width, height: 900 });
    await login(page, who.email, who.password);
    await page.goto('/dashboard?tab=my-leads');
    const pager = page.getByRole('navigation', { name: 'My lead pages' });
    const ids = () => page.getByTestId('my-lead-row').evaluateAll((rows) => rows.map((r) => r.textContent));
    await expect(pager.getByText('Page 1 of 3')).toBeVisible();
    const first = await ids();
    const next = page.waitForRequest((r) => r.url().includes('/api/my-leads') && r.url().includes('after='));
    await pager.getByRole('button', { name: 'Next' }).click();
    await next;
    await expect(pager.getByText(/^Page 2 of 3/)).toBeVisible();
    const second = await ids();
    expect(second).toHaveLength(50);
    expect(second).not.toEqual(first);

    // Twenty more are assigned while the agent reads page 2 (they go in front): Next and Previous still
    // lead to the pages the agent saw, by the leads they start from, not by a number that moved.
    await assign(admin, agentId, state, 20);
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(pager.getByText(/^Page 3 of/)).toBeVisible();
    await expect(page.getByTestId('my-lead-row')).toHaveCount(10);
    await pager.getByRole('button', { name: 'Previous' }).click();
    await expect(pager.getByText(/^Page 2 of/)).toBeVisible();
    expect(await ids()).toEqual(second);
    await pager.getByRole('button', { name: 'Previous' }).click();
    await expect(pager.getByText(/^Page 1 of/)).toBeVisible();
    expect(await ids()).toEqual(first);
    // The twenty new leads are before it: Previous is still there, and reaches them.
    await pager.getByRole('button', { name: 'Previous' }).click();
    await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await expect(page.getByTestId('my-lead-row')).toHaveCount(50);
    expect(first).not.toContain((await ids())[0]);
    await page.screenshot({ path: path.join(shots, `my-leads-pager-${width}.png`), fullPage: true });
    await pager.screenshot({ path: path.join(shots, `my-leads-pager-only-${width}.png`) });
    await adminContext.close();
  });
}
