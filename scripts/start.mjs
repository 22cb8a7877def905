// `npm start`: install what is missing, build what is stale, then migrate, seed (empty non-production
// database only) and serve everything on PORT. Plain Node so it runs before dependencies exist.
// With NODE_ENV=production it installs and builds nothing: it runs the compiled API (api/dist/, made
// by `npm run build`) on plain Node, which needs production dependencies only.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireSupportedNode } from './node-version.mjs';

requireSupportedNode('`npm start`');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd, args, opts = {}) => {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

function newestMtime(dir) {
  let newest = 0;
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      if (e.name === 'node_modules' || e.name === 'dist' || e.name.startsWith('.')) continue;
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else newest = Math.max(newest, fs.statSync(p).mtimeMs);
    }
  };
  if (fs.existsSync(dir)) walk(dir);
  return newest;
}

const production = process.env.NODE_ENV === 'production';
const compiled = path.join(root, 'api', 'dist', 'server.js');
if (production && !fs.existsSync(compiled)) {
  console.error('NODE_ENV=production runs the compiled API, and api/dist/server.js is missing: run `npm run build` first.');
  process.exit(1);
}

const stamp = path.join(root, 'node_modules', '.install-stamp');
const lock = path.join(root, 'package-lock.json');
const needsInstall = !production && (!fs.existsSync(stamp) || (fs.existsSync(lock) && fs.statSync(lock).mtimeMs > fs.statSync(stamp).mtimeMs));
if (needsInstall) {
  console.log('Installing dependencies (first run builds better-sqlite3; about two minutes)...');
  run('npm', ['install', '--no-audit', '--no-fund'], { env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' } });
  fs.writeFileSync(stamp, new Date().toISOString());
}

const sources = Math.max(newestMtime(path.join(root, 'marketing')), newestMtime(path.join(root, 'portal')), newestMtime(path.join(root, 'shared')));
const built = ['marketing/dist/index.html', 'portal/dist/index.html'].map((f) => path.join(root, f));
const builtAt = built.every((f) => fs.existsSync(f)) ? Math.min(...built.map((f) => fs.statSync(f).mtimeMs)) : 0;
if (!production && process.env.SKIP_BUILD !== '1' && sources > builtAt) {
  console.log('Building the site and the portal...');
  run('npm', ['run', 'build']);
}

// Development: the API with the Stripe emulator beside it in test-payment mode (tools/stripe-emulator).
const args = production ? [compiled] : ['--import', 'tsx', 'scripts/dev-server.ts', '--seed'];
const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
