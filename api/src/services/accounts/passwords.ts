// argon2id with OWASP's minimum parameters (19 MiB memory, 2 passes, 1 lane).
import { hash, verify } from '@node-rs/argon2';

const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/** Verifies against a throwaway hash so an unknown account costs as long as a known one. */
export async function burnVerify(password: string): Promise<void> {
  dummy ??= hashPassword('not-a-real-password-0000');
  await verifyPassword(await dummy, password);
}
