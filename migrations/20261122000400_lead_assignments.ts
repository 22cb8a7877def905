import type { Knex } from 'knex';
import { nowDefault } from './_helpers.ts';

// Leads an admin assigned to an agent; they show in the agent's My Leads.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('lead_assignments', (t) => {
    t.increments('id').primary();
    t.integer('agent_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('name', 200).notNullable();
    t.string('phone', 32).notNullable().defaultTo('');
    t.string('email', 254).nullable();
    t.string('state', 64).nullable();
    t.string('zip_code', 10).nullable();
    t.string('age_range', 16).nullable();
    t.datetime('form_fill_time', { precision: 3 }).nullable();
    t.integer('assigned_by').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL');
    t.datetime('assigned_at', { precision: 3 }).notNullable().defaultTo(nowDefault(knex));
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(nowDefault(knex));
    t.index(['agent_id', 'assigned_at']);
    t.index(['phone']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('lead_assignments');
}
