import type { Knex } from 'knex';

// Issue 26 (Sign-ups): the admin's follow-up status of each sign-up: new, contacted or onboarded.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('onboarding_surveys', (t) => {
    t.string('admin_status', 16).notNullable().defaultTo('new');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('onboarding_surveys', (t) => t.dropColumn('admin_status'));
}
