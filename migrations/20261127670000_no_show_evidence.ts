import type { Knex } from 'knex';
import { nowDefault } from './_helpers.ts';

// No-shows decided by the evidence (issue 29, item 2): the agent's call attempts to an appointment's consumer,
// logged from the appointment card (stamped with the server's time; outcome no_answer | voicemail | answered;
// the call's length), and on each no-show report the evidence the rules used (appointment_no_shows.evidence_json:
// the callback time, every attempt counted with its time, source, outcome and length, and the rule's verdict).
// Reports filed before this migration have no evidence (null).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('appointment_call_attempts', (t) => {
    t.increments('id').primary();
    t.integer('appointment_id').unsigned().notNullable().references('id').inTable('appointments').onDelete('CASCADE');
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.datetime('attempted_at', { precision: 3 }).notNullable();
    t.string('outcome', 12).notNullable();
    t.integer('duration_seconds').notNullable();
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(nowDefault(knex));
    t.index(['appointment_id', 'attempted_at']);
  });
  await knex.schema.alterTable('appointment_no_shows', (t) => {
    t.text('evidence_json').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('appointment_no_shows', (t) => {
    t.dropColumn('evidence_json');
  });
  await knex.schema.dropTable('appointment_call_attempts');
}
