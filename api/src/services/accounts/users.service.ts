// Users: lookup, creation (hashing the password), and the shape GET /api/current-user answers.
import type { ModelObject } from 'objection';
import { isMysql, type Db } from '../../db/index.ts';
import { LIVE_TRANSFER_DEFAULT_PRICE_CENTS, centsToDecimal } from '@tm/shared';
import { dashboardTransferPrice } from '@tm/shared/logic/price-story';
import type { CurrentUser } from '@tm/shared/schemas/auth';
import { User } from '../../models/index.ts';
import { hashPassword } from './passwords.ts';
import { conflict } from '../../errors.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { toDbDate } from '../../db/dates.ts';

/**
 * A user as the services see it: the model's columns, with isAdmin a boolean on every database
 * (passwordChangedAt: sessions issued before it are ended; deactivatedAt: no login, no session).
 */
export type UserRow = ModelObject<User> & { isAdmin: boolean };

/** A user model read from the database as a UserRow (isAdmin is 0/1 on some databases). */
export function toUserRow(user: User): UserRow {
  return Object.assign(user, { isAdmin: Boolean(user.isAdmin) });
}

function normalise(user: User | undefined): UserRow | undefined {
  return user ? toUserRow(user) : undefined;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return normalise(await User.query(db).findById(id));
}

export const DEACTIVATED_AGENT_MESSAGE = 'This agent is deactivated. Reactivate the account before assigning anything to it.';

/** Nothing is assigned to a deactivated agent (issue 34 item 5): 409 naming agentId. */
export function refuseDeactivated(user: { deactivatedAt?: string | Date | null } | undefined): void {
  if (user?.deactivatedAt) throw conflict(DEACTIVATED_AGENT_MESSAGE, { agentId: DEACTIVATED_AGENT_MESSAGE });
}

export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists';

/** Finds by e-mail (case-insensitive) or username. */
export async function findUserByIdentifier(db: Db, identifier: string): Promise<UserRow | undefined> {
  const id = identifier.trim().toLowerCase();
  return normalise(await User.query(db).where('email', id).orWhere('username', id).limit(1).first());
}

export interface NewUser {
  email: string;
  username?: string | null;
  password: string;
  firstName: string;
  lastName: string;
  agencyName?: string;
  role?: string;
  phone?: string;
  state?: string | null;
  isAdmin?: boolean;
  liveTransferPriceCents?: number | null;
}

export async function createUser(db: Db, input: NewUser, now = new Date()): Promise<UserRow> {
  const passwordHash = await hashPassword(input.password);
  const email = input.email.trim().toLowerCase();
  const username = input.username ? input.username.trim().toLowerCase() : null;
  const existing = await User.query(db)
    .where('email', email)
    .orWhere((q) => (username ? q.where('username', username) : q.whereRaw('1 = 0')))
    .limit(1)
    .first();
  if (existing) {
    if (existing.email === email) throw conflict(EMAIL_TAKEN_MESSAGE, { email: EMAIL_TAKEN_MESSAGE });
    throw conflict('This username is already taken', { username: 'This username is already taken' });
  }
  try {
    const { id } = await User.query(db).insert({
      email,
      username,
      passwordHash,
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      agencyName: input.agencyName?.trim() ?? '',
      role: input.role ?? 'Insurance Agent',
      phone: input.phone?.trim() ?? '',
      state: input.state?.trim() || null,
      isAdmin: input.isAdmin ?? false,
      liveTransferPriceCents: input.liveTransferPriceCents ?? null,
      createdAt: toDbDate(now),
      updatedAt: toDbDate(now),
    });
    const user = await findUserById(db, id);
    if (!user) throw new Error('user vanished after insert');
    return user;
  } catch (err) {
    // A racing insert of the same e-mail or username lost on the unique index: say which, so a caller that
    // derived the username can try the next one (issue 35 A10). The e-mail is looked up, not read from the
    // driver's message, so SQLite and MariaDB answer alike.
    if (isUniqueViolation(err)) {
      // A locking read on MariaDB: a plain one inside the caller's transaction reads its snapshot, taken
      // before the winner committed, and would blame the username.
      const lookup = User.query(db).where('email', email).select('id');
      if (isMysql(db)) lookup.forShare();
      const sameEmail = await lookup.first();
      if (sameEmail) throw conflict(EMAIL_TAKEN_MESSAGE, { email: EMAIL_TAKEN_MESSAGE });
      throw conflict('This username is already taken', { username: 'This username is already taken' });
    }
    throw err;
  }
}

export function liveTransferPriceCents(user: Pick<UserRow, 'liveTransferPriceCents'>): number {
  return user.liveTransferPriceCents ?? LIVE_TRANSFER_DEFAULT_PRICE_CENTS;
}

export function toCurrentUser(user: UserRow): CurrentUser {
  const cents = liveTransferPriceCents(user);
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    agencyName: user.agencyName,
    role: user.role,
    phone: user.phone,
    state: user.state,
    isAdmin: user.isAdmin,
    liveTransferPrice: centsToDecimal(cents),
    liveTransferPriceCents: cents,
    liveTransferPriceSource: dashboardTransferPrice(user.liveTransferPriceCents).source,
  };
}
