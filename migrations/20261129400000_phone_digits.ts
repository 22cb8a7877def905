import type { Knex } from 'knex';
import { phoneDigits } from '@tm/shared/logic/phone-search';

// Search by phone in any form (issue 36 point 5): each searchable phone gets its digits beside it
// (shared/logic/phone-search.ts: digits only, a leading US "1" dropped), indexed, so "(615) 555-0142" and
// "+1 615 555 0142" find the row by equality. users.phone (the admin's users and orders) and
// brightcall_callbacks.phone (the admin's appointments); the lead pool already stores 10 digits (unique).
// The models fill the column on every insert and patch that sets a phone; existing rows are filled here.
// A plain column, not a generated one: Knex rebuilds SQLite tables on some later ALTERs and cannot copy a
// generated column (decision 227).
const TABLES = ['users', 'brightcall_callbacks'] as const;

export async function up(knex: Knex): Promise<void> {
  for (const table of TABLES) {
    await knex.schema.alterTable(table, (t) => {
      t.string('phone_digits', 15).notNullable().defaultTo('');
      t.index(['phone_digits'], `${table}_phone_digits`);
    });
    for (let after = 0; ;) {
      const rows = (await knex(table).select('id', 'phone').where('id', '>', after).orderBy('id').limit(1000)) as Array<{ id: number; phone: string | null }>;
      if (!rows.length) break;
      for (const r of rows) {
        const d = phoneDigits(r.phone);
        if (d) await knex(table).where({ id: r.id }).update({ phone_digits: d });
      }
      after = Number(rows[rows.length - 1]!.id);
    }
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of TABLES) {
    await knex.schema.alterTable(table, (t) => {
      t.dropIndex(['phone_digits'], `${table}_phone_digits`);
      t.dropColumn('phone_digits');
    });
  }
}
