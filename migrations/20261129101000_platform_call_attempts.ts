import type { Knex } from 'knex';
import { nowDefault } from './_helpers.ts';

// Issue 33 point 4: the calling platform's record of an agent's attempts to reach an appointment's consumer
// (POST /api/callbacks/attempts), one row per platform call id (a repeat is the same attempt). Only these, and
// the platform's transfer records, can credit a no-show; attempts the agent types stay the agent's account.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('platform_call_attempts', (t) => {
    t.increments('id').primary();
    t.string('call_id', 128).notNullable().unique();
    t.integer('appointment_id').unsigned().notNullable().references('id').inTable('appointments').onDelete('CASCADE');
    t.datetime('started_at', { precision: 3 }).notNullable();
    t.integer('duration_seconds').notNullable();
    t.string('outcome', 12).notNullable();
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(nowDefault(knex));
    t.index(['appointment_id', 'started_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('platform_call_attempts');
}
