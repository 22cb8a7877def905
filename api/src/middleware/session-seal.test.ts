// iron-session opens seals through api/vendor/uncrypto-node (the root package.json's overrides put it in
// place of uncrypto under iron-session; decision 135): node:crypto's synchronous primitives for the
// WebCrypto subset iron-webcrypto uses, Node's real WebCrypto for everything else. These tests pin it
// to the real WebCrypto: the same seals, the same bytes, the same refusals.
import { describe, it, expect } from 'vitest';
import crypto from 'node:crypto';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { sealData, unsealData } from 'iron-session';
import { defaults, hmacWithPassword, seal, unseal, type SealOptions } from 'iron-webcrypto';
import uncrypto, { subtle as fastSubtle, getRandomValues, randomUUID } from '../../vendor/uncrypto-node/index.js';

// iron-webcrypto's type for its crypto parameter (TypeScript's DOM types and its own differ on BufferSource).
type IronCrypto = Parameters<typeof seal>[0];
const fast = uncrypto as unknown as IronCrypto;
const real = globalThis.crypto as unknown as IronCrypto;
const realSubtle = globalThis.crypto.subtle;
const password = 'a-test-session-secret-of-32-chars-or-more';
// iron-session's own options: iron-webcrypto's defaults with the session's ttl in ms.
const sessionOptions: SealOptions = { ...defaults, ttl: 12 * 60 * 60 * 1000 };
const passwords = { 1: password };
const data = { userId: 8, issuedAt: 1_764_000_000_000, sid: 'abcdefabcdefabcdefabcdefabcdefab' };

/** The component `index` of a seal (Fe26.2*id*salt*iv*ciphertext*expiry*hmacSalt*hmac) replaced. */
const withPart = (sealed: string, index: number, value: string): string => {
  const parts = sealed.split('*');
  parts[index] = value;
  return parts.join('*');
};
/** A base64url string of the same length with its first character changed. */
const flipped = (s: string): string => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
const bytes = (n: number) => new Uint8Array(crypto.randomBytes(n));
const hex = (b: ArrayBuffer) => Buffer.from(b).toString('hex');
/** The same raw key imported here and by the real WebCrypto. */
const both = async (format: 'raw', key: BufferSource, algorithm: AlgorithmIdentifier | HmacImportParams, usages: KeyUsage[]) =>
  [await fastSubtle.importKey(format, key, algorithm, false, usages), await realSubtle.importKey(format, key, algorithm, false, usages)] as const;
/** How a promise settles, comparable between the two implementations. */
const outcome = (p: Promise<ArrayBuffer | boolean>) =>
  p.then(
    (v) => (typeof v === 'boolean' ? v : hex(v)),
    (e: unknown) => `rejects ${(e as Error).name}`,
  );

describe('iron-session resolves uncrypto to api/vendor/uncrypto-node', () => {
  it('from where the app imports iron-session (CommonJS and ES module entries)', () => {
    const vendor = fileURLToPath(new URL('../../vendor/uncrypto-node/', import.meta.url));
    const ironSession = createRequire(import.meta.url).resolve('iron-session');
    expect(createRequire(ironSession).resolve('uncrypto')).toBe(path.join(vendor, 'index.cjs'));
    // The ES module entry is the same objects.
    expect(uncrypto.subtle).toBe(fastSubtle);
    expect(createRequire(ironSession)('uncrypto').subtle).toBe(fastSubtle);
  });

  it("exports uncrypto's names: subtle, getRandomValues, randomUUID and the default object", () => {
    expect(Object.keys(uncrypto).sort()).toEqual(['getRandomValues', 'randomUUID', 'subtle']);
    expect(randomUUID()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const filled = getRandomValues(new Uint8Array(32));
    expect(filled.some((b) => b !== 0)).toBe(true);
  });
});

describe('seals: the real WebCrypto and this package make and open the same ones', () => {
  it("a seal made on Node's WebCrypto opens here, and one made here opens there (iron-session's options)", async () => {
    const byReal = await seal(real, data, { id: '1', secret: password }, sessionOptions);
    const byFast = await seal(fast, data, { id: '1', secret: password }, sessionOptions);
    expect(await unseal(fast, byReal, passwords, sessionOptions)).toEqual(data);
    expect(await unseal(real, byFast, passwords, sessionOptions)).toEqual(data);
    // And through iron-session itself (its seals end with ~2).
    expect(await unsealData(`${byReal}~2`, { password, ttl: 12 * 60 * 60 })).toEqual(data);
    const bySession = await sealData(data, { password, ttl: 12 * 60 * 60 });
    expect(await unseal(real, bySession.split('~')[0]!, passwords, sessionOptions)).toEqual(data);
  });

  it('with the other cipher iron-webcrypto offers (aes-128-ctr) and a longer message', async () => {
    const options: SealOptions = { ...sessionOptions, encryption: { ...defaults.encryption, algorithm: 'aes-128-ctr' } };
    const long = { text: 'x'.repeat(5000), n: [1, 2, 3] };
    expect(await unseal(fast, await seal(real, long, password, options), password, options)).toEqual(long);
    expect(await unseal(real, await seal(fast, long, password, options), password, options)).toEqual(long);
  });

  it('refuses a seal whose mac, ciphertext, iv or salt was changed, or that has expired', async () => {
    const good = await seal(real, data, { id: '1', secret: password }, sessionOptions);
    const parts = good.split('*');
    const bad = [
      withPart(good, 7, flipped(parts[7]!)),
      withPart(good, 4, flipped(parts[4]!)),
      withPart(good, 3, flipped(parts[3]!)),
      withPart(good, 2, flipped(parts[2]!)),
    ];
    for (const sealed of bad) await expect(unseal(fast, sealed, passwords, sessionOptions)).rejects.toThrow('Bad hmac value');
    const longAgo = { ...sessionOptions, ttl: 1000, localtimeOffsetMsec: -3_600_000 };
    const expired = await seal(fast, data, { id: '1', secret: password }, longAgo);
    await expect(unseal(fast, expired, passwords, sessionOptions)).rejects.toThrow('Expired seal');
    await expect(unseal(fast, good, { 1: 'another-secret-of-32-characters-or-more' }, sessionOptions)).rejects.toThrow('Bad hmac value');
    // iron-session opens them all to an empty session.
    for (const sealed of [...bad, expired]) expect(await unsealData(`${sealed}~2`, { password, ttl: 12 * 60 * 60 })).toEqual({});
  });

  it('refuses ciphertext that does not decrypt even under a valid mac (as the real WebCrypto does)', async () => {
    const good = await seal(real, data, { id: '1', secret: password }, sessionOptions);
    const parts = good.split('*');
    const forged = Buffer.from(bytes(48)).toString('base64url');
    const base = [...parts.slice(0, 4), forged, parts[5]].join('*');
    const mac = await hmacWithPassword(real, password, { ...defaults.integrity, salt: parts[6]! }, base);
    const sealed = `${base}*${parts[6]}*${mac.digest}`;
    await expect(unseal(real, sealed, passwords, sessionOptions)).rejects.toThrow();
    await expect(unseal(fast, sealed, passwords, sessionOptions)).rejects.toThrow();
  });
});

describe('the WebCrypto subset answers exactly as the real WebCrypto', () => {
  it('PBKDF2 deriveBits (SHA-1, SHA-256, SHA-512; 1 and 10 iterations; 8 to 512 bits)', async () => {
    for (const hash of ['SHA-1', 'SHA-256', 'SHA-512'])
      for (const iterations of [1, 10])
        for (const length of [8, 256, 512]) {
          const [mine, theirs] = await both('raw', bytes(40), { name: 'PBKDF2' }, ['deriveBits']);
          const params = { name: 'PBKDF2', hash, salt: bytes(32), iterations };
          expect(hex(await fastSubtle.deriveBits(params, mine, length))).toBe(hex(await realSubtle.deriveBits(params, theirs, length)));
        }
  });

  it('HMAC sign and verify (SHA-1, SHA-256, SHA-384, SHA-512), a wrong signature refused', async () => {
    for (const hash of ['SHA-1', 'SHA-256', 'SHA-384', 'SHA-512']) {
      const raw = bytes(32);
      const [mine, theirs] = await both('raw', raw, { name: 'HMAC', hash }, ['sign', 'verify']);
      expect(mine.algorithm).toEqual(theirs.algorithm);
      const message = bytes(100);
      const signature = await fastSubtle.sign({ name: 'HMAC' }, mine, message);
      expect(hex(signature)).toBe(hex(await realSubtle.sign('HMAC', theirs, message)));
      expect(await fastSubtle.verify('HMAC', mine, signature, message)).toBe(true);
      const wrong = new Uint8Array(signature);
      wrong[0]! ^= 1;
      expect(await fastSubtle.verify('HMAC', mine, wrong, message)).toBe(false);
      expect(await fastSubtle.verify('HMAC', mine, wrong.subarray(1), message)).toBe(false);
    }
  });

  it('AES-CBC (PKCS#7) and AES-CTR encrypt and decrypt, 128/192/256-bit keys, 0 to 100 bytes', async () => {
    for (const name of ['AES-CBC', 'AES-CTR'])
      for (const keyBytes of [16, 24, 32])
        for (const size of [0, 1, 15, 16, 17, 100]) {
          const [mine, theirs] = await both('raw', bytes(keyBytes), { name }, ['encrypt', 'decrypt']);
          const params = name === 'AES-CBC' ? { name, iv: bytes(16) } : { name, counter: bytes(16), length: 128 };
          const plain = bytes(size);
          const encrypted = await fastSubtle.encrypt(params, mine, plain);
          expect(hex(encrypted)).toBe(hex(await realSubtle.encrypt(params, theirs, plain)));
          expect(hex(await fastSubtle.decrypt(params, mine, encrypted))).toBe(hex(plain.buffer));
        }
  });

  it('AES-CBC decryption of bad padding or length fails with an OperationError, as there', async () => {
    for (let i = 0; i < 40; i++) {
      const [mine, theirs] = await both('raw', bytes(32), { name: 'AES-CBC' }, ['decrypt']);
      const params = { name: 'AES-CBC', iv: bytes(16) };
      const garbage = bytes(i % 5 === 0 ? 20 : 32);
      expect(await outcome(fastSubtle.decrypt(params, mine, garbage))).toBe(await outcome(realSubtle.decrypt(params, theirs, garbage)));
    }
    const [mine] = await both('raw', bytes(32), { name: 'AES-CBC' }, ['decrypt']);
    await expect(fastSubtle.decrypt({ name: 'AES-CBC', iv: bytes(16) }, mine, bytes(16 * 3 + 1))).rejects.toMatchObject({ name: 'OperationError' });
  });
});

describe('everything else goes to the real WebCrypto', () => {
  it('other algorithms, formats and extractable keys are imported by it (real CryptoKeys)', async () => {
    const gcm = await fastSubtle.importKey('raw', bytes(32), 'AES-GCM', false, ['encrypt', 'decrypt']);
    expect(gcm).toBeInstanceOf(CryptoKey);
    const iv = bytes(12);
    const sealed = await fastSubtle.encrypt({ name: 'AES-GCM', iv }, gcm, bytes(10));
    expect((await fastSubtle.decrypt({ name: 'AES-GCM', iv }, gcm, sealed)).byteLength).toBe(10);
    expect(await fastSubtle.importKey('raw', bytes(32), { name: 'HMAC', hash: 'SHA-256' }, true, ['sign'])).toBeInstanceOf(CryptoKey);
    const jwk = { kty: 'oct', k: Buffer.from(bytes(32)).toString('base64url'), alg: 'A256CBC', ext: true };
    expect(await fastSubtle.importKey('jwk', jwk, 'AES-CBC', false, ['decrypt'])).toBeInstanceOf(CryptoKey);
    expect(hex(await fastSubtle.digest('SHA-256', new TextEncoder().encode('abc')))).toBe(crypto.createHash('sha256').update('abc').digest('hex'));
    expect(await fastSubtle.generateKey({ name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])).toBeInstanceOf(CryptoKey);
  });

  it('a key made here is made there first (deriveKey, exportKey, a counter shorter than 128 bits, many iterations)', async () => {
    const [mine, theirs] = await both('raw', bytes(40), { name: 'PBKDF2' }, ['deriveBits', 'deriveKey']);
    expect(mine).not.toBeInstanceOf(CryptoKey);
    const pbkdf2 = { name: 'PBKDF2', hash: 'SHA-256', salt: bytes(16), iterations: 1 };
    const derived = await fastSubtle.deriveKey(pbkdf2, mine, { name: 'HMAC', hash: 'SHA-256', length: 256 }, true, ['sign']);
    const expected = await realSubtle.deriveKey(pbkdf2, theirs, { name: 'HMAC', hash: 'SHA-256', length: 256 }, true, ['sign']);
    expect(hex(await fastSubtle.exportKey('raw', derived))).toBe(hex(await realSubtle.exportKey('raw', expected)));
    // Beyond the synchronous limit: the real one derives, off the event loop.
    const slow = { ...pbkdf2, iterations: 20_000 };
    expect(hex(await fastSubtle.deriveBits(slow, mine, 256))).toBe(hex(await realSubtle.deriveBits(slow, theirs, 256)));
    // A 64-bit counter wraps differently from node:crypto's 128-bit one: the real one answers.
    const [ctr, ctrReal] = await both('raw', bytes(16), { name: 'AES-CTR' }, ['encrypt']);
    const counter = new Uint8Array(16).fill(0xff);
    const params = { name: 'AES-CTR', counter, length: 64 };
    const plain = bytes(64);
    expect(hex(await fastSubtle.encrypt(params, ctr, plain))).toBe(hex(await realSubtle.encrypt(params, ctrReal, plain)));
    // A key made here cannot be exported (it is not extractable), as there.
    expect(await outcome(fastSubtle.exportKey('raw', mine) as Promise<ArrayBuffer>)).toBe(
      await outcome(realSubtle.exportKey('raw', theirs) as Promise<ArrayBuffer>),
    );
  });

  it('misuse is refused as the real WebCrypto refuses it', async () => {
    const [mine, theirs] = await both('raw', bytes(32), { name: 'HMAC', hash: 'SHA-256' }, ['sign']);
    const message = bytes(8);
    // A usage the key does not have, another algorithm's operation, an unknown digest, a bad iv.
    expect(await outcome(fastSubtle.verify('HMAC', mine, bytes(32), message))).toBe(await outcome(realSubtle.verify('HMAC', theirs, bytes(32), message)));
    const [cbc, cbcReal] = await both('raw', bytes(32), { name: 'AES-CBC' }, ['encrypt']);
    expect(await outcome(fastSubtle.sign('HMAC', cbc, message))).toBe(await outcome(realSubtle.sign('HMAC', cbcReal, message)));
    expect(await outcome(fastSubtle.encrypt({ name: 'AES-CBC', iv: bytes(8) }, cbc, message))).toBe(
      await outcome(realSubtle.encrypt({ name: 'AES-CBC', iv: bytes(8) }, cbcReal, message)),
    );
    const importBad = (s: SubtleCrypto) =>
      outcome(s.importKey('raw', bytes(32), { name: 'HMAC', hash: 'SHA-3' }, false, ['sign']) as unknown as Promise<ArrayBuffer>);
    expect(await importBad(fastSubtle)).toBe(await importBad(realSubtle));
    const badLength = (s: SubtleCrypto) => outcome(s.importKey('raw', bytes(20), 'AES-CBC', false, ['encrypt']) as unknown as Promise<ArrayBuffer>);
    expect(await badLength(fastSubtle)).toBe(await badLength(realSubtle));
    expect(await badLength(fastSubtle)).toMatch(/^rejects /);
  });
});
