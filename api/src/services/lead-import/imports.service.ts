// Lead CSV import. 1) upload: the file is streamed to storage (api/src/storage; size-limited) and its header and first rows
// are read for the mapping screen. 2) run: the file is parsed as a stream (csv-parse), each row is checked
// and normalised, duplicates by phone are found inside the file and against the database, and rows are
// staged in batches with progress reported after each; bad rows keep their reason. Then the good rows
// are copied into `leads` (for sale) or `lead_pool` (for assignment) in one transaction, or nothing is.
// The run is a job (api/src/jobs): any process may run it; it records its progress on the import's
// row, which the admin page polls.
import path from 'node:path';
import crypto from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { isMysql, JOB_STATEMENT_TIMEOUT_MS, withStatementTimeout, type Db } from '../../db/index.ts';
import type { Storage } from '../../storage/index.ts';
import {
  LEAD_IMPORT_MAX_BYTES,
  type ColumnMapping,
  type ImportProgressEvent,
  type ImportRowError,
  type LeadImportSummary,
  type LeadImportTarget,
  type LeadKind,
  type Page,
  type UploadedImport,
} from '@tm/shared/schemas/admin';
import { HttpError, badRequest, conflict, notFound } from '../../errors.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { toDbDate, toIso } from '../../db/dates.ts';
import { readPage, withItems } from '../../db/paging.ts';
import { suggestMapping } from './mapping.ts';
import { clearStaged, copyStagedRows, phonesInDatabase, phonesStaged, stagedRow, type ImportRow, type Pending } from './staging.ts';
import { mappingProblem, validateRecord } from './rows.ts';
import { LeadImport, LeadImportRow } from '../../models/index.ts';
import { adminById, recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { csvLine } from '../../lib/csv.ts';

/** Rows checked and staged a statement at a time; the phone checks' IN lists stay under MariaDB's
 *  in_predicate_conversion_threshold (1,000), past which an IN list is turned into a join. */
export const BATCH_ROWS = 500;
/** Row errors sent back in the final event; the rest are paged from GET .../errors. */
export const ERRORS_IN_RESULT = 100;
const STALE_UPLOAD_MS = 24 * 60 * 60 * 1000;
/** A running import whose heartbeat (written after every batch) is older than this was interrupted. */
export const STALE_RUN_MS = 2 * 60 * 1000;
const SAMPLE_ROWS = 5;
const EMPTY_FILE_MESSAGE = 'The file is empty: it needs a header row and at least one lead';

/** An import's row, its target, kind and status typed as the schema's. */

const importById = (db: Db, id: number) => LeadImport.query(db).findById(id).castTo<ImportRow | undefined>();

function toSummary(r: ImportRow): LeadImportSummary {
  return {
    id: Number(r.id),
    target: r.target,
    kind: r.kind ?? null,
    filename: r.filename,
    sizeBytes: Number(r.sizeBytes),
    status: r.status === 'running' ? 'uploaded' : r.status,
    totalRows: Number(r.totalRows),
    importedRows: Number(r.importedRows),
    rejectedRows: Number(r.rejectedRows),
    createdAt: toIso(r.createdAt),
    completedAt: toIso(r.completedAt),
    error: r.error ?? null,
  };
}

export interface ImportDeps {
  db: Db;
  storage: Storage;
}

const storageKey = (storedFile: string) => `lead-imports/${path.basename(storedFile)}`;

function csvParser() {
  return parse({ bom: true, relax_column_count: true, skip_empty_lines: true, info: true, max_record_size: 1_000_000 });
}

interface ParsedRecord {
  record: string[];
  info: { lines: number; empty_lines: number };
}

/** Reads the header and the first rows of a stored file. */
async function readHead(storage: Storage, key: string): Promise<{ headers: string[]; sample: string[][] }> {
  const stream = await storage.read(key);
  const parser = csvParser();
  stream.pipe(parser);
  const rows: string[][] = [];
  try {
    for await (const { record } of parser as AsyncIterable<ParsedRecord>) {
      rows.push(record.map((c) => c.trim()));
      if (rows.length > SAMPLE_ROWS) break;
    }
  } catch (err) {
    const message = `The file is not valid CSV: ${(err as Error).message}`;
    throw badRequest(message, { file: message });
  } finally {
    stream.destroy();
    parser.destroy();
  }
  const [headers, ...sample] = rows;
  if (!headers || headers.every((h) => !h)) throw badRequest(EMPTY_FILE_MESSAGE, { file: EMPTY_FILE_MESSAGE });
  return { headers, sample };
}

/** Deletes stored files of imports that were uploaded and never imported within a day. */
async function purgeStaleUploads(deps: ImportDeps, now: Date): Promise<void> {
  const cutoff = toDbDate(new Date(now.getTime() - STALE_UPLOAD_MS));
  const stale = await LeadImport.query(deps.db)
    .whereIn('status', ['uploaded', 'checked'])
    .where('createdAt', '<', cutoff)
    .whereNotNull('storedFile')
    .select('id', 'storedFile');
  for (const s of stale) {
    await deps.storage.remove(storageKey(String(s.storedFile)));
    await LeadImport.query(deps.db).findById(s.id).patch({ storedFile: null, status: 'failed', error: 'Upload expired before it was imported' });
  }
}

/** Streams the uploaded CSV to storage (refusing more than LEAD_IMPORT_MAX_BYTES) and records the import. */
export async function uploadImport(
  deps: ImportDeps,
  input: { adminId: number; target: LeadImportTarget; kind?: LeadKind; filename: string; body: Readable; declaredLength?: number },
  now: Date,
): Promise<UploadedImport> {
  if (input.target === 'sale' && !input.kind) throw badRequest('Choose aged or fresh leads', { kind: 'Choose aged or fresh leads' });
  const tooLarge = () => new HttpError(413, `The file is larger than ${Math.round(LEAD_IMPORT_MAX_BYTES / 1024 / 1024)} MB`);
  if (input.declaredLength !== undefined && input.declaredLength > LEAD_IMPORT_MAX_BYTES) throw tooLarge();
  await purgeStaleUploads(deps, now);

  const stored = `${Date.now().toString(36)}-${crypto.randomBytes(8).toString('hex')}.csv`;
  const key = storageKey(stored);
  let size = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      size += chunk.length;
      if (size > LEAD_IMPORT_MAX_BYTES) cb(tooLarge());
      else cb(null, chunk);
    },
  });
  try {
    input.body.on('error', (e) => limit.destroy(e));
    await deps.storage.put(key, input.body.pipe(limit));
    if (size === 0) throw badRequest(EMPTY_FILE_MESSAGE, { file: EMPTY_FILE_MESSAGE });
    const head = await readHead(deps.storage, key);
    const { id } = await LeadImport.query(deps.db).insert({
      adminId: input.adminId,
      target: input.target,
      kind: input.target === 'sale' ? input.kind : null,
      filename: path.basename(input.filename).slice(0, 255) || 'leads.csv',
      storedFile: stored,
      sizeBytes: size,
      status: 'uploaded',
      createdAt: toDbDate(now),
    });
    const row = await importById(deps.db, id);
    await recordAudit(deps.db, {
      actor: adminById(input.adminId),
      action: 'lead_import.uploaded',
      entity: 'lead_import',
      entityId: Number(id),
      after: { filename: row!.filename, target: input.target, kind: input.kind ?? null, sizeBytes: size },
      at: now,
    });
    return { import: toSummary(row!), headers: head.headers, sample: head.sample, suggestedMapping: suggestMapping(head.headers, input.target) };
  } catch (err) {
    await deps.storage.remove(key).catch(() => undefined);
    throw err;
  }
}

export async function getImport(db: Db, id: number): Promise<LeadImportSummary> {
  const row = await importById(db, id);
  if (!row) throw notFound('Import not found');
  return toSummary(row);
}

export async function listImportErrors(db: Db, id: number, page: number, pageSize: number): Promise<Page<ImportRowError>> {
  await getImport(db, id);
  const base = LeadImportRow.query(db).where({ importId: id }).whereNotNull('error');
  const found = await readPage<Pick<LeadImportRow, 'rowNumber' | 'error'>>(
    { page, pageSize },
    { rows: base.clone().select('rowNumber', 'error').orderBy('rowNumber'), count: base },
  );
  return withItems(
    found,
    found.items.map((r) => ({ row: Number(r.rowNumber), reason: String(r.error) })),
  );
}

/** The first column of a refused-rows CSV: a header no lead field matches, so the importer ignores it. */
export const REFUSED_REASON_HEADER = 'Reason refused';
const REFUSED_CSV_BATCH = 1000;

/**
 * The refused rows of an import as a CSV to fix and upload again: the reason, then the row's cells as
 * they were in the file under the file's own header row (so the importer reads it as it read the file).
 * Written by the project's CSV writer (every text cell quoted, formula starts neutralised), in batches.
 * Imports run before their cells were kept (no header stored) are a 409.
 */
export async function refusedRowsCsv(db: Db, id: number): Promise<{ filename: string; chunks: AsyncGenerator<string> }> {
  const imp = await importById(db, id);
  if (!imp) throw notFound('Import not found');
  if (!imp.headersJson) throw conflict('This import has no refused rows to download (or ran before refused rows were kept); upload the file again');
  const headers = JSON.parse(imp.headersJson) as string[];
  const base = imp.filename.replace(/\.csv$/i, '');
  async function* chunks(): AsyncGenerator<string> {
    yield csvLine([REFUSED_REASON_HEADER, ...headers]);
    for (let after = 0; ;) {
      const rows = await LeadImportRow.query(db)
        .where({ importId: id })
        .whereNotNull('error')
        .where('rowNumber', '>', after)
        .orderBy('rowNumber')
        .limit(REFUSED_CSV_BATCH)
        .select('rowNumber', 'error', 'sourceCells');
      let out = '';
      for (const r of rows) {
        const cells = r.sourceCells ? (JSON.parse(r.sourceCells) as string[]) : [];
        out += csvLine([String(r.error), ...cells]);
        after = Number(r.rowNumber);
      }
      if (out) yield out;
      if (rows.length < REFUSED_CSV_BATCH) return;
    }
  }
  return { filename: `${base}-refused-rows.csv`, chunks: chunks() };
}

/** What the run job gets: the import and how to read it. */
export interface ImportRunJob {
  id: number;
  mapping: ColumnMapping;
  dryRun: boolean;
}

type RunDeps = ImportDeps & { clock: { now(): Date } };

/**
 * Checks the import can run with this mapping (errors here are plain HTTP errors) and claims it; the
 * caller then enqueues the run job (runClaimedImport). A second claim while it runs gets 409.
 */
export async function claimImportRun(
  deps: RunDeps,
  id: number,
  mapping: ColumnMapping,
  dryRun: boolean,
  actor: AuditActor = adminById(null),
): Promise<ImportRunJob> {
  const { db } = deps;
  const imp = await importById(db, id);
  if (!imp) throw notFound('Import not found');
  const staleBeat = toDbDate(new Date(deps.clock.now().getTime() - STALE_RUN_MS));
  const interrupted = imp.status === 'running' && (!imp.heartbeatAt || String(imp.heartbeatAt) < staleBeat);
  if (imp.status === 'running' && !interrupted) throw conflict('This import is already running');
  if ((!['uploaded', 'checked'].includes(imp.status) && !interrupted) || !imp.storedFile)
    throw conflict('This import has already run; upload the file again to import it again');
  const key = storageKey(imp.storedFile);
  if (!(await deps.storage.exists(key))) throw conflict('The uploaded file is no longer available; upload it again');
  const { headers } = await readHead(deps.storage, key);
  const problem = mappingProblem(mapping, imp.target, headers.length);
  if (problem) throw badRequest(problem, { mapping: problem });
  // Claim it: a second run of the same import at the same time gets 409.
  // An interrupted run is taken over only if its heartbeat is still the stale one read above.
  const claim = LeadImport.query(db).where({ id });
  if (interrupted) claim.where({ status: 'running' }).where((h) => (imp.heartbeatAt ? h.where('heartbeatAt', imp.heartbeatAt) : h.whereNull('heartbeatAt')));
  else claim.whereIn('status', ['uploaded', 'checked']);
  const claimed = await claim.patch({ status: 'running', error: null, progress: JSON.stringify({ type: 'queued' }), heartbeatAt: toDbDate(deps.clock.now()) });
  if (!claimed) throw conflict('This import is already running');
  await recordAudit(db, {
    actor,
    action: 'lead_import.run',
    entity: 'lead_import',
    entityId: id,
    after: { filename: imp.filename, dryRun, mapping },
    at: deps.clock.now(),
  });
  return { id, mapping, dryRun };
}

/** The last progress event of an import's run (null before any run). */
export async function importProgress(db: Db, id: number): Promise<ImportProgressEvent | null> {
  const row = await LeadImport.query(db).findById(id).select('progress');
  if (!row) throw notFound('Import not found');
  return row.progress ? (JSON.parse(row.progress) as ImportProgressEvent) : null;
}

/**
 * The run job: parses and stages the claimed import, recording each progress event on its row (with
 * the heartbeat). Run again after its process died (the queue retries a stalled job), it starts over:
 * nothing of an unfinished run was imported. An import no longer running is left alone, but for the
 * good rows an imported one may still have staged (its run stopped while clearing them, decision 280).
 */
export async function runClaimedImport(deps: RunDeps, job: ImportRunJob): Promise<LeadImportSummary> {
  // A background job: its statements wait out a stall of the server that a request would give up on, so a
  // slow statement does not undo an import nobody is waiting on (decision 281).
  const db = withStatementTimeout(deps.db, JOB_STATEMENT_TIMEOUT_MS);
  const { id, mapping, dryRun } = job;
  const imp = await importById(db, id);
  if (!imp || imp.status !== 'running' || !imp.storedFile) {
    if (imp?.status === 'imported') await clearStaged(db, id, true);
    return getImport(db, id);
  }
  const key = storageKey(imp.storedFile);
  const emit = async (e: ImportProgressEvent) => {
    await LeadImport.query(db)
      .findById(id)
      .patch({ progress: JSON.stringify(e), heartbeatAt: toDbDate(deps.clock.now()) });
  };
  const totalBytes = Number(imp.sizeBytes);
  let rowsProcessed = 0;
  let rejected = 0;
  let good = 0;
  const errors: ImportRowError[] = [];
  let committed = false;
  const fail = async (message: string) => {
    await clearStaged(db, id);
    await LeadImport.query(db)
      .findById(id)
      .patch({ status: 'failed', storedFile: null, error: message.slice(0, 500), completedAt: toDbDate(deps.clock.now()) });
    await deps.storage.remove(key);
    await emit({ type: 'error', error: message });
    return getImport(db, id);
  };
  try {
    await clearStaged(db, id);
    const now = deps.clock.now();
    const parser = csvParser();
    const source = await deps.storage.read(key);
    source.on('error', (e) => parser.destroy(e));
    source.pipe(parser);

    let headerLength = 0;
    let prevLines = 0;
    let prevEmpty = 0;
    let batch: Pending[] = [];
    const flush = async () => {
      if (!batch.length) return;
      // A phone seen before in the file, in an earlier batch (its first row is staged with it) or in this
      // one, refuses the row as a repeat of that row; a phone's first row is then checked against the
      // target. Memory holds one batch, whatever the file's size (decision 269).
      const valid = batch.filter((p) => p.lead);
      const phones = [...new Set(valid.map((p) => p.lead!.phone))];
      const earlier = await phonesStaged(db, id, phones);
      const existing = await phonesInDatabase(
        db,
        imp.target,
        phones.filter((ph) => !earlier.has(ph)),
      );
      const firstInBatch = new Map<string, number>();
      for (const p of valid) {
        const phone = p.lead!.phone;
        const first = earlier.get(phone) ?? firstInBatch.get(phone);
        if (first !== undefined) {
          p.error = `Duplicate: same phone number as row ${first}`;
          delete p.lead;
          continue;
        }
        firstInBatch.set(phone, p.rowNumber);
        p.phone = phone;
        if (existing.has(phone)) {
          p.error = 'Duplicate: this phone number is already in the database';
          delete p.lead;
        }
      }
      for (const p of batch) {
        if (p.error) {
          rejected += 1;
          if (errors.length < ERRORS_IN_RESULT) errors.push({ row: p.rowNumber, reason: p.error });
        } else good += 1;
      }
      await db.insert(batch.map((p) => stagedRow(id, p))).into(LeadImportRow.tableName);
      batch = [];
      await emit({ type: 'progress', rowsProcessed, bytesProcessed: Math.min(parser.info.bytes, totalBytes), totalBytes, rejectedRows: rejected });
    };

    for await (const { record, info } of parser as AsyncIterable<ParsedRecord>) {
      // The row number a spreadsheet shows: where the record starts (blank lines count, the header is row 1).
      const rowNumber = prevLines + (info.empty_lines - prevEmpty) + 1;
      prevLines = info.lines;
      prevEmpty = info.empty_lines;
      if (!headerLength) {
        headerLength = record.length;
        await LeadImport.query(db)
          .findById(id)
          .patch({ headersJson: JSON.stringify(record) });
        continue;
      }
      rowsProcessed += 1;
      const result = validateRecord(record, headerLength, mapping, imp.target, now);
      batch.push(result.ok ? { rowNumber, cells: record, lead: result.lead } : { rowNumber, cells: record, error: result.reason });
      if (batch.length >= BATCH_ROWS) await flush();
    }
    await flush();
    if (rowsProcessed === 0) return await fail('The file has a header row but no leads');

    const completedAt = toDbDate(deps.clock.now());
    if (dryRun) {
      await clearStaged(db, id, true);
      await LeadImport.query(db).findById(id).patch({ status: 'checked', totalRows: rowsProcessed, importedRows: 0, rejectedRows: rejected, completedAt });
    } else {
      await emit({ type: 'committing', rowsProcessed, goodRows: good });
      // Read committed on MariaDB: each INSERT ... SELECT reads the staged rows (which only this claimed run
      // writes) without a shared lock on each of them, about 20% of a slice without triggers (decision 269).
      const isolation = isMysql(db) ? ({ isolationLevel: 'read committed' } as const) : undefined;
      await db.transaction(async (trx) => {
        // Copies the good rows into their table, slice by slice (they are cleared after the commit).
        await copyStagedRows(trx, imp, deps.clock.now());
        await LeadImport.query(trx)
          .findById(id)
          .patch({ status: 'imported', storedFile: null, totalRows: rowsProcessed, importedRows: good, rejectedRows: rejected, completedAt });
      }, isolation);
      committed = true;
      await deps.storage.remove(key);
    }
    const summary = await getImport(db, id);
    await emit({ type: 'done', import: summary, errors });
    // The good rows, copied, leave the staging table after the commit, in statements of their own.
    if (!dryRun) await clearStaged(db, id, true);
    return summary;
  } catch (err) {
    // Past the commit the leads are in: nothing may mark the import failed. The queue retries the job,
    // which finishes the clearing (above).
    if (committed) throw err;
    const csvCode = (err as { code?: string }).code;
    if (csvCode?.startsWith('CSV_')) return await fail(`The file is not valid CSV: ${(err as Error).message}. Nothing was imported.`);
    if (isUniqueViolation(err))
      return await fail('Some of these phone numbers were imported by someone else meanwhile. Nothing was imported; run the import again.');
    await fail('The import failed. Nothing was imported.').catch(() => undefined);
    throw err;
  }
}
