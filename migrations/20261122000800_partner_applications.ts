import type { Knex } from 'knex';
import { nowDefault } from './_helpers.ts';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('partner_applications', (t) => {
    t.increments('id').primary();
    t.string('business_name', 200).notNullable();
    t.string('contact_name', 200).notNullable();
    t.string('email', 254).notNullable();
    t.string('phone', 32).notNullable();
    t.string('website', 500).notNullable();
    t.string('business_type', 50).notNullable();
    t.string('experience_years', 50).notNullable();
    t.string('monthly_volume', 50).notNullable();
    t.text('services_interested').notNullable(); // JSON list
    t.text('target_markets').notNullable();
    t.text('business_description').notNullable();
    t.text('why_partner').notNullable();
    t.boolean('agree_to_terms').notNullable();
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(nowDefault(knex));
    t.index(['created_at']);
  });
  await knex.schema.createTable('partner_application_files', (t) => {
    t.increments('id').primary();
    t.integer('application_id').unsigned().notNullable().references('id').inTable('partner_applications').onDelete('CASCADE');
    t.string('original_name', 255).notNullable();
    t.string('stored_path', 500).notNullable();
    t.string('mime_type', 100).notNullable();
    t.integer('size_bytes').notNullable();
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(nowDefault(knex));
    t.index(['application_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('partner_application_files');
  await knex.schema.dropTable('partner_applications');
}
