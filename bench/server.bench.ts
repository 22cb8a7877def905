// GET / and GET /api/current-user on the real server, beside a bare node:http server serving the same file.
// Run: npm run bench (BENCH_SECONDS=20 for longer runs). Needs `npm run build` first.
import path from 'node:path';
import fs from 'node:fs';
import { ROOT, startServer, startBare, measure, printTable } from './lib.ts';

const index = path.join(ROOT, 'marketing', 'dist', 'index.html');
if (!fs.existsSync(index)) {
  console.error('Build first: npm run build');
  process.exit(1);
}
const app = await startServer(3901);
const bare = await startBare(3902, index);
try {
  const login = await fetch(`${app.url}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ identifier: 'agent@example.com', password: 'demo-agent-pass' }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const rows = [
    await measure('bare node:http, same file', { url: `${bare.url}/` }),
    await measure('GET / (app)', { url: `${app.url}/` }),
    await measure('GET /api/current-user (logged in)', { url: `${app.url}/api/current-user`, headers: { cookie } }),
  ];
  printTable(rows);
  const ratio = rows[1]!.requestsPerSec / rows[0]!.requestsPerSec;
  console.log(`\nGET / reaches ${(ratio * 100).toFixed(0)}% of the bare server's throughput.`);
} finally {
  await bare.stop();
  await app.stop();
}
