// Partner-application uploads cannot fill the disk: a byte quota per address (per day) and for all
// stored files together. A request reserves its Content-Length before a byte is written (decision 170),
// atomically across processes; the reservation shrinks to the real sizes and ends when the files are
// stored or the request fails. Files older than the retention period are deleted (the application row stays).
import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppDeps } from '../../deps.ts';
import { HttpError } from '../../errors.ts';
import { toDbDate } from '../../db/dates.ts';
import { clientKeyOf } from '../orders/orders.service.ts';
import type { Knex } from 'knex';
import { isMysql } from '../../db/index.ts';
import { withRetry } from '../../db/retry.ts';
import { PartnerApplication, PartnerApplicationFile, UploadQuotaLock, UploadReservation } from '../../models/index.ts';

export const UPLOAD_QUOTA_WINDOW_MS = 24 * 60 * 60 * 1000;
export const ADDRESS_QUOTA_MESSAGE = 'Too many files from this address today. Please try again tomorrow or e-mail us your documents.';
export const GLOBAL_QUOTA_MESSAGE = 'Uploads are temporarily unavailable. Please try again later.';
export const LENGTH_REQUIRED_MESSAGE = 'A Content-Length header is required for uploads.';

/** How long a reservation counts when its request never ends it (a process killed mid-upload). */
export const RESERVATION_TTL_MS = 15 * 60 * 1000;
const LOCK = 'partner-uploads';

async function bytesStored(trx: Knex | Knex.Transaction, clientKey: string | null, since: Date | null): Promise<number> {
  const q = PartnerApplicationFile.query(trx).join(PartnerApplication.tableName, PartnerApplication.ref('id'), PartnerApplicationFile.ref('applicationId'));
  if (clientKey) q.where(PartnerApplication.ref('clientKey'), clientKey);
  if (since) q.where(PartnerApplicationFile.ref('createdAt'), '>=', toDbDate(since));
  const row = (await q.sum(`${PartnerApplicationFile.tableName}.sizeBytes as n`).first()) as { n?: unknown } | undefined;
  return Number(row?.n ?? 0);
}

/** Bytes reserved by uploads still in flight (not yet stored, not ended, not expired). */
async function bytesReserved(trx: Knex | Knex.Transaction, clientKey: string | null, now: Date): Promise<number> {
  const q = UploadReservation.query(trx).where('expiresAt', '>', toDbDate(now));
  if (clientKey) q.where('clientKey', clientKey);
  const row = (await q.sum('bytes as n').first()) as { n?: unknown } | undefined;
  return Number(row?.n ?? 0);
}

/** A reservation of upload bytes, or the refusal a file of this request gets (applications without files still pass). */
export type UploadReservationResult = { id: number; refusal: null } | { id: null; refusal: HttpError };

/**
 * Reserves `bytes` for an upload from `address` before a byte is written: stored files plus uploads in
 * flight plus these bytes must fit the address's daily quota and the total. The decision is taken with
 * the quota's lock row held (FOR UPDATE on MariaDB; SQLite runs one transaction at a time), so two
 * requests in any processes never both pass against the same free bytes. Refused: no reservation, and
 * the refusal (429 for the address, 503 for the total) to answer when a file arrives.
 */
export async function reserveUploadBytes(deps: Pick<AppDeps, 'db' | 'config' | 'clock'>, address: string, bytes: number): Promise<UploadReservationResult> {
  const q = deps.config.uploads;
  const clientKey = clientKeyOf(address);
  return withRetry(() =>
    deps.db.transaction(async (trx) => {
      const lock = UploadQuotaLock.query(trx).findById(LOCK);
      if (isMysql(deps.db)) lock.forUpdate();
      await lock;
      const now = deps.clock.now();
      if (q.perAddressBytes > 0) {
        const since = new Date(now.getTime() - UPLOAD_QUOTA_WINDOW_MS);
        const used = (await bytesStored(trx, clientKey, since)) + (await bytesReserved(trx, clientKey, now));
        if (used + bytes > q.perAddressBytes) return { id: null, refusal: new HttpError(429, ADDRESS_QUOTA_MESSAGE) };
      }
      if (q.totalBytes > 0) {
        const used = (await bytesStored(trx, null, null)) + (await bytesReserved(trx, null, now));
        if (used + bytes > q.totalBytes) return { id: null, refusal: new HttpError(503, GLOBAL_QUOTA_MESSAGE) };
      }
      const row = await UploadReservation.query(trx).insert({
        clientKey,
        bytes,
        createdAt: toDbDate(now),
        expiresAt: toDbDate(new Date(now.getTime() + RESERVATION_TTL_MS)),
      });
      return { id: Number(row.id), refusal: null };
    }),
  );
}

/** Lowers a reservation to the bytes really received (never raises it: the files fit in what was reserved). */
export async function shrinkReservation(db: Knex | Knex.Transaction, id: number, bytes: number): Promise<void> {
  await UploadReservation.query(db).where({ id }).where('bytes', '>', bytes).patch({ bytes });
}

/** Ends a reservation: its files are stored (call it in their transaction) or the request failed. */
export async function releaseReservation(db: Knex | Knex.Transaction, id: number | null | undefined): Promise<void> {
  if (id) await UploadReservation.query(db).deleteById(id);
}

/**
 * Deletes partner files older than UPLOAD_RETENTION_DAYS (disk and row) and abandoned temp files
 * (older than an hour). Returns how many stored files were deleted.
 */
export async function sweepPartnerUploads(deps: Pick<AppDeps, 'db' | 'config' | 'clock' | 'logger' | 'storage'>): Promise<number> {
  const now = deps.clock.now();
  const cutoff = toDbDate(new Date(now.getTime() - deps.config.uploads.retentionDays * 24 * 60 * 60 * 1000));
  const old = await PartnerApplicationFile.query(deps.db).where('createdAt', '<', cutoff).select('id', 'storedPath').limit(1000);
  const root = path.resolve(deps.config.uploadDir);
  for (const f of old) {
    await deps.storage.remove(f.storedPath).catch((err: unknown) => deps.logger.warn({ err, file: f.id }, 'removing a partner file failed'));
    await PartnerApplicationFile.query(deps.db).deleteById(f.id);
  }
  await UploadReservation.query(deps.db).where('expiresAt', '<=', toDbDate(now)).delete();
  const tmp = path.join(root, 'tmp');
  const entries = await fs.readdir(tmp).catch(() => [] as string[]);
  for (const name of entries) {
    const p = path.join(tmp, name);
    const st = await fs.stat(p).catch(() => null);
    if (st?.isFile() && now.getTime() - st.mtimeMs > 60 * 60 * 1000) await fs.rm(p, { force: true });
  }
  if (old.length) deps.logger.info({ deleted: old.length }, 'partner uploads past retention deleted');
  return old.length;
}

/** Runs sweepPartnerUploads every hour (and once at start); returns a stop function. */
export function startUploadSweep(deps: Pick<AppDeps, 'db' | 'config' | 'clock' | 'logger' | 'storage'>, everyMs = 60 * 60 * 1000): () => void {
  const run = () => void sweepPartnerUploads(deps).catch((err: unknown) => deps.logger.error({ err }, 'upload sweep failed'));
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
