import type { Knex } from 'knex';

// Training-admin sessions kept by the server (issue 27 M3, decision 172): a token names its row, and a
// logout (or the 12-hour end) closes it for good. Rows past their end are purged by the session job.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('training_admin_sessions', (t) => {
    t.string('id', 64).primary();
    t.integer('training_admin_id').unsigned().notNullable().references('id').inTable('training_admins').onDelete('CASCADE');
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.datetime('expires_at', { precision: 3 }).notNullable();
    t.datetime('revoked_at', { precision: 3 }).nullable();
    t.index(['expires_at'], 'training_admin_sessions_expiry');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('training_admin_sessions');
}
