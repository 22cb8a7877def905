'use strict';
// uncrypto's Node entry for iron-session (the root package.json's "overrides" puts this package in place
// of uncrypto under iron-session only; decision 135). iron-webcrypto opens a seal with 8 WebCrypto calls
// on the crypto object it is given; Node's WebCrypto spends ~900 µs of CPU on them (each call a promise
// and a job), node:crypto's synchronous primitives ~40 µs. So `subtle` does the secret-key subset
// iron-webcrypto uses here (raw import of PBKDF2, HMAC, AES-CBC and AES-CTR keys; PBKDF2 deriveBits;
// HMAC sign and verify; AES-CBC with PKCS#7 padding and AES-CTR with a 128-bit counter, encrypt and
// decrypt) with those primitives, returning promises as WebCrypto does, and hands every other call,
// algorithm or argument it does not take to Node's real WebCrypto (crypto.webcrypto.subtle), which then
// answers or refuses exactly as it would. A key made here is never given to the real WebCrypto: it is
// imported there first (from the same bytes, algorithm and usages). Nothing is kept between calls.
const nodeCrypto = require('node:crypto');
const { isArrayBuffer } = require('node:util').types;

const real = nodeCrypto.webcrypto.subtle;

/** The digests WebCrypto names (case-insensitively), with node:crypto's names. */
const HASHES = { 'SHA-1': 'sha1', 'SHA-256': 'sha256', 'SHA-384': 'sha384', 'SHA-512': 'sha512' };

/** The secret-key algorithms taken here, with the usages WebCrypto allows each. */
const USAGES = {
  PBKDF2: ['deriveBits', 'deriveKey'],
  HMAC: ['sign', 'verify'],
  'AES-CBC': ['encrypt', 'decrypt', 'wrapKey', 'unwrapKey'],
  'AES-CTR': ['encrypt', 'decrypt', 'wrapKey', 'unwrapKey'],
};

/** More PBKDF2 iterations than this go to the real WebCrypto, which runs them off the event loop. */
const MAX_SYNC_ITERATIONS = 1000;

/** A secret key made here (what importKey answers); its bytes are readable only in this file. */
class NodeSecretKey {
  #raw;
  #keyObject;
  constructor(raw, algorithm, usages) {
    this.#raw = raw;
    // node:crypto's HMAC and ciphers take a KeyObject (on Node 24 a Buffer key costs them ~20 µs more).
    this.#keyObject = algorithm.name === 'PBKDF2' ? undefined : nodeCrypto.createSecretKey(raw);
    this.type = 'secret';
    this.extractable = false;
    this.algorithm = algorithm;
    this.usages = usages;
    Object.freeze(this);
  }

  static #usable(key, name, usage) {
    return key instanceof NodeSecretKey && key.algorithm.name === name && key.usages.includes(usage);
  }

  /** The PBKDF2 password bytes when this is one of these keys, of algorithm `name`, allowed `usage`. */
  static bytesFor(key, name, usage) {
    return NodeSecretKey.#usable(key, name, usage) ? key.#raw : undefined;
  }

  /** The HMAC or AES key as a node:crypto KeyObject, when this is one of these keys, of algorithm `name`, allowed `usage`. */
  static keyObjectFor(key, name, usage) {
    return NodeSecretKey.#usable(key, name, usage) ? key.#keyObject : undefined;
  }

  /** The same key made by the real WebCrypto. */
  static toReal(key) {
    return real.importKey('raw', key.#raw, key.algorithm, false, key.usages);
  }
}

const algorithmName = (algorithm) => {
  const name = typeof algorithm === 'string' ? algorithm : algorithm !== null && typeof algorithm === 'object' ? algorithm.name : undefined;
  return typeof name === 'string' ? name.toUpperCase() : undefined;
};

/** WebCrypto's name of a supported digest ('SHA-256'), or undefined. */
const hashName = (hash) => {
  const name = algorithmName(hash);
  return name !== undefined && Object.hasOwn(HASHES, name) ? name : undefined;
};

/** A BufferSource's bytes (not copied), or undefined for anything else. */
const bytes = (data) => {
  if (isArrayBuffer(data)) return Buffer.from(data);
  if (ArrayBuffer.isView(data) && isArrayBuffer(data.buffer)) return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return undefined;
};

/** A fresh ArrayBuffer holding buf's bytes (what WebCrypto answers). */
const arrayBuffer = (buf) => buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength);

/** Calls the real WebCrypto, with any key made here first made there. */
async function delegate(method, args) {
  const realArgs = await Promise.all(args.map((arg) => (arg instanceof NodeSecretKey ? NodeSecretKey.toReal(arg) : arg)));
  return real[method](...realArgs);
}

/** A key for importKey('raw', ...), or undefined when the real WebCrypto should answer. */
function secretKey(keyData, algorithm, keyUsages) {
  const name = algorithmName(algorithm);
  if (name === undefined || !Object.hasOwn(USAGES, name)) return undefined;
  const allowed = USAGES[name];
  if (!Array.isArray(keyUsages) || keyUsages.length === 0 || !keyUsages.every((u) => allowed.includes(u))) return undefined;
  const data = bytes(keyData);
  if (!data || data.length === 0) return undefined;
  let keyAlgorithm;
  if (name === 'PBKDF2') {
    keyAlgorithm = { name };
  } else if (name === 'HMAC') {
    const hash = hashName(algorithm.hash);
    if (hash === undefined || (algorithm.length !== undefined && algorithm.length !== data.length * 8)) return undefined;
    keyAlgorithm = { name, length: data.length * 8, hash: { name: hash } };
  } else {
    if (data.length !== 16 && data.length !== 24 && data.length !== 32) return undefined;
    keyAlgorithm = { name, length: data.length * 8 };
  }
  return new NodeSecretKey(Buffer.from(data), keyAlgorithm, [...new Set(keyUsages)]);
}

/** The cipher for encrypt/decrypt with one of these AES keys, or undefined when the real WebCrypto should answer. */
function aesCipher(algorithm, key, data, usage) {
  const name = algorithmName(algorithm);
  if (name !== 'AES-CBC' && name !== 'AES-CTR') return undefined;
  const secret = NodeSecretKey.keyObjectFor(key, name, usage);
  const input = bytes(data);
  if (!secret || !input) return undefined;
  const iv = bytes(name === 'AES-CBC' ? algorithm.iv : algorithm.counter);
  if (!iv || iv.length !== 16) return undefined;
  // node:crypto's CTR counts on all 128 bits; a shorter WebCrypto counter wraps sooner.
  if (name === 'AES-CTR' && algorithm.length !== 128) return undefined;
  return { cipher: `aes-${key.algorithm.length}-${name === 'AES-CBC' ? 'cbc' : 'ctr'}`, secret, iv, input };
}

/** HMAC of data with one of these keys, or undefined when the real WebCrypto should answer. */
function hmac(algorithm, key, data, usage) {
  if (algorithmName(algorithm) !== 'HMAC') return undefined;
  const secret = NodeSecretKey.keyObjectFor(key, 'HMAC', usage);
  const input = bytes(data);
  if (!secret || !input) return undefined;
  return nodeCrypto.createHmac(HASHES[key.algorithm.hash.name], secret).update(input).digest();
}

const subtle = {};
// Every method of the runtime's SubtleCrypto (Node 24 has more than Node 20) goes to the real one...
for (const method of Object.getOwnPropertyNames(Object.getPrototypeOf(real))) {
  if (method !== 'constructor' && typeof real[method] === 'function') subtle[method] = (...args) => delegate(method, args);
}
// ...but for these, when their arguments are the secret-key subset above.
Object.assign(subtle, {
  async importKey(format, keyData, algorithm, extractable, keyUsages) {
    const key = format === 'raw' && extractable === false ? secretKey(keyData, algorithm, keyUsages) : undefined;
    return key ?? delegate('importKey', [format, keyData, algorithm, extractable, keyUsages]);
  },

  async deriveBits(algorithm, baseKey, length) {
    const raw = algorithmName(algorithm) === 'PBKDF2' ? NodeSecretKey.bytesFor(baseKey, 'PBKDF2', 'deriveBits') : undefined;
    if (raw) {
      const hash = hashName(algorithm.hash);
      const salt = bytes(algorithm.salt);
      const { iterations } = algorithm;
      const ok = Number.isInteger(iterations) && iterations > 0 && iterations <= MAX_SYNC_ITERATIONS;
      if (hash && salt && ok && Number.isInteger(length) && length > 0 && length % 8 === 0)
        return arrayBuffer(nodeCrypto.pbkdf2Sync(raw, salt, iterations, length / 8, HASHES[hash]));
    }
    return delegate('deriveBits', [algorithm, baseKey, length]);
  },

  async sign(algorithm, key, data) {
    const mac = hmac(algorithm, key, data, 'sign');
    return mac ? arrayBuffer(mac) : delegate('sign', [algorithm, key, data]);
  },

  async verify(algorithm, key, signature, data) {
    const mac = hmac(algorithm, key, data, 'verify');
    const given = bytes(signature);
    if (mac && given) return given.length === mac.length && nodeCrypto.timingSafeEqual(given, mac);
    return delegate('verify', [algorithm, key, signature, data]);
  },

  async encrypt(algorithm, key, data) {
    const c = aesCipher(algorithm, key, data, 'encrypt');
    if (!c) return delegate('encrypt', [algorithm, key, data]);
    const cipher = nodeCrypto.createCipheriv(c.cipher, c.secret, c.iv);
    return arrayBuffer(Buffer.concat([cipher.update(c.input), cipher.final()]));
  },

  async decrypt(algorithm, key, data) {
    const c = aesCipher(algorithm, key, data, 'decrypt');
    if (!c) return delegate('decrypt', [algorithm, key, data]);
    const decipher = nodeCrypto.createDecipheriv(c.cipher, c.secret, c.iv);
    try {
      return arrayBuffer(Buffer.concat([decipher.update(c.input), decipher.final()]));
    } catch (cause) {
      // Bad padding or length: WebCrypto's answer.
      throw new DOMException('The operation failed for an operation-specific reason', { name: 'OperationError', cause });
    }
  },
});
Object.freeze(subtle);

const randomUUID = () => nodeCrypto.randomUUID();
const getRandomValues = (array) => nodeCrypto.webcrypto.getRandomValues(array);

const _crypto = { randomUUID, getRandomValues, subtle };

// The shape of uncrypto's own CommonJS entry.
Object.defineProperty(exports, '__esModule', { value: true });
exports.default = _crypto;
exports.getRandomValues = getRandomValues;
exports.randomUUID = randomUUID;
exports.subtle = subtle;
