// The same names as uncrypto's own entry (uncrypto 0.1.3): the Web Crypto API of the runtime.
declare const subtle: SubtleCrypto;
declare const getRandomValues: Crypto['getRandomValues'];
declare const randomUUID: Crypto['randomUUID'];
declare const _crypto: { subtle: SubtleCrypto; getRandomValues: Crypto['getRandomValues']; randomUUID: Crypto['randomUUID'] };
export { _crypto as default, getRandomValues, randomUUID, subtle };
