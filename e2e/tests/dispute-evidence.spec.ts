// Disputes decided by the evidence (issue 29 item 1): the agent disputes two calls in My Transfers; the
// rules approve the wrong number at once (credited back) and deny the genuine conversation, each showing
// the quoted lines and who decided; the agent asks once for a human review, which reaches the admin queue
// with the quotes.
import { test, expect, type Page } from '@playwright/test';
import { login, adminPage, createUser } from './helpers.ts';
import { e2eDb, closeE2eDb, runTag } from './funnel-db.ts';
import { insertPaidOrder } from '../../api/src/test/transfers-testing.ts';

test.afterAll(closeE2eDb);

const toast = (page: Page) => page.getByTestId('toast');

test('rule decisions show their quotes; a denial goes to a human once', async ({ page, browser, request }) => {
  const { admin, adminContext } = await adminPage(browser);
  const email = `evidence.${runTag}@example.com`;
  const password = 'evidence-pass-1';
  const agentId = await createUser(admin, { email, password, firstName: 'Eve', lastName: 'Dence', agencyName: 'Evidence Agency', phone: '5550102031' });
  await insertPaidOrder(e2eDb(), agentId, { kind: 'transfer_package', tier: 'standard', count: 3 }, new Date(Date.now() - 3_600_000));

  const now = Date.now();
  const post = (id: string, transcript: string, seconds: number) =>
    request.post('/api/callbacks/transfer', {
      headers: { 'x-api-key': process.env.TRANSFER_API_KEY ?? 'e2e-transfer-key' },
      data: {
        callId: `ev-${runTag}-${id}`,
        agentId,
        callerName: `Caller ${id}`,
        callerPhone: `305-555-${2000 + id.charCodeAt(0)}`,
        state: 'FL',
        startedAt: new Date(now - (seconds + 120) * 1000).toISOString(),
        endedAt: new Date(now - 120_000).toISOString(),
        durationSeconds: seconds,
        transcript,
      },
    });
  expect(
    (
      await post(
        'w',
        '[00:02] Agent: Hi, this is Eve with Heritage Final Expense, am I speaking with Gloria?\n[00:07] Caller: No, you have the wrong number.',
        95,
      )
    ).status(),
  ).toBe(201);
  const genuine = [
    '[00:01] Agent: Thanks for holding, this is Eve, a licensed agent. How old are you?',
    "[00:05] Caller: I'm 71.",
    '[00:30] Agent: Any heart trouble or cancer in the last two years?',
    '[00:36] Caller: No, just blood pressure pills.',
    '[01:10] Agent: Do you use any tobacco?',
    '[01:13] Caller: Quit years ago.',
    '[02:30] Agent: For ten thousand you would be at $48.20 a month.',
  ].join('\n');
  expect((await post('g', genuine, 170)).status()).toBe(201);

  await login(page, email, password);
  await page.goto('/dashboard/transfers');
  const dispute = async (id: string, reason: string) => {
    await page.getByTestId(`call-ev-${runTag}-${id}`).getByRole('button', { name: 'Dispute' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dispute this call' });
    await dialog.getByLabel(reason).check();
    await dialog.getByRole('button', { name: 'Submit Dispute' }).click();
  };

  // The wrong number: approved by the rules at once, credited back, the caller's line quoted with its stamp.
  await dispute('w', 'Wrong number');
  await expect(toast(page)).toContainText('Dispute approved');
  const rowW = page.getByTestId(`call-ev-${runTag}-w`);
  await expect(rowW.getByTestId('dispute-status')).toContainText('Dispute approved');
  await expect(rowW.getByTestId('dispute-decided-by')).toHaveText('Decided by the evidence rules');
  await expect(rowW.getByTestId('dispute-evidence')).toContainText('[00:07]');
  await expect(rowW.getByTestId('dispute-evidence')).toContainText('Caller: No, you have the wrong number.');
  await expect(rowW).toContainText('Credited back');
  // The balance shows the transfer returned at once: 3 bought, 2 billed, 1 credited back.
  await expect(page.getByTestId('balance-remaining')).toContainText('2');
  await expect(rowW.getByRole('button', { name: 'Ask for a human review' })).toHaveCount(0);

  // The genuine conversation: denied with the answers quoted; the agent asks for a human review, once.
  await dispute('g', 'Hung up before questions');
  await expect(toast(page)).toContainText('Dispute denied');
  const rowG = page.getByTestId(`call-ev-${runTag}-g`);
  await expect(rowG.getByTestId('dispute-status')).toContainText('Dispute denied');
  await expect(rowG.getByTestId('dispute-evidence')).toContainText("Caller: I'm 71.");
  await expect(rowG.getByTestId('dispute-evidence')).toContainText('$48.20 a month');
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`my-transfers-evidence-${width}.png`), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }
  await rowG.getByRole('button', { name: 'Ask for a human review' }).click();
  await expect(toast(page)).toContainText('Human review asked');
  await expect(rowG.getByTestId('dispute-status')).toContainText('Dispute pending');
  await expect(rowG.getByTestId('dispute-decided-by')).toHaveText('Human review asked');
  await expect(rowG.getByRole('button', { name: 'Ask for a human review' })).toHaveCount(0);

  // The admin queue: the review is there with the quotes the rules found.
  await admin.goto('/admin/disputes');
  const card = admin.locator('article', { hasText: email });
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('dispute-review-asked')).toBeVisible();
  await expect(card.getByTestId('dispute-evidence')).toContainText("Caller: I'm 71.");
  for (const width of [390, 1366]) {
    await admin.setViewportSize({ width, height: 900 });
    await admin.screenshot({ path: test.info().outputPath(`admin-dispute-evidence-${width}.png`), fullPage: true });
    expect(await admin.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }
  await adminContext.close();
});
