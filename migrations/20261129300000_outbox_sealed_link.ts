import type { Knex } from 'knex';

// No live link at rest in the outbox (issue 35 A5, decision 220): a message that carries a set-password,
// reset or e-mail-change link is stored with the link masked in its text and HTML; the link itself is kept
// here sealed (AES-256-GCM under a key derived from SESSION_SECRET) only until the message is sent, then
// cleared. Rows written before this migration keep their bodies as they are (null here).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('mail_outbox', (t) => {
    t.text('link_sealed').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('mail_outbox', (t) => {
    t.dropColumn('link_sealed');
  });
}
