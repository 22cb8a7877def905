import type { Knex } from 'knex';

// Issue 38 point 4 (decision 255): Results reads the agent's purchases of the period grouped in the
// database. Each index holds every column that read needs, so the period is one range of one index and
// no row is looked up: the buyer's sold leads by sale time with what Results groups and sums, and an
// outcome by its item with its status and premium.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('leads', (t) => {
    t.index(['buyer_id', 'status', 'sold_at', 'id', 'kind', 'customer_state', 'age_days', 'price_cents', 'reserved_order_id'], 'leads_results_covering');
  });
  await knex.schema.alterTable('item_outcomes', (t) => {
    t.index(['item_type', 'item_id', 'user_id', 'status', 'premium_cents'], 'item_outcomes_results_covering');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('item_outcomes', (t) => {
    t.dropIndex([], 'item_outcomes_results_covering');
  });
  await knex.schema.alterTable('leads', (t) => {
    t.dropIndex([], 'leads_results_covering');
  });
}
