import type { Knex } from 'knex';
import { nowDefault } from './_helpers.ts';

// Lead CSV imports (admin panel): the import record, its rows staged while the file is checked
// (bad rows keep their reason for the report), and the pool of leads waiting to be assigned to agents.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('lead_imports', (t) => {
    t.increments('id').primary();
    t.integer('admin_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL');
    t.string('target', 12).notNullable(); // sale | assignment
    t.string('kind', 8).nullable(); // aged | fresh (for sale)
    t.string('filename', 255).notNullable();
    t.string('stored_file', 255).nullable();
    t.bigInteger('size_bytes').notNullable().defaultTo(0);
    t.string('status', 12).notNullable().defaultTo('uploaded'); // uploaded | checked | imported | failed
    t.integer('total_rows').notNullable().defaultTo(0);
    t.integer('imported_rows').notNullable().defaultTo(0);
    t.integer('rejected_rows').notNullable().defaultTo(0);
    t.string('error', 500).nullable();
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(nowDefault(knex));
    t.datetime('completed_at', { precision: 3 }).nullable();
    t.index(['status', 'created_at']);
  });
  await knex.schema.createTable('lead_import_rows', (t) => {
    t.bigIncrements('id').primary();
    t.integer('import_id').unsigned().notNullable().references('id').inTable('lead_imports').onDelete('CASCADE');
    t.integer('row_number').notNullable();
    t.string('name', 200).nullable();
    t.string('phone', 32).nullable();
    t.string('email', 254).nullable();
    t.string('state', 64).nullable();
    t.string('zip_code', 10).nullable();
    t.string('age_range', 16).nullable();
    t.integer('age_days').nullable();
    t.integer('price_cents').nullable();
    t.datetime('form_fill_time', { precision: 3 }).nullable();
    t.string('recording_url', 1000).nullable();
    t.integer('call_duration').nullable();
    t.string('error', 300).nullable();
    t.index(['import_id', 'row_number']);
  });
  await knex.schema.createTable('lead_pool', (t) => {
    t.increments('id').primary();
    t.integer('import_id').unsigned().nullable().references('id').inTable('lead_imports').onDelete('SET NULL');
    t.string('name', 200).notNullable();
    t.string('phone', 32).notNullable().unique();
    t.string('email', 254).nullable();
    t.string('state', 64).nullable();
    t.string('zip_code', 10).nullable();
    t.string('age_range', 16).nullable();
    t.datetime('form_fill_time', { precision: 3 }).nullable();
    t.integer('assigned_agent_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL');
    t.integer('assignment_id').unsigned().nullable().references('id').inTable('lead_assignments').onDelete('SET NULL');
    t.datetime('assigned_at', { precision: 3 }).nullable();
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(nowDefault(knex));
    t.index(['assigned_at', 'id']);
    t.index(['assigned_agent_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('lead_pool');
  await knex.schema.dropTable('lead_import_rows');
  await knex.schema.dropTable('lead_imports');
}
