// EXPLAIN of every SELECT the for-sale lead list runs for one query string (captured from Knex as the
// service runs them), for the lead-list benchmarks on MariaDB. Answers whether each used an index.
import type { Db } from '../api/src/db/index.ts';
import { listLeadsForSale } from '../api/src/services/leads/leads.service.ts';
import { leadsQuerySchema } from '@tm/shared/schemas/leads';

interface ExplainRow {
  table: string | null;
  type: string;
  key: string | null;
  rows: number;
  Extra: string | null;
}

interface Sent {
  sql: string;
  bindings?: readonly unknown[];
}

/** What `run` returns, and every statement it sent through `db` (as Knex hands them to the driver). */
export async function statementsOf<T>(db: Db, run: () => Promise<T>): Promise<{ result: T; sent: Sent[] }> {
  const sent: Sent[] = [];
  const onQuery = (q: Sent) => sent.push(q);
  db.on('query', onQuery);
  try {
    return { result: await run(), sent };
  } finally {
    db.off('query', onQuery);
  }
}

export async function explainLeadList(db: Db, query: string): Promise<boolean> {
  const q = leadsQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
  const { result: page, sent } = await statementsOf(db, () => listLeadsForSale(db, 'aged', q, new Date()));
  const captured = sent.map((s) => db.raw(s.sql, (s.bindings ?? []) as never).toString());
  console.log(`\n${query}: ${page.total.toLocaleString('en-US')}${page.totalCapped ? '+' : ''} matching leads, ${page.items.length} on the page`);
  let indexed = true;
  for (const sql of captured.filter((s) => /^\(?select/i.test(s.trim()))) {
    const [rows] = (await db.raw(`EXPLAIN ${sql}`)) as unknown as [ExplainRow[]];
    console.log(`\nEXPLAIN ${sql.length > 400 ? `${sql.slice(0, 400)}...` : sql}`);
    console.log('| table | type | key | rows | Extra |\n|---|---|---|---:|---|');
    for (const r of rows) {
      console.log(`| ${r.table} | ${r.type} | ${r.key ?? '(none)'} | ${r.rows} | ${r.Extra ?? ''} |`);
      // Derived tables (<derivedN>, <unionN>) are read whole by design; the base table must use an index.
      if (r.table && !r.table.startsWith('<') && (!r.key || r.type === 'ALL')) indexed = false;
    }
  }
  return indexed;
}
