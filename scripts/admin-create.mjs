// `npm run admin:create -- --email you@company.com`: the first admin of an install (api/src/admin-create.ts).
// With NODE_ENV=production it runs the compiled command (api/dist/admin-create.js, made by `npm run build`)
// on plain Node, as the servers run the API; elsewhere the TypeScript source through tsx.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const compiled = path.join(root, 'api', 'dist', 'admin-create.js');
const production = process.env.NODE_ENV === 'production';
if (production && !fs.existsSync(compiled)) {
  console.error('NODE_ENV=production runs the compiled command, and api/dist/admin-create.js is missing: run `npm run build` first.');
  process.exit(1);
}
const args = production ? [compiled] : ['--import', 'tsx', path.join(root, 'api', 'src', 'admin-create.ts')];
const r = spawnSync(process.execPath, [...args, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(r.status ?? 1);
