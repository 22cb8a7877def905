// Checks credentials; the same answer and about the same time for an unknown account and a wrong password.
import type { Db } from '../../db/index.ts';
import { unauthorized } from '../../errors.ts';
import { burnVerify, verifyPassword } from './passwords.ts';
import { findUserByIdentifier, type UserRow } from './users.service.ts';

export const INVALID_CREDENTIALS = 'Invalid email or password';

export async function authenticate(db: Db, identifier: string, password: string): Promise<UserRow> {
  const user = await findUserByIdentifier(db, identifier);
  if (!user) {
    await burnVerify(password);
    throw unauthorized(INVALID_CREDENTIALS);
  }
  if (!(await verifyPassword(user.passwordHash, password))) throw unauthorized(INVALID_CREDENTIALS);
  return user;
}
