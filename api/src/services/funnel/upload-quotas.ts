// Partner-application uploads cannot fill the disk: a byte quota per address (per day) and for all
// stored files together, checked from Content-Length before a byte is written and again from the
// real sizes after; files older than the retention period are deleted (the application row stays).
import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppDeps } from '../../deps.ts';
import { HttpError } from '../../errors.ts';
import { toDbDate } from '../../db/dates.ts';
import { clientKeyOf } from '../orders/orders.service.ts';
import { PartnerApplication, PartnerApplicationFile } from '../../models/index.ts';

export const UPLOAD_QUOTA_WINDOW_MS = 24 * 60 * 60 * 1000;
export const ADDRESS_QUOTA_MESSAGE = 'Too many files from this address today. Please try again tomorrow or e-mail us your documents.';
export const GLOBAL_QUOTA_MESSAGE = 'Uploads are temporarily unavailable. Please try again later.';
export const LENGTH_REQUIRED_MESSAGE = 'A Content-Length header is required for uploads.';

async function bytesStored(deps: Pick<AppDeps, 'db'>, clientKey: string | null, since: Date | null): Promise<number> {
  const q = PartnerApplicationFile.query(deps.db).join(PartnerApplication.tableName, PartnerApplication.ref('id'), PartnerApplicationFile.ref('applicationId'));
  if (clientKey) q.where(PartnerApplication.ref('clientKey'), clientKey);
  if (since) q.where(PartnerApplicationFile.ref('createdAt'), '>=', toDbDate(since));
  const row = (await q.sum(`${PartnerApplicationFile.tableName}.sizeBytes as n`).first()) as { n?: unknown } | undefined;
  return Number(row?.n ?? 0);
}

/**
 * Refuses an upload of `incomingBytes` from `address` that would pass the address's daily quota (429)
 * or the quota of all stored files (503). A quota of 0 turns that check off.
 */
export async function checkUploadQuota(deps: Pick<AppDeps, 'db' | 'config' | 'clock'>, address: string, incomingBytes: number): Promise<void> {
  const q = deps.config.uploads;
  if (q.perAddressBytes > 0) {
    const since = new Date(deps.clock.now().getTime() - UPLOAD_QUOTA_WINDOW_MS);
    if ((await bytesStored(deps, clientKeyOf(address), since)) + incomingBytes > q.perAddressBytes) throw new HttpError(429, ADDRESS_QUOTA_MESSAGE);
  }
  if (q.totalBytes > 0 && (await bytesStored(deps, null, null)) + incomingBytes > q.totalBytes) {
    throw new HttpError(503, GLOBAL_QUOTA_MESSAGE);
  }
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
