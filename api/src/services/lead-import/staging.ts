// The staging side of a lead import (split from imports.service.ts, issue 39 point 5): which phones the
// target already holds, a checked row as a staged row, the staged good rows copied into `leads` (for
// sale) or `lead_pool` (for assignment) in short slices inside the run's one transaction, and clearing
// (after that transaction, in short statements of their own: decision 280).
import type { Knex } from 'knex';
import { raw, type ModelObject } from 'objection';
import type { Db } from '../../db/index.ts';
import type { LeadImportSummary, LeadImportTarget, LeadKind } from '@tm/shared/schemas/admin';
import { toDbDate } from '../../db/dates.ts';
import type { StagedLead } from './rows.ts';
import { Lead, LeadAssignment, LeadImport, LeadImportRow, LeadPoolEntry } from '../../models/index.ts';
import type { ConsentRecordModel } from '../../models/ConsentRecordModel.ts';

export type ImportRow = Omit<ModelObject<LeadImport>, 'target' | 'kind' | 'status'> & {
  target: LeadImportTarget;
  kind: LeadKind | null;
  status: LeadImportSummary['status'] | 'running';
};

/** Phones of `phones` that the target already holds. */
export async function phonesInDatabase(db: Db | Knex.Transaction, target: LeadImportTarget, phones: string[]): Promise<Set<string>> {
  if (!phones.length) return new Set();
  const found = new Set<string>();
  if (target === 'sale') {
    for (const r of await Lead.query(db).whereIn('customerPhone', phones).select('customerPhone')) if (r.customerPhone !== null) found.add(r.customerPhone);
  } else {
    for (const r of await LeadPoolEntry.query(db).whereIn('phone', phones).select('phone')) found.add(r.phone);
    for (const r of await LeadAssignment.query(db).whereIn('phone', phones).select('phone')) found.add(r.phone);
  }
  return found;
}

/**
 * Phones of `phones` that an earlier row of the same import holds, with that row's number (the first
 * one). Only a phone's first row in the file is staged with its phone (a later one is refused as its
 * repeat), so this reads the file's earlier rows from the database, not from memory.
 */
export async function phonesStaged(db: Db, importId: number, phones: string[]): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  if (!phones.length) return found;
  // By the unique index on (import_id, phone) (migration 20261201400000): one probe a phone.
  const rows = await LeadImportRow.query(db).where({ importId }).whereIn('phone', phones).select('phone', 'rowNumber');
  for (const r of rows) {
    const first = found.get(r.phone!);
    if (first === undefined || r.rowNumber < first) found.set(r.phone!, Number(r.rowNumber));
  }
  return found;
}

export interface Pending {
  rowNumber: number;
  /** The phone of a row that is its phone's first in the file, kept staged even if the row is refused. */
  phone?: string;
  /** The row's cells as they are in the file (kept only if it is refused). */
  cells: string[];
  lead?: StagedLead;
  error?: string;
}

export function stagedRow(importId: number, p: Pending) {
  const l = p.lead;
  return {
    importId,
    rowNumber: p.rowNumber,
    name: l?.name ?? null,
    phone: l?.phone ?? p.phone ?? null,
    email: l?.email ?? null,
    state: l?.state ?? null,
    zipCode: l?.zipCode ?? null,
    ageRange: l?.ageRange ?? null,
    ageDays: l?.ageDays ?? null,
    priceCents: l?.priceCents ?? null,
    formFillTime: l?.formFillTime ?? null,
    recordingUrl: l?.recordingUrl ?? null,
    callDuration: l?.callDuration ?? null,
    consentSourceUrl: l?.consentSourceUrl ?? null,
    consentAt: l?.consentAt ?? null,
    consentIp: l?.consentIp ?? null,
    consentText: l?.consentText ?? null,
    certificateKind: l?.certificateKind ?? null,
    certificateId: l?.certificateId ?? null,
    certificateClaimExpiresAt: l?.certificateClaimExpiresAt ?? null,
    error: p.error ? p.error.slice(0, 300) : null,
    sourceCells: p.error ? JSON.stringify(p.cells) : null,
  };
}

/** The consent columns a staged row carries over to its lead under the same names. */
const CONSENT_COLUMNS = [
  'consentSourceUrl',
  'consentAt',
  'consentIp',
  'consentText',
  'certificateKind',
  'certificateId',
  'certificateClaimExpiresAt',
] as const satisfies ReadonlyArray<keyof ConsentRecordModel>;

/**
 * Copies the staged good rows into their table: one INSERT ... SELECT, inside the caller's transaction.
 * Each pair is [the target's column, what the staged row gives it] (a staged column or a bound value).
 */
export async function copyStagedRows(trx: Knex.Transaction, imp: ImportRow, now: Date): Promise<void> {
  const at = toDbDate(now);
  const pairs: Array<[string, string | ReturnType<typeof raw>]> =
    imp.target === 'sale'
      ? [
          ['kind', raw('?', [imp.kind ?? 'aged'])],
          ['customerName', 'name'],
          ['customerPhone', 'phone'],
          ['customerEmail', 'email'],
          ['customerState', 'state'],
          ['zipCode', 'zipCode'],
          ['currentAgeRange', 'ageRange'],
          ['ageDays', 'ageDays'],
          ['priceCents', 'priceCents'],
          ['recordingUrl', 'recordingUrl'],
          ['callDuration', 'callDuration'],
          ['formFillTime', 'formFillTime'],
          ...CONSENT_COLUMNS.map((c): [string, string] => [c, c]),
          ['status', raw('?', ['available'])],
          ['createdAt', raw('?', [at])],
        ]
      : [
          ['importId', 'importId'],
          ['name', 'name'],
          ['phone', 'phone'],
          ['email', 'email'],
          ['state', 'state'],
          ['zipCode', 'zipCode'],
          ['ageRange', 'ageRange'],
          ['formFillTime', 'formFillTime'],
          ['createdAt', raw('?', [at])],
        ];
  const target = imp.target === 'sale' ? Lead.tableName : LeadPoolEntry.tableName;
  const last = Number(
    ((await LeadImportRow.query(trx).where({ importId: imp.id }).max('rowNumber as n').first()) as { n?: number | string } | undefined)?.n ?? 0,
  );
  // In slices of row numbers: each statement stays short (far under the job's statement bound,
  // JOB_STATEMENT_TIMEOUT_MS, on a file of 100,000 rows and more) while the transaction keeps the import all
  // or nothing.
  for (let from = 0; from <= last; from += COPY_SLICE_ROWS) {
    const staged = LeadImportRow.query(trx)
      .where({ importId: imp.id })
      .whereNull('error')
      .where('rowNumber', '>=', from)
      .where('rowNumber', '<', from + COPY_SLICE_ROWS)
      .orderBy('rowNumber')
      .select(pairs.map(([, from]) => from))
      .toKnexQuery();
    await trx.into(trx.raw('?? (??)', [target, pairs.map(([to]) => to)])).insert(staged);
  }
}

/**
 * Deletes an import's staged rows (only the good ones with `goodOnly`), in slices of row numbers: short
 * statements, each its own transaction. After a commit the good rows are cleared here, not inside the
 * commit's transaction (decision 280): a slow delete then cannot undo the import, and the transaction
 * holds no lock or undo for them.
 */
export async function clearStaged(db: Db, importId: number, goodOnly = false): Promise<void> {
  // The last staged row of any kind: MAX over (import_id, row_number) is one index probe (with `error IS NULL`
  // added it reads the whole import, 465 ms at 1,000,000 rows).
  const last = Number(((await LeadImportRow.query(db).where({ importId }).max('rowNumber as n').first()) as { n?: number | string } | undefined)?.n ?? 0);
  for (let from = 0; from <= last; from += COPY_SLICE_ROWS) {
    const q = LeadImportRow.query(db)
      .where({ importId })
      .where('rowNumber', '>=', from)
      .where('rowNumber', '<', from + COPY_SLICE_ROWS);
    if (goodOnly) q.whereNull('error');
    await q.delete();
  }
}

/** Staged rows copied by one statement each at commit, and cleared by one each after it: at 1,000,000 rows under
 *  load the slowest copy of 2,000 took 2.9 s (decisions 269 and 280), against the job's 60 s bound (decision 281). */
export const COPY_SLICE_ROWS = 2_000;
