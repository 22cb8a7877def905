import type { Knex } from 'knex';
import { CONTACTED_STATUSES, SOLD_STATUSES } from '@tm/shared/schemas/outcomes';

/** Default for timestamp columns: UTC with milliseconds on both databases ('YYYY-MM-DD HH:MM:SS.mmm'). */
export function nowDefault(knex: Knex): Knex.Raw {
  return isMysql(knex) ? knex.fn.now(3) : knex.raw("(strftime('%Y-%m-%d %H:%M:%f', 'now'))");
}

export const isMysql = (knex: Knex): boolean => knex.client.config.client === 'mysql2';

/** `a` and `b` differ, NULL equal to NULL (MariaDB `<=>`, SQLite `IS NOT`). */
export function differ(knex: Knex, a: string, b: string): string {
  return isMysql(knex) ? `NOT (${a} <=> ${b})` : `${a} IS NOT ${b}`;
}

/** A row trigger: its event on `table`, the condition it acts on (NEW/OLD), and its one statement. */
export interface RowTrigger {
  name: string;
  event: 'INSERT' | 'UPDATE' | 'DELETE';
  when: string;
  body: string;
}

/** Creates an AFTER ... FOR EACH ROW trigger: MariaDB with an IF in its body, SQLite with the condition as its WHEN. */
export async function createRowTrigger(knex: Knex, table: string, t: RowTrigger): Promise<void> {
  await knex.raw(
    isMysql(knex)
      ? `CREATE TRIGGER ${t.name} AFTER ${t.event} ON ${table} FOR EACH ROW BEGIN IF ${t.when} THEN ${t.body}; END IF; END`
      : `CREATE TRIGGER ${t.name} AFTER ${t.event} ON ${table} FOR EACH ROW WHEN ${t.when} BEGIN ${t.body}; END`,
  );
}

/** Summary tables kept by triggers (decisions 264, 272): adds a row of signed sums to its key's row, inserting it the first time. */
export function upsertSums(knex: Knex, table: string, key: readonly string[], sums: readonly string[], select: string): string {
  const insert = `INSERT INTO ${table} (${key.join(', ')}, ${sums.join(', ')}) ${select}`;
  return isMysql(knex)
    ? `${insert} ON DUPLICATE KEY UPDATE ${sums.map((c) => `${table}.${c} = ${table}.${c} + VALUES(${c})`).join(', ')}`
    : `${insert} ON CONFLICT (${key.join(', ')}) DO UPDATE SET ${sums.map((c) => `${c} = ${table}.${c} + excluded.${c}`).join(', ')}`;
}

/** A DATETIME column's UTC day, on MariaDB and SQLite. */
export const utcDay = (knex: Knex, col: string) => (isMysql(knex) ? `DATE(${col})` : `substr(${col}, 1, 10)`);

/** Quoted SQL literals of a list of strings. */
export const sqlList = (xs: readonly string[]) => xs.map((s) => `'${s}'`).join(', ');

/** An outcome status's contacted, sales and premium, as Results counts them (one rule with shared/src/schemas/outcomes.ts). */
export const outcomeSums = (status: string, premium: string) => [
  `CASE WHEN ${status} IN (${sqlList(CONTACTED_STATUSES)}) THEN 1 ELSE 0 END`,
  `CASE WHEN ${status} IN (${sqlList(SOLD_STATUSES)}) THEN 1 ELSE 0 END`,
  `CASE WHEN ${status} IN (${sqlList(SOLD_STATUSES)}) THEN COALESCE(${premium}, 0) ELSE 0 END`,
];
