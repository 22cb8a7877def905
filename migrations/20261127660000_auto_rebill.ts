import type { Knex } from 'knex';
import { nowDefault } from './_helpers.ts';

// Auto-rebill (issue 29 item 3, decision 197): the agent's saved card (its Stripe Customer and
// PaymentMethod, the brand and last 4 shown on Profile) and their top-up rule (on/off, a threshold in
// transfers, the catalogue package to buy); and one row per threshold crossing, unique per agent and
// crossing, so a crossing charges the card at most once (its id is the charge's idempotency key).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('auto_rebill_settings', (t) => {
    t.integer('user_id').unsigned().primary().references('id').inTable('users').onDelete('CASCADE');
    t.string('stripe_customer_id', 255).nullable();
    t.string('payment_method_id', 255).nullable();
    t.string('card_brand', 24).nullable();
    t.string('card_last4', 4).nullable();
    t.boolean('enabled').notNullable().defaultTo(false);
    t.integer('threshold').notNullable().defaultTo(5);
    t.string('tier', 24).notNullable().defaultTo('standard');
    t.integer('package_count').notNullable().defaultTo(25);
    t.datetime('updated_at', { precision: 3 }).notNullable().defaultTo(nowDefault(knex));
  });
  await knex.schema.createTable('auto_rebill_charges', (t) => {
    t.increments('id').primary();
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    // The change that crossed the threshold, e.g. call-12.
    t.string('crossing', 64).notNullable();
    // queued | charging | charged | action_needed | skipped
    t.string('status', 16).notNullable().defaultTo('queued');
    t.integer('order_id').unsigned().nullable().references('id').inTable('orders').onDelete('SET NULL');
    t.string('message', 500).nullable();
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(nowDefault(knex));
    t.datetime('updated_at', { precision: 3 }).notNullable().defaultTo(nowDefault(knex));
    t.unique(['user_id', 'crossing']);
    t.index(['status', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('auto_rebill_charges');
  await knex.schema.dropTable('auto_rebill_settings');
}
