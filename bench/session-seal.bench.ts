// `npm run bench -- session-seal`: the CPU one opened session seal costs (every API request with a
// session cookie opens one; decision 135). Prints µs of process CPU (all threads) per unseal for
// iron-session as the app imports it (uncrypto resolved to api/vendor/uncrypto-node) and for the same
// seal opened by iron-webcrypto on Node's real WebCrypto; exits 1 when iron-session's is above the
// target (SEAL_TARGET_US, default 150 µs).
import { sealData, unsealData } from 'iron-session';
import { defaults, unseal } from 'iron-webcrypto';

const TARGET_US = Number(process.env.SEAL_TARGET_US ?? 150);
const N = Number(process.env.SEAL_ROUNDS ?? 3000);
const password = 'a-bench-session-secret-of-32-chars-or-more';
const ttl = 12 * 60 * 60;
const seal = await sealData({ userId: 1, issuedAt: Date.now(), sid: 'abcdefabcdefabcdefabcdefabcdefab' }, { password, ttl });
const withoutVersion = seal.split('~')[0]!;

/** Best of three rounds of N opens, in µs of CPU per open. */
async function cpuPerOpen(open: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 500; i++) await open();
  let best = Infinity;
  for (let round = 0; round < 3; round++) {
    const start = process.cpuUsage();
    for (let i = 0; i < N; i++) await open();
    const used = process.cpuUsage(start);
    best = Math.min(best, (used.user + used.system) / N);
  }
  return best;
}

// iron-webcrypto's type for its crypto parameter (TypeScript's DOM types and its own differ on BufferSource).
const realCrypto = globalThis.crypto as unknown as Parameters<typeof unseal>[0];
const webCrypto = await cpuPerOpen(() => unseal(realCrypto, withoutVersion, { 1: password }, { ...defaults, ttl: ttl * 1000 }));
const app = await cpuPerOpen(() => unsealData(seal, { password, ttl }));
const opened = await unsealData<{ userId?: number }>(seal, { password, ttl });
if (opened.userId !== 1) throw new Error('the seal did not open');
console.log(`unseal, Node's WebCrypto (iron-webcrypto + globalThis.crypto): ${webCrypto.toFixed(1)} µs CPU`);
console.log(`unseal, iron-session as the app imports it:                    ${app.toFixed(1)} µs CPU (target ≤ ${TARGET_US} µs)`);
console.log(app <= TARGET_US ? 'PASS' : 'FAIL');
if (app > TARGET_US) process.exit(1);
