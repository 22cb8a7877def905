// Checks credentials; the same answer and about the same time for an unknown account and a wrong password.
// A deactivated account with the right password is refused with 403 and says so.
import type { Db } from '../../db/index.ts';
import { forbidden, unauthorized } from '../../errors.ts';
import { ACCOUNT_DEACTIVATED_MESSAGE } from '@tm/shared/schemas/auth';
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
  // Only once the password is right: a stranger learns nothing about the account.
  if (user.deactivatedAt) throw forbidden(ACCOUNT_DEACTIVATED_MESSAGE);
  return user;
}
