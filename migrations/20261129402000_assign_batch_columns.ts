import type { Knex } from 'knex';

// The batch (assignment_batches) that gave a pool lead or an appointment to its agent, so the batch can be
// undone as one. Plain indexed integers (no foreign key: adding one rebuilds the table on SQLite); null for
// rows assigned one by one or never.
export async function up(knex: Knex): Promise<void> {
  for (const table of ['lead_pool', 'appointments']) {
    await knex.schema.alterTable(table, (t) => {
      t.integer('assign_batch_id').unsigned().nullable();
      t.index(['assign_batch_id'], `${table}_assign_batch_id`);
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['lead_pool', 'appointments']) {
    await knex.schema.alterTable(table, (t) => {
      t.dropIndex(['assign_batch_id'], `${table}_assign_batch_id`);
      t.dropColumn('assign_batch_id');
    });
  }
}
