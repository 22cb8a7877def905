import type { Knex } from 'knex';

// Issue 38 point 4 (decision 268): each admin report reads one range of one index and looks up no row. The
// time column's own index (migration 20261129403000) becomes one that also holds what the report groups and
// counts by, so a week's report over years of calls reads that week's index entries only, from the index.
const COVERING = [
  { table: 'transfer_calls', columns: ['started_at', 'user_id', 'status'], replaces: 'transfer_calls_started_at_report' },
  { table: 'appointments', columns: ['purchased_at', 'status'], replaces: 'appointments_purchased_at_report' },
  { table: 'orders', columns: ['paid_at', 'status', 'kind', 'amount_cents'], replaces: 'orders_paid_at_report' },
  { table: 'appointment_no_shows', columns: ['created_at', 'status'], replaces: null },
] as const;

const nameOf = (table: string) => `${table}_report_covering`;

export async function up(knex: Knex): Promise<void> {
  for (const { table, columns, replaces } of COVERING) {
    await knex.schema.alterTable(table, (t) => {
      t.index([...columns], nameOf(table));
      if (replaces) t.dropIndex([], replaces);
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const { table, columns, replaces } of COVERING) {
    await knex.schema.alterTable(table, (t) => {
      if (replaces) t.index([columns[0]], replaces);
      t.dropIndex([], nameOf(table));
    });
  }
}
