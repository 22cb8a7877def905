import type { Knex } from 'knex';

// The for-sale lists (issue 16 item 2, decision 080): each filter has an index that holds every column
// the list filters on, so a count or a page is read from the index alone, never from the rows:
// - by state, newest first: per state, read backwards in id order until the page is full;
// - by state and age, counted: the age range read straight from the index;
// - by age only (and no filter), newest first and counted.
// The filters on the consent record (certificate_kind, consent_at) and on times_sold_before ride in
// every one of them. A zip holds a handful of leads: its index stays as it is.
const FILTERS = ['times_sold_before', 'certificate_kind', 'consent_at'];

const WIDENED: Array<{ old: { name: string; columns: string[] }; name: string; columns: string[] }> = [
  {
    old: { name: 'leads_kind_status_state_id_age', columns: ['kind', 'status', 'customer_state', 'id', 'age_days'] },
    name: 'leads_for_sale_state_id',
    columns: ['kind', 'status', 'customer_state', 'id', 'age_days', ...FILTERS],
  },
  {
    old: { name: 'leads_kind_status_state_age', columns: ['kind', 'status', 'customer_state', 'age_days'] },
    name: 'leads_for_sale_state_age',
    columns: ['kind', 'status', 'customer_state', 'age_days', ...FILTERS],
  },
  {
    old: { name: 'leads_kind_status_age', columns: ['kind', 'status', 'age_days'] },
    name: 'leads_for_sale_age',
    columns: ['kind', 'status', 'age_days', ...FILTERS],
  },
  {
    old: { name: 'leads_kind_status_id', columns: ['kind', 'status', 'id'] },
    name: 'leads_for_sale_id',
    columns: ['kind', 'status', 'id', 'age_days', ...FILTERS],
  },
];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('leads', (t) => {
    for (const w of WIDENED) t.index(w.columns, w.name);
  });
  await knex.schema.alterTable('leads', (t) => {
    for (const w of WIDENED) t.dropIndex(w.old.columns, w.old.name);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('leads', (t) => {
    for (const w of WIDENED) t.index(w.old.columns, w.old.name);
  });
  await knex.schema.alterTable('leads', (t) => {
    for (const w of WIDENED) t.dropIndex(w.columns, w.name);
  });
}
