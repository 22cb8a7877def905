import type { Knex } from 'knex';

// A running lead import writes a heartbeat after each batch. An import whose process died (restart,
// crash) stops beating; once the heartbeat is stale it can be run again. Nothing of an interrupted
// run is imported: the copy into leads is one transaction that also marks the import done.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('lead_imports', (t) => {
    t.datetime('heartbeat_at', { precision: 3 }).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('lead_imports', (t) => {
    t.dropColumn('heartbeat_at');
  });
}
