import type { Knex } from 'knex';
import { AGE_BANDS } from '@tm/shared/schemas/outcomes';
import { createRowTrigger, differ, isMysql, outcomeSums, upsertSums, utcDay, type RowTrigger } from './_helpers.ts';

// Issue 38 point 4 (decision 264): Results' lead sums per buyer, UTC day, product, state and age band, kept
// by triggers on `leads`, `order_items` and `item_outcomes` in the statement and transaction of every write
// (as decision 115's leads_for_sale_counts). A 90-day Results reads the whole UTC days of its period from
// here and only the partial days at its two ends from `leads`, so it reads at most a few thousand rows
// whatever the agent bought. Not a cache: nothing is invalidated, a rollback rolls it back.
//
// A lead counts when it is `sold`, to a buyer, at a time; its cost is its order line's unit price, else its
// own price, else the catalogue's default: `unpriced` counts the leads of the last kind, and the reader
// adds the default then (it is code, not data). Its outcome counts when the row's user is its buyer. The
// bands and statuses are AGE_BANDS, CONTACTED_STATUSES and SOLD_STATUSES: changing one needs a migration
// that rebuilds this table. One order line per (order, item) is assumed, as the orders write them.
/** The backfill reads a whole table: not bound by DB_TIMEOUT_MS (knexfile.ts), which is for requests. */
const BACKFILL_TIMEOUT_MS = 3_600_000;
const TABLE = 'lead_results_days';
const KEY = ['buyer_id', 'day', 'product', 'state', 'band'] as const;
const SUMS = ['items', 'spend_cents', 'unpriced', 'contacted', 'sales', 'premium_cents'] as const;

const day = utcDay;
const band = (col: string) =>
  `CASE ${AGE_BANDS.filter((b) => b.max >= 0 && Number.isFinite(b.max))
    .map((b) => `WHEN COALESCE(${col}, 0) <= ${b.max} THEN '${b.key}'`)
    .join(' ')} ELSE '${AGE_BANDS.at(-1)!.key}' END`;
/** A lead row's key (`r` is NEW, OLD or a table alias). */
const keyOf = (knex: Knex, r: string) => [
  `${r}.buyer_id`,
  day(knex, `${r}.sold_at`),
  `CASE WHEN ${r}.kind = 'fresh' THEN 'fresh_lead' ELSE 'aged_lead' END`,
  `COALESCE(${r}.customer_state, '')`,
  band(`${r}.age_days`),
];
/** A lead row counts toward Results. */
const counts = (r: string) => `${r}.status = 'sold' AND ${r}.buyer_id IS NOT NULL AND ${r}.sold_at IS NOT NULL`;

/** Adds a row of signed sums to its key's row (inserting it the first time). */
const upsert = (knex: Knex, select: string) => upsertSums(knex, TABLE, KEY, SUMS, select);

/** A lead row's whole contribution, signed: one item, its cost, its outcome. */
function leadRow(knex: Knex, r: 'NEW' | 'OLD', sign: 1 | -1): string {
  const line = `(SELECT oi.unit_price_cents FROM order_items oi WHERE oi.order_id = ${r}.reserved_order_id AND oi.item_id = ${r}.id LIMIT 1)`;
  const outcome = (expr: string) =>
    `COALESCE((SELECT ${expr} FROM item_outcomes o WHERE o.item_type = 'lead' AND o.item_id = ${r}.id AND o.user_id = ${r}.buyer_id), 0)`;
  const [contacted, sales, premium] = outcomeSums('o.status', 'o.premium_cents');
  const sums = [
    '1',
    `COALESCE(${line}, ${r}.price_cents, 0)`,
    `CASE WHEN ${line} IS NULL AND ${r}.price_cents IS NULL THEN 1 ELSE 0 END`,
    outcome(contacted!),
    outcome(sales!),
    outcome(premium!),
  ];
  return upsert(knex, `VALUES (${keyOf(knex, r).join(', ')}, ${sums.map((s) => `${sign} * ${s}`).join(', ')})`);
}

/** An order line's share, signed: the line's price in place of the lead's own (or the default). */
function lineRow(knex: Knex, r: 'NEW' | 'OLD', sign: 1 | -1): string {
  const sums = [
    '0',
    `${sign} * (${r}.unit_price_cents - COALESCE(l.price_cents, 0))`,
    `${-sign} * CASE WHEN l.price_cents IS NULL THEN 1 ELSE 0 END`,
    '0',
    '0',
    '0',
  ];
  return upsert(
    knex,
    `SELECT ${keyOf(knex, 'l').join(', ')}, ${sums.join(', ')} FROM leads l WHERE l.id = ${r}.item_id AND l.reserved_order_id = ${r}.order_id AND ${counts('l')}`,
  );
}

/** An outcome's share, signed: contacted, sales and premium of the lead it is the buyer's outcome of. */
function outcomeRow(knex: Knex, r: 'NEW' | 'OLD', sign: 1 | -1): string {
  const sums = ['0', '0', '0', ...outcomeSums(`${r}.status`, `${r}.premium_cents`).map((s) => `${sign} * ${s}`)];
  return upsert(
    knex,
    `SELECT ${keyOf(knex, 'l').join(', ')}, ${sums.join(', ')} FROM leads l WHERE ${r}.item_type = 'lead' AND l.id = ${r}.item_id AND l.buyer_id = ${r}.user_id AND ${counts('l')}`,
  );
}

const changed = (knex: Knex, cols: string[]) => cols.map((c) => differ(knex, `OLD.${c}`, `NEW.${c}`)).join(' OR ');
const LEAD_COLS = ['status', 'buyer_id', 'sold_at', 'kind', 'customer_state', 'age_days', 'price_cents', 'reserved_order_id', 'id'];
const LINE_COLS = ['order_id', 'item_id', 'unit_price_cents'];
const OUTCOME_COLS = ['item_type', 'item_id', 'user_id', 'status', 'premium_cents'];

/** Each trigger: its table, event, when it acts, and what it does. */
function triggers(knex: Knex): Array<RowTrigger & { table: string }> {
  const lead = changed(knex, LEAD_COLS);
  const line = changed(knex, LINE_COLS);
  const outcome = changed(knex, OUTCOME_COLS);
  return [
    { table: 'leads', name: 'lead_results_insert', event: 'INSERT', when: counts('NEW'), body: leadRow(knex, 'NEW', 1) },
    { table: 'leads', name: 'lead_results_delete', event: 'DELETE', when: counts('OLD'), body: leadRow(knex, 'OLD', -1) },
    { table: 'leads', name: 'lead_results_update_old', event: 'UPDATE', when: `${counts('OLD')} AND (${lead})`, body: leadRow(knex, 'OLD', -1) },
    { table: 'leads', name: 'lead_results_update_new', event: 'UPDATE', when: `${counts('NEW')} AND (${lead})`, body: leadRow(knex, 'NEW', 1) },
    { table: 'order_items', name: 'lead_results_line_insert', event: 'INSERT', when: 'NEW.item_id IS NOT NULL', body: lineRow(knex, 'NEW', 1) },
    { table: 'order_items', name: 'lead_results_line_delete', event: 'DELETE', when: 'OLD.item_id IS NOT NULL', body: lineRow(knex, 'OLD', -1) },
    {
      table: 'order_items',
      name: 'lead_results_line_update_old',
      event: 'UPDATE',
      when: `OLD.item_id IS NOT NULL AND (${line})`,
      body: lineRow(knex, 'OLD', -1),
    },
    {
      table: 'order_items',
      name: 'lead_results_line_update_new',
      event: 'UPDATE',
      when: `NEW.item_id IS NOT NULL AND (${line})`,
      body: lineRow(knex, 'NEW', 1),
    },
    { table: 'item_outcomes', name: 'lead_results_outcome_insert', event: 'INSERT', when: `NEW.item_type = 'lead'`, body: outcomeRow(knex, 'NEW', 1) },
    { table: 'item_outcomes', name: 'lead_results_outcome_delete', event: 'DELETE', when: `OLD.item_type = 'lead'`, body: outcomeRow(knex, 'OLD', -1) },
    {
      table: 'item_outcomes',
      name: 'lead_results_outcome_update_old',
      event: 'UPDATE',
      when: `OLD.item_type = 'lead' AND (${outcome})`,
      body: outcomeRow(knex, 'OLD', -1),
    },
    {
      table: 'item_outcomes',
      name: 'lead_results_outcome_update_new',
      event: 'UPDATE',
      when: `NEW.item_type = 'lead' AND (${outcome})`,
      body: outcomeRow(knex, 'NEW', 1),
    },
  ];
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable(TABLE, (t) => {
    // MariaDB: a deleted buyer's sums go with them (its cascades fire no trigger). SQLite's cascades fire the
    // triggers, which take the sums to zero; a foreign key there would refuse their writes mid-delete.
    const buyer = t.integer('buyer_id').unsigned().notNullable();
    if (isMysql(knex)) buyer.references('id').inTable('users').onDelete('CASCADE');
    t.date('day').notNullable();
    t.string('product', 10).notNullable();
    t.string('state', 2).notNullable();
    t.string('band', 8).notNullable();
    t.integer('items').notNullable().defaultTo(0);
    t.bigInteger('spend_cents').notNullable().defaultTo(0);
    t.integer('unpriced').notNullable().defaultTo(0);
    t.integer('contacted').notNullable().defaultTo(0);
    t.integer('sales').notNullable().defaultTo(0);
    t.bigInteger('premium_cents').notNullable().defaultTo(0);
    t.primary([...KEY]);
  });
  // The order line of a lead is looked up by (order, item) in every trigger and in Results' edges.
  await knex.schema.alterTable('order_items', (t) => {
    t.index(['order_id', 'item_id', 'unit_price_cents'], 'order_items_order_item_price');
  });
  // The leads sold so far, summed the way the triggers will keep them.
  const [contacted, sales, premium] = outcomeSums('o.status', 'o.premium_cents');
  await knex
    .raw(
      `INSERT INTO ${TABLE} (${KEY.join(', ')}, ${SUMS.join(', ')})
     SELECT ${keyOf(knex, 'l').join(', ')}, COUNT(*), SUM(COALESCE(oi.unit_price_cents, l.price_cents, 0)),
            SUM(CASE WHEN oi.unit_price_cents IS NULL AND l.price_cents IS NULL THEN 1 ELSE 0 END),
            SUM(COALESCE(${contacted}, 0)), SUM(COALESCE(${sales}, 0)), SUM(COALESCE(${premium}, 0))
     FROM leads l
     LEFT JOIN order_items oi ON oi.order_id = l.reserved_order_id AND oi.item_id = l.id
     LEFT JOIN item_outcomes o ON o.item_type = 'lead' AND o.item_id = l.id AND o.user_id = l.buyer_id
     WHERE ${counts('l')}
     GROUP BY ${keyOf(knex, 'l').join(', ')}`,
    )
    // One pass over every sold lead: longer than DB_TIMEOUT_MS on a big table (3.7 s on 150,000 leads, loaded).
    .timeout(BACKFILL_TIMEOUT_MS);
  for (const t of triggers(knex)) await createRowTrigger(knex, t.table, t);
}

export async function down(knex: Knex): Promise<void> {
  for (const t of triggers(knex)) await knex.raw(`DROP TRIGGER IF EXISTS ${t.name}`);
  await knex.schema.alterTable('order_items', (t) => {
    t.dropIndex([], 'order_items_order_item_price');
  });
  await knex.schema.dropTable(TABLE);
}
