import type { Knex } from 'knex';

// Issue 36 point 4 (decision 251): which price an order item was sold at. NULL: the catalogue (the lead's own
// price or the default, the appointments' price); 'buyer': the buyer's own price for the kind; 'buyer:TX': their
// price for that kind in Texas. The receipt (mail and page) and the admin's order say so beside the price.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('order_items', (t) => {
    t.string('price_source', 16).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('order_items', (t) => {
    t.dropColumn('price_source');
  });
}
