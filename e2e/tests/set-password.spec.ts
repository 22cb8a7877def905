// Set-password link: the admin makes one in the Users tab for an account nobody knows the password
// of; the agent opens it in their own browser, chooses a password, and logs in with it. The link then
// no longer works, and a bad link says so.
import { test, expect } from '@playwright/test';
import { DEMO, login, createUser, unique } from './helpers.ts';

const INVALID = 'This link is invalid or has expired. Ask us for a new one.';

test('an admin makes a set-password link; the agent sets a password with it and logs in', async ({ page, browser, baseURL }) => {
  const email = `link.${unique()}@example.com`;
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await login(page, DEMO.admin.email, DEMO.admin.password, '/admin');
  await createUser(page, {
    email,
    password: `unknown-${unique()}`,
    firstName: 'Robin',
    lastName: 'Vale',
    agencyName: 'Vale Agency',
    phone: '2145550142',
  });
  await page.reload();

  await page.getByPlaceholder('Search users by email...').fill(email);
  const card = page.getByTestId('user-card').filter({ hasText: email });
  await expect(card.getByRole('button', { name: 'Change Password for Robin Vale' })).toBeVisible();
  await card.getByRole('button', { name: 'Set-password link for Robin Vale' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set-password link' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Send this link to the agent. It works once and expires in 24 hours.');
  await expect(dialog).toContainText(email);
  await expect(dialog).toContainText(/Expires \w{3} \d{1,2}, \d{4}/);
  const url = await dialog.getByLabel('Link').inputValue();
  expect(url).toMatch(new RegExp(`^${baseURL}/set-password\\?token=[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]{43}$`));
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Link copied.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  // The agent, in a browser of their own.
  const agentContext = await browser.newContext({ baseURL });
  const agent = await agentContext.newPage();
  await agent.goto(url);
  await expect(agent.getByRole('heading', { name: 'Set your password' })).toBeVisible();
  await expect(agent.getByText(`Choose a password for ${email}.`)).toBeVisible();
  await agent.getByLabel('New password').fill('123');
  await agent.getByLabel('Confirm password').fill('123');
  await agent.getByRole('button', { name: 'Set Password' }).click();
  await expect(agent.getByText('Password must be at least 6 characters')).toBeVisible();
  await agent.getByLabel('New password').fill('my-own-pass-1');
  await agent.getByLabel('Confirm password').fill('my-own-pass-2');
  await agent.getByRole('button', { name: 'Set Password' }).click();
  await expect(agent.getByText('Passwords do not match')).toBeVisible();
  await agent.getByLabel('Confirm password').fill('my-own-pass-1');
  await agent.getByRole('button', { name: 'Set Password' }).click();
  await expect(agent.getByRole('status')).toHaveText('Your password is set. You can now log in.');
  // Not logged in by setting it (a visitor is told { user: null }; a dead session, 401).
  const me = await agent.request.get('/api/current-user');
  expect(me.status() === 401 || (await me.json()).user === null).toBe(true);

  // The link is spent.
  await agent.goto(url);
  await expect(agent.getByRole('alert')).toHaveText(INVALID);
  await agent.getByRole('link', { name: 'Go to login' }).click();
  await expect(agent).toHaveURL(/\/login$/);

  await login(agent, email, 'my-own-pass-1');
  await expect(agent).toHaveURL(/\/dashboard/);
  await agentContext.close();
});

test('a bad or missing link says so, with a way to the login page', async ({ page }) => {
  for (const path of ['/set-password?token=not-a-real-token', '/set-password']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Set your password' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(INVALID);
    await expect(page.getByLabel('New password')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
  }
});
