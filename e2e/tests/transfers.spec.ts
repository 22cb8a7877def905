// The transfer ledger end to end: a new agent buys three standard transfers on /checkout with the test
// card, the caller system posts delivered calls (one at the buffer, a repeat, billable ones, one beyond
// the balance), the agent sees them in My Transfers and disputes one, the admin approves it, and the
// agent sees the transfer credited back, the pause lifted, the ledger and a printable receipt.
import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, login, adminPage, createUser, unique } from './helpers.ts';

const TRANSFER_KEY = process.env.TRANSFER_API_KEY ?? 'e2e-transfer-key';
const toast = (page: Page) => page.getByTestId('toast');

function postCall(request: APIRequestContext, body: object) {
  return request.post('/api/callbacks/transfer', { headers: { 'x-api-key': TRANSFER_KEY }, data: body });
}

test('purchase, delivered calls, a dispute approved by the admin, the balance credited', async ({ page, browser, request }) => {
  const tag = unique();

  // The admin creates the agent this journey uses.
  const { admin, adminContext } = await adminPage(browser);
  const email = `ledger.${tag}@example.com`;
  const password = 'ledger-pass-1';
  const agentId = await createUser(admin, { email, password, firstName: 'Tess', lastName: 'Ledger', agencyName: 'Ledger Agency', phone: '5550102030' });

  // The agent buys 3 standard transfers with the test card, logged in, so the order is theirs.
  await login(page, email, password);
  await page.goto('/checkout');
  await page.getByLabel('How many transfers would you like to purchase?').fill('3');
  await expect(page.getByTestId('checkout-rate-line')).toHaveText('3 transfers × $40 each');
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  const form = page.locator('form[data-payment-mode="test"]');
  await form.getByLabel('Card number').fill('4242 4242 4242 4242');
  await form.getByLabel('Expiry (MM / YY)').fill('12/40');
  await form.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Complete Payment - $120' }).click();
  await expect(page).toHaveURL(/\/onboarding-success\?payment_intent=/);
  await expect(page.getByTestId('order-status')).toHaveText('Paid');

  // My Transfers, from the dashboard's sidebar: three transfers, no calls yet.
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'My Transfers' }).click();
  await expect(page).toHaveURL(/\/dashboard\/transfers$/);
  await expect(page.getByRole('heading', { name: 'My Transfers' })).toBeVisible();
  await expect(page.getByTestId('balance-remaining')).toContainText('3');
  await expect(page.getByText('No calls match these filters yet.')).toBeVisible();

  // The caller system posts delivered calls.
  const now = Date.now();
  const call = (id: string, seconds: number, extra: object = {}) => ({
    callId: `e2e-${tag}-${id}`,
    agentId,
    callerName: `Caller ${id}`,
    callerPhone: `305-555-${1000 + id.charCodeAt(0)}`, // a new caller each call (duplicate caller rule)
    state: 'FL',
    startedAt: new Date(now - (seconds + 120) * 1000).toISOString(),
    endedAt: new Date(now - 120_000).toISOString(),
    durationSeconds: seconds,
    recordingUrl: `https://recordings.example.com/${tag}/${id}.mp3`,
    ...extra,
  });
  const atBuffer = await postCall(request, call('a', 60));
  expect(atBuffer.status()).toBe(201);
  expect((await atBuffer.json()).call).toMatchObject({ billable: false, billingNote: 'No charge: under buffer' });
  const repeat = await postCall(request, call('a', 60));
  expect(repeat.status()).toBe(200);
  expect(await repeat.json()).toMatchObject({ duplicate: true, balanceRemaining: 3 });
  expect((await (await postCall(request, call('b', 61))).json()).call).toMatchObject({ billable: true, chargeCents: 4000 });
  // One answer, then the line drops: the evidence rules leave this dispute to an admin.
  const disputed = call('c', 300, { transcript: 'Agent: Hello, this is Tess. How old are you?\nCaller: Sixty-eight. (hangs up)' });
  expect((await postCall(request, disputed)).status()).toBe(201);
  const last = await postCall(request, call('d', 200));
  expect(await last.json()).toMatchObject({ balanceRemaining: 0, agentPaused: true });
  const beyond = await postCall(request, call('e', 200));
  expect(beyond.status()).toBe(422);
  expect(await beyond.json()).toEqual({ error: 'The agent has no transfers left in their balance.', code: 'no_balance', reason: 'no_balance' });

  // The agent sees every call, the empty balance and the pause.
  await page.reload();
  await expect(page.getByTestId('balance-remaining')).toContainText('0');
  await expect(page.getByTestId('pause-banner')).toContainText('Transfers are paused: your transfer balance is empty.');
  await expect(page.getByTestId('calls-table').locator('tbody tr')).toHaveCount(4);
  await expect(page.getByTestId(`call-e2e-${tag}-a`)).toContainText('No charge: under buffer');
  await expect(page.getByTestId(`call-e2e-${tag}-a`)).toContainText('1:00');
  const rowC = page.getByTestId(`call-e2e-${tag}-c`);
  await expect(rowC).toContainText('Billable · $40.00');
  await rowC.getByRole('button', { name: 'Recording & transcript' }).click();
  await expect(page.getByTestId('transcript')).toContainText('Caller: Sixty-eight. (hangs up)');

  // Only the billable ones can be disputed; the agent disputes call c.
  await expect(page.getByTestId(`call-e2e-${tag}-a`).getByRole('button', { name: 'Dispute' })).toHaveCount(0);
  await rowC.getByRole('button', { name: 'Dispute' }).click();
  const dialog = page.getByRole('dialog', { name: 'Dispute this call' });
  await dialog.getByRole('button', { name: 'Submit Dispute' }).click();
  await expect(dialog.getByText('Please choose a reason')).toBeVisible();
  await dialog.getByLabel('Hung up before questions').check();
  await dialog.getByRole('button', { name: 'Submit Dispute' }).click();
  await expect(toast(page)).toContainText('Dispute submitted');
  await expect(rowC.getByTestId('dispute-status')).toContainText('Dispute pending');

  // The filters and the CSV.
  await page.getByLabel('Billing').selectOption('no_charge');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('calls-table').locator('tbody tr')).toHaveCount(1);
  await expect(page.getByTestId('export-csv')).toHaveAttribute('href', '/api/transfers/export.csv?billing=no_charge');
  const csv = await page.request.get('/api/transfers/export.csv');
  expect(csv.status()).toBe(200);
  expect((await csv.text()).trim().split('\r\n')).toHaveLength(5);

  // The admin approves the dispute from the queue.
  await admin.goto('/admin');
  await admin.getByRole('link', { name: 'Transfer Disputes' }).click();
  await expect(admin).toHaveURL(/\/admin\/disputes$/);
  const card = admin.locator('article', { hasText: email });
  await expect(card).toContainText('Hung up before questions');
  await expect(card).toContainText(`e2e-${tag}-c`);
  await expect(card.getByTestId('dispute-status')).toHaveText('Pending');
  await card.getByLabel('Decision reason (required to deny)').fill('Caller hung up before any question');
  await card.getByRole('button', { name: 'Approve and credit' }).click();
  await expect(toast(admin)).toContainText('Dispute approved');
  await expect(card).toHaveCount(0);
  await admin.getByLabel('Show').selectOption('approved');
  await expect(admin.locator('article', { hasText: email }).getByTestId('dispute-status')).toHaveText('Approved');
  await admin.getByRole('tab', { name: 'Audit Log' }).click();
  await expect(admin.getByTestId('audit-dispute.approved').first()).toBeVisible();
  await expect(admin.getByTestId('audit-call.credited').first()).toBeVisible();

  // The agent sees the transfer credited back and the pause lifted.
  await page.reload();
  await expect(page.getByTestId('balance-remaining')).toContainText('1');
  await expect(page.getByTestId('pause-banner')).toHaveCount(0);
  await expect(rowC).toContainText('Credited back');
  await expect(rowC.getByTestId('dispute-status')).toContainText('Dispute approved');
  await expect(rowC.getByTestId('dispute-status')).toContainText('Caller hung up before any question');
  // With the credit the caller system may transfer again.
  expect((await postCall(request, call('f', 90))).status()).toBe(201);

  // The ledger: the purchase and the credit; the receipt prints.
  await page.getByRole('tab', { name: 'Ledger & Receipts' }).click();
  const ledger = page.getByTestId('ledger-table');
  await expect(ledger).toContainText('Credit');
  await expect(ledger).toContainText('Transfer credited back');
  const purchase = ledger.locator('tr', { hasText: 'Purchase' });
  await expect(purchase).toContainText('3 transfers, Standard');
  await expect(purchase).toContainText('$120.00');
  await purchase.getByRole('link', { name: 'Receipt' }).click();
  await expect(page).toHaveURL(/\/dashboard\/receipts\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Receipt' })).toBeVisible();
  await expect(page.getByTestId('receipt-status')).toHaveText('Paid');
  await expect(page.getByTestId('receipt-total')).toHaveText('$120.00');
  await expect(page.getByTestId('receipt-transfers')).toContainText('1 credited back');
  await expect(page.getByRole('button', { name: 'Print Receipt' })).toBeVisible();

  // Another agent sees none of it.
  await adminContext.close();
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await login(otherPage, DEMO.agent2.email, DEMO.agent2.password);
  const theirs = await otherPage.request.get('/api/transfers');
  expect(((await theirs.json()) as { items: Array<{ callId: string }> }).items.some((c) => c.callId.includes(tag))).toBe(false);
  const receiptPath = new URL(page.url()).pathname.replace('/dashboard/receipts/', '');
  expect((await otherPage.request.get(`/api/orders/${receiptPath}/receipt`)).status()).toBe(404);
  await other.close();
});
