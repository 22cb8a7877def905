import type { Knex } from 'knex';
import { nowDefault } from './_helpers.ts';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.increments('id').primary();
    t.string('email', 254).notNullable().unique();
    t.string('username', 64).nullable().unique();
    t.string('password_hash', 255).notNullable();
    t.string('first_name', 100).notNullable();
    t.string('last_name', 100).notNullable();
    t.string('agency_name', 200).notNullable().defaultTo('');
    t.string('role', 50).notNullable().defaultTo('Insurance Agent');
    t.string('phone', 32).notNullable().defaultTo('');
    t.string('state', 64).nullable();
    t.boolean('is_admin').notNullable().defaultTo(false);
    t.integer('live_transfer_price_cents').nullable();
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(nowDefault(knex));
    t.datetime('updated_at', { precision: 3 }).notNullable().defaultTo(nowDefault(knex));
    t.index(['is_admin']);
    t.index(['created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('users');
}
