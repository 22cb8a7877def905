import type { Knex } from 'knex';

// Partner-upload quotas that hold under concurrency (issue 27 H1, decision 170): a request reserves the
// bytes it may write before writing them, in a transaction that locks the one row of
// upload_quota_locks, so two requests (in any process) never both pass against the same free bytes.
// A reservation ends when its files are stored (in the same transaction) or the request fails; one left
// by a dead process counts until expires_at.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('upload_quota_locks', (t) => {
    t.string('name', 64).primary();
  });
  await knex('upload_quota_locks').insert({ name: 'partner-uploads' });
  await knex.schema.createTable('upload_reservations', (t) => {
    t.increments('id').primary();
    t.string('client_key', 64).nullable();
    t.bigInteger('bytes').notNullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.datetime('expires_at', { precision: 3 }).notNullable();
    t.index(['client_key', 'expires_at'], 'upload_reservations_client');
    t.index(['expires_at'], 'upload_reservations_expiry');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('upload_reservations');
  await knex.schema.dropTable('upload_quota_locks');
}
