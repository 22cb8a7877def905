import type { Knex } from 'knex';
import { createRowTrigger, differ, isMysql, type RowTrigger } from './_helpers.ts';

// The for-sale lists' totals read from a count table (issue 16 item 2, decision 115): how many leads are
// `available`, per kind, state, age in days, times sold before and consent record. Triggers on `leads`
// keep it in the same transaction as every write (insert, update, delete, whatever code or tool runs
// it), so it is exact and never drifts. A total is then a sum over a few dozen rows instead of a count
// of up to 10,001 index entries. Lapsed reservations (for sale without a write, by the clock) and zip
// filters are still counted from `leads` (each a handful of rows).
//
// The state-and-age index only served those counts; without it the per-state page is read from
// leads_for_sale_state_id (id order, the age checked inside the index) and stops after the page,
// instead of a range of every match sorted. That index now holds id descending: the list's newest-first
// order is read forwards (InnoDB reads an index backwards ~20% slower).
const TABLE = 'leads_for_sale_counts';
const STATE_AGE = {
  name: 'leads_for_sale_state_age',
  columns: ['kind', 'status', 'customer_state', 'age_days', 'times_sold_before', 'certificate_kind', 'consent_at'],
};

/** A lead's consent record as the list's ?consent= filter sees it (certificate, recorded, or none). */
const consent = (row: 'NEW' | 'OLD' | 'leads') =>
  `CASE WHEN ${row}.certificate_kind IN ('trustedform', 'jornaya') THEN 'certificate' WHEN ${row}.consent_at IS NOT NULL THEN 'recorded' ELSE 'none' END`;
const BUCKET = ['kind', 'customer_state', 'age_days', 'times_sold_before'] as const;
const KEY = [...BUCKET, 'consent'];

const FILTERS = ['age_days', 'times_sold_before', 'certificate_kind', 'consent_at'];
const STATE_ID = 'leads_for_sale_state_id';
/**
 * Rebuilds leads_for_sale_state_id with id ascending (as 20261124200000 made it) or descending, dropping
 * or adding the state-and-age index with it; on MariaDB in one ALTER TABLE (one pass over the table).
 */
async function swapIndexes(knex: Knex, order: 'ASC' | 'DESC', stateAge: 'drop' | 'add'): Promise<void> {
  const stateId = `${STATE_ID} (kind, status, customer_state, id ${order}, ${FILTERS.join(', ')})`;
  const age = `${STATE_AGE.name} (${STATE_AGE.columns.join(', ')})`;
  const drop = stateAge === 'drop' ? [STATE_ID, STATE_AGE.name] : [STATE_ID];
  const add = stateAge === 'add' ? [stateId, age] : [stateId];
  if (isMysql(knex)) {
    await knex.raw(`ALTER TABLE leads ${[...drop.map((i) => `DROP INDEX ${i}`), ...add.map((i) => `ADD INDEX ${i}`)].join(', ')}`);
    return;
  }
  for (const i of drop) await knex.raw(`DROP INDEX ${i}`);
  for (const i of add) await knex.raw(`CREATE INDEX ${i.replace(' (', ' ON leads (')}`);
}

function bucketChanged(knex: Knex): string {
  return [...BUCKET.map((c) => differ(knex, `OLD.${c}`, `NEW.${c}`)), differ(knex, consent('OLD'), consent('NEW'))].join(' OR ');
}

const where = (row: 'NEW' | 'OLD') => [...BUCKET.map((c) => `${c} = ${row}.${c}`), `consent = ${consent(row)}`].join(' AND ');
const values = (row: 'NEW' | 'OLD') => [...BUCKET.map((c) => `${row}.${c}`), consent(row)].join(', ');

function add(knex: Knex, row: 'NEW' | 'OLD'): string {
  const insert = `INSERT INTO ${TABLE} (${KEY.join(', ')}, n) VALUES (${values(row)}, 1)`;
  return isMysql(knex) ? `${insert} ON DUPLICATE KEY UPDATE n = n + 1` : `${insert} ON CONFLICT (${KEY.join(', ')}) DO UPDATE SET n = n + 1`;
}
const remove = (row: 'NEW' | 'OLD') => `UPDATE ${TABLE} SET n = n - 1 WHERE ${where(row)}`;

/** Each trigger: its event, when it acts, and what it does. */
function triggers(knex: Knex): RowTrigger[] {
  const changed = bucketChanged(knex);
  return [
    { name: 'leads_for_sale_counts_insert', event: 'INSERT', when: `NEW.status = 'available'`, body: add(knex, 'NEW') },
    { name: 'leads_for_sale_counts_delete', event: 'DELETE', when: `OLD.status = 'available'`, body: remove('OLD') },
    {
      name: 'leads_for_sale_counts_update_old',
      event: 'UPDATE',
      when: `OLD.status = 'available' AND (NEW.status <> 'available' OR ${changed})`,
      body: remove('OLD'),
    },
    {
      name: 'leads_for_sale_counts_update_new',
      event: 'UPDATE',
      when: `NEW.status = 'available' AND (OLD.status <> 'available' OR ${changed})`,
      body: add(knex, 'NEW'),
    },
  ];
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable(TABLE, (t) => {
    t.string('kind', 8).notNullable();
    t.string('customer_state', 2).notNullable();
    t.integer('age_days').notNullable();
    t.integer('times_sold_before').notNullable();
    t.string('consent', 12).notNullable(); // certificate | recorded | none
    t.integer('n').notNullable().defaultTo(0);
    t.primary(KEY);
  });
  await knex.raw(
    `INSERT INTO ${TABLE} (${KEY.join(', ')}, n)
     SELECT ${BUCKET.join(', ')}, ${consent('leads')}, COUNT(*) FROM leads WHERE status = 'available'
     GROUP BY ${BUCKET.join(', ')}, ${consent('leads')}`,
  );
  // MariaDB: one AFTER trigger per row with an IF; SQLite: the condition is the trigger's WHEN.
  for (const t of triggers(knex)) await createRowTrigger(knex, 'leads', t);
  await swapIndexes(knex, 'DESC', 'drop');
}

export async function down(knex: Knex): Promise<void> {
  await swapIndexes(knex, 'ASC', 'add');
  for (const t of triggers(knex)) await knex.raw(`DROP TRIGGER IF EXISTS ${t.name}`);
  await knex.schema.dropTable(TABLE);
}
