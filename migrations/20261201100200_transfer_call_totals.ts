import type { Knex } from 'knex';
import { createRowTrigger, differ, isMysql, type RowTrigger } from './_helpers.ts';

// Issue 38 point 4 (decision 265): an agent's calls counted and summed by status, kept by triggers on
// `transfer_calls` in the statement and transaction of every write (as decisions 115 and 264). The
// balance the home and the transfers pages show reads a few rows here, not the agent's every call.
/** The backfill reads a whole table: not bound by DB_TIMEOUT_MS (knexfile.ts), which is for requests. */
const BACKFILL_TIMEOUT_MS = 3_600_000;
const TABLE = 'transfer_call_totals';
const KEY = ['user_id', 'status'];

function add(knex: Knex, r: 'NEW' | 'OLD', sign: 1 | -1): string {
  const insert = `INSERT INTO ${TABLE} (user_id, status, n, cents) VALUES (${r}.user_id, ${r}.status, ${sign}, ${sign} * ${r}.charge_cents)`;
  return isMysql(knex)
    ? `${insert} ON DUPLICATE KEY UPDATE ${TABLE}.n = ${TABLE}.n + VALUES(n), ${TABLE}.cents = ${TABLE}.cents + VALUES(cents)`
    : `${insert} ON CONFLICT (${KEY.join(', ')}) DO UPDATE SET n = ${TABLE}.n + excluded.n, cents = ${TABLE}.cents + excluded.cents`;
}

function triggers(knex: Knex): RowTrigger[] {
  const changed = ['user_id', 'status', 'charge_cents'].map((c) => differ(knex, `OLD.${c}`, `NEW.${c}`)).join(' OR ');
  return [
    { name: 'transfer_call_totals_insert', event: 'INSERT', when: '1 = 1', body: add(knex, 'NEW', 1) },
    { name: 'transfer_call_totals_delete', event: 'DELETE', when: '1 = 1', body: add(knex, 'OLD', -1) },
    { name: 'transfer_call_totals_update_old', event: 'UPDATE', when: changed, body: add(knex, 'OLD', -1) },
    { name: 'transfer_call_totals_update_new', event: 'UPDATE', when: changed, body: add(knex, 'NEW', 1) },
  ];
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable(TABLE, (t) => {
    t.integer('user_id').unsigned().notNullable();
    t.string('status', 12).notNullable();
    t.integer('n').notNullable().defaultTo(0);
    t.bigInteger('cents').notNullable().defaultTo(0);
    t.primary(KEY);
  });
  await knex
    .raw(`INSERT INTO ${TABLE} (user_id, status, n, cents) SELECT user_id, status, COUNT(*), SUM(charge_cents) FROM transfer_calls GROUP BY user_id, status`)
    .timeout(BACKFILL_TIMEOUT_MS); // one pass over every call: may outlast DB_TIMEOUT_MS
  for (const t of triggers(knex)) await createRowTrigger(knex, 'transfer_calls', t);
}

export async function down(knex: Knex): Promise<void> {
  for (const t of triggers(knex)) await knex.raw(`DROP TRIGGER IF EXISTS ${t.name}`);
  await knex.schema.dropTable(TABLE);
}
