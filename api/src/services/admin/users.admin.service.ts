// Admin user management: paginated list and e-mail search, counts for the summary cards,
// creating accounts (through the accounts service), setting a user's password, and deactivating or
// reactivating an account.
import { revokeUserSessions } from '../accounts/sessions.service.ts';
import type { Db } from '../../db/index.ts';
import { SELF_DEACTIVATION_MESSAGE, type AdminUser, type ListQuery, type UserStats, type UsersPage, type CreateUserValues } from '@tm/shared/schemas/admin';
import { createUser, findUserById, type UserRow } from '../accounts/users.service.ts';
import { hashPassword } from '../accounts/passwords.ts';
import { badRequest, notFound } from '../../errors.ts';
import { toDbDate, toIso } from '../../db/dates.ts';
import { paginate, whereAnyContains } from './pagination.ts';

const USER_COLUMNS = ['id', 'email', 'username', 'firstName', 'lastName', 'agencyName', 'role', 'phone', 'state', 'isAdmin', 'createdAt', 'deactivatedAt'];

export function toAdminUser(
  row: Pick<UserRow, 'id' | 'email' | 'username' | 'firstName' | 'lastName' | 'agencyName' | 'role' | 'phone' | 'state' | 'isAdmin' | 'createdAt'> &
    Partial<Pick<UserRow, 'deactivatedAt'>>,
): AdminUser {
  return {
    id: Number(row.id),
    email: row.email,
    username: row.username ?? null,
    firstName: row.firstName,
    lastName: row.lastName,
    agencyName: row.agencyName,
    role: row.role,
    phone: row.phone,
    state: row.state ?? null,
    isAdmin: Boolean(row.isAdmin),
    createdAt: toIso(row.createdAt),
    deactivatedAt: row.deactivatedAt ? toIso(row.deactivatedAt) : null,
  };
}

export async function userStats(db: Db): Promise<UserStats> {
  const rows = (await db('users').select('isAdmin').count({ n: '*' }).groupBy('isAdmin')) as Array<{ isAdmin: unknown; n: number | string }>;
  let adminUsers = 0;
  let basicUsers = 0;
  for (const r of rows) {
    if (Number(r.isAdmin)) adminUsers += Number(r.n);
    else basicUsers += Number(r.n);
  }
  return { totalUsers: adminUsers + basicUsers, adminUsers, basicUsers };
}

/** Newest first; with `q`, users whose e-mail contains it (e-mails are stored lower-case). */
export async function listUsers(db: Db, query: ListQuery): Promise<UsersPage> {
  let base = db('users').select(USER_COLUMNS);
  const q = query.q.trim().toLowerCase();
  if (q) base = whereAnyContains(base, ['email'], q);
  const [page, stats] = await Promise.all([
    paginate<UserRow, AdminUser>(base, {
      page: query.page,
      pageSize: query.pageSize,
      orderBy: [
        { column: 'createdAt', order: 'desc' },
        { column: 'id', order: 'desc' },
      ],
      map: toAdminUser,
    }),
    userStats(db),
  ]);
  return { ...page, stats };
}

export async function createUserAsAdmin(db: Db, input: CreateUserValues, now: Date): Promise<AdminUser> {
  const user = await createUser(db, { ...input, state: input.state ?? null }, now);
  return toAdminUser(user);
}

/**
 * Sets the password and passwordChangedAt (which ends the user's older sessions). With
 * `ifPasswordHashIs`, only while the stored hash is still that one (a set-password link is used
 * once even when two requests race): answers whether the password was set.
 */
export async function setUserPassword(db: Db, userId: number, password: string, now: Date, opts: { ifPasswordHashIs?: string } = {}): Promise<boolean> {
  const user = await findUserById(db, userId);
  if (!user) throw notFound('User not found');
  const passwordHash = await hashPassword(password);
  let update = db('users').where({ id: userId });
  if (opts.ifPasswordHashIs !== undefined) update = update.andWhere({ passwordHash: opts.ifPasswordHashIs });
  const changed = await update.update({ passwordHash, passwordChangedAt: toDbDate(now), updatedAt: toDbDate(now) });
  if (Number(changed) > 0) await revokeUserSessions(db, userId, now);
  return Number(changed) > 0;
}

/**
 * Deactivates a user: deactivated_at is set and every open session of the user is revoked, in one
 * transaction (their next request answers 401, and login is refused). Already deactivated: the first
 * moment is kept. An admin cannot deactivate their own account (400).
 */
export async function deactivateUser(db: Db, actingAdminId: number, userId: number, now: Date): Promise<AdminUser> {
  if (userId === actingAdminId) throw badRequest(SELF_DEACTIVATION_MESSAGE, { userId: SELF_DEACTIVATION_MESSAGE });
  return db.transaction(async (trx) => {
    const user = await findUserById(trx, userId);
    if (!user) throw notFound('User not found');
    await trx('users')
      .where({ id: userId })
      .whereNull('deactivatedAt')
      .update({ deactivatedAt: toDbDate(now), updatedAt: toDbDate(now) });
    await revokeUserSessions(trx, userId, now);
    return toAdminUser((await findUserById(trx, userId))!);
  });
}

/** Reactivates a user: they can log in again (with their password; no session comes back). */
export async function reactivateUser(db: Db, userId: number, now: Date): Promise<AdminUser> {
  const user = await findUserById(db, userId);
  if (!user) throw notFound('User not found');
  await db('users')
    .where({ id: userId })
    .update({ deactivatedAt: null, updatedAt: toDbDate(now) });
  return toAdminUser((await findUserById(db, userId))!);
}
