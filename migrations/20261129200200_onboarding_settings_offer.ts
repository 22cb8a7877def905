import type { Knex } from 'knex';

// Settings only by their owner (issue 34 item 3, decision 217): onboarding answers sent by an anonymous
// payer for an account the same order did not create are kept, not applied. `settings_offer` says where they
// stand ('pending': the agent is asked at the next login, 'applied', 'dismissed'; NULL: applied when sent,
// as before) and `offer_order_id` names the paid order they came with.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('onboarding_surveys', (t) => {
    t.string('settings_offer', 16).nullable();
    t.integer('offer_order_id').unsigned().nullable().references('id').inTable('orders').onDelete('SET NULL');
    t.index(['user_id', 'settings_offer'], 'onboarding_surveys_user_offer_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('onboarding_surveys', (t) => {
    t.dropForeign(['offer_order_id']);
    t.dropIndex(['user_id', 'settings_offer'], 'onboarding_surveys_user_offer_index');
  });
  await knex.schema.alterTable('onboarding_surveys', (t) => {
    t.dropColumn('settings_offer');
    t.dropColumn('offer_order_id');
  });
}
