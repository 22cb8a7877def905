// Database connection: embedded SQLite under data/ when DATABASE_URL is unset,
// MySQL/MariaDB through mysql2 when it is mysql://...
import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import type { Knex } from 'knex';
import objection from 'objection';
import { migrationSource } from './migrations/index.ts';

/** The repository: the nearest folder up from this module (or from the compiled api/dist/) holding package-lock.json. */
function repositoryRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package-lock.json'))) return dir;
    if (path.dirname(dir) === dir) return from;
  }
}
const root = repositoryRoot(path.dirname(fileURLToPath(import.meta.url)));
export const MIGRATIONS_DIR = path.join(root, 'migrations');
export const DEFAULT_SQLITE_FILE = path.join(root, 'data', 'app.sqlite3');

/** Default for DB_TIMEOUT_MS: connecting, and waiting for the first byte of a query's answer. */
export const DEFAULT_DB_TIMEOUT_MS = 5000;

/** Statements that may legitimately run long (migrations on big tables) get no timeout. */
const DDL = /^\s*(create|alter|drop|rename|truncate|optimize|analyze)\b/i;

/**
 * The SQLite driver for this Node: better-sqlite3 13 (Node-API, one prebuilt binary for every Node
 * version) on Node 22 and later, better-sqlite3 12 (compiled against the running Node's headers) on
 * Node 20, which 13 does not support. better-sqlite3 12 built against Node 24.19+ headers aborts the
 * process when V8 collects a statement outside a JavaScript context (docs/decisions/050-node-24.md).
 */
export const SQLITE_DRIVER = Number(process.versions.node.split('.')[0]) >= 22 ? 'better-sqlite3-napi' : 'better-sqlite3';

function sqliteClient(): Knex.Config['client'] {
  if (SQLITE_DRIVER === 'better-sqlite3') return 'better-sqlite3';
  const require = createRequire(import.meta.url);
  // Knex's own better-sqlite3 dialect with only the module it loads changed (the API is the same).
  const BetterSqlite3 = require('knex/lib/dialects/better-sqlite3/index.js') as new (config: Knex.Config) => { _driver(): unknown };
  return class extends BetterSqlite3 {
    override _driver() {
      return require(SQLITE_DRIVER);
    }
  } as unknown as Knex.Config['client'];
}

type QueryCallback = (err: (Error & { code?: string }) | null, ...rest: unknown[]) => void;
interface Mysql2Connection {
  query: (...args: unknown[]) => unknown;
  destroy: () => void;
}

/**
 * Every query of a pooled MariaDB connection gets mysql2's inactivity timeout, and a connection whose
 * query timed out is destroyed (the pool then drops it, as its stream is destroyed). Without this, a
 * network partition that silently drops packets holds a request and its connection until TCP gives
 * up, minutes later; with it the request answers 503 after timeoutMs and the pool heals by itself.
 */
export function instrumentConnection(conn: Mysql2Connection, timeoutMs: number): void {
  const query = conn.query.bind(conn);
  conn.query = (...args: unknown[]) => {
    const opts = args[0] as { sql?: string; timeout?: number } | undefined;
    const cbAt = args.findIndex((a) => typeof a === 'function');
    if (opts && typeof opts === 'object' && cbAt > 0) {
      const sql = String(opts.sql ?? '');
      if (timeoutMs > 0 && opts.timeout === undefined && !DDL.test(sql)) args[0] = { ...opts, timeout: timeoutMs };
      const cb = args[cbAt] as QueryCallback;
      args[cbAt] = (err: (Error & { code?: string }) | null, ...rest: unknown[]) => {
        if (err?.code === 'PROTOCOL_SEQUENCE_TIMEOUT') conn.destroy();
        cb(err, ...rest);
      };
    }
    return query(...args);
  };
}

export interface KnexOptions {
  /** DB_TIMEOUT_MS: connect timeout and per-query inactivity timeout on MariaDB (0: none). */
  timeoutMs?: number;
}

export function knexConfig(url: string | undefined = process.env.DATABASE_URL, sqliteFile = DEFAULT_SQLITE_FILE, opts: KnexOptions = {}): Knex.Config {
  const timeoutMs = opts.timeoutMs ?? Number(process.env.DB_TIMEOUT_MS ?? DEFAULT_DB_TIMEOUT_MS);
  const common = {
    migrations: { migrationSource, tableName: 'knex_migrations' },
    ...objection.knexSnakeCaseMappers(),
  };
  if (url && /^mysql2?:\/\//.test(url)) {
    const u = new URL(url);
    return {
      ...common,
      client: 'mysql2',
      connection: {
        host: u.hostname,
        port: Number(u.port || 3306),
        user: decodeURIComponent(u.username),
        password: decodeURIComponent(u.password),
        database: u.pathname.replace(/^\//, ''),
        timezone: 'Z',
        dateStrings: true,
        charset: 'utf8mb4',
        supportBigNumbers: true,
        bigNumberStrings: false,
        ...(timeoutMs > 0 ? { connectTimeout: timeoutMs } : {}),
      },
      pool: {
        min: 0,
        max: Number(process.env.DATABASE_POOL_MAX ?? 10),
        afterCreate(conn: Mysql2Connection, done: (err: Error | null, conn: unknown) => void) {
          instrumentConnection(conn, timeoutMs);
          conn.query({ sql: "SET time_zone = '+00:00'" }, (err: Error | null) => done(err, conn));
        },
      },
      acquireConnectionTimeout: 10000,
    };
  }
  if (url && !url.startsWith('sqlite:') && url !== '') {
    throw new Error(`DATABASE_URL must start with mysql:// (or sqlite:), got "${url.split(':')[0]}:..."`);
  }
  const file = url?.startsWith('sqlite:') ? url.slice('sqlite:'.length) : sqliteFile;
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  return {
    ...common,
    client: sqliteClient(),
    connection: { filename: file },
    useNullAsDefault: true,
    pool: {
      min: 1,
      max: 1,
      afterCreate(conn: { pragma: (s: string) => unknown }, done: (err: Error | null, conn: unknown) => void) {
        conn.pragma('journal_mode = WAL');
        conn.pragma('foreign_keys = ON');
        conn.pragma('busy_timeout = 5000');
        done(null, conn);
      },
    },
  };
}

export default knexConfig();
