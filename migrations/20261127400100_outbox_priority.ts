import type { Knex } from 'knex';

// Outbox priority (issue 27 M1, decision 171): security mail (password reset, e-mail change, sign-in
// notices) is sent before everything else, whatever the queue behind it. 0 = security, 1 = the rest.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('mail_outbox', (t) => {
    t.tinyint('priority').notNullable().defaultTo(1);
    t.index(['status', 'priority', 'next_attempt_at'], 'mail_outbox_due_priority');
    t.index(['to_email', 'created_at'], 'mail_outbox_recipient');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('mail_outbox', (t) => {
    t.dropIndex(['to_email', 'created_at'], 'mail_outbox_recipient');
    t.dropIndex(['status', 'priority', 'next_attempt_at'], 'mail_outbox_due_priority');
    t.dropColumn('priority');
  });
}
