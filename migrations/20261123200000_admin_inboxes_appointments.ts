import type { Knex } from 'knex';

// Issue 13 items 4 and 5. Partner applications get a review status (new | approved | rejected) with the
// reviewer's note; an appointment for sale remembers the voice-AI callback it came from (one each) and
// where it came from (webhook | admin), so the admin's list and the agents' lists are the same record.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('partner_applications', (t) => {
    t.string('status', 12).notNullable().defaultTo('new');
    t.string('review_note', 1000).nullable();
    t.datetime('reviewed_at', { precision: 3 }).nullable();
    t.integer('reviewed_by_user_id').unsigned().nullable();
    t.index(['status', 'created_at']);
  });
  await knex.schema.alterTable('appointments', (t) => {
    t.integer('brightcall_callback_id').unsigned().nullable();
    t.string('source', 16).nullable();
    t.unique(['brightcall_callback_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('appointments', (t) => {
    t.dropUnique(['brightcall_callback_id']);
    t.dropColumn('source');
    t.dropColumn('brightcall_callback_id');
  });
  await knex.schema.alterTable('partner_applications', (t) => {
    t.dropIndex(['status', 'created_at']);
    t.dropColumn('reviewed_by_user_id');
    t.dropColumn('reviewed_at');
    t.dropColumn('review_note');
    t.dropColumn('status');
  });
}
