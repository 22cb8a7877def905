import type { Knex } from 'knex';

// The voice-AI webhook is idempotent (issue 26 item 4): a callback remembers the request's
// Idempotency-Key header and the body's call_id, each unique, so a retried or concurrent repeat of
// the same call finds the first callback instead of storing a second one (NULLs do not collide).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('brightcall_callbacks', (t) => {
    t.string('idempotency_key', 255).nullable().unique('brightcall_callbacks_idempotency_key_unique');
    t.string('call_id', 128).nullable().unique('brightcall_callbacks_call_id_unique');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('brightcall_callbacks', (t) => {
    t.dropUnique(['idempotency_key'], 'brightcall_callbacks_idempotency_key_unique');
    t.dropUnique(['call_id'], 'brightcall_callbacks_call_id_unique');
  });
  await knex.schema.alterTable('brightcall_callbacks', (t) => {
    t.dropColumn('idempotency_key');
    t.dropColumn('call_id');
  });
}
