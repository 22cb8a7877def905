// Issue 26, Users and Sign-ups: the admin e-mails the set-password link (the welcome e-mail) from Create
// User and from a user's card, and follows up each sign-up with a status (new, contacted, onboarded)
// that the audit log records, opening the account of a sign-up that has one.
import { test, expect, type Page } from '@playwright/test';
import { DEMO, login } from './helpers.ts';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const toast = (page: Page) => page.getByTestId('toast');

/** The welcome e-mails (kind account-created) in the outbox for `to`. */
async function welcomeMails(page: Page, to: string): Promise<number> {
  const res = await page.request.get(`/api/admin/outbox?to=${encodeURIComponent(to)}`);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { items: { kind: string; to: string }[] };
  return body.items.filter((m) => m.kind === 'account-created' && m.to === to).length;
}

test('the admin e-mails the set-password link from Create User and from the user’s card', async ({ page }) => {
  await login(page, DEMO.admin.email, DEMO.admin.password, '/admin');
  const email = `welcome.${unique()}@example.com`;

  await page.getByRole('button', { name: 'Create User' }).click();
  const panel = page.getByRole('dialog', { name: 'Create User' });
  await panel.getByLabel('Email').fill(email);
  await panel.getByLabel('Password').fill('welcome-pass-1');
  await panel.getByLabel('First Name').fill('Wendy');
  await panel.getByLabel('Last Name').fill('Welcome');
  await panel.getByLabel('Agency Name').fill('Welcome Agency');
  await panel.getByLabel('Role').selectOption('Insurance Agent');
  await panel.getByLabel('Phone').fill('5550104455');
  await panel.getByRole('button', { name: 'Create and E-mail Link' }).click();
  await expect(toast(page)).toContainText('User created successfully');
  await expect(toast(page)).toContainText(`Set-password link e-mailed to ${email}`);
  await expect(panel).toBeHidden();
  await expect.poll(() => welcomeMails(page, email)).toBe(1);

  // A plain Create User sends nothing.
  const quiet = `quiet.${unique()}@example.com`;
  await page.getByRole('button', { name: 'Create User' }).click();
  await panel.getByLabel('Email').fill(quiet);
  await panel.getByLabel('Password').fill('quiet-pass-11');
  await panel.getByLabel('First Name').fill('Quinn');
  await panel.getByLabel('Last Name').fill('Quiet');
  await panel.getByLabel('Agency Name').fill('Quiet Agency');
  await panel.getByLabel('Role').selectOption('Insurance Agent');
  await panel.getByLabel('Phone').fill('5550104456');
  await panel.getByRole('button', { name: 'Create User', exact: true }).click();
  await expect(toast(page)).toHaveText(/User created successfully/);
  await expect(panel).toBeHidden();
  expect(await welcomeMails(page, quiet)).toBe(0);

  // From the Users tab: the card's E-mail link button, with a confirmation toast.
  await page.getByLabel('Search users by email').fill(email);
  await page.getByRole('button', { name: 'E-mail link: the set-password link to Wendy Welcome' }).click();
  await expect(toast(page)).toContainText('Set-password link e-mailed');
  await expect(toast(page)).toContainText(`Sent to ${email}. It works once and expires in 24 hours.`);
  await expect.poll(() => welcomeMails(page, email)).toBe(2);

  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.getByRole('button', { name: 'Create User' }).click();
    await expect(panel.getByRole('button', { name: 'Create and E-mail Link' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: test.info().outputPath(`create-user-${width}.png`) });
    await panel.getByRole('button', { name: 'Cancel' }).click();
    await page.screenshot({ path: test.info().outputPath(`users-${width}.png`), fullPage: true });
  }
});

test('the admin sets a sign-up’s status (written to the audit log) and opens its account', async ({ page, request }) => {
  await login(page, DEMO.admin.email, DEMO.admin.password, '/admin');
  const tag = unique();
  const email = `follow.${tag}@example.com`;
  const made = await page.request.post('/api/admin/users', {
    headers: { Origin: new URL(page.url()).origin },
    data: { email, password: 'follow-pass-11', firstName: 'Fern', lastName: 'Follow', agencyName: 'Fern Agency', role: 'Insurance Agent', phone: '5550104457' },
  });
  expect(made.status()).toBe(201);
  const userId = ((await made.json()) as { user: { id: number } }).user.id;
  // Two anonymous RingCloud sign-ups before any payment: one with that account's e-mail, one with nobody's.
  const survey = (first: string, last: string, mail: string, username: string) =>
    request.post('/api/ringcloud-survey', {
      data: {
        firstName: first,
        lastName: last,
        agencyName: 'Cloud Agency',
        role: 'Agency Owner',
        phone: '(555) 010-0199',
        email: mail,
        username,
        password: 'secret-pass',
        leadType: 'Live Transfers',
        workingStates: 'TX, FL',
        totalTransfers: 40,
        callsPerDay: 5,
        transferHours: '9am-5pm CST',
      },
    });
  expect((await survey('Fern', 'Follow', email, `fern${tag}`)).status()).toBe(201);
  expect((await survey('Nora', `Nobody${tag}`, `nobody.${tag}@example.com`, `nora${tag}`)).status()).toBe(201);

  await page.goto('/admin?tab=signups');
  await page.getByLabel('Search sign-ups').fill(tag);
  const fern = page.getByTestId('signup-card').filter({ hasText: email });
  const nora = page.getByTestId('signup-card').filter({ hasText: `Nora Nobody${tag}` });
  await expect(fern.getByTestId('signup-status')).toHaveText('New');
  await expect(nora.getByText('No account yet')).toBeVisible();
  await expect(nora.getByRole('link', { name: /Open the account/ })).toHaveCount(0);

  await fern.getByLabel('Status of Fern Follow').selectOption('contacted');
  await expect(toast(page)).toHaveText(/Sign-up marked contacted/);
  await expect(fern.getByTestId('signup-status')).toHaveText('Contacted');
  // The status filter.
  await page.getByLabel('Sign-up status').selectOption('contacted');
  await expect(page.getByTestId('signup-card')).toHaveCount(1);
  await expect(page.getByTestId('signup-card')).toContainText(email);
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: test.info().outputPath(`signups-${width}.png`), fullPage: true });
  }
  await page.getByLabel('Sign-up status').selectOption('');

  // The audit log has the change, under the account's name.
  await page.goto('/admin?tab=audit');
  await page.getByLabel('Kind').selectOption('signup');
  await page.getByLabel('User concerned').fill('Fern Follow');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByText(/Marked sign-up #\d+ contacted/).first()).toBeVisible();

  await page.goto('/admin?tab=signups');
  await page.getByLabel('Search sign-ups').fill(tag);
  await fern.getByRole('link', { name: 'Open user Fern Follow' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin\\?user=${userId}$`));
  await expect(page.getByText(email).first()).toBeVisible();
});
