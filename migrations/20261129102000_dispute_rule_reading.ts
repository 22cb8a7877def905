import type { Knex } from 'knex';

// Issue 33 point 6: what the rules read when a dispute was filed, kept for the admin's queue (JSON: the rule,
// the kinds of evidence it reads, its decision and why it decided or stopped short). Null before issue 33.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('transfer_disputes', (t) => {
    t.text('rule_reading').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('transfer_disputes', (t) => t.dropColumn('rule_reading'));
}
