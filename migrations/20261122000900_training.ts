import type { Knex } from 'knex';
import { nowDefault } from './_helpers.ts';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('training_videos', (t) => {
    t.increments('id').primary();
    t.string('title', 200).notNullable();
    t.text('description').nullable();
    t.string('video_url', 1000).notNullable();
    t.string('section', 64).notNullable();
    t.string('thumbnail_url', 1000).nullable();
    t.integer('duration').nullable();
    t.integer('sort_order').notNullable().defaultTo(0);
    t.boolean('is_active').notNullable().defaultTo(true);
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(nowDefault(knex));
    t.datetime('updated_at', { precision: 3 }).notNullable().defaultTo(nowDefault(knex));
    t.index(['is_active', 'section', 'sort_order']);
  });
  await knex.schema.createTable('training_admins', (t) => {
    t.increments('id').primary();
    t.string('email', 254).notNullable().unique();
    t.string('password_hash', 255).notNullable();
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(nowDefault(knex));
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('training_admins');
  await knex.schema.dropTable('training_videos');
}
