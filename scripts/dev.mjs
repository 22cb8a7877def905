// `npm run dev`: the API with reload (tsx watch) on :3000 (with the Stripe emulator in test-payment mode,
// scripts/dev-server.ts), Astro dev on :4321 and the portal's Vite on :5173,
// both proxying /api to the API.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const procs = [
  ['api', 'npx', ['tsx', 'watch', 'scripts/dev-server.ts', '--seed']],
  ['site', 'npm', ['run', 'dev', '-w', 'marketing']],
  ['portal', 'npm', ['run', 'dev', '-w', 'portal']],
].map(([name, cmd, args]) => {
  const p = spawn(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  p.on('exit', (code) => console.log(`[${name}] exited with ${code}`));
  return p;
});
console.log('API http://localhost:3000  site http://localhost:4321  portal http://localhost:5173/login');
for (const sig of ['SIGINT', 'SIGTERM'])
  process.on(sig, () => {
    for (const p of procs) p.kill(sig);
    process.exit(0);
  });
