import type { Knex } from 'knex';

// The voice-AI webhook's Idempotency-Key binds one request body (issue 34 item 1, decision 215): a callback
// keeps the SHA-256 of its checked payload, so the same key with a different body is refused (422
// idempotency_key_reused) instead of answering the first result and dropping the correction. Callbacks
// stored before this have none (NULL): a repeat of their key answers the first result, as before.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('brightcall_callbacks', (t) => {
    t.string('request_hash', 64).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('brightcall_callbacks', (t) => {
    t.dropColumn('request_hash');
  });
}
