// ES module entry: the CommonJS entry's objects (index.cjs holds the code), with uncrypto's names.
// Loaded with require so that every loader (Node, tsx, Vite) hands over the same exports object.
import { createRequire } from 'node:module';

const cjs = createRequire(import.meta.url)('./index.cjs');

export const { subtle, getRandomValues, randomUUID } = cjs;
export default cjs.default;
