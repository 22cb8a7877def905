import type { Knex } from 'knex';
import { nowDefault } from './_helpers.ts';

// Both survey payloads: the RingCloud two-step survey and the agent-lab form, plus onboarding form and salesperson.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('onboarding_surveys', (t) => {
    t.increments('id').primary();
    t.integer('user_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL');
    t.string('first_name', 100).notNullable();
    t.string('last_name', 100).notNullable();
    t.string('agency_name', 200).notNullable().defaultTo('');
    t.string('role', 50).notNullable().defaultTo('');
    t.string('phone', 32).notNullable().defaultTo('');
    t.string('email', 254).notNullable();
    t.string('username', 64).nullable();
    t.string('lead_type', 32).notNullable();
    t.string('working_states', 500).notNullable().defaultTo('');
    t.integer('total_transfers').nullable();
    t.integer('calls_per_day').nullable();
    t.integer('transfers_per_day').nullable();
    t.string('transfer_hours', 200).nullable();
    t.integer('total_callbacks').nullable();
    t.string('callback_preference', 500).nullable();
    t.string('age_range', 16).nullable();
    t.string('onboarding_form', 64).nullable();
    t.string('salesperson', 100).nullable();
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(nowDefault(knex));
    t.index(['user_id', 'created_at']);
    t.index(['email']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('onboarding_surveys');
}
