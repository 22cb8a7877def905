import type { Knex } from 'knex';

// When a user's password was last changed: sessions issued before it are ended (a changed password
// logs out every browser that knew the old one).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.datetime('password_changed_at', { precision: 3 }).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('password_changed_at');
  });
}
