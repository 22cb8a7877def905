// Shared benchmark plumbing: start the real server on a scratch database, a bare node:http baseline,
// run autocannon, print figures. Benchmarks are scripts, never part of `npm test`.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
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

/** The last lines a child process wrote (stdout and stderr together), for a report when it dies. */
function tailOf(child: ChildProcess, keep = 40): () => string[] {
  const lines: string[] = [];
  const add = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(line.length > 2000 ? `${line.slice(0, 2000)}...` : line);
    lines.splice(0, Math.max(0, lines.length - keep));
  };
  child.stdout?.on('data', add);
  child.stderr?.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    add(chunk);
  });
  return () => [...lines];
}

/** A started server: its origin, how to stop it, and why it ended if it ended on its own (null while it runs). */
export interface StartedServer {
  url: string;
  stop: () => Promise<void>;
  died: () => string | null;
}

/**
 * The real server on `port`: one process, or `processes` processes sharing the port (bench/cluster.mjs,
 * node:cluster), as several processes behind a load balancer serve in production. Its stdout (the log)
 * and stderr are kept: if it ends on its own, its exit code, signal and last lines are printed (decision
 * 267: a server that ended under load once left nothing behind).
 */
export async function startServer(port: number, env: Record<string, string> = {}, processes = 1): Promise<StartedServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-bench-'));
  const args = processes > 1 ? ['bench/cluster.mjs', '--seed'] : ['--import', 'tsx', 'scripts/dev-server.ts', '--seed'];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: `sqlite:${path.join(dir, 'bench.sqlite3')}`,
      BENCH_PROCESSES: String(processes),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const tail = tailOf(child);
  let stopping = false;
  let death: string | null = null;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      if (!stopping) {
        death = `the server (pid ${child.pid}) exited on its own: code ${code}, signal ${signal}`;
        console.error(
          `\n${death}; its last lines:\n${tail()
            .map((l) => `  | ${l}`)
            .join('\n')}\n`,
        );
      }
      resolve();
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 120 && !death; i++) {
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  if (death) throw new Error(death);
  return {
    url,
    died: () => death,
    stop: async () => {
      stopping = death === null;
      // An exited child has sent its 'exit' already: wait on the promise, not on a new listener.
      if (stopping) child.kill('SIGTERM');
      await exited;
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
  return startReadyProcess(port, ['-e', code]);
}

/**
 * The static middleware's own floor: Express with nothing but `express.static` over `dir` (serve-static
 * and send, reading the file from disk per request as the app does), in its own process. What the
 * maintained middleware can do on this machine, before any of the app's own work.
 */
export async function startStaticFloor(port: number, dir: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const code = `const express=require('express');const app=express();app.use(express.static(${JSON.stringify(dir)},{index:false,extensions:['html']}));
app.listen(${port},'127.0.0.1',()=>console.log('ready'));`;
  return startReadyProcess(port, ['-e', code], {}, path.join(ROOT, 'api'));
}

/** A node process (these arguments) that prints a line once it listens on `port`; stopped with SIGTERM. */
export async function startReadyProcess(
  port: number,
  args: string[],
  env: Record<string, string> = {},
  cwd = ROOT,
): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited (${code}) before it listened`)));
  });
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

/** A port nothing listens on now (benchmarks running side by side must not collide). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Several targets measured in turns, `rounds` times each (a, b, c, a, b, c, ...), `seconds` in all per
 * target: on a shared machine the load changes from second to second, and taking turns gives every
 * target the same share of it, so their ratios can be compared. req/s is over all the rounds; p50 is
 * the median of the rounds', p99 the worst round's. Each target first answers 5,000 unmeasured requests.
 */
export async function measureInTurns(targets: { name: string; opts: autocannon.Options }[], rounds: number, seconds: number): Promise<Figures[]> {
  // Warm up first (the app's JIT, its first reads), unmeasured.
  for (const t of targets) await autocannon({ connections: 100, amount: 5000, ...t.opts });
  const runs = targets.map(() => [] as autocannon.Result[]);
  for (let round = 0; round < rounds; round++) {
    for (const [i, t] of targets.entries()) runs[i]!.push(await autocannon({ connections: 100, duration: seconds / rounds, ...t.opts }));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return targets.map((t, i) => {
    const rs = runs[i]!;
    const total = rs.reduce((n, r) => n + r.requests.total, 0);
    const elapsed = rs.reduce((n, r) => n + r.duration, 0);
    return {
      name: t.name,
      requestsPerSec: Math.round(total / elapsed),
      p50: median(rs.map((r) => r.latency.p50)),
      p99: Math.max(...rs.map((r) => r.latency.p99)),
      errors: rs.reduce((n, r) => n + r.errors + r.timeouts, 0),
      non2xx: rs.reduce((n, r) => n + r.non2xx, 0),
      total,
    };
  });
}

export function printTable(rows: Figures[]): void {
  console.log('\n| target | req/s | p50 ms | p99 ms | errors | non-2xx | requests |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) console.log(`| ${r.name} | ${r.requestsPerSec} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} | ${r.total} |`);
}

/** Logs a demo account in on a started server and returns its session cookie (`name=value`). */
export async function loginCookie(baseUrl: string, identifier = 'agent@example.com', password = 'demo-agent-pass'): Promise<string> {
  const login = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ identifier, password }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status}`);
  return (login.headers.get('set-cookie') ?? '').split(';')[0]!;
}
