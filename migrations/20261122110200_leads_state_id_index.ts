import type { Knex } from 'knex';

// The for-sale list filtered by state, newest first: per state, this index is read backwards in id
// order, the age filter checked inside the index (age_days is in it), and the scan stops after the
// page. Without it a state filter sorts every match of the state (tens of thousands) for each page.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('leads', (t) => {
    t.index(['kind', 'status', 'customer_state', 'id', 'age_days'], 'leads_kind_status_state_id_age');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('leads', (t) => {
    t.dropIndex(['kind', 'status', 'customer_state', 'id', 'age_days'], 'leads_kind_status_state_id_age');
  });
}
