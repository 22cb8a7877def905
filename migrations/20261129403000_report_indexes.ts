import type { Knex } from 'knex';

// The admin reports (issue 36 point 2) read a range of days across every buyer: each reads one time column
// over a range, so each such column gets an index (the existing ones lead with user_id or status).
const INDEXES = [
  ['orders', 'paid_at'],
  ['refunds', 'created_at'],
  ['transfer_calls', 'started_at'],
  ['appointments', 'purchased_at'],
] as const;

export async function up(knex: Knex): Promise<void> {
  for (const [table, column] of INDEXES) {
    await knex.schema.alterTable(table, (t) => t.index([column], `${table}_${column}_report`));
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const [table, column] of INDEXES) {
    await knex.schema.alterTable(table, (t) => t.dropIndex([column], `${table}_${column}_report`));
  }
}
