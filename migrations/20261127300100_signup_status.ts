import type { Knex } from 'knex';

// Issue 26: a sign-up's follow-up status for the admins: new | contacted | onboarded.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('onboarding_surveys', (t) => {
    t.string('admin_status', 12).notNullable().defaultTo('new');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('onboarding_surveys', (t) => {
    t.dropColumn('admin_status');
  });
}
