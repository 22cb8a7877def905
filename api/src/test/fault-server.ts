// A real app in a child process for the fault tests (faults.test.ts), so the test can SIGKILL it:
// createApp over FAULT_DB_URL, its Stripe SDK client pointed at an emulator the parent test runs
// (which outlives the kill, as Stripe outlives a crashed server). Prints "ready" once listening.
import http from 'node:http';
import { createApp } from '../app.ts';
import { testConfig } from '../config.ts';
import { createDb } from '../db/index.ts';
import { createStripeClient } from '../services/payments/stripe-client.ts';
import { EMULATOR_SECRET_KEY } from '../services/payments/emulator/stripe-emulator.ts';

const port = Number(process.env.FAULT_PORT);
const config = testConfig({ port, publicOrigin: `http://127.0.0.1:${port}` });
const db = createDb(process.env.FAULT_DB_URL);
const stripe = createStripeClient(config, { host: '127.0.0.1', port: Number(process.env.FAULT_EMULATOR_PORT), secretKey: EMULATOR_SECRET_KEY });
const server = http.createServer(createApp({ db, config, stripe }));
server.listen(port, '127.0.0.1', () => process.stdout.write('ready\n'));
