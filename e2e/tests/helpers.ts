// Shared e2e helpers: demo accounts, logging in through the real form, the RingCloud survey's step 1, users made by
// the admin through the API, and transfers bought with the test card.
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';

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

/** A short tag, unique in practice, for the e-mails and names a test makes. */
export const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

export interface NewUser {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  agencyName: string;
  phone: string;
  /** Insurance Agent unless given. */
  role?: string;
}

/** The admin logged in on `admin` creates the user (not an admin) through the API; the new user's id. */
export async function createUser(admin: Page, user: NewUser): Promise<number> {
  const created = await admin.request.post('/api/admin/users', {
    headers: { Origin: new URL(admin.url()).origin },
    data: { role: 'Insurance Agent', ...user, isAdmin: false },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { user: { id: number } }).user.id;
}

/** The demo admin, logged in on a page of a browser context of its own (the test's page stays the agent's). */
export async function adminPage(browser: Browser): Promise<{ admin: Page; adminContext: BrowserContext }> {
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await login(admin, DEMO.admin.email, DEMO.admin.password, '/admin');
  return { admin, adminContext };
}

/** The agent logged in on `page` buys `count` standard transfers with the test card; the order's id once it is paid. */
export async function buyStandardTransfers(page: Page, count: number): Promise<number> {
  const intent = await page.request.post('/api/create-payment-intent', { data: { callCount: count, tier: 'standard' } });
  expect(intent.status()).toBe(200);
  const { clientSecret, orderId } = (await intent.json()) as { clientSecret: string; orderId: number };
  const paid = await page.request.post('/api/test-payments/confirm', {
    data: { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' },
  });
  expect(paid.status()).toBe(200);
  await expect
    .poll(async () => ((await (await page.request.get(`/api/orders/by-intent/${clientSecret.split('_secret_')[0]}`)).json()) as { status: string }).status)
    .toBe('paid');
  return orderId;
}
