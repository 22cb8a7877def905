import type { Knex } from 'knex';
import { nowDefault } from './_helpers.ts';

// Appointments that respect the agent's time (issue 19, item 3): one calendar feed secret per agent
// (kept as its SHA-256 hash; deleting the row revokes the feed) and no-show reports, one per appointment.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('calendar_feeds', (t) => {
    t.integer('user_id').unsigned().primary().references('id').inTable('users').onDelete('CASCADE');
    t.string('secret_hash', 64).notNullable().unique();
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(nowDefault(knex));
  });
  await knex.schema.createTable('appointment_no_shows', (t) => {
    t.increments('id').primary();
    t.integer('appointment_id').unsigned().notNullable().unique().references('id').inTable('appointments').onDelete('CASCADE');
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.integer('call_duration_seconds').notNullable(); // the agent's call at the appointment time
    t.string('recording_url', 1000).nullable();
    t.string('note', 1000).nullable();
    t.integer('buffer_seconds').notNullable(); // the rule's threshold when reported
    // credited (automatic) | pending (dispute queue) | approved | denied
    t.string('status', 12).notNullable();
    t.integer('credit_cents').notNullable().defaultTo(0);
    t.string('decision_reason', 500).nullable();
    t.integer('decided_by').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL');
    t.datetime('decided_at', { precision: 3 }).nullable();
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(nowDefault(knex));
    t.index(['status', 'created_at']);
    t.index(['user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('appointment_no_shows');
  await knex.schema.dropTable('calendar_feeds');
}
