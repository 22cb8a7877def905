import type { Knex } from 'knex';
import { nowDefault } from './_helpers.ts';

// One order per purchase; its PaymentIntent; the items it reserved; every payment event seen.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('orders', (t) => {
    t.increments('id').primary();
    t.integer('user_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL');
    t.integer('survey_id').unsigned().nullable().references('id').inTable('onboarding_surveys').onDelete('SET NULL');
    // transfer_package | ringcloud | leads | appointments | live_transfer
    t.string('kind', 24).notNullable();
    t.string('tier', 24).nullable();
    t.integer('count').notNullable();
    t.integer('unit_price_cents').notNullable();
    t.integer('amount_cents').notNullable();
    t.string('currency', 3).notNullable().defaultTo('usd');
    // pending | paid | failed | canceled | expired
    t.string('status', 12).notNullable().defaultTo('pending');
    t.string('payment_intent_id', 255).nullable().unique();
    t.string('idempotency_key', 64).notNullable().unique();
    t.text('metadata').nullable();
    t.string('failure_message', 500).nullable();
    t.datetime('paid_at', { precision: 3 }).nullable();
    t.datetime('fulfilled_at', { precision: 3 }).nullable();
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(nowDefault(knex));
    t.datetime('updated_at', { precision: 3 }).notNullable().defaultTo(nowDefault(knex));
    t.index(['user_id', 'created_at']);
    t.index(['status', 'created_at']);
  });
  await knex.schema.createTable('order_items', (t) => {
    t.increments('id').primary();
    t.integer('order_id').unsigned().notNullable().references('id').inTable('orders').onDelete('CASCADE');
    t.string('kind', 16).notNullable(); // lead | appointment | transfer | callback | aged_lead
    t.bigInteger('item_id').nullable();
    t.integer('quantity').notNullable().defaultTo(1);
    t.integer('unit_price_cents').notNullable();
    t.integer('amount_cents').notNullable();
    t.index(['order_id']);
    t.index(['kind', 'item_id']);
  });
  await knex.schema.createTable('payment_events', (t) => {
    t.increments('id').primary();
    t.string('event_id', 255).notNullable().unique();
    t.string('type', 100).notNullable();
    t.string('payment_intent_id', 255).nullable();
    t.string('outcome', 100).nullable();
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(nowDefault(knex));
    t.index(['payment_intent_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('payment_events');
  await knex.schema.dropTable('order_items');
  await knex.schema.dropTable('orders');
}
