// Purchased appointments (issue 19, item 3): .ics download, a secret calendar feed, and a no-show report
// that waits for the admin whatever the call's length (issue 27 L4) unless the calling platform's record of
// attempts shows nobody answered (issue 29 item 2, issue 33): then it is credited at once, with the evidence
// shown. Attempts the agent logs on the card are listed as the agent's account and credit nothing.
import { test, expect } from '@playwright/test';
import { DEMO, login } from './helpers.ts';
import { e2eDb, closeE2eDb, runTag } from './funnel-db.ts';

test.afterAll(closeE2eDb);

test('calendar download and feed, and no-show reports', async ({ page, request, browser }) => {
  const db = e2eDb();
  const agent2 = await db('users').where({ email: DEMO.agent2.email }).first('id');
  const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
  const ids: number[] = [];
  for (const name of [`Quinn Noshow ${runTag}`, `Riley Longcall ${runTag}`, `Sam Evidence ${runTag}`]) {
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

  // Nobody answered (20 s): still the admin's to decide (issue 27 L4: no credit on the agent's word alone), though
  // the agent logged an attempt (the agent's account, issue 33).
  await first.getByRole('button', { name: 'Log a call attempt' }).click();
  await first.getByLabel('Outcome').selectOption('no_answer');
  await first.getByLabel('The call lasted (seconds)').fill('0');
  await first.getByRole('button', { name: 'Save attempt' }).click();
  await expect(first.getByTestId('call-attempts')).toContainText('logged by you');
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
  await expect(first.getByTestId('no-show-decision')).toContainText('The calling platform recorded no call attempt after the callback time.');

  // Two unanswered attempts the calling platform recorded after the appointment time, 40 minutes apart: credited
  // at once; the attempt the agent logs beside them is the agent's account.
  const third = page.locator(`[data-appointment-id="${ids[2]}"]`);
  const ago = (m: number) => new Date(Date.now() - m * 60_000).toISOString().replace('T', ' ').replace('Z', '');
  for (const m of [50, 10]) {
    await db('platform_call_attempts').insert({
      callId: `e2e-${runTag}-${m}`,
      appointmentId: ids[2],
      startedAt: ago(m),
      outcome: 'no_answer',
      durationSeconds: 0,
    });
  }
  await page.reload();
  await expect(third.getByTestId('call-attempts').getByRole('listitem')).toHaveCount(2);
  await third.getByRole('button', { name: 'Log a call attempt' }).click();
  await third.getByLabel('Outcome').selectOption('voicemail');
  await third.getByLabel('The call lasted (seconds)').fill('6');
  await third.getByRole('button', { name: 'Save attempt' }).click();
  await expect(third.getByTestId('call-attempts').getByRole('listitem')).toHaveCount(3);
  await expect(third.getByTestId('call-attempts')).toContainText('Voicemail, 6 s');
  await third.getByRole('button', { name: 'Report no-show' }).click();
  await third.getByLabel('Your call lasted (seconds)').fill('0');
  await third.getByRole('button', { name: 'Send report' }).click();
  const decision = third.getByTestId('no-show-decision');
  await expect(decision.getByRole('status')).toContainText('No-show credited');
  await expect(decision).toContainText("Decided automatically from the calling platform's record of your call attempts.");
  await expect(decision).toContainText('2 attempts after the callback time over 40 minutes, none answered');
  await expect(decision).toContainText("1 attempt typed by the agent is the agent's own account");
  await expect(decision.getByRole('listitem')).toHaveCount(4);
  await page.setViewportSize({ width: 390, height: 900 });
  await third.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('no-show-evidence-390.png') });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The admin's no-show queue: the agent's account (the typed attempt) apart from the platform's record.
  const admin = await browser.newPage();
  await login(admin, DEMO.admin.email, DEMO.admin.password);
  await admin.goto('/admin/disputes?tab=no-shows');
  const row = admin.getByTestId('no-show-row').filter({ hasText: `Quinn Noshow ${runTag}` });
  await expect(row.getByTestId('no-show-agent-account')).toContainText('typed by the agent');
  await expect(row.getByTestId('no-show-evidence')).toContainText('The calling platform recorded no call attempt after the callback time.');
  for (const width of [390, 1366]) {
    await admin.setViewportSize({ width, height: 900 });
    await row.scrollIntoViewIfNeeded();
    await admin.screenshot({ path: test.info().outputPath(`admin-no-show-queue-${width}.png`) });
  }
  await admin.close();
});
