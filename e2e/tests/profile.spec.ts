// The Profile page: details saved, password changed with the current one (other sessions end), and an
// e-mail notification turned off; the e-mail change is confirmed by the link in the .eml it writes.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { DEMO, login, createUser } from './helpers.ts';

const mailDir = path.join(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..'), 'data', 'mail');

async function linkTo(to: string, since: number, pattern: RegExp): Promise<string> {
  const until = Date.now() + 20_000;
  while (Date.now() < until) {
    for (const f of fs.existsSync(mailDir) ? fs.readdirSync(mailDir) : []) {
      const file = path.join(mailDir, f);
      if (!f.endsWith('.eml') || fs.statSync(file).mtimeMs < since) continue;
      const mail = await simpleParser(fs.readFileSync(file));
      if (JSON.stringify(mail.to).includes(to)) {
        const m = pattern.exec(mail.text ?? '');
        if (m) return m[0];
      }
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no e-mail to ${to}`);
}

test('an agent edits their profile, changes their password and e-mail, and turns an e-mail off', async ({ page, browser }) => {
  const email = `pro.${Date.now()}@example.com`;
  await login(page, DEMO.admin.email, DEMO.admin.password, '/admin');
  await createUser(page, {
    email,
    password: 'profile-pass-1',
    firstName: 'Pro',
    lastName: 'File',
    agencyName: 'Pro Agency',
    phone: '5550102031',
  });
  await page.goto('/api/logout');

  // A second browser of the same agent: it is logged out by the password change.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await login(otherPage, email, 'profile-pass-1');

  await login(page, email, 'profile-pass-1');
  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByLabel('Agency').fill('Renamed Agency');
  await page.getByLabel('State').selectOption('TX');
  await page.getByRole('button', { name: 'Save Details' }).click();
  await expect(page.getByText('Your details are saved.')).toBeVisible();

  await page.getByLabel('Current password').fill('wrong-pass-0');
  await page.getByLabel('New password', { exact: true }).fill('profile-pass-2');
  await page.getByLabel('Confirm new password').fill('profile-pass-2');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Current password is incorrect')).toBeVisible();
  await page.getByLabel('Current password').fill('profile-pass-1');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Your password is changed. Other browsers were logged out.')).toBeVisible();
  expect((await otherPage.request.get('/api/current-user')).status()).toBe(401);
  await other.close();

  const leads = page.getByRole('checkbox', { name: 'Leads assigned to me' });
  await expect(leads).toBeChecked();
  await leads.uncheck();
  await expect(page.getByText('Saved.', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Leads assigned to me' })).not.toBeChecked();
  await expect(page.getByLabel('Agency')).toHaveValue('Renamed Agency');

  const since = Date.now() - 1000;
  const newEmail = `pro.new.${Date.now()}@example.com`;
  // The e-mail change asks the password (a stolen session alone cannot move the account).
  await page.getByLabel('New e-mail').fill(newEmail);
  await page.getByRole('button', { name: 'Send Confirmation Link' }).click();
  await expect(page.getByText('Enter your current password')).toBeVisible();
  await page.getByLabel('Your password').fill('wrong-pass-0');
  await page.getByRole('button', { name: 'Send Confirmation Link' }).click();
  await expect(page.getByText('Current password is incorrect')).toBeVisible();
  await page.getByLabel('Your password').fill('profile-pass-2');
  await page.getByRole('button', { name: 'Send Confirmation Link' }).click();
  await expect(page.getByText('We sent a confirmation link to the new address.')).toBeVisible();
  const link = await linkTo(newEmail, since, /http:\/\/\S+\/confirm-email\?token=\S+/);
  await page.goto(link);
  await expect(page.getByRole('status')).toHaveText(`Your e-mail is now ${newEmail}.`);
  await page.goto('/api/logout');
  await login(page, newEmail, 'profile-pass-2');
  await expect(page).toHaveURL(/\/dashboard/);

  // The old address was told, with a link that undoes the change (a button on the page, not the load).
  const undo = await linkTo(email, since, /http:\/\/\S+\/undo-email-change\?token=\S+/);
  await page.goto(undo);
  await page.getByRole('button', { name: 'Undo E-mail Change' }).click();
  await expect(page.getByRole('status')).toContainText(`Your account's e-mail is ${email} again`);
  expect((await page.request.get('/api/current-user')).status()).toBe(401);
});
