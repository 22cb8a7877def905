import type { Knex } from 'knex';

// What each refund took back (issue 26 items 2 and 8). transfers_taken_back: how many transfers the
// refund removed from the agent's balance, written when it is made (null on refunds made before this
// migration: their count follows from the amounts, decision 035). money_only: a goodwill refund that
// gives money back and takes no transfer back (its amount does not shrink the order's lot).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('refunds', (t) => {
    t.integer('transfers_taken_back').nullable();
    t.boolean('money_only').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('refunds', (t) => {
    t.dropColumn('money_only');
    t.dropColumn('transfers_taken_back');
  });
}
