import type { Knex } from 'knex';
import { nowDefault } from './_helpers.ts';

// Ad attribution (issue 37, decision 232): the first and the last touch (utm_*, Google and Meta click ids, the
// referrer and the landing path, and when each happened) a buyer's browser kept for 90 days, one row per thing
// it was sent with; the order, the sign-up (onboarding_surveys), the partner application and the account
// point at theirs. The campaign report reads orders by paid_at.
const FIELDS: Array<[string, number]> = [
  ['source', 100],
  ['medium', 100],
  ['campaign', 200],
  ['term', 200],
  ['content', 200],
  ['gclid', 255],
  ['gbraid', 255],
  ['wbraid', 255],
  ['fbclid', 255],
  ['referrer', 500],
  ['landing', 300],
];
const OWNERS = ['orders', 'users', 'onboarding_surveys', 'partner_applications'];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('attributions', (t) => {
    t.increments('id').primary();
    for (const touch of ['first', 'last']) {
      for (const [name, length] of FIELDS) t.string(`${touch}_${name}`, length).nullable();
      t.datetime(`${touch}_at`, { precision: 3 }).nullable();
    }
    // The browser's User-Agent header where the row was written (Meta's website events ask for it).
    t.string('user_agent', 500).nullable();
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(nowDefault(knex));
  });
  for (const table of OWNERS) {
    await knex.schema.alterTable(table, (t) => {
      t.integer('attribution_id').unsigned().nullable().references('id').inTable('attributions').onDelete('SET NULL');
    });
  }
  await knex.schema.alterTable('orders', (t) => t.index(['paid_at'], 'orders_paid_at_index'));
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => t.dropIndex(['paid_at'], 'orders_paid_at_index'));
  for (const table of OWNERS) {
    await knex.schema.alterTable(table, (t) => {
      t.dropForeign(['attribution_id']);
      t.dropColumn('attribution_id');
    });
  }
  await knex.schema.dropTable('attributions');
}
