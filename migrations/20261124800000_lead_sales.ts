import type { Knex } from 'knex';
import { nowDefault } from './_helpers.ts';

// Every lead sale as a row, so the database itself refuses a second sale of a consumer sold as exclusive
// (issue 19, item 1; decision 110). Trigger-free, the same on SQLite and MariaDB:
// - consumer_claims: one row per consumer (the phone's last 10 digits, or "L<lead id>" without a phone),
//   whose mode ('shared' or 'exclusive') the consumer's first sale sets.
// - lead_sales: each sale references its consumer's claim with its own mode (composite foreign key), so a
//   shared sale of an exclusive consumer (and an exclusive sale of a consumer already sold) has no row
//   to reference; exclusive_key (the consumer key on exclusive sales, NULL on shared ones, a CHECK ties the
//   two) is unique, so a consumer has at most one exclusive sale.
const CONSUMER_KEY = 20;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('consumer_claims', (t) => {
    t.string('consumer_key', CONSUMER_KEY).primary();
    t.string('mode', 10).notNullable();
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(nowDefault(knex));
    t.unique(['consumer_key', 'mode']);
    t.check("?? in ('shared', 'exclusive')", ['mode'], 'consumer_claims_mode');
  });
  await knex.schema.createTable('lead_sales', (t) => {
    t.increments('id').primary();
    t.bigInteger('lead_id').unsigned().notNullable();
    t.string('consumer_key', CONSUMER_KEY).notNullable();
    t.string('mode', 10).notNullable();
    t.string('exclusive_key', CONSUMER_KEY).nullable().unique();
    t.integer('buyer_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL');
    t.integer('order_id').unsigned().nullable();
    t.datetime('sold_at', { precision: 3 }).notNullable().defaultTo(nowDefault(knex));
    t.foreign(['consumer_key', 'mode']).references(['consumer_key', 'mode']).inTable('consumer_claims');
    t.check(
      "(?? = 'shared' AND ?? IS NULL) OR (?? = 'exclusive' AND ?? IS NOT NULL AND ?? = ??)",
      ['mode', 'exclusive_key', 'mode', 'exclusive_key', 'exclusive_key', 'consumer_key'],
      'lead_sales_exclusive_key',
    );
    t.index(['lead_id']);
  });
  await backfill(knex);
}

/** The sales made before this migration: every sold lead, its consumer's claim from the first one seen. */
async function backfill(knex: Knex): Promise<void> {
  // Rows come back camelCased (knexSnakeCaseMappers, as everywhere).
  let after = 0;
  for (;;) {
    const rows: Array<{ id: number; customerPhone: string | null; exclusive: number | boolean; buyerId: number | null; soldAt: string | null }> = await knex(
      'leads',
    )
      .where('status', 'sold')
      .where('id', '>', after)
      .orderBy('id')
      .limit(1000)
      .select('id', 'customer_phone', 'exclusive', 'buyer_id', 'sold_at');
    if (rows.length === 0) return;
    for (const r of rows) {
      after = Number(r.id);
      const digits = String(r.customerPhone ?? '').replace(/\D/g, '');
      const phone = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits.length === 10 ? digits : null;
      const key = phone ?? `L${r.id}`;
      const mode = r.exclusive ? 'exclusive' : 'shared';
      const claim: { mode: string } | undefined = await knex('consumer_claims').where('consumer_key', key).first('mode');
      if (!claim) await knex('consumer_claims').insert({ consumerKey: key, mode });
      else if (claim.mode !== mode || mode === 'exclusive') continue; // data from before the rule: the first sale stands
      await knex('lead_sales').insert({
        leadId: r.id,
        consumerKey: key,
        mode,
        exclusiveKey: mode === 'exclusive' ? key : null,
        buyerId: r.buyerId,
        ...(r.soldAt ? { soldAt: r.soldAt } : {}),
      });
    }
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('lead_sales');
  await knex.schema.dropTable('consumer_claims');
}
