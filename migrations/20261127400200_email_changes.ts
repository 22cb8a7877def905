import type { Knex } from 'knex';

// E-mail changes as rows (issue 27 M2/L6, decision 171): each request has a confirm token (sent to the
// new address, 24 hours) and an undo token (sent to the old address when confirmed, 7 days), both kept
// only as SHA-256 hashes (the undo token is made when the change is confirmed); each is spent by a conditional UPDATE, so a link works once.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('email_changes', (t) => {
    t.increments('id').primary();
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('old_email', 254).notNullable();
    t.string('new_email', 254).notNullable();
    t.string('confirm_hash', 64).notNullable().unique();
    t.string('undo_hash', 64).nullable().unique();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.datetime('expires_at', { precision: 3 }).notNullable();
    t.datetime('confirmed_at', { precision: 3 }).nullable();
    t.datetime('undo_until', { precision: 3 }).nullable();
    t.datetime('undone_at', { precision: 3 }).nullable();
    t.datetime('canceled_at', { precision: 3 }).nullable();
    t.index(['user_id', 'created_at'], 'email_changes_user');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('email_changes');
}
