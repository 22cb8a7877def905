import type { Knex } from 'knex';

// The phone live transfers ring (issue 34 item 3, decision 245): part of the agent's Transfer Controls, set
// by the onboarding survey's "Delivery phone" and changed on the Transfer Controls screen. NULL: not given
// (the platform rings the account's own phone, as before).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('agent_transfer_settings', (t) => {
    t.string('delivery_phone', 32).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('agent_transfer_settings', (t) => {
    t.dropColumn('delivery_phone');
  });
}
