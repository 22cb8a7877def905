import type { Knex } from 'knex';

// When an admin assigned the appointment to its agent for free (issue 26 item 6; null: for sale, or
// bought through an order). An assigned appointment shows "Assigned by TransferLine" and costs the agent
// nothing anywhere; its price stays the catalogue's, for the day it is offered for sale again.
// Appointments an admin created straight for an agent before this column (source 'admin', a buyer and
// no order) were such assignments: they get their purchase time.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('appointments', (t) => {
    t.datetime('assigned_at', { precision: 3 }).nullable();
  });
  await knex('appointments')
    .where({ source: 'admin', status: 'sold' })
    .whereNotNull('buyer_id')
    .whereNull('reserved_order_id')
    .update({ assigned_at: knex.ref('purchased_at') });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('appointments', (t) => {
    t.dropColumn('assigned_at');
  });
}
