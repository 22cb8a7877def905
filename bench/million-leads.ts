// A MariaDB database with a million aged leads for the lead-list benchmarks (created once, reused;
// BENCH_FRESH=1 starts over). INSERT ... SELECT from the SEQUENCE engine, 100,000 rows a statement.
import path from 'node:path';
import knexFactory from 'knex';
import { RINGCLOUD } from '@tm/shared';
import { knexConfig } from '../knexfile.ts';
import { createDb, migrateLatest, type Db } from '../api/src/db/index.ts';
import { seedDemo } from '../api/src/db/seed.ts';
import { ROOT } from './lib.ts';

const CHUNK = 100_000;
/** A 100,000-row INSERT ... SELECT outlasts the app's 5 s query timeout on a busy machine. */
const BULK_TIMEOUT_MS = 600_000;
const STATES = ['TX', 'FL', 'CA', 'GA', 'NC', 'OH', 'PA', 'AZ', 'TN', 'MI', 'IL', 'NY', 'SC', 'AL', 'MO', 'IN', 'KY', 'LA', 'OK', 'VA'];

/** The benchmark database's URL, from BENCH_DATABASE_URL or the default name; exits on a non-MariaDB URL. */
export function benchDatabaseUrl(defaultName: string): { url: string; dbName: string } {
  const url = process.env.BENCH_DATABASE_URL ?? `mysql://root@127.0.0.1:3306/${defaultName}`;
  const dbName = new URL(url).pathname.replace(/^\//, '');
  if (!/^mysql2?:\/\//.test(url) || !/^[A-Za-z0-9_]+$/.test(dbName)) {
    console.error('BENCH_DATABASE_URL must be mysql://user@host:port/database (MariaDB)');
    process.exit(1);
  }
  return { url, dbName };
}

export async function prepareMillionLeads(url: string, dbName: string, targetRows = Number(process.env.BENCH_LEADS ?? 1_000_000)): Promise<Db> {
  const server = new URL(url);
  server.pathname = '/';
  const admin = knexFactory(knexConfig(server.toString()));
  if (process.env.BENCH_FRESH) await admin.raw(`DROP DATABASE IF EXISTS \`${dbName}\``);
  await admin.raw(`CREATE DATABASE IF NOT EXISTS \`${dbName}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.destroy();
  const db = createDb(url);
  await migrateLatest(db);
  await seedDemo(db, { dataDir: path.join(ROOT, 'data', 'bench') });
  const have = Number(((await db('leads').where({ kind: 'aged' }).count({ n: '*' }).first()) as { n: number }).n);
  if (have < targetRows) {
    const started = Date.now();
    console.log(`Inserting ${(targetRows - have).toLocaleString('en-US')} aged leads into ${dbName}...`);
    const states = STATES.map((s) => `'${s}'`).join(', ');
    const ownPrice = Number(RINGCLOUD.agedLeadCents['30-60']);
    for (let from = have + 1; from <= targetRows; from += CHUNK) {
      const to = Math.min(targetRows, from + CHUNK - 1);
      // Deterministic spread: 20 states, ages 30-365 days, ~90,000 zip codes, one lead in ten with its own price.
      await db
        .raw(
          `
        INSERT INTO leads (kind, customer_name, customer_phone, customer_state, zip_code, current_age_range, age_days, price_cents, call_duration, form_fill_time, status, created_at)
        SELECT 'aged', CONCAT('Bench Lead', seq), CONCAT('555', LPAD(seq % 10000000, 7, '0')), ELT(1 + seq % 20, ${states}),
               LPAD(10000 + (seq * 7919) % 89999, 5, '0'),
               CASE WHEN a <= 60 THEN '30-60' WHEN a <= 90 THEN '60-90' WHEN a <= 180 THEN '90-180' ELSE '180-365' END,
               a, IF(seq % 10 = 0, ${ownPrice}, NULL), 60 + seq % 400, UTC_TIMESTAMP(3) - INTERVAL a DAY, 'available', UTC_TIMESTAMP(3) - INTERVAL a DAY
        FROM (SELECT seq, 30 + (seq * 7) % 336 AS a FROM seq_${from}_to_${to}) s`,
        )
        .timeout(BULK_TIMEOUT_MS);
      process.stdout.write(`  ${to.toLocaleString('en-US')}\r`);
    }
    await db.raw('ANALYZE TABLE leads').timeout(BULK_TIMEOUT_MS);
    console.log(`Inserted in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  }
  return db;
}
