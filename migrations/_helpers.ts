import type { Knex } from 'knex';

/** Default for timestamp columns: UTC with milliseconds on both databases ('YYYY-MM-DD HH:MM:SS.mmm'). */
export function nowDefault(knex: Knex): Knex.Raw {
  return knex.client.config.client === 'mysql2' ? knex.fn.now(3) : knex.raw("(strftime('%Y-%m-%d %H:%M:%f', 'now'))");
}
