import type { Knex } from 'knex';

// Issue 38 point 4 (decision 265): the portal home of an agent with thousands of orders and calls reads
// from indexes alone. Its newest purchases: the agent's paid and refunded orders by paid (else created)
// time, sorted from the index without reading an order row until the five it shows.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    t.index(['user_id', 'status', 'paid_at', 'created_at'], 'orders_user_status_paid');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    t.dropIndex([], 'orders_user_status_paid');
  });
}
