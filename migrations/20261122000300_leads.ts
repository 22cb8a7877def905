import type { Knex } from 'knex';
import { nowDefault } from './_helpers.ts';

// Leads for sale, aged and fresh. status: available | reserved | sold.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('leads', (t) => {
    t.bigIncrements('id').primary();
    t.string('kind', 8).notNullable().defaultTo('aged'); // aged | fresh
    t.string('customer_name', 200).nullable();
    t.string('customer_phone', 32).nullable();
    t.string('customer_email', 254).nullable();
    t.string('customer_state', 2).notNullable();
    t.string('zip_code', 10).notNullable();
    t.string('current_age_range', 16).nullable();
    t.integer('age_days').notNullable().defaultTo(0);
    t.integer('price_cents').nullable();
    t.string('recording_url', 1000).nullable();
    t.text('transcript').nullable();
    t.integer('call_duration').nullable();
    t.datetime('form_fill_time', { precision: 3 }).nullable();
    t.string('status', 12).notNullable().defaultTo('available');
    t.integer('reserved_order_id').unsigned().nullable();
    t.datetime('reserved_until', { precision: 3 }).nullable();
    t.integer('buyer_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL');
    t.datetime('sold_at', { precision: 3 }).nullable();
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(nowDefault(knex));
    // The marketplace lists available leads of one kind, filtered by state, age or zip, newest first.
    t.index(['kind', 'status', 'customer_state', 'age_days'], 'leads_kind_status_state_age');
    t.index(['kind', 'status', 'zip_code'], 'leads_kind_status_zip');
    t.index(['kind', 'status', 'age_days'], 'leads_kind_status_age');
    t.index(['kind', 'status', 'id'], 'leads_kind_status_id');
    t.index(['status', 'reserved_until'], 'leads_status_reserved_until');
    t.index(['reserved_order_id']);
    t.index(['buyer_id', 'sold_at']);
    t.index(['customer_phone']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('leads');
}
