// Read-only access to the e2e server's database, to check the rows the funnel forms write.
// Same location as e2e/serve.mjs: E2E_DATABASE_URL, else the SQLite file of this port's temp folder.
import os from 'node:os';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { knexConfig } from '../../knexfile.ts';

let db: Knex | null = null;

export function e2eDb(): Knex {
  if (db) return db;
  const port = process.env.E2E_PORT ?? '3100';
  const url = process.env.E2E_DATABASE_URL ?? `sqlite:${path.join(os.tmpdir(), `tm-e2e-${port}`, 'e2e.sqlite3')}`;
  db = knexFactory(knexConfig(url));
  return db;
}

export async function closeE2eDb(): Promise<void> {
  if (db) await db.destroy();
  db = null;
}

/** A tag unique to this run, for e-mails and names the tests create. */
export const runTag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
