import type { Knex } from 'knex';
import { nowDefault } from './_helpers.ts';

// Deliveries of owed units on an order (call-backs today): one row per delivery, from the caller system
// (its call id, unique, so a repeated callback delivers once) or entered by an admin (a count).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('order_deliveries', (t) => {
    t.increments('id').primary();
    t.integer('order_id').unsigned().notNullable().references('id').inTable('orders').onDelete('CASCADE');
    t.string('external_call_id', 128).nullable().unique();
    t.integer('quantity').notNullable();
    // callback | admin
    t.string('source', 12).notNullable();
    t.integer('entered_by_user_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL');
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(nowDefault(knex));
    t.index(['order_id', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('order_deliveries');
}
