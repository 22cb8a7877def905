import type { Knex } from 'knex';
import { createRowTrigger, isMysql, upsertSums, type RowTrigger } from './_helpers.ts';

// Issue 38 point 4 (decision 272): `lead_results_days` summed again per UTC month, kept by triggers on the
// day table (which 264's triggers on leads, order lines and outcomes keep), in the same statement and
// transaction: every change of a day row moves its month row by the same signed amount. Results reads the
// months nearest its period's whole days and adds or takes off the few day rows between (at most about half
// a month at each end), so a 90-day period reads a few hundred rows, not a row per day, state and band.
const BACKFILL_TIMEOUT_MS = 3_600_000;
const TABLE = 'lead_results_months';
const KEY = ['buyer_id', 'month', 'product', 'state', 'band'] as const;
const SUMS = ['items', 'spend_cents', 'unpriced', 'contacted', 'sales', 'premium_cents'] as const;

/** The first day of a day's month, as a date (`col` is a DATE; SQLite keeps it as 'YYYY-MM-DD'). */
const monthOf = (knex: Knex, col: string) => (isMysql(knex) ? `DATE_FORMAT(${col}, '%Y-%m-01')` : `substr(${col}, 1, 8) || '01'`);

/** Adds a day row's sums, signed, to its month's row (inserting it the first time). */
function moveMonth(knex: Knex, r: 'NEW' | 'OLD', sign: 1 | -1): string {
  const key = KEY.map((k) => (k === 'month' ? monthOf(knex, `${r}.day`) : `${r}.${k}`));
  return upsertSums(knex, TABLE, KEY, SUMS, `VALUES (${key.join(', ')}, ${SUMS.map((c) => `${sign} * ${r}.${c}`).join(', ')})`);
}

/** A day row inserted, deleted or changed (its old sums out of their month, its new ones in). */
const TRIGGERS: Array<Omit<RowTrigger, 'body'> & { body: (knex: Knex) => string }> = [
  { name: 'lead_results_month_insert', event: 'INSERT', when: '1 = 1', body: (k) => moveMonth(k, 'NEW', 1) },
  { name: 'lead_results_month_delete', event: 'DELETE', when: '1 = 1', body: (k) => moveMonth(k, 'OLD', -1) },
  { name: 'lead_results_month_update_old', event: 'UPDATE', when: '1 = 1', body: (k) => moveMonth(k, 'OLD', -1) },
  { name: 'lead_results_month_update_new', event: 'UPDATE', when: '1 = 1', body: (k) => moveMonth(k, 'NEW', 1) },
];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable(TABLE, (t) => {
    // As lead_results_days: MariaDB's cascade removes a deleted buyer's rows; SQLite's triggers zero them.
    const buyer = t.integer('buyer_id').unsigned().notNullable();
    if (isMysql(knex)) buyer.references('id').inTable('users').onDelete('CASCADE');
    t.date('month').notNullable();
    t.string('product', 10).notNullable();
    t.string('state', 2).notNullable();
    t.string('band', 8).notNullable();
    t.integer('items').notNullable().defaultTo(0);
    t.bigInteger('spend_cents').notNullable().defaultTo(0);
    t.integer('unpriced').notNullable().defaultTo(0);
    t.integer('contacted').notNullable().defaultTo(0);
    t.integer('sales').notNullable().defaultTo(0);
    t.bigInteger('premium_cents').notNullable().defaultTo(0);
    t.primary([...KEY]);
  });
  await knex
    .raw(
      `INSERT INTO ${TABLE} (${KEY.join(', ')}, ${SUMS.join(', ')})
       SELECT buyer_id, ${monthOf(knex, 'day')}, product, state, band, ${SUMS.map((c) => `SUM(${c})`).join(', ')}
       FROM lead_results_days GROUP BY buyer_id, ${monthOf(knex, 'day')}, product, state, band`,
    )
    .timeout(BACKFILL_TIMEOUT_MS);
  for (const t of TRIGGERS) await createRowTrigger(knex, 'lead_results_days', { ...t, body: t.body(knex) });
}

export async function down(knex: Knex): Promise<void> {
  for (const t of TRIGGERS) await knex.raw(`DROP TRIGGER IF EXISTS ${t.name}`);
  await knex.schema.dropTable(TABLE);
}
