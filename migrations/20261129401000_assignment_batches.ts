import type { Knex } from 'knex';
import { nowDefault } from './_helpers.ts';

// Bulk assignment by filter and count (issue 36 point 3): one row per batch an admin assigned at once
// (leads from the pool, or appointments), with the filter as asked, how many matched and were assigned,
// and when (and by whom) it was undone. The rows it moved point back at it (next migration).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('assignment_batches', (t) => {
    t.increments('id').primary();
    t.string('kind', 16).notNullable(); // leads | appointments
    t.integer('agent_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.integer('admin_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL');
    t.text('filter_json').notNullable();
    t.integer('matched').notNullable();
    t.integer('assigned').notNullable();
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(nowDefault(knex));
    t.datetime('undone_at', { precision: 3 }).nullable();
    t.integer('undone_by').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL');
    t.integer('undone_count').nullable();
    t.index(['created_at', 'id']);
    t.index(['agent_id', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('assignment_batches');
}
