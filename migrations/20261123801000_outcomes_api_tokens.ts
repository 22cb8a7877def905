import type { Knex } from 'knex';
import { nowDefault } from './_helpers.ts';

// Outcomes of bought items and the agents' personal API tokens (issue 19, item 2). One outcome per
// bought item (its latest state); a token is kept only as its SHA-256 hash.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('item_outcomes', (t) => {
    t.increments('id').primary();
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('item_type', 12).notNullable(); // lead | transfer | appointment
    t.bigInteger('item_id').unsigned().notNullable();
    t.string('status', 12).notNullable(); // no_answer | contacted | quoted | sold | issued | chargeback
    t.bigInteger('premium_cents').nullable(); // annual premium of a sale
    t.string('outcome_date', 10).notNullable(); // 'YYYY-MM-DD'
    t.string('source', 8).notNullable().defaultTo('portal'); // portal | api
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(nowDefault(knex));
    t.datetime('updated_at', { precision: 3 }).notNullable().defaultTo(nowDefault(knex));
    t.unique(['item_type', 'item_id']);
    t.index(['user_id']);
  });
  await knex.schema.createTable('api_tokens', (t) => {
    t.increments('id').primary();
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('name', 80).notNullable();
    t.string('prefix', 16).notNullable(); // the first characters, shown so the agent can tell tokens apart
    t.string('token_hash', 64).notNullable().unique(); // hex SHA-256 of the whole token
    t.datetime('last_used_at', { precision: 3 }).nullable();
    t.datetime('revoked_at', { precision: 3 }).nullable();
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(nowDefault(knex));
    t.index(['user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('api_tokens');
  await knex.schema.dropTable('item_outcomes');
}
