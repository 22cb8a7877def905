// Test harness: a real app over a real database of its own (SQLite file, or MariaDB when TEST_DATABASE_URL is set).
import request from 'supertest';
import { beforeAll, afterAll } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type Stripe from 'stripe';
import type { Express } from 'express';
import { createApp } from '../app.ts';
import { createTestDb, type Db } from '../db/index.ts';
import { testConfig, type AppConfig } from '../config.ts';
import { ManualClock, type Clock } from '../clock.ts';
import { createUser, type NewUser, type UserRow } from '../services/accounts/users.service.ts';
import { startPayments, type StripeEmulator } from '@tm/stripe-emulator';

export interface TestContext {
  app: Express;
  db: Db;
  config: AppConfig;
  clock: ManualClock;
  /** The Stripe SDK client the app uses (pointed at the emulator). */
  stripe: Stripe;
  /** The test-payment emulator; its events go to this app's own webhook. */
  emulator: StripeEmulator;
  /** Where the app listens (the emulator posts webhooks here). */
  baseUrl: string;
  close: () => Promise<void>;
}

export async function createTestApp(opts: { config?: Partial<AppConfig>; clock?: Clock; web?: boolean; readDb?: Db } = {}): Promise<TestContext> {
  const { db, destroy } = await createTestDb();
  const config = testConfig(opts.config);
  const clock = (opts.clock as ManualClock | undefined) ?? new ManualClock();
  const payments = await startPayments(config);
  const app = createApp({ db, readDb: opts.readDb, config, clock, stripe: payments.stripe, web: opts.web ?? false });
  // The app listens on an ephemeral port so the emulator can deliver its signed events.
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  payments.emulator!.setWebhookUrl(`${baseUrl}/api/stripe/webhook`);
  const close = async () => {
    await payments.close();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    await destroy();
  };
  return { app, db, config, clock, stripe: payments.stripe, emulator: payments.emulator!, baseUrl, close };
}

let counter = 0;
export async function makeUser(db: Db, over: Partial<NewUser> = {}): Promise<UserRow & { password: string }> {
  counter += 1;
  const password = over.password ?? 'correct-horse-1';
  const tag = `${process.pid}${Date.now().toString(36)}${counter}`;
  const user = await createUser(db, {
    email: `agent${tag}@example.com`,
    username: `agent${tag}`,
    firstName: 'Test',
    lastName: `Agent${counter}`,
    agencyName: 'Test Agency',
    role: 'Insurance Agent',
    phone: '5550001111',
    ...over,
    password,
  });
  return { ...user, password };
}

/** A supertest agent that keeps cookies, logged in as the given user. */
export async function loginAs(app: Express, identifier: string, password: string) {
  const agent = request.agent(app);
  const res = await agent.post('/api/login').send({ identifier, password });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return agent;
}

/** A new user (admin with `{ isAdmin: true }`) and a supertest agent logged in as them. */
export async function loggedInUser(ctx: Pick<TestContext, 'app' | 'db'>, over: Partial<NewUser> = {}) {
  const user = await makeUser(ctx.db, over);
  return { user, agent: await loginAs(ctx.app, user.email, user.password) };
}

/** A test app (createTestApp's options) and an admin logged in to it. */
export async function createTestAppWithAdmin(opts: Parameters<typeof createTestApp>[0] = {}) {
  const ctx = await createTestApp(opts);
  return { ctx, admin: (await loggedInUser(ctx, { isAdmin: true })).agent };
}

/**
 * A test database of its own for one test file: made before the file's tests, dropped after them.
 * `file.db` is the database (read it inside tests and hooks, once it is made).
 */
export function testDbOfFile(): { readonly db: Db } {
  let made: Awaited<ReturnType<typeof createTestDb>> | undefined;
  beforeAll(async () => {
    made = await createTestDb();
  });
  afterAll(async () => {
    await made?.destroy();
  });
  return {
    get db(): Db {
      if (!made) throw new Error('testDbOfFile: the database is made in beforeAll');
      return made.db;
    },
  };
}
