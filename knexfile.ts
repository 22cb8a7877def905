// Database connection: embedded SQLite under data/ when DATABASE_URL is unset,
// MySQL/MariaDB through mysql2 when it is mysql://...
import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Knex } from 'knex';
import objection from 'objection';
import { migrationSource } from './migrations/index.ts';

const root = path.dirname(fileURLToPath(import.meta.url));
export const MIGRATIONS_DIR = path.join(root, 'migrations');
export const DEFAULT_SQLITE_FILE = path.join(root, 'data', 'app.sqlite3');

export function knexConfig(url: string | undefined = process.env.DATABASE_URL, sqliteFile = DEFAULT_SQLITE_FILE): Knex.Config {
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
      },
      pool: {
        min: 0,
        max: Number(process.env.DATABASE_POOL_MAX ?? 10),
        afterCreate(conn: { query: (sql: string, cb: (err: Error | null) => void) => void }, done: (err: Error | null, conn: unknown) => void) {
          conn.query("SET time_zone = '+00:00'", (err) => done(err, conn));
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
