import type { Knex } from 'knex';

// The mail outbox (decision 045): a message is written here in the same transaction as the event
// that causes it and sent later by the outbox worker. `message_key` is the idempotency key carried in
// the Message-ID (a resend after a crash reuses it); `dedupe_key`, when set, makes an event's message
// unique (one "balance low" per crossing). Users get `mail_opt_out`: the optional kinds they turned off.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('mail_outbox', (t) => {
    t.increments('id').primary();
    t.string('message_key', 64).notNullable().unique();
    t.string('dedupe_key', 191).nullable().unique();
    t.string('kind', 40).notNullable();
    t.integer('user_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL');
    t.string('to_email', 254).notNullable();
    t.string('subject', 300).notNullable();
    t.text('text_body', 'mediumtext').notNullable();
    t.text('html_body', 'mediumtext').notNullable();
    t.text('attachments', 'mediumtext').nullable();
    t.string('status', 16).notNullable().defaultTo('pending');
    t.integer('attempts').notNullable().defaultTo(0);
    t.datetime('next_attempt_at', { precision: 3 }).notNullable();
    t.datetime('lease_until', { precision: 3 }).nullable();
    t.text('last_error').nullable();
    t.datetime('sent_at', { precision: 3 }).nullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.index(['status', 'next_attempt_at'], 'mail_outbox_due');
  });
  await knex.schema.alterTable('users', (t) => {
    t.string('mail_opt_out', 500).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('mail_opt_out');
  });
  await knex.schema.dropTable('mail_outbox');
}
