import type { Knex } from 'knex';
import { nowDefault } from './_helpers.ts';

// The compliance file (issue 19, item 1): a consent record on leads, appointments and transfer calls;
// lead exclusivity and resale count; do-not-call / litigator lists; exclusive sales, one per consumer
// (the unique phone key makes the database refuse a second exclusive sale of the same person).
function consent(t: Knex.AlterTableBuilder) {
  t.string('consent_source_url', 1000).nullable();
  t.datetime('consent_at', { precision: 3 }).nullable();
  t.string('consent_ip', 45).nullable();
  t.text('consent_text').nullable();
  t.string('certificate_kind', 12).nullable(); // trustedform | jornaya
  t.string('certificate_id', 200).nullable();
  t.datetime('certificate_claim_expires_at', { precision: 3 }).nullable();
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('leads', (t) => {
    consent(t);
    t.boolean('exclusive').notNullable().defaultTo(false);
    t.integer('times_sold_before').notNullable().defaultTo(0);
    t.datetime('dnc_scrubbed_at', { precision: 3 }).nullable();
    t.string('dnc_status', 12).nullable(); // clear | listed (per-lead scrub result)
  });
  await knex.schema.alterTable('appointments', (t) => {
    consent(t);
    t.text('ai_disclosure').nullable(); // what the AI voice said about being an AI
  });
  await knex.schema.alterTable('transfer_calls', (t) => consent(t));
  await knex.schema.createTable('dnc_entries', (t) => {
    t.increments('id').primary();
    t.string('list', 12).notNullable(); // dnc | litigator
    t.string('phone_key', 10).notNullable();
    t.string('source', 200).nullable(); // the uploaded file's name
    t.integer('uploaded_by').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL');
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(nowDefault(knex));
    t.unique(['list', 'phone_key']);
    t.index(['phone_key']);
  });
  await knex.schema.createTable('exclusive_sales', (t) => {
    t.increments('id').primary();
    t.string('phone_key', 10).notNullable().unique();
    t.bigInteger('lead_id').unsigned().notNullable();
    t.integer('buyer_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL');
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(nowDefault(knex));
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('exclusive_sales');
  await knex.schema.dropTable('dnc_entries');
  const cols = ['consent_source_url', 'consent_at', 'consent_ip', 'consent_text', 'certificate_kind', 'certificate_id', 'certificate_claim_expires_at'];
  await knex.schema.alterTable('transfer_calls', (t) => t.dropColumns(...cols));
  await knex.schema.alterTable('appointments', (t) => t.dropColumns(...cols, 'ai_disclosure'));
  await knex.schema.alterTable('leads', (t) => t.dropColumns(...cols, 'exclusive', 'times_sold_before', 'dnc_scrubbed_at', 'dnc_status'));
}
