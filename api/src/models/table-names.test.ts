// No table name as a string outside the models and the migrations (issue 16 item 3, decision 085):
// services, routes, jobs and test fixtures reach a table through its model (`Lead.query(db)`,
// `Lead.tableName`, `Lead.ref('id')`). Scans api/src (test files excepted: an assertion may read a
// table directly to see what a request wrote) for db('x') / trx('x') / knex('x'), .from('x'),
// .join('x', ...) and its kinds, .into('x') / .table('x'), and 'x.column' strings, where x is a table
// of a model, snake_case or camelCase. ALLOWED lists the files still being converted; an entry that has
// become clean fails too, so the list only shrinks.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as models from './index.ts';

const API_SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Files still being converted: none since every service queries through the models (issue 16 item 3). */
const ALLOWED: Record<string, string> = {};

const camel = (s: string) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
const names = [...new Set(Object.values(models).flatMap((m) => [m.tableName, camel(m.tableName)]))].sort((a, b) => b.length - a.length);
const T = names.join('|');
const Q = `['"\`]`;
/** db(...), trx(...), knex(...), deps.db(...), ctx.db(...), with or without a row type. */
const CALL = `(?:(?:^|[^\\w$.])(?:db|trx|knex|tx|conn)|\\.(?:db|trx))\\s*(?:<[^>()]*>)?\\(\\s*`;
const PATTERNS: Array<[string, RegExp]> = [
  ['knex call', new RegExp(`${CALL}${Q}(?:${T})(?:\\s+as\\s+\\w+)?${Q}`, 'g')],
  // A table picked at run time (db(table)) is a table name string too, one step removed.
  ['knex call with a computed table', new RegExp(`${CALL}(?![\\s'"\`)])[\\w.[\\]]+\\s*\\)`, 'g')],
  [
    'from/join/into',
    new RegExp(
      `(?<!Buffer)\\.(?:from|join|innerJoin|leftJoin|leftOuterJoin|rightJoin|rightOuterJoin|fullOuterJoin|crossJoin|into|table)\\(\\s*${Q}(?:${T})(?:\\s+as\\s+\\w+)?${Q}`,
      'g',
    ),
  ],
  // (not a file name such as "orders.csv")
  ['qualified column', new RegExp(`${Q}(?:${T})\\.(?!(?:csv|json|txt|pdf|ics|html?|xml|png|jpe?g)${Q})(?:\\*|[a-zA-Z_]+)${Q}`, 'g')],
];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'models' && dir === API_SRC ? [] : sourceFiles(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

/** Each offending line of a file, as `file:line: text`. */
export function tableNameStrings(file: string, text: string): string[] {
  const found: string[] = [];
  const lines = text.split('\n');
  for (const [kind, re] of PATTERNS) {
    for (const m of text.matchAll(re)) {
      const before = text.slice(0, m.index);
      const line = before.split('\n').length;
      const code = lines[line - 1]!.trim();
      // In a comment: a comment line, or after a `//` that begins a trailing comment.
      if (code.startsWith('//') || code.startsWith('*') || /(^|\s)\/\/(\s|$)/.test(before.slice(before.lastIndexOf('\n') + 1))) continue;
      found.push(`${file}:${line}: ${kind}: ${m[0].replace(/^[^.\w$]/, '')}`);
    }
  }
  return found;
}

describe('table names live in the models', () => {
  it('the patterns catch the spellings they are meant to', () => {
    const sample = [
      "await db('leads').where({ id });",
      'await trx<Row>("order_items").insert(row);',
      'const q = deps\n  .db(`onboardingSurveys`);',
      "q.join('users', 'users.id', 'orders.user_id');",
      "db.insert(rows).into('lead_pool');",
      "q.leftJoin('transfer_calls as c', 'c.id', 'x');",
      'const n = await trx(table).update(patch);',
      "Lead.query(db).where(Lead.ref('id'), 1); cachedRead(deps.db, 'users', key); Buffer.from('leads'); Model.knex(db);",
      "db.insert(rows).into(Lead.tableName); res.attachment('orders.csv'); // db('leads') in a comment",
      "// db('leads') in a comment",
    ].join('\n');
    expect(tableNameStrings('sample.ts', sample).map((hit) => hit.replace(/: [^:]*$/, ''))).toEqual([
      'sample.ts:1: knex call',
      'sample.ts:2: knex call',
      'sample.ts:4: knex call',
      'sample.ts:8: knex call with a computed table',
      'sample.ts:5: from/join/into',
      'sample.ts:6: from/join/into',
      'sample.ts:7: from/join/into',
      'sample.ts:5: qualified column',
      'sample.ts:5: qualified column',
    ]);
  });

  it('no file outside api/src/models and migrations names a table as a string (except those still being converted)', () => {
    const offenders = new Map<string, string[]>();
    for (const full of sourceFiles(API_SRC)) {
      const rel = path.relative(API_SRC, full).split(path.sep).join('/');
      const hits = tableNameStrings(rel, fs.readFileSync(full, 'utf8'));
      if (hits.length) offenders.set(rel, hits);
    }
    const unexpected = [...offenders].filter(([file]) => !(file in ALLOWED)).flatMap(([, hits]) => hits);
    expect(unexpected, 'query through the model (Model.query(db), Model.tableName, Model.ref)').toEqual([]);
    const clean = Object.keys(ALLOWED).filter((file) => !offenders.has(file));
    expect(clean, 'converted: remove these from ALLOWED').toEqual([]);
  });
});
