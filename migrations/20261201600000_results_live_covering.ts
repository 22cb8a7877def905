import type { Knex } from 'knex';

// Issue 38 point 4 (decision 272): Results' transfers and appointments (`liveCells`) read one range of one
// index each and look up no row. The buyer's (user, status, time) index of the transfers becomes one that
// also holds the state and charge Results groups and sums; the appointments get one on (buyer, status,
// purchased at) holding the state, assignment, own price and order the charge is worked out from.
const COVERING = [
  {
    table: 'transfer_calls',
    columns: ['user_id', 'status', 'started_at', 'state', 'charge_cents'],
    replaces: { name: 'transfer_calls_user_id_status_started_at_index', columns: ['user_id', 'status', 'started_at'] },
  },
  {
    table: 'appointments',
    columns: ['buyer_id', 'status', 'purchased_at', 'customer_state', 'assigned_at', 'price_cents', 'reserved_order_id'],
    replaces: null,
  },
] as const;

const nameOf = (table: string) => `${table}_results_covering`;

export async function up(knex: Knex): Promise<void> {
  for (const { table, columns, replaces } of COVERING) {
    await knex.schema.alterTable(table, (t) => {
      t.index([...columns], nameOf(table));
      if (replaces) t.dropIndex([], replaces.name);
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const { table, replaces } of COVERING) {
    await knex.schema.alterTable(table, (t) => {
      if (replaces) t.index([...replaces.columns], replaces.name);
      t.dropIndex([], nameOf(table));
    });
  }
}
