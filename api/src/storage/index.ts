// Files the product keeps (partner-application uploads, lead CSVs, shared call recordings), behind one module:
// - local: files under UPLOAD_DIR on this machine (the embedded default; one process, or a shared volume);
// - db: chunks in the database (`blobs`, `blob_chunks`), reached by every process with no extra service.
// Keys are relative paths such as `lead-imports/abc.csv`; the stores never see a path from outside.
// Decision 057.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import os from 'node:os';
import crypto from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Db } from '../db/index.ts';
import { toDbDate } from '../db/dates.ts';
import { BlobChunk, StoredBlob } from '../models/index.ts';

export type StorageKind = 'local' | 'db';

export interface Storage {
  readonly kind: StorageKind;
  /** Writes the whole stream under `key` (replacing it); resolves with the bytes written. */
  put(key: string, body: Readable | Buffer): Promise<number>;
  /** The stored bytes as a stream; rejects with `StorageMissing` when there is no such key. */
  read(key: string): Promise<Readable>;
  exists(key: string): Promise<boolean>;
  remove(key: string): Promise<void>;
  /**
   * A file on this machine holding the bytes (for code that seeks: byte ranges, recording previews):
   * the file itself for the local store, a cached copy per stored version for the database store.
   * Null when there is no such key.
   */
  localFile(key: string): Promise<string | null>;
}

export class StorageMissing extends Error {
  constructor(key: string) {
    super(`No stored file ${key}`);
    this.name = 'StorageMissing';
  }
}

/** A key is one or more plain segments (letters, digits, `.-_`), never `..`, never absolute. */
export function checkKey(key: string): string {
  const parts = key.split('/');
  if (!key || key.length > 255 || parts.some((p) => !p || p === '.' || p === '..' || !/^[A-Za-z0-9._-]+$/.test(p))) {
    throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  }
  return key;
}

const toStream = (body: Readable | Buffer): Readable => (Buffer.isBuffer(body) ? Readable.from([body]) : body);

export function localStorage(root: string): Storage {
  const fileOf = (key: string) => path.join(root, ...checkKey(key).split('/'));
  return {
    kind: 'local',
    async put(key, body) {
      const file = fileOf(key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      let size = 0;
      const counter = new Writable({
        write(chunk: Buffer, _enc, cb) {
          size += chunk.length;
          out.write(chunk, cb);
        },
        final(cb) {
          out.end(cb);
        },
      });
      const out = fs.createWriteStream(file, { mode: 0o600 });
      try {
        await pipeline(toStream(body), counter);
      } catch (err) {
        out.destroy();
        await fsp.rm(file, { force: true });
        throw err;
      }
      return size;
    },
    async read(key) {
      const file = fileOf(key);
      if (!fs.existsSync(file)) throw new StorageMissing(key);
      return fs.createReadStream(file);
    },
    async exists(key) {
      return fs.existsSync(fileOf(key));
    },
    async remove(key) {
      await fsp.rm(fileOf(key), { force: true });
    },
    async localFile(key) {
      const file = fileOf(key);
      return fs.existsSync(file) ? file : null;
    },
  };
}

/** Rows of at most this many bytes: well under MariaDB's max_allowed_packet (16 MB by default). */
export const DB_CHUNK_BYTES = 1024 * 1024;

/**
 * Files as rows: `blobs` (one per key) and `blob_chunks` (the bytes, in order). A put writes its
 * chunks under a fresh generation and switches the key to it at the end, so a reader never sees half a
 * file and a failed put leaves the old one in place.
 */
export function dbStorage(db: Db, cacheDir = path.join(os.tmpdir(), 'tm-storage-cache')): Storage {
  const read = async function* (key: string, generation: string): AsyncGenerator<Buffer> {
    let seq = 0;
    for (;;) {
      const row = await BlobChunk.query(db).findById([key, generation, seq]).select('data');
      if (!row) return;
      yield Buffer.from(row.data);
      seq += 1;
    }
  };
  return {
    kind: 'db',
    async put(key, body) {
      checkKey(key);
      const generation = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
      let size = 0;
      let seq = 0;
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      const flush = async () => {
        if (!pendingBytes) return;
        const all = Buffer.concat(pending);
        pending = [];
        pendingBytes = 0;
        for (let at = 0; at < all.length; at += DB_CHUNK_BYTES) {
          await BlobChunk.query(db).insert({ blobKey: key, generation, seq: seq++, data: all.subarray(at, at + DB_CHUNK_BYTES) });
        }
      };
      try {
        for await (const chunk of toStream(body)) {
          const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
          size += b.length;
          pending.push(b);
          pendingBytes += b.length;
          if (pendingBytes >= DB_CHUNK_BYTES) await flush();
        }
        await flush();
        const old = await StoredBlob.query(db).findById(key).select('generation');
        await db.transaction(async (trx) => {
          await StoredBlob.query(trx).deleteById(key);
          await StoredBlob.query(trx).insert({ blobKey: key, generation, sizeBytes: size, createdAt: toDbDate(new Date()) });
        });
        if (old) await BlobChunk.query(db).where({ blobKey: key, generation: old.generation }).delete();
      } catch (err) {
        await BlobChunk.query(db)
          .where({ blobKey: key, generation })
          .delete()
          .catch(() => undefined);
        throw err;
      }
      return size;
    },
    async read(key) {
      checkKey(key);
      const row = await StoredBlob.query(db).findById(key).select('generation');
      if (!row) throw new StorageMissing(key);
      return Readable.from(read(key, row.generation));
    },
    async exists(key) {
      checkKey(key);
      return Boolean(await StoredBlob.query(db).findById(key).select('blobKey'));
    },
    async localFile(key) {
      checkKey(key);
      const row = await StoredBlob.query(db).findById(key).select('generation');
      if (!row) return null;
      // Named by key and version: a replaced file gets a new copy, never a stale one.
      const ext = path.extname(key).replace(/[^.A-Za-z0-9]/g, '');
      const file = path.join(cacheDir, `${crypto.createHash('sha256').update(key).digest('hex').slice(0, 32)}-${row.generation}${ext}`);
      if (fs.existsSync(file)) return file;
      await fsp.mkdir(cacheDir, { recursive: true, mode: 0o700 });
      const part = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.part`;
      try {
        await pipeline(Readable.from(read(key, row.generation)), fs.createWriteStream(part, { mode: 0o600 }));
        await fsp.rename(part, file);
      } catch (err) {
        await fsp.rm(part, { force: true });
        throw err;
      }
      return file;
    },
    async remove(key) {
      checkKey(key);
      await db.transaction(async (trx) => {
        await StoredBlob.query(trx).deleteById(key);
        await BlobChunk.query(trx).where({ blobKey: key }).delete();
      });
    },
  };
}

export function createStorage(kind: StorageKind, opts: { db: Db; uploadDir: string }): Storage {
  return kind === 'db' ? dbStorage(opts.db) : localStorage(opts.uploadDir);
}
