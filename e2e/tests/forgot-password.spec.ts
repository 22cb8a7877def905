// Forgot password, end to end: /login's "Forgot password?" -> the e-mail (the .eml the development
// transport wrote under data/mail/) -> its link -> a new password -> log in. Also /login's logo and
// links, a logged-in visitor sent on to the dashboard, and logout landing on /login with a message.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect, type Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { DEMO, login } from './helpers.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const mailDir = path.join(root, 'data', 'mail');

/** The newest .eml written to `to` after `since` (the outbox worker runs every 2 seconds). */
async function waitForMail(to: string, since: number, subject: string): Promise<{ text: string; file: string }> {
  const until = Date.now() + 20_000;
  while (Date.now() < until) {
    const files = fs.existsSync(mailDir) ? fs.readdirSync(mailDir).filter((f) => f.endsWith('.eml')) : [];
    for (const f of files) {
      const file = path.join(mailDir, f);
      if (fs.statSync(file).mtimeMs < since) continue;
      const mail = await simpleParser(fs.readFileSync(file));
      const addresses = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) => a.value.map((v) => v.address));
      if (addresses.includes(to) && mail.subject === subject) return { text: mail.text ?? '', file };
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no "${subject}" e-mail to ${to} under ${mailDir}`);
}

async function createAgent(page: Page, email: string, password: string) {
  await login(page, DEMO.admin.email, DEMO.admin.password, '/admin');
  const origin = new URL(page.url()).origin;
  const res = await page.request.post('/api/admin/users', {
    headers: { Origin: origin },
    data: { email, password, firstName: 'Fern', lastName: 'Forgot', agencyName: 'Forgot Agency', role: 'Insurance Agent', phone: '5550102030', isAdmin: false },
  });
  expect(res.status(), await res.text()).toBe(201);
  await page.goto('/api/logout');
}

test('forgot password: the e-mailed link sets a new password once, and the agent logs in with it', async ({ page }) => {
  const email = `fern.${Date.now()}@example.com`;
  await createAgent(page, email, 'old-pass-1234');
  await expect(page).toHaveURL(/\/login\?loggedOut=1$/);
  await expect(page.getByRole('status')).toHaveText('You have been logged out.');

  const since = Date.now() - 1000;
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account uses this e-mail, we have sent it a link');

  const mail = await waitForMail(email, since, 'Set a new TransferLine password');
  const link = /(http:\/\/\S+\/set-password\?token=\S+)/.exec(mail.text)?.[1];
  expect(link, mail.text).toBeTruthy();
  await page.goto(link!);
  await expect(page.getByText(`Choose a password for ${email}`)).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('brand-new-pass-77');
  await page.getByLabel('Confirm password').fill('brand-new-pass-77');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByRole('status')).toHaveText('Your password is set. You can now log in.');

  // The link is spent.
  await page.goto(link!);
  await expect(page.getByRole('alert')).toContainText('This link is invalid or has expired');

  await login(page, email, 'brand-new-pass-77');
  await expect(page).toHaveURL(/\/dashboard/);
  // Logged in, /login sends the agent on to the dashboard.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard/);
  await waitForMail(email, since, 'Your TransferLine password was changed');
});

test('/login shows the logo and the links to forgot password and pricing; unknown e-mails get the same answer', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('link', { name: 'TransferLine home' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'See pricing' })).toHaveAttribute('href', '/pricing');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.getByLabel('Email').fill('nobody.at.all@example.com');
  await page.getByRole('button', { name: 'Send Link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account uses this e-mail, we have sent it a link');
});
