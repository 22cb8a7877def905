import type { Knex } from 'knex';

// Issue 26: whether an admin is e-mailed when a dispute, a partner application or a sign-up arrives
// (their choice in Profile; on unless they turn it off). Means nothing for agents.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.boolean('staff_alerts').notNullable().defaultTo(true);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('staff_alerts');
  });
}
