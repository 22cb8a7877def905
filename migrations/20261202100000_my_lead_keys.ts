import type { Knex } from 'knex';
import { createRowTrigger, differ, isMysql, type RowTrigger } from './_helpers.ts';

// Issue 38 point 4 (decision 274): My Leads' order as one index. An agent's leads live on two sides, the
// leads an admin assigned (`lead_assignments`) and the leads they bought (`leads` sold to them); a page by
// number read each side's keys up to the page and sorted them together (20,000 keys and a sort at page
// 200). `my_lead_keys` holds every listed lead's key, (agent, date, side, id), as its primary key, kept by
// triggers on both sides in the statement and transaction of every write (as decisions 115, 264 and 265):
// a page of the list without a search is one range of it, at any number and after any cursor.
//
// source_key: 1 for an assigned lead, 0 for a bought one, so that the list's order (date newest first,
// then 'assigned' before 'purchased', then id newest first) is the key read backwards. A sold lead with no
// sale date (none is written so) sorts last, as NULL did.
const BACKFILL_TIMEOUT_MS = 3_600_000;
const TABLE = 'my_lead_keys';
const NO_DATE = `'1970-01-01 00:00:00.000'`;
const COLS = 'user_id, listed_at, source_key, item_id';

interface Side {
  table: string;
  owner: string;
  at: string;
  sourceKey: 0 | 1;
  /** A row (NEW, OLD or an alias) is listed on the side. */
  listed: (r: string) => string;
  /** The columns a key is made of. */
  keyCols: string[];
}

const SIDES: Side[] = [
  {
    table: 'leads',
    owner: 'buyer_id',
    at: 'sold_at',
    sourceKey: 0,
    listed: (r) => `${r}.status = 'sold' AND ${r}.buyer_id IS NOT NULL`,
    keyCols: ['status', 'buyer_id', 'sold_at', 'id'],
  },
  {
    table: 'lead_assignments',
    owner: 'agent_id',
    at: 'assigned_at',
    sourceKey: 1,
    listed: () => '1 = 1',
    keyCols: ['agent_id', 'assigned_at', 'id'],
  },
];

const keyOf = (s: Side, r: string) => [`${r}.${s.owner}`, `COALESCE(${r}.${s.at}, ${NO_DATE})`, String(s.sourceKey), `${r}.id`];

/** Inserts a row's key when the row is listed (SQLite's SELECT needs no FROM; MariaDB's WHERE needs one). */
const insertKey = (knex: Knex, s: Side, r: 'NEW' | 'OLD') =>
  `INSERT INTO ${TABLE} (${COLS}) SELECT ${keyOf(s, r).join(', ')}${isMysql(knex) ? ' FROM DUAL' : ''} WHERE ${s.listed(r)}`;

/** Deletes a row's key (a row not listed has none: the statement then finds nothing). */
const deleteKey = (s: Side, r: 'NEW' | 'OLD') => {
  const [user, at, source, id] = keyOf(s, r);
  return `DELETE FROM ${TABLE} WHERE user_id = ${user} AND listed_at = ${at} AND source_key = ${source} AND item_id = ${id}`;
};

function triggers(knex: Knex): Array<RowTrigger & { table: string }> {
  return SIDES.flatMap((s) => {
    const name = `${TABLE}_${s.table}`;
    const changed = s.keyCols.map((c) => differ(knex, `OLD.${c}`, `NEW.${c}`)).join(' OR ');
    return [
      { table: s.table, name: `${name}_insert`, event: 'INSERT' as const, when: s.listed('NEW'), body: insertKey(knex, s, 'NEW') },
      { table: s.table, name: `${name}_delete`, event: 'DELETE' as const, when: s.listed('OLD'), body: deleteKey(s, 'OLD') },
      // One trigger for both halves of an update, the old key out before the new one in: two triggers
      // fire in an order the two databases do not share.
      { table: s.table, name: `${name}_update`, event: 'UPDATE' as const, when: changed, body: `${deleteKey(s, 'OLD')}; ${insertKey(knex, s, 'NEW')}` },
    ];
  });
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable(TABLE, (t) => {
    // A user's deletion removes their keys here itself: MariaDB fires no trigger for a foreign key's action
    // (leads.buyer_id SET NULL, lead_assignments' CASCADE).
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.datetime('listed_at', { precision: 3 }).notNullable();
    t.tinyint('source_key').notNullable();
    t.bigInteger('item_id').unsigned().notNullable();
    t.primary(['user_id', 'listed_at', 'source_key', 'item_id']);
  });
  for (const s of SIDES) {
    await knex.raw(`INSERT INTO ${TABLE} (${COLS}) SELECT ${keyOf(s, 'x').join(', ')} FROM ${s.table} x WHERE ${s.listed('x')}`).timeout(BACKFILL_TIMEOUT_MS);
  }
  for (const t of triggers(knex)) await createRowTrigger(knex, t.table, t);
}

export async function down(knex: Knex): Promise<void> {
  for (const t of triggers(knex)) await knex.raw(`DROP TRIGGER IF EXISTS ${t.name}`);
  await knex.schema.dropTable(TABLE);
}
