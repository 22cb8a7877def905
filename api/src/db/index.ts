// Knex instances: the app's, and fresh ones for tests (own SQLite file or own MariaDB database).
import knexFactory, { type Knex } from 'knex';
import { Model } from 'objection';
import path from 'node:path';
import os from 'node:os';
import fs from 'node:fs';
import crypto from 'node:crypto';
import { knexConfig, applyQueryTimeout, dbTimeoutMs, type KnexOptions } from '../../../knexfile.ts';
export { withStatementTimeout, JOB_STATEMENT_TIMEOUT_MS } from '../../../knexfile.ts';
import { User } from '../models/index.ts';

export type Db = Knex;

export function createDb(databaseUrl?: string, sqliteFile?: string, opts?: KnexOptions): Db {
  const db = knexFactory(knexConfig(databaseUrl, sqliteFile, opts));
  // On MariaDB every query is bounded by DB_TIMEOUT_MS (knexfile.ts).
  if (isMysql(db)) applyQueryTimeout(db, dbTimeoutMs(opts));
  Model.knex(db);
  return db;
}

export function isMysql(db: Db): boolean {
  return db.client.config.client === 'mysql2';
}

export async function migrateLatest(db: Db): Promise<void> {
  await db.migrate.latest();
}

/** Names of the migrations not yet run on this database. */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const [, pending] = (await db.migrate.list()) as [unknown[], Array<string | { file?: string; name?: string }>];
  return pending.map((p) => (typeof p === 'string' ? p : (p.file ?? p.name ?? String(p))));
}

/** Is the database empty of users (the seed's guard)? */
export async function isEmpty(db: Db): Promise<boolean> {
  return !(await User.query(db).select('id').limit(1).first());
}

/**
 * A database of its own for one test file: a temp SQLite file, or a new MariaDB database
 * when TEST_DATABASE_URL is set (dropped by destroy()).
 */
export async function createTestDb(): Promise<{ db: Db; destroy: () => Promise<void>; url: string }> {
  const base = process.env.TEST_DATABASE_URL;
  const name = `tm_test_${Date.now().toString(36)}_${crypto.randomBytes(3).toString('hex')}`;
  if (base) {
    const admin = knexFactory(knexConfig(base));
    await admin.raw(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await admin.destroy();
    const u = new URL(base);
    u.pathname = `/${name}`;
    const url = u.toString();
    const db = createDb(url);
    await migrateLatest(db);
    return {
      db,
      url,
      destroy: async () => {
        await db.destroy();
        const a = knexFactory(knexConfig(base));
        await a.raw(`DROP DATABASE IF EXISTS \`${name}\``);
        await a.destroy();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-test-'));
  const file = path.join(dir, `${name}.sqlite3`);
  const url = `sqlite:${file}`;
  const db = createDb(url);
  await migrateLatest(db);
  return {
    db,
    url,
    destroy: async () => {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
