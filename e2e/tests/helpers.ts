// Shared e2e helpers: demo accounts and logging in through the real form.
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
