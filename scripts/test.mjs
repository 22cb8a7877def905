// `npm test`: typecheck, lint, unit + API tests (Vitest, SQLite by default, MariaDB when TEST_DATABASE_URL is set),
// then build and run the browser journeys (Playwright in Debian's Chromium). Browser tests are required:
// without Chromium this fails and says how to install it (unless SKIP_E2E=1 is set on purpose).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireSupportedNode } from './node-version.mjs';

requireSupportedNode('`npm test`');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const step = (title, cmd, args, env = {}) => {
  console.log(`\n=== ${title}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) {
    console.error(`\n${title} failed (exit ${r.status}).`);
    process.exit(r.status ?? 1);
  }
};

if (!fs.existsSync(path.join(root, 'node_modules', '.bin', 'vitest'))) {
  step('Install dependencies', 'npm', ['install', '--no-audit', '--no-fund'], { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' });
}
step('Typecheck', 'npm', ['run', 'typecheck']);
step('Lint (ESLint, no warnings allowed)', 'npm', ['run', 'lint']);
step('Format check (Prettier)', 'npm', ['run', 'format:check']);
step('Unit and API tests (Vitest)', 'npx', ['vitest', 'run']);
if (process.env.SKIP_E2E === '1') {
  console.log('\nSKIP_E2E=1: browser tests skipped on purpose.');
  process.exit(0);
}
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  console.error(`\nChromium not found at ${chromium}. Install it with: apt-get update && apt-get install -y chromium`);
  process.exit(1);
}
step('Build site and portal', 'npm', ['run', 'build']);
step('Browser journeys (Playwright)', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts']);
