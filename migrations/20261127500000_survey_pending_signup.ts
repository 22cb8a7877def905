import type { Knex } from 'knex';

// Issue 25 items 3 and 4: a RingCloud sign-up keeps the chosen password's hash on its survey until the
// payment succeeds (the account is made then, never before), and the first-party onboarding survey keeps
// the best time to reach the agent.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('onboarding_surveys', (t) => {
    t.string('password_hash', 255).nullable();
    t.string('best_time_to_reach', 200).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('onboarding_surveys', (t) => t.dropColumns('password_hash', 'best_time_to_reach'));
}
