import type { Knex } from 'knex';

// A lead import finds a phone repeated inside its file among the rows it has already staged (decision 269):
// each batch asks which of its phones an earlier row of the same import holds, and that row's number. Only
// a phone's first row is staged with its phone, so the pair is unique; and being unique, MariaDB counts each
// phone of the batch as at most one row whatever its statistics say (taken while the staging table, which
// fills and empties with each import, was near empty, they would make it read every row the import had
// staged so far, batch after batch). Before, the run kept every phone of the file in a map in memory
// (about 58 MB at 1,000,000 rows): memory that followed the file.
const INDEX = 'lead_import_rows_import_phone';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('lead_import_rows', (t) => {
    t.unique(['import_id', 'phone'], { indexName: INDEX });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('lead_import_rows', (t) => {
    t.dropUnique(['import_id', 'phone'], INDEX);
  });
}
