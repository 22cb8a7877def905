// Starts the built server for Playwright on a fresh SQLite database with demo data, in test-payment mode
// with the Stripe emulator beside it (scripts/dev-server.ts).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = process.env.E2E_PORT ?? '3100';
const dir = path.join(os.tmpdir(), `tm-e2e-${port}`);
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true });
const env = {
  ...process.env,
  NODE_ENV: 'development',
  PORT: port,
  HOST: '127.0.0.1',
  PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
  DATABASE_URL: process.env.E2E_DATABASE_URL ?? `sqlite:${path.join(dir, 'e2e.sqlite3')}`,
  LOG_LEVEL: 'warn',
  BRIGHTCALL_API_KEY: process.env.BRIGHTCALL_API_KEY ?? 'e2e-brightcall-key',
  TRANSFER_API_KEY: process.env.TRANSFER_API_KEY ?? 'e2e-transfer-key',
};
const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/dev-server.ts', '--seed'], { cwd: root, env, stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
