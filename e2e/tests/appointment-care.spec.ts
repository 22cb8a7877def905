// Purchased appointments (issue 19, item 3): .ics download, a secret calendar feed, and a no-show report
// that waits for the admin whatever the call's length (issue 27 L4).
import { test, expect } from '@playwright/test';
import { DEMO, login } from './helpers.ts';
import { e2eDb, closeE2eDb, runTag } from './funnel-db.ts';

test.afterAll(closeE2eDb);

test('calendar download and feed, and no-show reports', async ({ page, request }) => {
  const db = e2eDb();
  const agent2 = await db('users').where({ email: DEMO.agent2.email }).first('id');
  const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
  const ids: number[] = [];
  for (const name of [`Quinn Noshow ${runTag}`, `Riley Longcall ${runTag}`]) {
    const [id] = await db('appointments').insert({
      customerName: name,
      customerPhone: '4045550123',
      customerState: 'GA',
      callStatus: 'completed',
      status: 'sold',
      buyerId: agent2.id,
      purchasedAt: '2099-01-01 00:00:00.000',
      extractedAppointmentDateTime: hourAgo,
      hasExtractedAppointment: true,
    });
    ids.push(Number(id));
  }

  await login(page, DEMO.agent2.email, DEMO.agent2.password);
  await page.goto('/dashboard?tab=my-appointments');
  const first = page.locator(`[data-appointment-id="${ids[0]}"]`);
  const second = page.locator(`[data-appointment-id="${ids[1]}"]`);
  await expect(first).toBeVisible();

  const ics = await page.request.get((await first.getByRole('link', { name: 'Add to calendar (.ics)' }).getAttribute('href'))!);
  expect(ics.headers()['content-type']).toContain('text/calendar');
  expect(await ics.text()).toContain(`SUMMARY:Appointment: Quinn Noshow ${runTag}`);

  // The feed: shown once, readable without a session, gone when turned off.
  await page.getByText('Calendar feed').click();
  await page.getByRole('button', { name: 'Create feed address' }).click();
  const url = (await page.getByTestId('feed-url').innerText()).trim();
  const feed = await request.get(new URL(url).pathname);
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain(`UID:appointment-${ids[0]}@`);
  await page.getByRole('button', { name: 'Turn off feed' }).click();
  await expect(page.getByRole('button', { name: 'Create feed address' })).toBeVisible();
  expect((await request.get(new URL(url).pathname)).status()).toBe(404);

  // Nobody answered (20 s): still the admin's to decide (issue 27 L4: no credit on the agent's word alone).
  await first.getByRole('button', { name: 'Report no-show' }).click();
  await first.getByLabel('Your call lasted (seconds)').fill('20');
  await first.getByRole('button', { name: 'Send report' }).click();
  await expect(first.getByRole('status')).toContainText('No-show report under review');
  // A 3-minute call: the admin decides.
  await second.getByRole('button', { name: 'Report no-show' }).click();
  await second.getByLabel('Your call lasted (seconds)').fill('180');
  await second.getByRole('button', { name: 'Send report' }).click();
  await expect(second.getByRole('status')).toContainText('No-show report under review');
  await expect(second.getByRole('button', { name: 'Report no-show' })).toHaveCount(0);
});
