// Shared benchmark plumbing: start the real server on a scratch database, a bare node:http baseline,
// run autocannon, print figures. Benchmarks are scripts, never part of `npm test`.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface Figures {
  name: string;
  requestsPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  total: number;
}

export async function startServer(port: number, env: Record<string, string> = {}): Promise<{ url: string; stop: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-bench-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'api/src/server.ts', '--seed'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: `sqlite:${path.join(dir, 'bench.sqlite3')}`,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 120; i++) {
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A bare node:http server answering every request with the same file: the ceiling to compare against.
 * It runs in its own process, like the app, so neither shares a core with autocannon.
 */
export async function startBare(port: number, file: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const code = `const fs=require('fs'),http=require('http');const body=fs.readFileSync(${JSON.stringify(file)});
http.createServer((q,r)=>{r.writeHead(200,{'Content-Type':'text/html; charset=utf-8','Content-Length':body.length});r.end(body)}).listen(${port},'127.0.0.1',()=>console.log('ready'));`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()));
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

export async function measure(name: string, opts: autocannon.Options): Promise<Figures> {
  const result = await autocannon({ connections: 100, duration: Number(process.env.BENCH_SECONDS ?? 10), ...opts });
  return {
    name,
    requestsPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
  };
}

export function printTable(rows: Figures[]): void {
  console.log('\n| target | req/s | p50 ms | p99 ms | errors | non-2xx | requests |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) console.log(`| ${r.name} | ${r.requestsPerSec} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} | ${r.total} |`);
}
