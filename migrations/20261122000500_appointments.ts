import type { Knex } from 'knex';
import { nowDefault } from './_helpers.ts';

// AI call records sold as appointments. status: available | reserved | sold.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('appointments', (t) => {
    t.increments('id').primary();
    t.string('customer_name', 200).nullable();
    t.string('customer_phone', 32).nullable();
    t.string('customer_email', 254).nullable();
    t.string('customer_state', 64).nullable();
    t.string('call_status', 16).notNullable().defaultTo('pending');
    t.double('extraction_confidence').nullable(); // 0..1
    t.datetime('call_date', { precision: 3 }).nullable();
    t.string('extracted_appointment_date_time', 64).nullable();
    t.string('appointment_date', 64).nullable();
    t.string('extracted_appointment_date', 64).nullable();
    t.string('extracted_appointment_time', 64).nullable();
    t.boolean('has_extracted_appointment').notNullable().defaultTo(false);
    t.text('extracted_appointment_info').nullable();
    t.integer('call_duration').nullable();
    t.string('lead_quality', 32).nullable();
    t.string('recording_url', 1000).nullable();
    t.string('uploaded_audio_path', 1000).nullable();
    t.text('transcript').nullable();
    t.text('summary').nullable();
    t.text('notes').nullable();
    t.boolean('follow_up_required').notNullable().defaultTo(false);
    t.integer('price_cents').nullable();
    t.string('status', 12).notNullable().defaultTo('available');
    t.integer('reserved_order_id').unsigned().nullable();
    t.datetime('reserved_until', { precision: 3 }).nullable();
    t.integer('buyer_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL');
    t.datetime('purchased_at', { precision: 3 }).nullable();
    /** The buyer removed it from My Appointments; the sale itself stays on record. */
    t.datetime('buyer_deleted_at', { precision: 3 }).nullable();
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(nowDefault(knex));
    t.index(['status', 'created_at']);
    t.index(['status', 'reserved_until']);
    t.index(['buyer_id', 'purchased_at']);
    t.index(['reserved_order_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('appointments');
}
