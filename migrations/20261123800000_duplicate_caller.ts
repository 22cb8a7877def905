import type { Knex } from 'knex';

// Duplicate caller protection (issue 19, item 4): each delivered call keeps its caller's number in one
// comparable form (the last 10 digits), indexed per agent and start, so "was this caller already
// delivered to this agent in the last 30 days" is one index range read.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('transfer_calls', (t) => {
    t.string('caller_phone_key', 15).nullable();
    t.index(['user_id', 'caller_phone_key', 'started_at'], 'transfer_calls_user_phone_started');
  });
  // The app's knex maps camelCase names to snake_case columns (and back).
  const rows: Array<{ id: number; callerPhone: string }> = await knex('transfer_calls').select('id', 'callerPhone');
  for (const r of rows) {
    const digits = String(r.callerPhone).replace(/\D/g, '');
    await knex('transfer_calls')
      .where({ id: r.id })
      .update({ callerPhoneKey: digits.slice(-10) });
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('transfer_calls', (t) => {
    t.dropIndex(['user_id', 'caller_phone_key', 'started_at'], 'transfer_calls_user_phone_started');
    t.dropColumn('caller_phone_key');
  });
}
