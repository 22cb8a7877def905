// Training: the public center, the training admin's login (its own token), and adding, editing and
// deleting a video with the public page following each change.
import { test, expect, type Page } from '@playwright/test';
import { DEMO } from './helpers.ts';

const toast = (page: Page) => page.getByTestId('toast');

test('the public training center lists the three sections with counts and cards', async ({ page }) => {
  await page.goto('/training');
  await expect(page.getByRole('heading', { name: 'Training Center', level: 1 })).toBeVisible();
  const sections = page.getByTestId('training-section');
  await expect(sections).toHaveCount(3);
  await expect(sections.nth(0).getByRole('heading', { level: 2 })).toHaveText('HighLevel CRM Training');
  await expect(sections.nth(1).getByRole('heading', { level: 2 })).toHaveText('Trackdrive Training');
  await expect(sections.nth(2).getByRole('heading', { level: 2 })).toHaveText('Insurance Sales Training');
  const firstCard = sections.nth(0).getByTestId('training-video').first();
  await expect(firstCard.getByRole('link', { name: /Watch/ })).toHaveAttribute('target', '_blank');
  await expect(firstCard).toContainText(/\d+:\d\d/);
});

test('/training-admin without a token goes to the login, which validates and refuses bad credentials', async ({ page }) => {
  await page.goto('/training-admin');
  await expect(page).toHaveURL(/\/training-admin-login$/);
  await expect(page.getByRole('heading', { name: 'Training Admin' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await page.getByLabel('Email').fill(DEMO.trainer.email);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(toast(page)).toContainText('Login Failed');
  await expect(toast(page)).toContainText('Invalid email or password');
  await expect(page).toHaveURL(/\/training-admin-login$/);
});

test('the training admin adds, edits and deletes a video, and the public page follows', async ({ page, context }) => {
  const title = `Objection drills ${Date.now().toString(36)}`;
  await page.goto('/training-admin-login');
  await page.getByLabel('Email').fill(DEMO.trainer.email);
  await page.getByLabel('Password').fill(DEMO.trainer.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/training-admin$/);
  await expect(toast(page)).toContainText('Login Successful');
  expect(await page.evaluate(() => localStorage.getItem('training-admin-token'))).toMatch(/\./);
  await expect(page.getByText('© 2025')).toBeVisible();
  await expect(page.getByRole('link', { name: 'View Public Page' })).toHaveAttribute('target', '_blank');

  // The form's rules.
  await expect(page.getByRole('heading', { name: 'Upload New Video' })).toBeVisible();
  await page.getByLabel('Video URL').fill('not a url');
  await page.getByLabel('Duration in seconds (optional)').fill('0');
  await page.getByRole('button', { name: 'Upload Video' }).click();
  await expect(page.getByText('Title is required')).toBeVisible();
  await expect(page.getByText('Please enter a valid video URL')).toBeVisible();
  await expect(page.getByText('Please select a valid section')).toBeVisible();
  await expect(page.getByText('Duration must be at least 1 second')).toBeVisible();

  const section = page.getByTestId('admin-section').filter({ hasText: 'Insurance Sales Training' });
  const countBefore = Number((await section.locator('.trn-count').innerText()).replace(/\D/g, ''));
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description (optional)').fill('Practice the five common objections.');
  await page.getByLabel('Video URL').fill('https://videos.example.com/objections');
  await page.getByLabel('Section').selectOption('Insurance Sales Training');
  await page.getByLabel('Duration in seconds (optional)').fill('125');
  await page.getByLabel('Sort Order').fill('');
  await page.getByRole('button', { name: 'Upload Video' }).click();
  await expect(toast(page)).toContainText('Video Uploaded');
  await expect(section.locator('.trn-count')).toHaveText(`(${countBefore + 1})`);
  await expect(section.getByTestId('admin-video').filter({ hasText: title })).toContainText('Order 0');

  const pub = await context.newPage();
  await pub.goto('/training');
  const card = pub.getByTestId('training-video').filter({ hasText: title });
  await expect(card).toContainText('2:05');
  await expect(card).toContainText('Practice the five common objections.');
  await expect(card.getByRole('link', { name: /Watch/ })).toHaveAttribute('href', 'https://videos.example.com/objections');

  // Edit, then Cancel Edit resets the form; edit again and save.
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  await expect(page.getByRole('heading', { name: 'Edit Video' })).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue(title);
  await page.getByRole('button', { name: 'Cancel Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Upload New Video' })).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue('');
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  await page.getByLabel('Title').fill(`${title} (updated)`);
  await page.getByLabel('Description (optional)').fill('');
  await page.getByRole('button', { name: 'Update Video' }).click();
  await expect(toast(page)).toContainText('Video Updated');
  await expect(page.getByRole('heading', { name: 'Upload New Video' })).toBeVisible();
  await pub.reload();
  const updated = pub.getByTestId('training-video').filter({ hasText: `${title} (updated)` });
  await expect(updated).toBeVisible();
  await expect(updated).not.toContainText('Practice the five common objections.');

  // Delete, confirming.
  let message = '';
  page.once('dialog', (d) => {
    message = d.message();
    void d.accept();
  });
  await page.getByRole('button', { name: `Delete ${title} (updated)` }).click();
  await expect(toast(page)).toContainText('Video Deleted');
  expect(message).toBe('Are you sure you want to delete this video?');
  await expect(section.locator('.trn-count')).toHaveText(`(${countBefore})`);
  await pub.reload();
  await expect(pub.getByTestId('training-section').first()).toBeVisible();
  await expect(pub.getByText(title)).toHaveCount(0);
});

test('an expired or forged token sends the manager back to the login', async ({ page }) => {
  await page.goto('/training-admin-login');
  await page.evaluate(() => {
    const body = btoa(JSON.stringify({ sub: 1, exp: Date.now() + 3_600_000 })).replace(/=+$/, '');
    localStorage.setItem('training-admin-token', `${body}.forged`);
  });
  await page.goto('/training-admin');
  await expect(page).toHaveURL(/\/training-admin-login$/);
  expect(await page.evaluate(() => localStorage.getItem('training-admin-token'))).toBeNull();
});

test('Logout ends the training admin session on the server: the token no longer works anywhere', async ({ page }) => {
  await page.goto('/training-admin-login');
  await page.getByLabel('Email').fill(DEMO.trainer.email);
  await page.getByLabel('Password').fill(DEMO.trainer.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/training-admin$/);
  const token = await page.evaluate(() => localStorage.getItem('training-admin-token'));
  expect(token).toMatch(/\./);
  const headers = { Authorization: `Bearer ${token}` };
  expect((await page.request.get('/api/training-videos', { headers })).status()).toBe(200);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/training-admin-login$/);
  expect(await page.evaluate(() => localStorage.getItem('training-admin-token'))).toBeNull();
  // A copy of the token kept elsewhere is refused too.
  expect((await page.request.get('/api/training-videos', { headers })).status()).toBe(401);
});
