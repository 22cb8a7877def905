import type { Knex } from 'knex';
import { nowDefault } from './_helpers.ts';

// The business side of an order: what is owed and delivered (fulfilment), what was refunded, and a
// timeline of who did what. An order stays status 'paid' while partly refunded (refunded_cents > 0) and
// becomes 'refunded' when refunded_cents reaches amount_cents.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    // fulfilled | partial | owed; null while unpaid
    t.string('fulfilment_status', 12).nullable();
    t.integer('quantity_owed').notNullable().defaultTo(0);
    t.integer('quantity_delivered').notNullable().defaultTo(0);
    t.integer('refunded_cents').notNullable().defaultTo(0);
    t.string('card_last4', 4).nullable();
    t.index(['fulfilment_status', 'created_at']);
  });
  await knex.schema.createTable('refunds', (t) => {
    t.increments('id').primary();
    t.integer('order_id').unsigned().notNullable().references('id').inTable('orders').onDelete('CASCADE');
    t.integer('amount_cents').notNullable();
    // pending | succeeded | failed
    t.string('status', 12).notNullable().defaultTo('pending');
    t.string('provider_refund_id', 255).nullable().unique();
    t.string('idempotency_key', 64).notNullable().unique();
    t.string('reason', 500).nullable();
    t.string('failure_message', 500).nullable();
    t.integer('created_by_user_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL');
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(nowDefault(knex));
    t.datetime('updated_at', { precision: 3 }).notNullable().defaultTo(nowDefault(knex));
    t.index(['order_id']);
  });
  await knex.schema.createTable('order_events', (t) => {
    t.increments('id').primary();
    t.integer('order_id').unsigned().notNullable().references('id').inTable('orders').onDelete('CASCADE');
    // created | payment_succeeded | payment_failed | fulfilled | partially_fulfilled | delivered | refund | ...
    t.string('type', 32).notNullable();
    t.integer('actor_user_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL');
    t.text('detail').nullable(); // JSON
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(nowDefault(knex));
    t.index(['order_id', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('order_events');
  await knex.schema.dropTable('refunds');
  await knex.schema.alterTable('orders', (t) => {
    t.dropIndex(['fulfilment_status', 'created_at']);
    t.dropColumn('card_last4');
    t.dropColumn('refunded_cents');
    t.dropColumn('quantity_delivered');
    t.dropColumn('quantity_owed');
    t.dropColumn('fulfilment_status');
  });
}
