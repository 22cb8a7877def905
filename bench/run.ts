// Runs every benchmark named on the command line (default: server): server, load, aged-leads, session-seal,
// provider, portal-home (the portal home's largest contentful paint, throttled; decision 185), scale (the lead
// list at 1M and 10M leads side by side) and big-buyer (an agent with 100,000 leads; decision 239).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const names = process.argv.slice(2).length ? process.argv.slice(2) : ['server'];
for (const name of names) {
  console.log(`\n### ${name}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, `${name}.bench.ts`)], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
