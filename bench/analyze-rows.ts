// The rows a statement actually reads, from MariaDB's ANALYZE FORMAT=JSON (it runs the statement and
// reports r_loops x r_rows per table access; EXPLAIN only estimates). Shared by the rows-read guard
// (api/src/services/leads/leads-rows-read.test.ts) and the scale bench.
import type { Db } from '../api/src/db/index.ts';

/** Rows read per base table (derived and union tables left out: they hold what the base tables gave). */
export async function rowsRead(db: Db, sql: string): Promise<Map<string, number>> {
  const [rows] = (await db.raw(`ANALYZE FORMAT=JSON ${sql}`)) as unknown as [Array<{ ANALYZE: string }>];
  const read = new Map<string, number>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    const o = node as Record<string, unknown>;
    if (typeof o.table_name === 'string' && !o.table_name.startsWith('<') && typeof o.r_rows === 'number') {
      read.set(o.table_name, (read.get(o.table_name) ?? 0) + Number(o.r_loops ?? 1) * o.r_rows);
    }
    Object.values(o).forEach(walk);
  };
  walk(JSON.parse(rows[0]!.ANALYZE));
  return read;
}

/** Every SELECT `run` sends through `db`, with its bindings in place. */
export async function selectsOf(db: Db, run: () => Promise<unknown>): Promise<string[]> {
  const sent: string[] = [];
  const onQuery = (q: { sql: string; bindings?: readonly unknown[] }) => sent.push(db.raw(q.sql, (q.bindings ?? []) as never).toString());
  db.on('query', onQuery);
  try {
    await run();
  } finally {
    db.off('query', onQuery);
  }
  return sent.filter((s) => /^\(?\s*select/i.test(s.trim()));
}

/** The rows one list call reads: its page statements, and its count statement (the count table). */
export async function listRowsRead(db: Db, run: () => Promise<unknown>): Promise<{ page: number; counted: number }> {
  let page = 0;
  let counted = 0;
  for (const sql of await selectsOf(db, run)) {
    for (const [table, n] of await rowsRead(db, sql)) {
      if (table === 'leads_for_sale_counts' || /count\(\*\)/i.test(sql)) counted += n;
      else page += n;
    }
  }
  return { page, counted };
}
