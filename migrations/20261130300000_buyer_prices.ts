import type { Knex } from 'knex';
import { nowDefault } from './_helpers.ts';

// Issue 36 point 4 (decision 251): a buyer's own prices for leads and appointments, set by an admin. One row
// per buyer, kind (aged_lead, fresh_lead, appointment) and state: state '' is the kind's price for every
// state, a state code its price for that state alone (it wins over the kind's). '' rather than NULL so the
// unique key holds on both databases (NULLs are never equal in a unique index). The key's leading user_id
// is the index checkout and the lists read a buyer's prices by.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('buyer_prices', (t) => {
    t.increments('id').primary();
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('kind', 16).notNullable();
    t.string('state', 2).notNullable().defaultTo('');
    t.integer('price_cents').unsigned().notNullable();
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(nowDefault(knex));
    t.datetime('updated_at', { precision: 3 }).notNullable().defaultTo(nowDefault(knex));
    t.unique(['user_id', 'kind', 'state'], { indexName: 'buyer_prices_user_kind_state_unique' });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('buyer_prices');
}
