import type { Knex } from 'knex';

// Issue 36 point 6 (decision 230): each buyer's own low-balance threshold, in transfers. The balance
// e-mail, the Home alert and the admin's list of low buyers read it; 5 is the default everybody had.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.integer('low_balance_threshold').notNullable().defaultTo(5);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('low_balance_threshold');
  });
}
