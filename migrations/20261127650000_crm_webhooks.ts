import type { Knex } from 'knex';
import { nowDefault } from './_helpers.ts';

// Issue 29 item 4 (decision 196): an agent's delivery webhooks (purchases flow into their CRM). Events are
// written to webhook_deliveries in the transaction of the purchase (an outbox, like mail_outbox), one row
// per event and endpoint; the webhook-deliveries job sends what is due and logs every try in
// webhook_attempts. The signing secret is one per agent.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('webhooks', (t) => {
    t.increments('id').primary();
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('url', 2000).notNullable();
    t.string('events', 200).notNullable(); // comma-separated event types
    t.boolean('enabled').notNullable().defaultTo(true);
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(nowDefault(knex));
    t.datetime('updated_at', { precision: 3 }).notNullable().defaultTo(nowDefault(knex));
    t.index(['user_id']);
  });
  await knex.schema.createTable('webhook_secrets', (t) => {
    t.integer('user_id').unsigned().notNullable().primary().references('id').inTable('users').onDelete('CASCADE');
    t.string('secret', 100).notNullable();
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(nowDefault(knex));
  });
  await knex.schema.createTable('webhook_deliveries', (t) => {
    t.increments('id').primary();
    t.integer('webhook_id').unsigned().notNullable().references('id').inTable('webhooks').onDelete('CASCADE');
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('event_id', 40).notNullable();
    t.string('event_type', 40).notNullable();
    t.text('payload').notNullable();
    t.string('status', 16).notNullable(); // pending | sending | delivered | failed
    t.integer('attempts').notNullable().defaultTo(0);
    t.datetime('next_attempt_at', { precision: 3 }).notNullable();
    t.datetime('lease_until', { precision: 3 }).nullable();
    t.datetime('give_up_at', { precision: 3 }).notNullable();
    t.datetime('delivered_at', { precision: 3 }).nullable();
    t.integer('last_status_code').nullable();
    t.string('last_error', 1000).nullable();
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(nowDefault(knex));
    t.index(['status', 'next_attempt_at'], 'webhook_deliveries_due');
    t.index(['webhook_id', 'id'], 'webhook_deliveries_log');
  });
  await knex.schema.createTable('webhook_attempts', (t) => {
    t.increments('id').primary();
    t.integer('delivery_id').unsigned().notNullable().references('id').inTable('webhook_deliveries').onDelete('CASCADE');
    t.integer('attempt').notNullable();
    t.datetime('at', { precision: 3 }).notNullable();
    t.integer('status_code').nullable();
    t.integer('duration_ms').notNullable();
    t.string('error', 1000).nullable();
    t.string('response_excerpt', 1000).nullable();
    t.index(['delivery_id', 'attempt']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('webhook_attempts');
  await knex.schema.dropTable('webhook_deliveries');
  await knex.schema.dropTable('webhook_secrets');
  await knex.schema.dropTable('webhooks');
}
