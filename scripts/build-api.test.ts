// The production build: `npm run build:api` compiles the API to JavaScript that plain `node` runs (no
// tsx, no TypeScript at run time): it migrates, serves, and logs a demo account in. The Stripe emulator
// (tools/stripe-emulator, development and tests only) is not in it: here the test runs one beside it.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { StripeEmulator } from '@tm/stripe-emulator';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'api', 'dist');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-build-'));
const env = {
  ...process.env,
  NODE_ENV: 'development',
  DATABASE_URL: `sqlite:${path.join(tmp, 'app.sqlite3')}`,
  UPLOAD_DIR: path.join(tmp, 'uploads'),
  LOG_LEVEL: 'warn',
};
let server: ChildProcess | undefined;
let serverPort = 0;
const emulator = new StripeEmulator({ webhookSecret: 'whsec_build_api_test' });

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  const { host, port } = await emulator.start();
  Object.assign(env, { STRIPE_EMULATOR_URL: `http://${host}:${port}`, STRIPE_WEBHOOK_SECRET: 'whsec_build_api_test' });
  const build = spawnSync(process.execPath, ['scripts/build-api.mjs'], { cwd: root, encoding: 'utf8' });
  expect(build.status, build.stderr).toBe(0);
}, 120_000);

afterAll(async () => {
  server?.kill('SIGTERM');
  await emulator.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('npm run build:api', () => {
  it('writes plain JavaScript entries that load no TypeScript and no dev dependency', () => {
    for (const entry of ['server.js', 'migrate.js']) {
      const js = fs.readFileSync(path.join(dist, entry), 'utf8');
      const imports = [...js.matchAll(/^import .*? from "([^"]+)";$|^import "([^"]+)";$/gm)].map((m) => m[1] ?? m[2]!);
      expect(imports.length).toBeGreaterThan(0);
      expect(imports.filter((i) => i.endsWith('.ts') || /^(tsx|vitest|typescript|esbuild|supertest)(\/|$)/.test(i))).toEqual([]);
    }
  });

  it('never contains the Stripe emulator (a development tool): no module of tools/, no emulator code', () => {
    const files = fs.readdirSync(dist, { recursive: true }) as string[];
    expect(files.filter((f) => /emulator/i.test(f))).toEqual([]);
    for (const f of files.filter((x) => x.endsWith('.js'))) {
      const js = fs.readFileSync(path.join(dist, f), 'utf8');
      // The emulator's class and what only it sends (its replay header, its refusal of an API key).
      expect(js, f).not.toMatch(/class StripeEmulator|Idempotent-Replayed|Invalid API Key provided/);
    }
    for (const f of files.filter((x) => x.endsWith('.js.map'))) {
      const sources = (JSON.parse(fs.readFileSync(path.join(dist, f), 'utf8')) as { sources: string[] }).sources;
      expect(sources.length).toBeGreaterThan(0);
      expect(
        sources.filter((s) => /stripe-emulator|tools\//.test(s)),
        f,
      ).toEqual([]);
    }
  });

  it('the compiled migrate and server run on plain node: migrations, health, a login', async () => {
    const migrate = spawnSync(process.execPath, [path.join(dist, 'migrate.js'), 'latest'], { cwd: root, env, encoding: 'utf8' });
    expect(migrate.status, migrate.stderr).toBe(0);
    expect(migrate.stdout).toMatch(/Migrated \(batch 1\): \d+ migration\(s\)/);

    const port = (serverPort = await freePort());
    const origin = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, [path.join(dist, 'server.js'), '--seed'], {
      cwd: root,
      env: { ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_ORIGIN: origin },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    server.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    server.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    const deadline = Date.now() + 30_000;
    for (;;) {
      const ok = await fetch(`${origin}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline || server.exitCode !== null) throw new Error(`the compiled server did not answer:\n${output}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(output).toContain('Seeded demo data.');
    const login = await fetch(`${origin}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: origin },
      body: JSON.stringify({ identifier: 'admin@example.com', password: 'demo-admin-pass' }),
    });
    expect(login.status).toBe(200);
    expect(login.headers.get('set-cookie')).toBeTruthy();
  }, 60_000);

  it('stops gracefully on SIGTERM: a request in flight is answered, then the process exits 0 (close-with-grace)', async () => {
    expect(server?.exitCode).toBeNull();
    const exited = new Promise<number | null>((resolve) => server!.once('exit', (code) => resolve(code)));
    // A request on its own connection, sent before the signal: it is answered, not cut off.
    const inFlight = new Promise<number | undefined>((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port: serverPort, path: '/api/health', agent: false }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      });
      req.on('error', reject);
      req.on('finish', () => setTimeout(() => server!.kill('SIGTERM'), 50));
    });
    expect(await inFlight).toBe(200);
    expect(await exited).toBe(0);
    server = undefined;
  }, 30_000);
});
