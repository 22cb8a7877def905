import type { Knex } from 'knex';
import { createRowTrigger, differ, outcomeSums, upsertSums, utcDay, type RowTrigger } from './_helpers.ts';

// Issue 38 point 4 (decision 272): the agent's billed transfers join the leads in Results' daily sums
// (`lead_results_days`, product 'transfer', band 'live', nothing unpriced), kept by triggers on
// `transfer_calls` and `item_outcomes` in the statement and transaction of every write, as decision 264's
// are for leads; the month triggers (20261201600100) carry them into `lead_results_months`. Results then
// reads a transfer row only for the partial days at its period's ends.
//
// A transfer counts when it is `billed`, to a user, at a start time; its cost is its charge; its outcome
// counts when the row's user is the transfer's. CONTACTED_STATUSES and SOLD_STATUSES are compiled in (a
// change needs a migration that rebuilds the rows).
const BACKFILL_TIMEOUT_MS = 3_600_000;
const TABLE = 'lead_results_days';
const KEY = ['buyer_id', 'day', 'product', 'state', 'band'] as const;
const SUMS = ['items', 'spend_cents', 'unpriced', 'contacted', 'sales', 'premium_cents'] as const;

const day = utcDay;
/** A transfer row's key (`r` is NEW, OLD or a table alias). */
const keyOf = (knex: Knex, r: string) => [`${r}.user_id`, day(knex, `${r}.started_at`), `'transfer'`, `COALESCE(${r}.state, '')`, `'live'`];
/** A transfer row counts toward Results. */
const counts = (r: string) => `${r}.status = 'billed' AND ${r}.user_id IS NOT NULL AND ${r}.started_at IS NOT NULL`;

/** Adds a row of signed sums to its key's row (inserting it the first time). */
const upsert = (knex: Knex, select: string) => upsertSums(knex, TABLE, KEY, SUMS, select);

/** A transfer row's whole contribution, signed: one item, its charge, its outcome. */
function transferRow(knex: Knex, r: 'NEW' | 'OLD', sign: 1 | -1): string {
  const outcome = (expr: string) =>
    `COALESCE((SELECT ${expr} FROM item_outcomes o WHERE o.item_type = 'transfer' AND o.item_id = ${r}.id AND o.user_id = ${r}.user_id), 0)`;
  const [contacted, sales, premium] = outcomeSums('o.status', 'o.premium_cents');
  const sums = ['1', `COALESCE(${r}.charge_cents, 0)`, '0', outcome(contacted!), outcome(sales!), outcome(premium!)];
  return upsert(knex, `VALUES (${keyOf(knex, r).join(', ')}, ${sums.map((s) => `${sign} * ${s}`).join(', ')})`);
}

/** An outcome's share, signed: contacted, sales and premium of the transfer it is the user's outcome of. */
function outcomeRow(knex: Knex, r: 'NEW' | 'OLD', sign: 1 | -1): string {
  const sums = ['0', '0', '0', ...outcomeSums(`${r}.status`, `${r}.premium_cents`).map((s) => `${sign} * ${s}`)];
  return upsert(
    knex,
    `SELECT ${keyOf(knex, 't').join(', ')}, ${sums.join(', ')} FROM transfer_calls t WHERE ${r}.item_type = 'transfer' AND t.id = ${r}.item_id AND t.user_id = ${r}.user_id AND ${counts('t')}`,
  );
}

const changed = (knex: Knex, cols: string[]) => cols.map((c) => differ(knex, `OLD.${c}`, `NEW.${c}`)).join(' OR ');
const TRANSFER_COLS = ['status', 'user_id', 'started_at', 'state', 'charge_cents', 'id'];
const OUTCOME_COLS = ['item_type', 'item_id', 'user_id', 'status', 'premium_cents'];

function triggers(knex: Knex): Array<RowTrigger & { table: string }> {
  const transfer = changed(knex, TRANSFER_COLS);
  const outcome = changed(knex, OUTCOME_COLS);
  const T = 'transfer_calls';
  const O = 'item_outcomes';
  return [
    { table: T, name: 'transfer_results_insert', event: 'INSERT', when: counts('NEW'), body: transferRow(knex, 'NEW', 1) },
    { table: T, name: 'transfer_results_delete', event: 'DELETE', when: counts('OLD'), body: transferRow(knex, 'OLD', -1) },
    { table: T, name: 'transfer_results_update_old', event: 'UPDATE', when: `${counts('OLD')} AND (${transfer})`, body: transferRow(knex, 'OLD', -1) },
    { table: T, name: 'transfer_results_update_new', event: 'UPDATE', when: `${counts('NEW')} AND (${transfer})`, body: transferRow(knex, 'NEW', 1) },
    { table: O, name: 'transfer_results_outcome_insert', event: 'INSERT', when: `NEW.item_type = 'transfer'`, body: outcomeRow(knex, 'NEW', 1) },
    { table: O, name: 'transfer_results_outcome_delete', event: 'DELETE', when: `OLD.item_type = 'transfer'`, body: outcomeRow(knex, 'OLD', -1) },
    {
      table: O,
      name: 'transfer_results_outcome_update_old',
      event: 'UPDATE',
      when: `OLD.item_type = 'transfer' AND (${outcome})`,
      body: outcomeRow(knex, 'OLD', -1),
    },
    {
      table: O,
      name: 'transfer_results_outcome_update_new',
      event: 'UPDATE',
      when: `NEW.item_type = 'transfer' AND (${outcome})`,
      body: outcomeRow(knex, 'NEW', 1),
    },
  ];
}

export async function up(knex: Knex): Promise<void> {
  // The transfers billed so far, summed the way the triggers will keep them (the month triggers fire per row).
  const [contacted, sales, premium] = outcomeSums('o.status', 'o.premium_cents');
  await knex
    .raw(
      `INSERT INTO ${TABLE} (${KEY.join(', ')}, ${SUMS.join(', ')})
       SELECT ${keyOf(knex, 't').join(', ')}, COUNT(*), SUM(COALESCE(t.charge_cents, 0)), 0,
              SUM(COALESCE(${contacted}, 0)), SUM(COALESCE(${sales}, 0)), SUM(COALESCE(${premium}, 0))
       FROM transfer_calls t
       LEFT JOIN item_outcomes o ON o.item_type = 'transfer' AND o.item_id = t.id AND o.user_id = t.user_id
       WHERE ${counts('t')}
       GROUP BY ${keyOf(knex, 't').join(', ')}`,
    )
    .timeout(BACKFILL_TIMEOUT_MS);
  for (const t of triggers(knex)) await createRowTrigger(knex, t.table, t);
}

export async function down(knex: Knex): Promise<void> {
  for (const t of triggers(knex)) await knex.raw(`DROP TRIGGER IF EXISTS ${t.name}`);
  // The month triggers take the rows deleted here out of `lead_results_months`; its emptied rows go too.
  await knex.raw(`DELETE FROM ${TABLE} WHERE product = 'transfer'`);
  await knex.raw(`DELETE FROM lead_results_months WHERE product = 'transfer'`);
}
