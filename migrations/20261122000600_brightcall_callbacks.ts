import type { Knex } from 'knex';
import { nowDefault } from './_helpers.ts';

// Voice-AI callbacks (the admin panel's "Brightcall appointments").
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('brightcall_callbacks', (t) => {
    t.increments('id').primary();
    t.string('first_name', 100).notNullable();
    t.string('last_name', 100).notNullable();
    t.string('phone', 32).notNullable();
    t.string('email', 254).nullable();
    t.string('state', 64).nullable();
    t.text('transcript').nullable();
    t.string('call_outcome', 100).nullable();
    t.string('callback_time', 100).nullable();
    t.string('external_agent_id', 100).nullable();
    t.string('lead_quality', 50).nullable();
    t.string('interest_level', 50).nullable();
    t.string('source', 16).notNullable().defaultTo('webhook'); // webhook | admin
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(nowDefault(knex));
    t.index(['created_at']);
    t.index(['email']);
    t.index(['phone']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('brightcall_callbacks');
}
