import type { Knex } from 'knex';
import { isMysql } from './_helpers.ts';

// The for-sale lists (issue 16 item 2, decision 080): each filter has an index that holds every column
// the list filters on, so a count or a page is read from the index alone, never from the rows:
// - by state, newest first: per state, read backwards in id order until the page is full;
// - by state and age, counted: the age range read straight from the index;
// - by age only, counted (newest first without a state is the primary key's own order).
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
];

/**
 * (kind, status, id) goes: without a state filter the primary key is already the id order. With one,
 * an index ordered by id after (kind, status) tempted the optimizer to walk every state's leads in id
 * order for one state's page (decision 080); without it the state's own indexes are used.
 */
const DROPPED = { name: 'leads_kind_status_id', columns: ['kind', 'status', 'id'] };

/** MariaDB: one ALTER TABLE for every index added and dropped (one pass over the table, not eight). */
async function swapIndexes(knex: Knex, add: Array<{ name: string; columns: string[] }>, drop: Array<{ name: string }>): Promise<void> {
  if (isMysql(knex)) {
    const parts = [...add.map((i) => `ADD INDEX ?? (${i.columns.map(() => '??').join(', ')})`), ...drop.map(() => 'DROP INDEX ??')];
    const bindings = [...add.flatMap((i) => [i.name, ...i.columns]), ...drop.map((i) => i.name)];
    await knex.raw(`ALTER TABLE ?? ${parts.join(', ')}`, ['leads', ...bindings]);
    return;
  }
  await knex.schema.alterTable('leads', (t) => {
    for (const i of add) t.index(i.columns, i.name);
  });
  await knex.schema.alterTable('leads', (t) => {
    for (const i of drop) t.dropIndex([], i.name);
  });
}

export async function up(knex: Knex): Promise<void> {
  await swapIndexes(
    knex,
    WIDENED.map((w) => ({ name: w.name, columns: w.columns })),
    [...WIDENED.map((w) => w.old), DROPPED],
  );
}

export async function down(knex: Knex): Promise<void> {
  await swapIndexes(
    knex,
    [...WIDENED.map((w) => w.old), DROPPED],
    WIDENED.map((w) => ({ name: w.name })),
  );
}
