import type { Knex } from 'knex';

// The lead CSV import carries the consent record (issue 19 item 1): staged rows keep it until the good
// rows are copied into leads (whose consent columns came with 20261123803000_compliance).
const COLUMNS = ['consent_source_url', 'consent_at', 'consent_ip', 'consent_text', 'certificate_kind', 'certificate_id', 'certificate_claim_expires_at'];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('lead_import_rows', (t) => {
    t.string('consent_source_url', 1000).nullable();
    t.datetime('consent_at', { precision: 3 }).nullable();
    t.string('consent_ip', 45).nullable();
    t.text('consent_text').nullable();
    t.string('certificate_kind', 12).nullable();
    t.string('certificate_id', 200).nullable();
    t.datetime('certificate_claim_expires_at', { precision: 3 }).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('lead_import_rows', (t) => t.dropColumns(...COLUMNS));
}
