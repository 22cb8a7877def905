// Issue 26, tools to correct mistakes (Leads), in the admin's Leads tab at 390 px and 1366 px: reassign an
// assigned lead to another agent (picked by name) and unassign one, each confirmed, and the agents' My Leads
// follow; delete an unsold pool lead and an unsold lead for sale, confirmed; the for-sale inventory with
// the aged-lead shop's prices; and an import's refused rows downloaded as a CSV that uploads again once fixed.
import fs from 'node:fs';
import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { RINGCLOUD, formatUsd } from '@tm/shared';
import { DEMO, login } from '../tests/helpers.ts';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const toast = (page: Page) => page.getByTestId('toast');
const SHOTS = process.env.SHOTS_DIR;
const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(await page.evaluate(() => window.innerWidth));

/** Uploads a CSV through the API and runs it with the suggested mapping; resolves when it is done. */
async function importCsv(page: Page, csv: string, query: string): Promise<number> {
  const up = await page.request.post(`/api/admin/lead-imports?${query}`, { headers: { 'Content-Type': 'text/csv' }, data: csv });
  expect(up.status()).toBe(201);
  const body = (await up.json()) as { import: { id: number }; suggestedMapping: object };
  expect((await page.request.post(`/api/admin/lead-imports/${body.import.id}/run`, { data: { mapping: body.suggestedMapping } })).status()).toBe(202);
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/admin/lead-imports/${body.import.id}`)).json()) as { progress: { type: string } | null }).progress?.type,
      {
        timeout: 30_000,
      },
    )
    .toBe('done');
  return body.import.id;
}

async function userId(page: Page, email: string): Promise<number> {
  const res = await page.request.get(`/api/admin/users/search?q=${encodeURIComponent(email)}`);
  return ((await res.json()) as { items: Array<{ id: number; email: string }> }).items.find((u) => u.email === email)!.id;
}

async function myLeadNames(page: Page, who: { email: string; password: string }, tag: string): Promise<string[]> {
  const ctx = await page
    .context()
    .browser()!
    .newContext({ baseURL: new URL(page.url()).origin });
  const agent = await ctx.newPage();
  await login(agent, who.email, who.password);
  const res = await agent.request.get(`/api/my-leads?q=${encodeURIComponent(tag)}`);
  const names = ((await res.json()) as { items: Array<{ name: string }> }).items.map((l) => l.name).sort();
  await ctx.close();
  return names;
}

for (const width of [390, 1366]) {
  test(`at ${width} px: reassign and unassign an assigned lead, delete unsold ones, see the inventory`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 900 });
    await login(page, DEMO.admin.email, DEMO.admin.password, '/admin');
    const tag = unique();
    const base = 2000000 + Math.floor(Math.random() * 7000000);
    const names = [`Moved ${tag}`, `Taken ${tag}`, `Junk ${tag}`];
    await importCsv(page, ['name,phone,state', ...names.map((n, i) => `${n},312${base + i},IL`)].join('\n'), 'target=assignment');
    const pool = (await (await page.request.get(`/api/admin/lead-pool?q=${tag}`)).json()) as { items: Array<{ id: number; name: string }> };
    const idOf = (name: string) => pool.items.find((l) => l.name === name)!.id;
    const agentId = await userId(page, DEMO.agent.email);
    const assigned = await page.request.post('/api/admin/lead-pool/assign', { data: { agentId, leadIds: [idOf(names[0]!), idOf(names[1]!)] } });
    expect(assigned.status()).toBe(200);
    expect(await myLeadNames(page, DEMO.agent, tag)).toEqual([names[0], names[1]].sort());

    await page.goto('/admin?tab=leads');
    const poolSection = page.locator('section.adm-pool');
    await poolSection.getByLabel('Search leads').fill(tag);
    await poolSection.getByLabel('Show').selectOption('assigned');
    await expect(poolSection.getByTestId('pool-row')).toHaveCount(2);
    if (SHOTS) await poolSection.screenshot({ path: `${SHOTS}/pool-assigned-${width}.png` });

    // Reassign: the agent is found by name, the move is confirmed.
    await poolSection.getByRole('button', { name: `Reassign ${names[0]}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Reassign lead' });
    await expect(dialog).toContainText(`from ${DEMO.agent.email}`);
    await expect(dialog.getByRole('button', { name: 'Reassign' })).toBeDisabled();
    const agent2 = (await (await page.request.get(`/api/admin/users/search?q=${DEMO.agent2.email}`)).json()) as {
      items: Array<{ firstName: string; email: string }>;
    };
    await dialog.getByPlaceholder('Search agents by name or email...').fill(agent2.items[0]!.firstName);
    await dialog.getByRole('button', { name: new RegExp(DEMO.agent2.email.replace(/\./g, '\\.')) }).click();
    await expect(dialog.getByTestId('chosen-agent')).toContainText(DEMO.agent2.email);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/reassign-${width}.png` });
    await dialog.getByRole('button', { name: 'Reassign' }).click();
    await expect(toast(page)).toContainText(`${names[0]} reassigned to ${DEMO.agent2.email}`);
    await expect(poolSection.getByTestId('pool-row').filter({ hasText: names[0]! })).toContainText(DEMO.agent2.email);

    // Unassign, confirmed.
    await poolSection.getByRole('button', { name: `Unassign ${names[1]}` }).click();
    const un = page.getByRole('dialog', { name: 'Unassign lead' });
    await expect(un).toContainText(`Take ${names[1]} back from ${DEMO.agent.email}?`);
    await un.getByRole('button', { name: 'Unassign' }).click();
    await expect(toast(page).filter({ hasText: 'Lead Unassigned' })).toBeVisible();
    await expect(poolSection.getByTestId('pool-row')).toHaveCount(1);

    expect(await myLeadNames(page, DEMO.agent, tag)).toEqual([]);
    expect(await myLeadNames(page, DEMO.agent2, tag)).toEqual([names[0]]);

    // Delete unassigned pool leads, confirmed.
    await poolSection.getByLabel('Show').selectOption('unassigned');
    await expect(poolSection.getByTestId('pool-row')).toHaveCount(2);
    await poolSection.getByLabel(`Select ${names[2]}`).check();
    await poolSection.getByRole('button', { name: 'Delete Selected (1)' }).click();
    const del = page.getByRole('dialog', { name: 'Delete leads' });
    await expect(del).toContainText('Delete 1 unassigned lead?');
    await del.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page).filter({ hasText: 'Leads Deleted' })).toBeVisible();
    await expect(poolSection.getByTestId('pool-row')).toHaveCount(1);
    await expect(poolSection.getByTestId('pool-row')).toContainText(names[1]!);

    // A lead for sale: deleted from the shop after a confirmation.
    const forSale = `Shop ${tag}`;
    await importCsv(page, `name,phone,state,zip\n${forSale},713${base},TX,77001\n`, 'target=sale&kind=aged');
    const shop = page.locator('section.adm-sale-leads');
    await shop.getByLabel('Search leads for sale').fill(tag);
    await expect(shop.getByTestId('sale-lead-row')).toHaveCount(1);
    await expect(shop.getByTestId('sale-lead-row')).toContainText('For sale');
    await shop.getByLabel(`Select ${forSale}`).check();
    await shop.getByRole('button', { name: 'Delete Selected (1)' }).click();
    const delSale = page.getByRole('dialog', { name: 'Delete leads' });
    await expect(delSale).toContainText('Delete 1 unsold lead for sale?');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/delete-sale-${width}.png` });
    await delSale.getByRole('button', { name: 'Delete' }).click();
    await expect(shop.getByText('No leads found matching your search')).toBeVisible();

    // The inventory: the shop's bands with the catalogue's price per lead.
    const inventory = page.locator('section.adm-inventory');
    const band = inventory.getByTestId('inventory-age-row').filter({ hasText: '30-60 days' });
    await expect(band).toContainText(`${formatUsd(RINGCLOUD.agedLeadCents['30-60'], { cents: true })} per lead`);
    await expect(inventory.getByTestId('inventory-age-row')).toHaveCount(5);
    await expect(inventory.getByTestId('inventory-totals')).toContainText('aged and');
    await inventory.scrollIntoViewIfNeeded();
    if (SHOTS) await inventory.screenshot({ path: `${SHOTS}/inventory-${width}.png` });
    await noSidewaysScroll(page);

    // With assigned rows (their buttons) on screen, axe finds nothing serious in the tab.
    await poolSection.getByLabel('Show').selectOption('all');
    await expect(poolSection.getByRole('button', { name: `Reassign ${names[0]}` })).toBeVisible();
    const axe = await new AxeBuilder({ page }).include('.adm-leads').analyze();
    expect(
      axe.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map(
          (v) =>
            `${v.id}: ${v.nodes
              .slice(0, 3)
              .map((n) => n.target.join(' '))
              .join(' | ')}`,
        ),
    ).toEqual([]);
  });
}

test('the refused rows download as a CSV that imports once fixed', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 900 });
  await login(page, DEMO.admin.email, DEMO.admin.password, '/admin');
  const tag = unique();
  const base = 2000000 + Math.floor(Math.random() * 7000000);
  const csv = ['Full Name,Phone Number,State', `Good ${tag},646${base},NY`, `Fixme ${tag},646-55,NY`, `=Sum ${tag},646${base + 1},Nowhere`].join('\n');

  await page.goto('/admin?tab=leads');
  await page.getByLabel('For assignment to agents').check();
  await page.getByLabel('CSV file', { exact: true }).setInputFiles({ name: `vendor-${tag}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await page.getByRole('button', { name: 'Import Leads' }).click();
  await expect(page.getByTestId('import-result')).toContainText('Imported 1 of 3 rows; 2 refused.');
  if (SHOTS) await page.getByTestId('import-result').screenshot({ path: `${SHOTS}/refused-390.png` });
  await noSidewaysScroll(page);

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download Refused Rows (CSV)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`vendor-${tag}-refused-rows.csv`);
  const text = fs.readFileSync(await file.path(), 'utf8');
  const lines = text.trim().split('\r\n');
  expect(lines[0]).toBe('"Reason refused","Full Name","Phone Number","State"');
  expect(lines).toHaveLength(3);
  expect(lines[1]).toContain(`,"Fixme ${tag}","646-55","NY"`);
  // A formula start is neutralised in the file.
  expect(lines[2]).toContain(`,"'=Sum ${tag}","646${base + 1}","Nowhere"`);

  // Fixed in place and uploaded again as it is: both rows import.
  const fixed = text.replace(',"646-55",', `,"646${base + 2}",`).replace(',"Nowhere"', ',"NY"');
  await page.getByRole('button', { name: 'Upload Another File' }).click();
  await page.getByLabel('For assignment to agents').check();
  await page.getByLabel('CSV file', { exact: true }).setInputFiles({ name: `fixed-${tag}.csv`, mimeType: 'text/csv', buffer: Buffer.from(fixed) });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByLabel('Full name')).toHaveValue('1');
  await page.getByRole('button', { name: 'Import Leads' }).click();
  await expect(page.getByTestId('import-result')).toContainText('Imported 2 of 2 rows; 0 refused.');
});
