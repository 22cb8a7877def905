import type { Knex } from 'knex';
import { isMysql, nowDefault } from './_helpers.ts';

// Shared file storage in the database (STORAGE=db, api/src/storage): one row per stored file and its
// bytes in chunks of at most 1 MB (under MariaDB's default max_allowed_packet), so every API process
// reads what another one stored. MEDIUMBLOB on MariaDB (up to 16 MB a row), BLOB on SQLite.
export async function up(knex: Knex): Promise<void> {
  const mysql = isMysql(knex);
  await knex.schema.createTable('blobs', (t) => {
    t.string('blob_key', 255).primary();
    t.string('generation', 32).notNullable();
    t.bigInteger('size_bytes').notNullable();
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(nowDefault(knex));
  });
  await knex.schema.createTable('blob_chunks', (t) => {
    t.string('blob_key', 255).notNullable();
    t.string('generation', 32).notNullable();
    t.integer('seq').notNullable();
    t.specificType('data', mysql ? 'MEDIUMBLOB' : 'BLOB').notNullable();
    t.primary(['blob_key', 'generation', 'seq']);
  });
  // Where a lead import's run stands, for the admin page to poll (any process answers).
  await knex.schema.alterTable('lead_imports', (t) => {
    t.text('progress').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('lead_imports', (t) => {
    t.dropColumn('progress');
  });
  await knex.schema.dropTable('blob_chunks');
  await knex.schema.dropTable('blobs');
}
