import type { Knex } from 'knex';

// Issue 38 point 4 (decision 265): the portal home's newest purchases, each status's orders by paid time
// newest first, read backwards from the index (its last part the primary key, id) and stopped after five;
// its upcoming appointments, a range of the agent's extracted times from a day ago (not every appointment).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    t.index(['user_id', 'status', 'paid_at'], 'orders_user_status_paid');
  });
  await knex.schema.alterTable('appointments', (t) => {
    t.index(['buyer_id', 'status', 'extracted_appointment_date_time'], 'appointments_buyer_status_extracted');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('appointments', (t) => {
    t.dropIndex([], 'appointments_buyer_status_extracted');
  });
  await knex.schema.alterTable('orders', (t) => {
    t.dropIndex([], 'orders_user_status_paid');
  });
}
