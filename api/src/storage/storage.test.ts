// The storage module: the local-disk store and the database store (on SQLite, and on MariaDB with
// TEST_DATABASE_URL), the same behaviour through the same API.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { createTestDb, type Db } from '../db/index.ts';
import { localStorage, dbStorage, DB_CHUNK_BYTES, StorageMissing, checkKey, type Storage } from './index.ts';

let db: Db;
let destroy: () => Promise<void>;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-storage-'));
beforeAll(async () => {
  ({ db, destroy } = await createTestDb());
});
afterAll(async () => {
  await destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

const readAll = async (s: Readable) => {
  const parts: Buffer[] = [];
  for await (const c of s) parts.push(Buffer.from(c as Buffer));
  return Buffer.concat(parts);
};

describe.each([
  ['local disk', () => localStorage(dir)],
  ['database', () => dbStorage(db)],
] as Array<[string, () => Storage]>)('%s store', (_name, make) => {
  it('stores a stream and reads the same bytes back, across several database chunks', async () => {
    const store = make();
    const bytes = crypto.randomBytes(DB_CHUNK_BYTES * 2 + 12_345);
    const size = await store.put('lead-imports/big.csv', Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]));
    expect(size).toBe(bytes.length);
    expect(await store.exists('lead-imports/big.csv')).toBe(true);
    expect((await readAll(await store.read('lead-imports/big.csv'))).equals(bytes)).toBe(true);
  });

  it('replaces a key, removes it, and says when it is missing', async () => {
    const store = make();
    await store.put('partner-applications/a.pdf', Buffer.from('first'));
    await store.put('partner-applications/a.pdf', Buffer.from('second'));
    expect((await readAll(await store.read('partner-applications/a.pdf'))).toString()).toBe('second');
    await store.remove('partner-applications/a.pdf');
    expect(await store.exists('partner-applications/a.pdf')).toBe(false);
    await expect(store.read('partner-applications/a.pdf')).rejects.toBeInstanceOf(StorageMissing);
  });

  it('gives a local file holding the bytes (for seeking), a new one after a replace, null when missing', async () => {
    const store = make();
    await store.put('recordings/call.wav', Buffer.from('version one'));
    const first = await store.localFile('recordings/call.wav');
    expect(first && fs.readFileSync(first, 'utf8')).toBe('version one');
    await store.put('recordings/call.wav', Buffer.from('version two'));
    const second = await store.localFile('recordings/call.wav');
    expect(second && fs.readFileSync(second, 'utf8')).toBe('version two');
    expect(await store.localFile('recordings/none.wav')).toBeNull();
  });

  it('keeps the old file when a put fails midway', async () => {
    const store = make();
    await store.put('lead-imports/keep.csv', Buffer.from('old contents'));
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(10));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(store.put('lead-imports/keep.csv.new', failing)).rejects.toThrow('client went away');
    expect(await store.exists('lead-imports/keep.csv.new')).toBe(false);
    expect((await readAll(await store.read('lead-imports/keep.csv'))).toString()).toBe('old contents');
  });
});

it('refuses keys that could leave the store', () => {
  for (const bad of ['', '../x', 'a/../../etc/passwd', '/abs', 'a//b', 'a/b c']) expect(() => checkKey(bad), bad).toThrow('Invalid storage key');
  expect(checkKey('lead-imports/x-1.csv')).toBe('lead-imports/x-1.csv');
});
