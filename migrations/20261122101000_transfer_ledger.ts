import type { Knex } from 'knex';
import { nowDefault } from './_helpers.ts';

// The transfer ledger (docs/decisions/020-transfer-ledger.md): the agent's controls, how much of each
// paid transfer order has been drawn (the row a draw updates conditionally), delivered calls, disputes,
// and the audit log of every change.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('agent_transfer_settings', (t) => {
    t.integer('user_id').unsigned().primary().references('id').inTable('users').onDelete('CASCADE');
    t.integer('calls_per_day').nullable(); // null: no cap
    t.string('working_states', 255).notNullable().defaultTo(''); // 'FL,TX'; empty: every state
    t.string('hours_start', 5).nullable(); // 'HH:MM' on the agent's wall clock; null: any time
    t.string('hours_end', 5).nullable();
    t.string('time_zone', 64).notNullable().defaultTo('America/New_York');
    t.boolean('paused').notNullable().defaultTo(false);
    t.string('paused_reason', 16).nullable(); // agent | no_balance
    t.datetime('paused_at', { precision: 3 }).nullable();
    t.string('resume_date', 10).nullable(); // 'YYYY-MM-DD' in the agent's zone
    t.datetime('updated_at', { precision: 3 }).notNullable().defaultTo(nowDefault(knex));
  });

  await knex.schema.createTable('transfer_order_usage', (t) => {
    t.integer('order_id').unsigned().primary().references('id').inTable('orders').onDelete('CASCADE');
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.integer('capacity').notNullable(); // the order's count
    t.integer('used').notNullable().defaultTo(0); // drawn minus credited back; never above capacity
    t.integer('buffer_seconds').notNullable();
    t.datetime('updated_at', { precision: 3 }).notNullable().defaultTo(nowDefault(knex));
    t.index(['user_id']);
  });

  await knex.schema.createTable('transfer_calls', (t) => {
    t.increments('id').primary();
    t.string('external_call_id', 128).notNullable().unique();
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.integer('order_id').unsigned().nullable().references('id').inTable('orders').onDelete('SET NULL');
    t.string('source', 12).notNullable().defaultTo('callback'); // callback | manual
    t.integer('entered_by').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL');
    t.string('caller_name', 200).notNullable();
    t.string('caller_phone', 32).notNullable();
    t.string('state', 2).notNullable();
    t.datetime('started_at', { precision: 3 }).notNullable();
    t.datetime('ended_at', { precision: 3 }).notNullable();
    t.integer('duration_seconds').notNullable();
    t.string('recording_url', 1000).nullable();
    t.text('transcript', 'mediumtext').nullable();
    t.boolean('agent_hung_up_after_yes').notNullable().defaultTo(false);
    t.integer('buffer_seconds').notNullable();
    t.boolean('billable').notNullable();
    t.string('status', 12).notNullable(); // billed | no_charge | credited
    t.integer('charge_cents').notNullable().defaultTo(0);
    t.string('billing_note', 100).nullable(); // 'No charge: under buffer', ...
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(nowDefault(knex));
    t.datetime('updated_at', { precision: 3 }).notNullable().defaultTo(nowDefault(knex));
    t.index(['user_id', 'started_at']);
    t.index(['user_id', 'state', 'started_at']);
    t.index(['user_id', 'status', 'started_at']);
    t.index(['order_id']);
  });

  await knex.schema.createTable('transfer_disputes', (t) => {
    t.increments('id').primary();
    t.integer('call_id').unsigned().notNullable().unique().references('id').inTable('transfer_calls').onDelete('CASCADE');
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('reason_code', 32).notNullable();
    t.string('reason_text', 1000).nullable();
    t.string('recording_url', 1000).nullable(); // evidence attached when filed
    t.text('transcript', 'mediumtext').nullable();
    t.string('status', 12).notNullable().defaultTo('pending'); // pending | approved | denied
    t.string('decision_reason', 1000).nullable();
    t.integer('decided_by').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL');
    t.datetime('decided_at', { precision: 3 }).nullable();
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(nowDefault(knex));
    t.datetime('updated_at', { precision: 3 }).notNullable().defaultTo(nowDefault(knex));
    t.index(['status', 'created_at']);
    t.index(['user_id', 'created_at']);
  });

  await knex.schema.createTable('ledger_audit_log', (t) => {
    t.bigIncrements('id').primary();
    t.string('actor_type', 12).notNullable(); // agent | admin | system | caller
    t.integer('actor_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL');
    t.string('action', 48).notNullable();
    t.string('entity_type', 16).notNullable(); // call | dispute | settings | agent
    t.integer('entity_id').nullable();
    t.integer('user_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL'); // the agent concerned
    t.text('before_json').nullable();
    t.text('after_json').nullable();
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(nowDefault(knex));
    t.index(['created_at']);
    t.index(['user_id', 'created_at']);
    t.index(['entity_type', 'entity_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('ledger_audit_log');
  await knex.schema.dropTable('transfer_disputes');
  await knex.schema.dropTable('transfer_calls');
  await knex.schema.dropTable('transfer_order_usage');
  await knex.schema.dropTable('agent_transfer_settings');
}
