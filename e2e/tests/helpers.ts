// Shared e2e helpers: demo accounts, logging in through the real form, the RingCloud survey's step 1.
import { expect, type Page } from '@playwright/test';

export const DEMO = {
  admin: { email: 'admin@example.com', password: 'demo-admin-pass' },
  agent: { email: 'agent@example.com', password: 'demo-agent-pass', firstName: 'Jordan' },
  agent2: { email: 'agent2@example.com', password: 'demo-agent2-pass' },
  trainer: { email: 'trainer@example.com', password: 'demo-trainer-pass' },
} as const;

export async function login(page: Page, identifier: string, password: string, next?: string): Promise<void> {
  await page.goto(next ? `/login?next=${encodeURIComponent(next)}` : '/login');
  await page.getByLabel('Email or username').fill(identifier);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** The RingCloud survey's step 1 (/ringcloud) for Rhea Cloud of Cloud Nine Agency. */
export async function fillRingcloudStep1(page: Page, v: { email: string; username: string; password?: string }): Promise<void> {
  await page.getByLabel('First name').fill('Rhea');
  await page.getByLabel('Last name').fill('Cloud');
  await page.getByLabel('Agency name').fill('Cloud Nine Agency');
  await page.getByLabel('Agency Owner').check();
  await page.getByLabel('Phone').fill('(555) 010-0177');
  await page.getByLabel('Email').fill(v.email);
  await page.getByLabel('Username').fill(v.username);
  await page.getByLabel('Password').fill(v.password ?? 'cloud-pass-1');
}
