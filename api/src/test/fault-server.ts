// A real app in a child process for the fault tests (faults.test.ts), so the test can SIGKILL it:
// createApp over FAULT_DB_URL, its Stripe SDK client pointed at an emulator the parent test runs
// (which outlives the kill, as Stripe outlives a crashed server), its jobs started as server.ts starts
// them (FAULT_PAYMENT_CHECK_MS: the payment-check period). Prints "ready" once listening.
import http from 'node:http';
import { createApp, depsOf } from '../app.ts';
import { testConfig } from '../config.ts';
import { createDb } from '../db/index.ts';
import { createStripeClient } from '../services/payments/stripe-client.ts';

const port = Number(process.env.FAULT_PORT);
const paymentCheckMs = Number(process.env.FAULT_PAYMENT_CHECK_MS) || undefined;
const config = testConfig({ port, publicOrigin: `http://127.0.0.1:${port}`, ...(paymentCheckMs ? { paymentCheckMs } : {}) });
const db = createDb(process.env.FAULT_DB_URL);
const stripe = createStripeClient({ ...config, stripe: { ...config.stripe, emulatorUrl: `http://127.0.0.1:${process.env.FAULT_EMULATOR_PORT}` } });
const app = createApp({ db, config, stripe });
await depsOf(app).jobs.start();
const server = http.createServer(app);
server.listen(port, '127.0.0.1', () => process.stdout.write('ready\n'));
