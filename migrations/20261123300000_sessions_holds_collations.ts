import type { Knex } from 'knex';
import { isMysql, nowDefault } from './_helpers.ts';

// Issue 14 (holding up under attack):
// - `sessions`: one row per login; the cookie's seal carries the id, and every request checks the row
//   (revoked by logout, a password change or deactivation; idle past the inactivity timeout).
// - orders.client_key (a hash of the buyer's address, for the per-address reservation cap) and
//   orders.provider_checked_at (when the provider was last asked about the intent: at most once every
//   few seconds per intent, whatever the number of processes).
// - partner_applications.client_key: the per-address upload quota.
// - MariaDB only: binary collations on identities and external ids (e-mail, username, training admin
//   e-mail, transfer call ids, Stripe ids), so 'àgënt@x' and 'agent@x', 'CallX-1' and 'callx-1' are
//   different values as they are on SQLite. A no-op on SQLite (its default comparison is binary).
const BINARY_COLUMNS: { table: string; column: string; length: number; nullable: boolean }[] = [
  { table: 'users', column: 'email', length: 254, nullable: false },
  { table: 'users', column: 'username', length: 64, nullable: true },
  { table: 'training_admins', column: 'email', length: 254, nullable: false },
  { table: 'transfer_calls', column: 'external_call_id', length: 128, nullable: false },
  { table: 'orders', column: 'payment_intent_id', length: 255, nullable: true },
  { table: 'payment_events', column: 'event_id', length: 255, nullable: false },
];

async function setCollation(knex: Knex, collation: string): Promise<void> {
  if (!isMysql(knex)) return;
  for (const c of BINARY_COLUMNS) {
    await knex.raw(`ALTER TABLE ?? MODIFY ?? VARCHAR(${c.length}) CHARACTER SET utf8mb4 COLLATE ${collation} ${c.nullable ? 'NULL' : 'NOT NULL'}`, [
      c.table,
      c.column,
    ]);
  }
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sessions', (t) => {
    t.string('id', 64).primary();
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(nowDefault(knex));
    t.datetime('last_seen_at', { precision: 3 }).notNullable().defaultTo(nowDefault(knex));
    t.datetime('revoked_at', { precision: 3 }).nullable();
    t.index(['user_id']);
  });
  await knex.schema.alterTable('orders', (t) => {
    t.string('client_key', 64).nullable();
    t.datetime('provider_checked_at', { precision: 3 }).nullable();
    t.index(['client_key', 'status']);
    t.index(['user_id', 'kind', 'status']);
  });
  await knex.schema.alterTable('partner_applications', (t) => {
    t.string('client_key', 64).nullable();
    t.index(['client_key', 'created_at']);
  });
  await setCollation(knex, 'utf8mb4_bin');
}

export async function down(knex: Knex): Promise<void> {
  await setCollation(knex, 'utf8mb4_general_ci');
  await knex.schema.alterTable('partner_applications', (t) => {
    t.dropIndex(['client_key', 'created_at']);
    t.dropColumn('client_key');
  });
  await knex.schema.alterTable('orders', (t) => {
    t.dropIndex(['client_key', 'status']);
    t.dropIndex(['user_id', 'kind', 'status']);
    t.dropColumn('client_key');
    t.dropColumn('provider_checked_at');
  });
  await knex.schema.dropTable('sessions');
}
