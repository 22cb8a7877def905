// Lead import at vendor scale (issues 26 and 38): a CSV with 1% bad rows imported for sale on MariaDB, end
// to end through the importer the admin page uses (upload streamed to storage, the run job parsing,
// checking, staging in batches and copying the good rows in one transaction), with the database storage
// production uses (STORAGE=db). Prints the time, the rows and the memory seen while it ran; exits 1 when it
// takes longer than its target (1,000,000 rows: 5 minutes, 0.3 ms a row; a smaller file: 60 s), when the
// live heap (sampled after a full collection) grows 128 MB or more over the start, or when the per-row
// errors are not exactly the bad rows with their reasons, or when one statement of the commit (a slice's
// copy) or of the clearing after it (a slice's delete of staged rows) takes 2.5 s or more: half a request's
// 5 s statement bound. The job's own statements are bounded at 60 s (decision 281), so a slice that slow
// would not fail the import, but it would no longer be the short statement the slices are for (decision 280).
//
// Run: npm run bench -- lead-import
// Env: BENCH_DATABASE_URL (mysql://root@127.0.0.1:3306/money_bench), BENCH_IMPORT_ROWS (100000; the issue's
// size is 1000000).
import crypto from 'node:crypto';
import { COUNT_LIMIT } from '@tm/shared/schemas/paging';
import v8 from 'node:v8';
import vm from 'node:vm';
import { Readable } from 'node:stream';
import knexFactory from 'knex';
import { knexConfig } from '../knexfile.ts';
import { createDb, migrateLatest } from '../api/src/db/index.ts';
import { dbStorage } from '../api/src/storage/index.ts';
import { createUser } from '../api/src/services/accounts/users.service.ts';
import { claimImportRun, listImportErrors, runClaimedImport, uploadImport } from '../api/src/services/lead-import/imports.service.ts';
import { benchDatabaseUrl } from './million-leads.ts';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
/** Issue 38 point 4: 1,000,000 rows in under 5 minutes (0.3 ms a row); a smaller file within 60 s. */
const TARGET_MS = Math.max(60_000, ROWS * 0.3);
/** Live heap growth (after a full collection) under +128 MB, at any size: memory must not follow the file. */
const HEAP_GROWTH_LIMIT = 128 * 1024 * 1024;
/** The slowest statement the commit or the clearing may take: half a request's 5 s bound (DB_TIMEOUT_MS), a slice still short. */
const SLICE_STATEMENT_LIMIT_MS = 2500;
const NAME_PREFIX = 'Bench Import';
const STATES = ['TX', 'FL', 'CA', 'GA', 'NC', 'OH', 'PA', 'AZ', 'TN', 'MI'];

/** Every 100th row is bad, in turn: no phone, a short phone, an unknown state, a repeat of an earlier row's phone. */
const BAD_KINDS = [
  { cells: (i: number) => [`${NAME_PREFIX} ${i}`, '', 'TX', '78701', '30-60'], reason: 'Phone' },
  { cells: (i: number) => [`${NAME_PREFIX} ${i}`, '12345', 'TX', '78701', '30-60'], reason: 'Phone' },
  { cells: (i: number) => [`${NAME_PREFIX} ${i}`, phoneOf(i), 'ZZ', '78701', '30-60'], reason: 'State' },
  { cells: (i: number) => [`${NAME_PREFIX} ${i}`, phoneOf(i - 1), 'TX', '78701', '30-60'], reason: 'Duplicate: same phone number as row' },
];
/** A distinct 10-digit US number per row: (79d) ddd-dddd. */
const phoneOf = (i: number) => {
  const d = `79${String(i).padStart(8, '0')}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
};

/** The file, generated as a stream (never whole in memory): header, then ROWS rows. */
function csvStream(): { stream: Readable; expectedBad: Map<number, string> } {
  const expectedBad = new Map<number, string>();
  let i = 0;
  const stream = new Readable({
    read() {
      if (i === 0) this.push('Full Name,Phone,State,Zip,Age Range\n');
      let chunk = '';
      for (let n = 0; n < 2000 && i < ROWS; n++) {
        i += 1;
        const row = i + 1; // the header is row 1
        let cells: string[];
        if (i % 100 === 50) {
          const kind = BAD_KINDS[Math.floor(i / 100) % BAD_KINDS.length]!;
          cells = kind.cells(i);
          expectedBad.set(row, kind.reason);
        } else cells = [`${NAME_PREFIX} ${i}`, phoneOf(i), STATES[i % STATES.length]!, String(10000 + ((i * 7919) % 89999)).padStart(5, '0'), '30-60'];
        chunk += cells.join(',') + '\n';
      }
      if (chunk) this.push(chunk);
      if (i >= ROWS) this.push(null);
    },
  });
  return { stream, expectedBad };
}

/** A statement's stage, named by what it does (the importer's statements, in the order they run). */
const STAGES: Array<[RegExp, string]> = [
  [/^insert into `?lead_import_rows/i, 'stage: insert a batch of checked rows'],
  [/^select `?phone`?, `?row_number`? from `?lead_import_rows/i, 'check: phones earlier in the file (staged)'],
  [/^select .*from `?(leads|lead_pool|lead_assignments)`? where `?(customer_phone|phone)`? in/i, 'check: phones already in the database'],
  [/^insert into `?(leads|lead_pool)`? .*select/i, 'commit: INSERT ... SELECT a slice (with triggers)'],
  [/^delete from `?lead_import_rows/i, 'clear: delete a slice of staged rows'],
  [/^select max\(/i, 'commit/clear: last staged row'],
  [/^(update|select).*`?lead_imports`?/i, 'progress and the import row'],
  [/`?(blobs|blob_chunks)`?/i, 'storage: the file in the database'],
];

/** Sums each stage's statement time from Knex's query events (transactions' statements included). */
function statementStages(db: ReturnType<typeof createDb>) {
  const byStage = new Map<string, { ms: number; n: number; max: number; each: number[] }>();
  const open = new Map<string, { at: number; stage: string }>();
  const stageOf = (sql: string) => STAGES.find(([re]) => re.test(sql))?.[1] ?? `other: ${sql.slice(0, 40)}`;
  const onQuery = (q: { __knexQueryUid: string; sql: string }) => open.set(q.__knexQueryUid, { at: performance.now(), stage: stageOf(q.sql) });
  const onDone = (_r: unknown, q: { __knexQueryUid: string }) => {
    const o = open.get(q.__knexQueryUid);
    if (!o) return;
    open.delete(q.__knexQueryUid);
    const ms = performance.now() - o.at;
    const t = byStage.get(o.stage) ?? { ms: 0, n: 0, max: 0, each: [] };
    t.ms += ms;
    t.each.push(ms);
    t.n += 1;
    t.max = Math.max(t.max, Math.round(ms));
    byStage.set(o.stage, t);
  };
  db.on('query', onQuery).on('query-response', onDone);
  return { byStage, stop: () => db.off('query', onQuery).off('query-response', onDone) };
}

/** A linearity check: a stage's mean statement time in its first and last tenth (equal when it does not grow). */
function growthOf(each: number[]): string {
  if (each.length < 20) return '';
  const tenth = Math.floor(each.length / 10);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  return `; mean ${mean(each.slice(0, tenth)).toFixed(1)} ms in the first tenth, ${mean(each.slice(-tenth)).toFixed(1)} ms in the last`;
}

/** A stage's mean statement in each tenth of the run, in order: a stage that grows shows as a rising line. */
function tenthsOf(each: number[]): string {
  const tenth = Math.max(1, Math.floor(each.length / 10));
  const means: string[] = [];
  for (let i = 0; i + tenth <= each.length && means.length < 10; i += tenth)
    means.push((each.slice(i, i + tenth).reduce((a, b) => a + b, 0) / tenth).toFixed(0));
  return means.join(' / ');
}

async function main(): Promise<void> {
  const { url, dbName } = benchDatabaseUrl('money_bench');
  const server = new URL(url);
  server.pathname = '/';
  const admin = knexFactory(knexConfig(server.toString()));
  await admin.raw(`CREATE DATABASE IF NOT EXISTS \`${dbName}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.destroy();
  const db = createDb(url);
  await migrateLatest(db);
  // A run starts clean: the previous run's leads would make every phone a duplicate. (Set-up, with no
  // per-statement timeout; the import itself runs under the app's default DB_TIMEOUT_MS.)
  const setup = knexFactory(knexConfig(url, undefined, { timeoutMs: 0 }));
  await setup('leads').where('customerName', 'like', `${NAME_PREFIX} %`).delete();
  await setup.destroy();
  const BENCH_ADMIN = 'bench.import.admin@example.com';
  const adminId = Number(
    ((await db('users').where({ email: BENCH_ADMIN }).first('id')) as { id: number } | undefined)?.id ??
      (await createUser(db, { email: BENCH_ADMIN, password: crypto.randomBytes(12).toString('hex'), firstName: 'Bench', lastName: 'Admin', isAdmin: true })).id,
  );
  const storage = dbStorage(db);
  const clock = { now: () => new Date() };

  // Live memory: a full collection before each sample (every 2 s), so the figure is what the import
  // keeps, not garbage the collector has not reached yet.
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  gc();
  const baseHeap = process.memoryUsage().heapUsed;
  let peakHeap = baseHeap;
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    gc();
    const m = process.memoryUsage();
    peakHeap = Math.max(peakHeap, m.heapUsed);
    peakRss = Math.max(peakRss, m.rss);
  }, 2000);

  const stages = statementStages(db);
  const { stream, expectedBad } = csvStream();
  const started = Date.now();
  const uploaded = await uploadImport({ db, storage }, { adminId, target: 'sale', kind: 'aged', filename: 'vendor-100k.csv', body: stream }, clock.now());
  const uploadMs = Date.now() - started;
  const mapping = uploaded.suggestedMapping;
  const job = await claimImportRun({ db, storage, clock }, uploaded.import.id, mapping, false);
  const summary = await runClaimedImport({ db, storage, clock }, job);
  const totalMs = Date.now() - started;
  clearInterval(sampler);
  stages.stop();

  // The per-row errors: exactly the bad rows, each with its reason.
  // Read as the admin page reads them, 100 a page (pages past COUNT_LIMIT's bound are not needed: 1% bad).
  const got = new Map<number, string>();
  let total = 0;
  for (let page = 1; ; page++) {
    const errors = await listImportErrors(db, uploaded.import.id, page, 100);
    total = errors.total;
    for (const e of errors.items) got.set(e.row, e.reason);
    if (errors.items.length < 100) break;
  }
  let errorsIntact = total === Math.min(expectedBad.size, COUNT_LIMIT) && got.size === expectedBad.size;
  for (const [row, reason] of expectedBad) if (!got.get(row)?.includes(reason)) errorsIntact = false;
  const imported = Number(((await db('leads').where('customerName', 'like', `${NAME_PREFIX} %`).count({ n: '*' }).first()) as { n: number }).n);
  await db.destroy();

  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
  const growth = peakHeap - baseHeap;
  console.log(
    `Lead import, ${ROWS.toLocaleString('en-US')} rows (${mb(uploaded.import.sizeBytes)}), ${expectedBad.size.toLocaleString('en-US')} bad, MariaDB ${dbName}, STORAGE=db`,
  );
  console.log(`  upload (streamed to storage, header read): ${(uploadMs / 1000).toFixed(1)} s`);
  console.log(`  end to end (upload, parse, check, stage, commit): ${(totalMs / 1000).toFixed(1)} s (target under ${TARGET_MS / 1000} s)`);
  console.log(
    `  status ${summary.status}: ${summary.importedRows.toLocaleString('en-US')} imported, ${summary.rejectedRows.toLocaleString('en-US')} refused; leads in the table: ${imported.toLocaleString('en-US')}`,
  );
  console.log(`  memory: live heap peak ${mb(peakHeap)} (+${mb(growth)} over the start, limit +${mb(HEAP_GROWTH_LIMIT)}), RSS peak ${mb(peakRss)}`);
  console.log(`  per-row errors: ${total.toLocaleString('en-US')} listed, ${errorsIntact ? 'each bad row with its reason' : 'NOT the bad rows'}`);
  console.log(`  where the time went (statements by stage; the rest is parsing and checking in JS, and waiting):`);
  let inStatements = 0;
  for (const [stage, t] of [...stages.byStage].sort((a, b) => b[1].ms - a[1].ms)) {
    inStatements += t.ms;
    console.log(
      `    ${stage.padEnd(50)} ${(t.ms / 1000).toFixed(1).padStart(6)} s ${String(t.n).padStart(6)} statements, slowest ${t.max} ms${growthOf(t.each)}`,
    );
  }
  console.log(`    ${'outside statements'.padEnd(44)} ${((totalMs - inStatements) / 1000).toFixed(1).padStart(7)} s`);
  // The commit's and the clearing's statements one by one: each slice's copy and delete, by tenth of the run,
  // and the slowest.
  let slowestCommit = 0;
  for (const [stage, t] of stages.byStage) {
    if (!/^(commit|clear)/.test(stage)) continue;
    slowestCommit = Math.max(slowestCommit, t.max);
    console.log(`  ${stage}: mean ms by tenth of the run ${tenthsOf(t.each)}; slowest ${t.max} ms`);
  }
  console.log(`  slowest statement of the commit or the clearing: ${slowestCommit} ms (limit ${SLICE_STATEMENT_LIMIT_MS} ms; the timeout 5,000)`);
  const checks = [
    ['time', totalMs < TARGET_MS],
    ['memory flat', growth < HEAP_GROWTH_LIMIT],
    ['errors intact', errorsIntact],
    ["every commit and clearing statement under 2.5 s (half a request's 5 s bound)", slowestCommit < SLICE_STATEMENT_LIMIT_MS],
    ['rows imported', summary.status === 'imported' && summary.importedRows === ROWS - expectedBad.size && imported === summary.importedRows],
  ] as const;
  for (const [name, ok] of checks) console.log(`  ${ok ? 'PASS' : 'FAIL'} ${name}`);
  if (checks.some(([, ok]) => !ok)) process.exit(1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
