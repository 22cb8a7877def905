// The funnel forms that write to the database: the RingCloud survey and checkout, the partner
// application with uploads, and the agent-lab registration. Bad input shows the field's message;
// the good path writes the expected rows (read straight from the e2e server's database).
import { test, expect, type Page } from '@playwright/test';
import { RINGCLOUD, formatUsd } from '@tm/shared';
import { e2eDb, closeE2eDb, runTag } from './funnel-db.ts';
import { fillRingcloudStep1 } from './helpers.ts';

test.afterAll(async () => {
  await closeE2eDb();
});

let seq = 0;
const unique = (prefix: string) => `${prefix}${runTag}${(seq += 1)}`;

/** Opens /agentleadlab and submits the registration for Jo <last> of Lab Agency. */
async function submitAgentLab(page: Page, v: { email: string; last: string; totalTransfers: string; transfersPerDay: string; callMethod: string }) {
  await page.goto('/agentleadlab');
  await page.getByLabel('Agency name').fill('Lab Agency');
  await page.getByLabel('First name').fill('Jo');
  await page.getByLabel('Last name').fill(v.last);
  await page.getByLabel('Phone', { exact: true }).fill('555 010 0199');
  await page.getByLabel('Email').fill(v.email);
  await page.getByLabel('Total transfers').fill(v.totalTransfers);
  await page.getByLabel('Transfers per day').fill(v.transfersPerDay);
  await page.getByLabel(v.callMethod).check();
  await page.getByRole('button', { name: 'Submit Registration' }).click();
}

test.describe('RingCloud survey and checkout', () => {
  test('shows every step-1 and step-2 message for bad input, and the lead-type fields', async ({ page }) => {
    await page.goto('/ringcloud');
    await page.getByRole('button', { name: 'Next' }).click();
    for (const m of [
      'First name is required',
      'Last name is required',
      'Agency name is required',
      'Please select your role',
      'Phone number must be at least 10 digits',
      'Invalid email address',
      'Username must be at least 3 characters',
      'Password must be at least 6 characters',
    ]) {
      await expect(page.getByText(m, { exact: true })).toBeVisible();
    }
    await page.getByLabel('Phone').fill('555-01');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password').fill('12345');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Phone number must be at least 10 digits')).toBeVisible();

    const email = `${unique('rc')}@example.com`;
    await fillRingcloudStep1(page, { email, username: unique('rc') });
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { name: 'Lead preferences' })).toBeVisible();

    await page.getByRole('button', { name: 'Continue to Checkout' }).click();
    await expect(page.getByText('Please select a lead type')).toBeVisible();
    await expect(page.getByText('Please specify your working states')).toBeVisible();

    await page.getByLabel(/^Live Transfers/).check();
    await expect(page.getByLabel('Total transfers')).toBeVisible();
    await expect(page.getByLabel('Total call-backs')).toHaveCount(0);
    await page.getByLabel(/^Call-Backs/).check();
    await expect(page.getByLabel('Total call-backs')).toBeVisible();
    await expect(page.getByLabel('Total transfers')).toHaveCount(0);
    await page.getByLabel(/^Aged Leads/).check();
    await expect(page.getByLabel('Lead age')).toBeVisible();
    await page.getByRole('checkbox', { name: 'Texas', exact: true }).check();
    await page.getByRole('button', { name: 'Continue to Checkout' }).click();
    await expect(page.getByText('Please select an age range')).toBeVisible();

    // Back keeps what was typed in step 1.
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByLabel('Agency name')).toHaveValue('Cloud Nine Agency');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('checkbox', { name: 'Texas', exact: true })).toBeChecked();
    // Nothing was written for this visitor.
    expect(await e2eDb()('users').where({ email }).first()).toBeUndefined();
    expect(await e2eDb()('onboarding_surveys').where({ email }).first()).toBeUndefined();
  });

  test('creates the account and survey, pays at checkout and lands on /thank-you with the order', async ({ page }) => {
    const email = `${unique('rcpay')}@example.com`;
    const username = unique('rcpay');
    await page.goto('/ringcloud');
    await fillRingcloudStep1(page, { email, username });
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel(/^Live Transfers/).check();
    // Working states are a choice of the 50 states and DC, stored as codes in the order chosen.
    await page.getByRole('checkbox', { name: 'Texas', exact: true }).check();
    await page.getByRole('checkbox', { name: 'Florida', exact: true }).check();
    await page.getByLabel('Total transfers').fill('12');
    await page.getByLabel('Calls per day (optional)').fill('4');
    await expect(page.getByTestId('survey-estimate')).toContainText(formatUsd(12 * RINGCLOUD.liveTransferCents));
    await page.getByRole('button', { name: 'Continue to Checkout' }).click();
    await expect(page).toHaveURL(/\/ringcloud-checkout$/);

    // No account and no e-mail before a payment (issue 25 item 4): the survey waits with its password hash.
    const db = e2eDb();
    expect(await db('users').where({ email }).first()).toBeUndefined();
    const survey = await db('onboarding_surveys').where({ email }).orderBy('id', 'desc').first();
    expect(survey).toMatchObject({
      userId: null,
      leadType: 'Live Transfers',
      workingStates: 'TX, FL',
      totalTransfers: 12,
      callsPerDay: 4,
      salesperson: 'RingCloud',
    });
    expect(survey.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await db('mail_outbox').where({ toEmail: email }).first()).toBeUndefined();

    // The checkout: order summary, account info and the card form.
    const total = formatUsd(12 * RINGCLOUD.liveTransferCents, { cents: true });
    await expect(page.getByRole('heading', { name: 'Order Summary' })).toBeVisible();
    await expect(page.getByTestId('rc-quantity')).toHaveText('12');
    await expect(page.getByTestId('rc-total')).toHaveText(total);
    await expect(page.getByText('Cloud Nine Agency')).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByText('TX, FL')).toBeVisible();
    const form = page.locator('form[data-payment-mode="test"]');
    await form.getByLabel('Card number').fill('4242 4242 4242 4242');
    await form.getByLabel('Expiry (MM / YY)').fill('12/40');
    await form.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: `Pay ${total}` }).click();

    await expect(page).toHaveURL(/\/thank-you\?payment_intent=.*redirect_status=succeeded/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveAttribute('data-variant', 'default');
    expect(await page.evaluate(() => localStorage.getItem('ringcloudSurvey'))).toBeNull();
    await expect.poll(async () => (await db('orders').where({ surveyId: survey.id }).first())?.status, { timeout: 15_000 }).toBe('paid');
    // The payment made the account, with the survey's username and password, and linked the survey.
    const user = await db('users').where({ email }).first();
    expect(user).toMatchObject({ username, firstName: 'Rhea', agencyName: 'Cloud Nine Agency', role: 'Agency Owner' });
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await db('onboarding_surveys').where({ id: survey.id }).first()).toMatchObject({ userId: user.id });
    const order = await db('orders').where({ surveyId: survey.id }).first();
    expect(order).toMatchObject({ kind: 'ringcloud', userId: user.id, count: 12, amountCents: 12 * RINGCLOUD.liveTransferCents });
  });

  test('a taken e-mail is answered as a new account (no account discovery): nothing is created or linked to the owner', async ({ page }) => {
    const db = e2eDb();
    const username = unique('dup');
    const owner = await db('users').where({ email: 'agent@example.com' }).first('id');
    const surveysBefore = Number((await db('onboarding_surveys').where({ userId: owner.id }).count({ n: '*' }).first())?.n);
    await page.goto('/ringcloud');
    await fillRingcloudStep1(page, { email: 'agent@example.com', username });
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel(/^Call-Backs/).check();
    await page.getByRole('checkbox', { name: 'Georgia', exact: true }).check();
    await page.getByLabel('Total call-backs').fill('5');
    await page.getByRole('button', { name: 'Continue to Checkout' }).click();
    await expect(page).toHaveURL(/\/ringcloud-checkout$/);
    await expect(page.locator('#email-error')).toHaveCount(0);
    expect(await db('users').where({ username }).first()).toBeUndefined();
    expect(Number((await db('onboarding_surveys').where({ userId: owner.id }).count({ n: '*' }).first())?.n)).toBe(surveysBefore);
  });

  test('/ringcloud-checkout without a saved survey goes back to /ringcloud', async ({ page }) => {
    await page.goto('/ringcloud-checkout');
    await expect(page).toHaveURL(/\/ringcloud$/);
  });
});

test.describe('partner application', () => {
  const LONG = 'We run a licensed call center focused on final expense prospects across the South.';

  async function fillPartner(page: Page, email: string) {
    await page.getByLabel('Business name').fill('Northwind Leads');
    await page.getByLabel('Contact name').fill('Pat Partner');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone').fill('5550100142');
    await page.getByLabel('Website').fill('https://northwind.example');
    await page.getByLabel('Business type').selectOption('Call Center');
    await page.getByLabel('Years of experience').selectOption('3-5 years');
    await page.getByLabel('Monthly volume').selectOption('1000-5000');
    await page.getByLabel('Call Transfers').check();
    await page.getByLabel('Aged Leads').check();
    await page.getByLabel('Target markets').fill('Final expense, TX and FL');
    await page.getByLabel('Describe your business').fill(LONG);
    await page.getByLabel('Why do you want to partner with us?').fill(`${LONG} We want steady buyers.`);
    await page.getByLabel('I agree to the partner program terms and conditions').check();
  }

  test('shows every message for an empty or bad form', async ({ page }) => {
    await page.goto('/affnetwork');
    await page.getByRole('button', { name: 'Submit Application' }).click();
    for (const m of [
      'Business name is required',
      'Contact name is required',
      'Invalid email address',
      'Phone number must be at least 10 digits',
      'Please enter a valid website URL',
      'Please select your business type',
      'Please select your experience level',
      'Please select your monthly volume',
      'Please select at least one service',
      'Please specify your target markets',
      'You must agree to the terms and conditions',
    ]) {
      await expect(page.getByText(m, { exact: true })).toBeVisible();
    }
    await expect(page.getByText('Please provide at least 50 characters')).toHaveCount(2);
  });

  test('refuses a .pdf whose content is not a PDF, then submits with a real PDF and lands on /thank-you', async ({ page }) => {
    const email = `${unique('partner')}@example.com`;
    await page.goto('/affnetwork');
    await fillPartner(page, email);
    await page
      .getByLabel('Supporting documents (optional)')
      .setInputFiles({ name: 'license.pdf', mimeType: 'application/pdf', buffer: Buffer.from('this is plain text, not a PDF') });
    await expect(page.getByRole('list', { name: 'Attached files' })).toContainText('license.pdf');
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.locator('#files-error')).toContainText('"license.pdf" is not a valid PDF file');
    // The toast shows the message without its field key (issue 18: no "file_0: ...").
    await expect(page.locator('.toast')).toContainText('"license.pdf" is not a valid PDF file');
    await expect(page.locator('.toast')).not.toContainText('file_0');
    expect(await e2eDb()('partner_applications').where({ email }).first()).toBeUndefined();

    await page.getByRole('button', { name: 'Remove license.pdf' }).click();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
    await page.getByLabel('Supporting documents (optional)').setInputFiles({ name: 'license.pdf', mimeType: 'application/pdf', buffer: pdf });
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page).toHaveURL(/\/thank-you\?journey=partner$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your application!');
    await expect(page.getByText('We review your application and files within 48 hours.')).toBeVisible();

    const db = e2eDb();
    const app = await db('partner_applications').where({ email }).first();
    expect(app).toMatchObject({
      businessName: 'Northwind Leads',
      businessType: 'Call Center',
      monthlyVolume: '1000-5000',
      website: 'https://northwind.example',
    });
    expect(JSON.parse(app.servicesInterested)).toEqual(['Call Transfers', 'Aged Leads']);
    const files = await db('partner_application_files').where({ applicationId: app.id });
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ originalName: 'license.pdf', mimeType: 'application/pdf', sizeBytes: pdf.length });
    expect(files[0].storedPath).toMatch(/^partner-applications\/[0-9a-f]{32}\.pdf$/);
    // Stored outside any public folder: not reachable over HTTP.
    expect((await page.request.get(`/${files[0].storedPath}`)).status()).toBe(404);
  });
});

test.describe('agent lab registration', () => {
  test('shows every message for an empty form', async ({ page }) => {
    await page.goto('/agentleadlab');
    await page.getByRole('button', { name: 'Submit Registration' }).click();
    for (const m of [
      'Agency name is required',
      'First name is required',
      'Last name is required',
      'Phone number must be at least 10 digits',
      'Invalid email address',
      'Total transfers must be at least 1',
      'Transfers per day must be at least 1',
      'Please select how you would like to accept calls',
    ]) {
      await expect(page.getByText(m, { exact: true })).toBeVisible();
    }
  });

  test('creates the account with a derived unique username and the survey, then shows the success page', async ({ page }) => {
    const email = `${unique('lab')}@example.com`;
    const last = `Lab${runTag}`;
    await submitAgentLab(page, { email, last, totalTransfers: '150', transfersPerDay: '10', callMethod: 'Transfer calls to my call center' });
    await expect(page).toHaveURL(/\/agentleadlab-success$/);
    await expect(page.getByText('We set up your account within 24 hours.')).toBeVisible();

    const db = e2eDb();
    const user = await db('users').where({ email }).first();
    expect(user).toMatchObject({ username: `jo${last.toLowerCase()}`, role: 'Insurance Agent', agencyName: 'Lab Agency' });
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    const survey = await db('onboarding_surveys').where({ userId: user.id }).first();
    expect(survey).toMatchObject({
      leadType: 'Live Transfers',
      totalTransfers: 150,
      transfersPerDay: 10,
      workingStates: 'Multiple States',
      transferHours: 'Business Hours',
      onboardingForm: 'agentleadlab',
      salesperson: 'Agent Lead Labs',
    });
    expect(survey.callbackPreference).toMatch(/call center/);

    // The same e-mail again: answered as a new sign-up (no account discovery, issue 27 M5), no second account.
    await submitAgentLab(page, { email, last, totalTransfers: '5', transfersPerDay: '1', callMethod: 'Transfer calls to my phone' });
    await expect(page).toHaveURL(/\/agentleadlab-success$/);
    expect(await db('users').where({ email }).count({ n: '*' }).first()).toMatchObject({ n: 1 });
  });
});

test('form controls stay disabled until the island hydrates, so early input is neither lost nor sent in the URL', async ({ request }) => {
  for (const url of ['/ringcloud', '/agentleadlab', '/affnetwork']) {
    const html = await (await request.get(url)).text();
    const form = html.slice(html.indexOf('<form'));
    expect(form, url).toMatch(/^<form[^>]*>\s*<fieldset class="form-fieldset" disabled/);
  }
});
