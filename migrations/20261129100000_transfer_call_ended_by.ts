import type { Knex } from 'knex';

// Issue 33 point 2: who ended a delivered call, as the calling platform reports it on the transfer callback
// ("caller", "agent", "platform"; null when it does not say). A hang-up dispute is approved only on it.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('transfer_calls', (t) => {
    t.string('ended_by', 8).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('transfer_calls', (t) => t.dropColumn('ended_by'));
}
