import type { Knex } from 'knex';

// Nothing sold that cannot be delivered (issue 34 item 1, decision 215): the appointment's callback time as
// an instant (UTC, like every timestamp), read from its text (`extracted_appointment_date_time`, as the
// voice AI or an admin gave it). Buy Appointments lists, and the buy path reserves, only appointments whose
// callback_at is unknown or still more than the cut-off ahead. Existing rows are read once here: an ISO
// instant with its zone; any other text stays NULL (unknown time: sold as before).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('appointments', (t) => {
    t.datetime('callback_at', { precision: 3 }).nullable();
    t.index(['status', 'callback_at'], 'appointments_status_callback_at_index');
  });
  const rows = (await knex('appointments').whereNotNull('extracted_appointment_date_time').select('id', 'extracted_appointment_date_time as text')) as {
    id: number;
    text: string;
  }[];
  for (const r of rows) {
    // Only an ISO instant that names its zone is read here (the reader's zone never decides an instant).
    const text = String(r.text).trim();
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}.*(Z|[+-]\d{2}:?\d{2})$/i.test(text)) continue;
    const d = new Date(text);
    if (Number.isNaN(d.getTime())) continue;
    await knex('appointments')
      .where({ id: r.id })
      .update({ callback_at: d.toISOString().replace('T', ' ').replace('Z', '') });
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('appointments', (t) => {
    t.dropIndex(['status', 'callback_at'], 'appointments_status_callback_at_index');
  });
  await knex.schema.alterTable('appointments', (t) => {
    t.dropColumn('callback_at');
  });
}
