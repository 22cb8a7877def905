import type { Knex } from 'knex';

// When an admin deactivated the account (null: active). A deactivated user cannot log in and has no
// open session; reactivating clears it.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.datetime('deactivated_at', { precision: 3 }).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('deactivated_at');
  });
}
