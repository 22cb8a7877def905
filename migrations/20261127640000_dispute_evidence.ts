import type { Knex } from 'knex';

// Issue 29 item 1: disputes decided by the evidence. A call keeps the agent's working states as they were
// when it was delivered (an out-of-state dispute is judged against them); a dispute keeps whether the rules
// decided it, the quotes they rested on (JSON), and when the agent asked for a human review of a rule's denial.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('transfer_calls', (t) => {
    t.string('working_states', 255).nullable();
  });
  await knex.schema.alterTable('transfer_disputes', (t) => {
    t.boolean('decided_by_rules').notNullable().defaultTo(false);
    t.text('evidence').nullable();
    t.datetime('review_requested_at', { precision: 3 }).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('transfer_disputes', (t) => t.dropColumns('decided_by_rules', 'evidence', 'review_requested_at'));
  await knex.schema.alterTable('transfer_calls', (t) => t.dropColumn('working_states'));
}
