import type { Knex } from 'knex';

// Issue 38 point 4 (decision 265): the portal home of an agent with thousands of orders and calls reads
// from indexes alone. Its newest purchases: the agent's paid and refunded orders by paid (else created)
// time, sorted from the index without reading an order row until the five it shows. Its spend: the
// agent's calls summed by status with the charge in the index.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    t.index(['user_id', 'status', 'paid_at', 'created_at'], 'orders_user_status_paid');
  });
  await knex.schema.alterTable('transfer_calls', (t) => {
    t.index(['user_id', 'status', 'charge_cents'], 'transfer_calls_user_status_charge');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('transfer_calls', (t) => {
    t.dropIndex([], 'transfer_calls_user_status_charge');
  });
  await knex.schema.alterTable('orders', (t) => {
    t.dropIndex([], 'orders_user_status_paid');
  });
}
