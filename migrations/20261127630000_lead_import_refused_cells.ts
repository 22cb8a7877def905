import type { Knex } from 'knex';

// A lead import keeps what it needs to hand back its refused rows as a CSV to fix and upload again (issue 26,
// Leads): the file's header row (lead_imports.headers_json, a JSON array) and each refused row's cells as
// they were in the file (lead_import_rows.source_cells, a JSON array; null for good rows, which are copied
// and cleared). Imports run before this column have neither: their refused rows can be listed, not downloaded.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('lead_imports', (t) => {
    t.text('headers_json', 'mediumtext').nullable();
  });
  await knex.schema.alterTable('lead_import_rows', (t) => {
    t.text('source_cells', 'mediumtext').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('lead_import_rows', (t) => {
    t.dropColumn('source_cells');
  });
  await knex.schema.alterTable('lead_imports', (t) => {
    t.dropColumn('headers_json');
  });
}
