import type { Knex } from 'knex';
import { createRowTrigger, differ, isMysql, type RowTrigger } from './_helpers.ts';

// The for-sale list read from one clustered range per state (issue 16 item 2, decision 140): every lead
// that is `available` or `reserved` has one row in lead_listings, holding exactly the columns the list
// shows and filters on, clustered by (kind, state, age in days, id descending): the list's own order
// (youngest first, newest listing first among leads of the same age). A state's page is then one range
// of the primary key read forwards and stopped after the page, the rows themselves in it (no join back
// to `leads`). A reserved lead is for sale again once reserved_until is past: that is a condition of the
// read, so reserved leads stay in the table with their reserved_until.
//
// Triggers on `leads` keep it in the same statement and transaction as every write, as they keep
// leads_for_sale_counts (decision 115): a lead leaving available/reserved leaves the table, a change of
// a listed column is copied, a change of its key (kind, state, age) moves the row.
//
// Secondary indexes serve the filters that do not start with a state: by age (no state, or more than 8),
// by zip (a zip holds a handful of leads), and the reservations by reserved_until (lapsed ones counted).
const TABLE = 'lead_listings';
const KEY = ['kind', 'customer_state', 'age_days', 'id'] as const;
/** Copied from `leads` as they are. */
const COPIED = [
  'status',
  'reserved_until',
  'customer_name',
  'zip_code',
  'current_age_range',
  'price_cents',
  'call_duration',
  'form_fill_time',
  'consent_at',
  'certificate_kind',
  'times_sold_before',
  'exclusive',
] as const;
const COLUMNS = [...KEY, ...COPIED, 'has_recording'];

/** The list shows whether a recording exists, never its address. */
const hasRecording = (row: string) => `CASE WHEN ${row}.recording_url IS NOT NULL AND ${row}.recording_url <> '' THEN 1 ELSE 0 END`;
const listed = (row: 'NEW' | 'OLD') => `${row}.status IN ('available', 'reserved')`;
const values = (row: string) => [...[...KEY, ...COPIED].map((c) => `${row}.${c}`), hasRecording(row)].join(', ');

/**
 * MariaDB: the table takes the collation of `leads`' own text columns (the triggers compare them with
 * each other; two collations would be an "illegal mix").
 */
async function create(knex: Knex): Promise<string> {
  const mysql = isMysql(knex);
  const dt = mysql ? 'DATETIME(3)' : 'DATETIME';
  const bool = mysql ? 'TINYINT(1)' : 'BOOLEAN';
  const types: Record<string, string> = {
    kind: 'VARCHAR(8) NOT NULL',
    customer_state: 'VARCHAR(2) NOT NULL',
    age_days: 'INTEGER NOT NULL',
    id: mysql ? 'BIGINT UNSIGNED NOT NULL' : 'INTEGER NOT NULL',
    status: 'VARCHAR(12) NOT NULL',
    reserved_until: `${dt} NULL`,
    customer_name: 'VARCHAR(200) NULL',
    zip_code: 'VARCHAR(10) NOT NULL',
    current_age_range: 'VARCHAR(16) NULL',
    price_cents: 'INTEGER NULL',
    call_duration: 'INTEGER NULL',
    form_fill_time: `${dt} NULL`,
    consent_at: `${dt} NULL`,
    certificate_kind: 'VARCHAR(12) NULL',
    times_sold_before: 'INTEGER NOT NULL',
    exclusive: `${bool} NOT NULL`,
    has_recording: `${bool} NOT NULL`,
  };
  const columns = COLUMNS.map((c) => `${c} ${types[c]}`).join(', ');
  const pk = 'PRIMARY KEY (kind, customer_state, age_days, id DESC)';
  if (!mysql) return `CREATE TABLE ${TABLE} (${columns}, ${pk}) WITHOUT ROWID`;
  const [rows] = (await knex.raw(
    "SELECT character_set_name AS charset, collation_name AS collation FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'leads' AND column_name = 'kind'",
  )) as [Array<{ charset: string; collation: string }>];
  const { charset, collation } = rows[0]!;
  return `CREATE TABLE ${TABLE} (${columns}, ${pk}) DEFAULT CHARACTER SET ${charset} COLLATE ${collation}`;
}

const INDEXES = [
  { name: 'lead_listings_age', columns: 'kind, age_days, id DESC' },
  { name: 'lead_listings_zip', columns: 'kind, zip_code' },
  { name: 'lead_listings_reserved', columns: 'status, reserved_until' },
];

function triggers(knex: Knex): RowTrigger[] {
  const keyChanged = `(${KEY.map((c) => differ(knex, `OLD.${c}`, `NEW.${c}`)).join(' OR ')})`;
  const copiedChanged = `(${[...COPIED, 'recording_url'].map((c) => differ(knex, `OLD.${c}`, `NEW.${c}`)).join(' OR ')})`;
  const at = (row: 'NEW' | 'OLD') => KEY.map((c) => `${c} = ${row}.${c}`).join(' AND ');
  const insert = `INSERT INTO ${TABLE} (${COLUMNS.join(', ')}) VALUES (${values('NEW')})`;
  const remove = `DELETE FROM ${TABLE} WHERE ${at('OLD')}`;
  const copy = `UPDATE ${TABLE} SET ${COPIED.map((c) => `${c} = NEW.${c}`).join(', ')}, has_recording = ${hasRecording('NEW')} WHERE ${at('NEW')}`;
  // The three update triggers never write the same row: remove and add act on different keys.
  return [
    { name: 'lead_listings_insert', event: 'INSERT', when: listed('NEW'), body: insert },
    { name: 'lead_listings_delete', event: 'DELETE', when: listed('OLD'), body: remove },
    { name: 'lead_listings_update_remove', event: 'UPDATE', when: `${listed('OLD')} AND (NOT ${listed('NEW')} OR ${keyChanged})`, body: remove },
    { name: 'lead_listings_update_add', event: 'UPDATE', when: `${listed('NEW')} AND (NOT ${listed('OLD')} OR ${keyChanged})`, body: insert },
    {
      name: 'lead_listings_update_copy',
      event: 'UPDATE',
      when: `${listed('OLD')} AND ${listed('NEW')} AND NOT ${keyChanged} AND ${copiedChanged}`,
      body: copy,
    },
  ];
}

export async function up(knex: Knex): Promise<void> {
  await knex.raw(await create(knex));
  // The backfill in the key's order: appended to the clustered index, not scattered through it.
  await knex.raw(
    `INSERT INTO ${TABLE} (${COLUMNS.join(', ')}) SELECT ${values('leads')} FROM leads WHERE status IN ('available', 'reserved')
     ORDER BY kind, customer_state, age_days, id DESC`,
  );
  if (isMysql(knex)) await knex.raw(`ALTER TABLE ${TABLE} ${INDEXES.map((i) => `ADD INDEX ${i.name} (${i.columns})`).join(', ')}`);
  else for (const i of INDEXES) await knex.raw(`CREATE INDEX ${i.name} ON ${TABLE} (${i.columns})`);
  for (const t of triggers(knex)) await createRowTrigger(knex, 'leads', t);
}

export async function down(knex: Knex): Promise<void> {
  for (const t of triggers(knex)) await knex.raw(`DROP TRIGGER IF EXISTS ${t.name}`);
  await knex.raw(`DROP TABLE ${TABLE}`);
}
