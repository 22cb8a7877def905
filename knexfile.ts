// Database connection: embedded SQLite under data/ when DATABASE_URL is unset,
// MySQL/MariaDB through mysql2 when it is mysql://...
import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
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

/** What Knex emits as 'start': a query builder or a raw statement (a schema builder has no timeout()). */
interface StartingQuery {
  timeout?: (ms: number) => unknown;
  _timeout?: number;
  sql?: string;
  client?: { config?: BoundedClientConfig };
}

/** A client's config as withStatementTimeout marks it. */
interface BoundedClientConfig {
  statementTimeoutMs?: number;
}

/**
 * The bound of a background job's statements (the lead import): a minute, past InnoDB's 50 s lock wait. A
 * request gives up after DB_TIMEOUT_MS (5 s) and its user tries again; a job that gave up would undo work
 * nobody is waiting on, here a whole import, over a stall of the server that a minute outlasts (decision 281).
 */
export const JOB_STATEMENT_TIMEOUT_MS = 60_000;

/**
 * Every query on MariaDB gets Knex's own query timeout (`.timeout(ms)`, its public API) unless it set
 * one: Knex rejects it with a KnexTimeoutError (a 503, api/src/db/errors.ts) and, as the query is not
 * cancelled, marks the connection disposed so the pool destroys it rather than lend it again. A network
 * partition that silently drops packets then answers 503 after timeoutMs and the pool heals by itself;
 * without it a request and its connection wait until TCP gives up, minutes later. Schema changes
 * (migrations, `db.raw('ALTER ...')`) run without one.
 */
export function applyQueryTimeout(db: Knex, timeoutMs: number): void {
  if (!(timeoutMs > 0)) return;
  db.on('start', (query: StartingQuery) => {
    if (typeof query.timeout !== 'function' || query._timeout !== undefined) return;
    if (typeof query.sql === 'string' && DDL.test(query.sql)) return;
    query.timeout(Math.max(timeoutMs, query.client?.config?.statementTimeoutMs ?? 0));
  });
}

/**
 * The same database, pool and listeners (Knex's withUserParams), with `ms` as the bound of every statement run
 * through it, its transactions' included, where DB_TIMEOUT_MS is shorter. The bound travels on the clone's own
 * client config, which its queries and transactions carry and applyQueryTimeout reads; where DB_TIMEOUT_MS is 0
 * (no bound) or the database is SQLite, nothing is bounded either way.
 */
export function withStatementTimeout(db: Knex, ms: number): Knex {
  const clone = db.withUserParams({ statementTimeoutMs: ms });
  (clone.client.config as BoundedClientConfig).statementTimeoutMs = ms;
  return clone;
}

interface Mysql2Connection {
  query: (options: { sql: string; timeout?: number }, callback: (err: Error | null) => void) => unknown;
}

export interface KnexOptions {
  /** DB_TIMEOUT_MS: connect timeout and per-query inactivity timeout on MariaDB (0: none). */
  timeoutMs?: number;
}

/** DB_TIMEOUT_MS unless the options name one. */
export function dbTimeoutMs(opts: KnexOptions = {}): number {
  return opts.timeoutMs ?? Number(process.env.DB_TIMEOUT_MS ?? DEFAULT_DB_TIMEOUT_MS);
}

export function knexConfig(url: string | undefined = process.env.DATABASE_URL, sqliteFile = DEFAULT_SQLITE_FILE, opts: KnexOptions = {}): Knex.Config {
  const timeoutMs = dbTimeoutMs(opts);
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
        // mysql2's per-query `timeout` option: a connection that goes silent while it is set up fails.
        afterCreate(conn: Mysql2Connection, done: (err: Error | null, conn: unknown) => void) {
          conn.query({ sql: "SET time_zone = '+00:00'", ...(timeoutMs > 0 ? { timeout: timeoutMs } : {}) }, (err) => done(err, conn));
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
    client: 'better-sqlite3',
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
