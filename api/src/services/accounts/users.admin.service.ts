// Admin user management: the paginated list with search by name or e-mail, counts for the summary
// cards, creating accounts (through the accounts service), editing a user (details, role, state, their
// own live-transfer price), the user page (orders, balance, leads, appointments), setting a user's
// password, and deactivating or reactivating an account.
import { getAttribution } from '../marketing/attribution.service.ts';
import type { Knex } from 'knex';
import { raw, type ModelObject } from 'objection';
import { revokeUserSessions } from './sessions.service.ts';
import type { Db } from '../../db/index.ts';
import { User, Order, CalendarFeed } from '../../models/index.ts';
import {
  ADMIN_USER_PAGE_LIST,
  SELF_DEACTIVATION_MESSAGE,
  type AdminUser,
  type AdminUserAccount,
  type AdminUserDetail,
  type ListQuery,
  type UserStats,
  type UsersPage,
  type CreateUserValues,
  type UpdateUserValues,
} from '@tm/shared/schemas/admin';
import { LIVE_TRANSFER_DEFAULT_PRICE_CENTS } from '@tm/shared';
import { createUser, EMAIL_TAKEN_MESSAGE } from './users.service.ts';
import { isPublishedPassword, PUBLISHED_PASSWORD_MESSAGE } from '../../db/demo-accounts.ts';
import { hashPassword } from './passwords.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { toDbDate, toIso } from '../../db/dates.ts';
import { whereAnyContains } from '../../db/like.ts';
import { phoneSearchDigits } from '@tm/shared/logic/phone-search';
import { readPage, withItems } from '../../db/paging.ts';
import { balanceView, orderDescription } from '../transfers/lots.service.ts';
import { listMyLeads } from '../leads/my-leads.service.ts';
import { listMyAppointments } from '../appointments/appointments.service.ts';
import { changedFields, recordAudit, type AuditActor } from '../audit/audit.service.ts';

type AdminUserSource = Pick<
  ModelObject<User>,
  'id' | 'email' | 'username' | 'firstName' | 'lastName' | 'agencyName' | 'role' | 'phone' | 'state' | 'isAdmin' | 'createdAt'
> &
  Partial<Pick<ModelObject<User>, 'deactivatedAt' | 'liveTransferPriceCents'>>;

const USER_COLUMNS = [
  'id',
  'email',
  'username',
  'firstName',
  'lastName',
  'agencyName',
  'role',
  'phone',
  'state',
  'isAdmin',
  'createdAt',
  'deactivatedAt',
  'liveTransferPriceCents',
] as const;

export function toAdminUser(row: AdminUserSource): AdminUser {
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

/** The user with their own live-transfer price and the one their next transfer order gets. */
export function toAdminUserAccount(row: AdminUserSource): AdminUserAccount {
  const own = row.liveTransferPriceCents === null || row.liveTransferPriceCents === undefined ? null : Number(row.liveTransferPriceCents);
  return { ...toAdminUser(row), liveTransferPriceCents: own, effectiveLiveTransferPriceCents: own ?? LIVE_TRANSFER_DEFAULT_PRICE_CENTS };
}

const findUser = (db: Db | Knex.Transaction, userId: number) =>
  User.query(db)
    .select(USER_COLUMNS.map((c) => User.ref(c)))
    .findById(userId);

export async function userStats(db: Db): Promise<UserStats> {
  const rows = await User.query(db).select(User.ref('isAdmin')).count({ n: '*' }).groupBy(User.ref('isAdmin'));
  let adminUsers = 0;
  let basicUsers = 0;
  for (const r of rows as unknown as Array<{ isAdmin: unknown; n: number | string }>) {
    if (Number(r.isAdmin)) adminUsers += Number(r.n);
    else basicUsers += Number(r.n);
  }
  return { totalUsers: adminUsers + basicUsers, adminUsers, basicUsers };
}

/**
 * Newest first; with `q`, users matching every word of it in their e-mail, first or last name or
 * agency ("jane doe" finds Jane Doe, "doe@" her e-mail). Case-insensitive on both databases, also
 * where a column's collation is binary (e-mails on MariaDB, decision 040).
 */
export async function listUsers(db: Db, query: ListQuery, opts: { activeOnly?: boolean } = {}): Promise<UsersPage> {
  const base = User.query(db).select(USER_COLUMNS.map((c) => User.ref(c)));
  // Pickers (assign a lead or appointment) offer only agents who can receive it.
  if (opts.activeOnly) base.whereNull(User.ref('deactivatedAt'));
  // A phone in any form is looked up by its digits on the indexed column (issue 36 point 5).
  const phone = phoneSearchDigits(query.q);
  const words = phone ? [] : query.q.trim().toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
  if (phone) base.where(User.ref('phoneDigits'), phone);
  const columns = ['email', 'firstName', 'lastName', 'agencyName'].map((c) => `${User.tableName}.${c}`);
  for (const word of words) whereAnyContains(base, columns, word);
  const rows = base.clone().orderBy(User.ref('createdAt'), 'desc').orderBy(User.ref('id'), 'desc');
  const [page, stats] = await Promise.all([readPage<User>(query, { rows, count: base }), userStats(db)]);
  return { ...withItems(page, page.items.map(toAdminUser)), stats };
}

/** The audited values of an account (never its password). */
const accountValues = (u: AdminUserSource) => ({
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  agencyName: u.agencyName,
  role: u.role,
  phone: u.phone,
  state: u.state ?? null,
  isAdmin: Boolean(u.isAdmin),
});

export async function createUserAsAdmin(db: Db, input: CreateUserValues, now: Date, actor: AuditActor): Promise<AdminUser> {
  if (isPublishedPassword(input.password)) throw badRequest(PUBLISHED_PASSWORD_MESSAGE, { password: PUBLISHED_PASSWORD_MESSAGE });
  return db.transaction(async (trx) => {
    const user = await createUser(trx, { ...input, state: input.state ?? null }, now);
    await recordAudit(trx, { actor, action: 'user.created', entity: 'user', entityId: user.id, userId: user.id, after: accountValues(user), at: now });
    return toAdminUser(user);
  });
}

/**
 * Edits a user's details, role, state and own live-transfer price (cents; null: the default). An e-mail
 * already used by another account is a 409 naming the field. Their next transfer order is priced with
 * the new price by the server (orders.service reads it); orders already made keep theirs (decision 270).
 */
export async function updateUser(db: Db, userId: number, values: UpdateUserValues, now: Date, actor: AuditActor): Promise<AdminUserAccount> {
  const { liveTransferPrice, ...details } = values;
  const patch: Partial<ModelObject<User>> = { ...details, updatedAt: toDbDate(now) };
  if (liveTransferPrice !== undefined) patch.liveTransferPriceCents = liveTransferPrice;
  return db.transaction(async (trx) => {
    const old = await findUser(trx, userId);
    if (!old) throw notFound('User not found');
    if (details.email !== undefined) {
      const taken = await User.query(trx)
        .select(User.ref('id'))
        .where((w) => w.where(User.ref('email'), details.email!).orWhere(User.ref('username'), details.email!))
        .whereNot(User.ref('id'), userId)
        .first();
      if (taken) throw conflict(EMAIL_TAKEN_MESSAGE, { email: EMAIL_TAKEN_MESSAGE });
    }
    try {
      await User.query(trx).findById(userId).patch(patch);
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(EMAIL_TAKEN_MESSAGE, { email: EMAIL_TAKEN_MESSAGE });
      throw err;
    }
    const updated = (await findUser(trx, userId))!;
    const edit = changedFields(accountValues(old), accountValues(updated));
    if (edit) await recordAudit(trx, { actor, action: 'user.updated', entity: 'user', entityId: userId, userId, ...edit, at: now });
    const price = changedFields(
      { liveTransferPriceCents: old.liveTransferPriceCents ?? null },
      { liveTransferPriceCents: updated.liveTransferPriceCents ?? null },
    );
    if (price) {
      // Unpaid transfer orders keep the price they were quoted until they expire (decision 270): named here.
      const kept = await Order.query(trx).where({ userId, status: 'pending', kind: 'live_transfer' }).orderBy('id').select('id');
      const after = kept.length ? { ...price.after, unpaidOrdersKeepingQuote: kept.map((o) => Number(o.id)) } : price.after;
      await recordAudit(trx, { actor, action: 'user.price_changed', entity: 'user', entityId: userId, userId, before: price.before, after, at: now });
    }
    return toAdminUserAccount(updated);
  });
}

/** The admin's user page: the account, its transfer balance, orders with totals, leads and appointments. */
export async function userDetail(db: Db, userId: number): Promise<AdminUserDetail> {
  const user = await findUser(db, userId);
  if (!user) throw notFound('User not found');
  const orders = () => Order.query(db).where(Order.ref('userId'), userId);
  const paid = () => orders().whereIn(Order.ref('status'), ['paid', 'refunded']);
  const [balance, recent, count, sums, leads, appointments] = await Promise.all([
    balanceView(db, userId, { pausedNow: false, pausedReason: null, resumeDate: null }),
    orders().orderBy(Order.ref('createdAt'), 'desc').orderBy(Order.ref('id'), 'desc').limit(ADMIN_USER_PAGE_LIST),
    orders().resultSize(),
    paid()
      .select(
        raw('COUNT(*)').as('n'),
        raw('COALESCE(SUM(?), 0)', [Order.ref('amountCents')]).as('cents'),
        raw('COALESCE(SUM(?), 0)', [Order.ref('refundedCents')]).as('refunded'),
      )
      .first(),
    listMyLeads(db, userId, { pageSize: ADMIN_USER_PAGE_LIST }),
    listMyAppointments(db, userId, { pageSize: ADMIN_USER_PAGE_LIST }),
  ]);
  const totals = sums as unknown as { n?: number | string; cents?: number | string | null; refunded?: number | string | null } | undefined;
  return {
    user: toAdminUserAccount(user),
    balance: {
      transfersRemaining: balance.remaining,
      transfersPurchased: balance.purchased,
      transferSpendCents: balance.spentCents,
      creditedCents: balance.creditedCents,
    },
    totals: { paidOrders: Number(totals?.n ?? 0), paidCents: Number(totals?.cents ?? 0), refundedCents: Number(totals?.refunded ?? 0) },
    orders: recent.map((o) => ({
      id: o.id,
      kind: o.kind,
      description: orderDescription(o),
      count: Number(o.count),
      amountCents: Number(o.amountCents),
      refundedCents: Number(o.refundedCents ?? 0),
      status: o.status,
      createdAt: toIso(o.createdAt),
      paidAt: toIso(o.paidAt),
    })),
    ordersTotal: count,
    leads: leads.items,
    leadsTotal: leads.total,
    appointments: appointments.items,
    appointmentsTotal: appointments.total,
    attribution: await getAttribution(db, (await User.query(db).findById(userId).select('attributionId'))?.attributionId),
  };
}

/**
 * Sets the password and passwordChangedAt (which ends the user's older sessions). With
 * `ifPasswordHashIs`, only while the stored hash is still that one (a set-password link is used
 * once even when two requests race): answers whether the password was set.
 */
export async function setUserPassword(
  db: Db,
  userId: number,
  password: string,
  now: Date,
  opts: { ifPasswordHashIs?: string; actor?: AuditActor; field?: string } = {},
): Promise<boolean> {
  // Every path that sets a password comes here (own change, admin set, set-password link, reset): none may
  // set a published demo password, which would also stop the next production start (issue 35 A3).
  if (isPublishedPassword(password)) throw badRequest(PUBLISHED_PASSWORD_MESSAGE, { [opts.field ?? 'password']: PUBLISHED_PASSWORD_MESSAGE });
  const user = await findUser(db, userId);
  if (!user) throw notFound('User not found');
  const passwordHash = await hashPassword(password);
  const update = User.query(db).where(User.ref('id'), userId);
  if (opts.ifPasswordHashIs !== undefined) update.where(User.ref('passwordHash'), opts.ifPasswordHashIs);
  const changed = await update.patch({ passwordHash, passwordChangedAt: toDbDate(now), updatedAt: toDbDate(now) });
  if (Number(changed) > 0) await revokeUserSessions(db, userId, now);
  if (Number(changed) > 0 && opts.actor)
    await recordAudit(db, { actor: opts.actor, action: 'user.password_set', entity: 'user', entityId: userId, userId, at: now });
  return Number(changed) > 0;
}

/**
 * Deactivates a user: deactivated_at is set and every open session of the user is revoked, in one
 * transaction (their next request answers 401, and login is refused). Already deactivated: the first
 * moment is kept. An admin cannot deactivate their own account (400).
 */
export async function deactivateUser(db: Db, actor: AuditActor, userId: number, now: Date): Promise<AdminUser> {
  if (userId === actor.id) throw badRequest(SELF_DEACTIVATION_MESSAGE, { userId: SELF_DEACTIVATION_MESSAGE });
  return db.transaction(async (trx) => {
    const user = await findUser(trx, userId);
    if (!user) throw notFound('User not found');
    const n = await User.query(trx)
      .where(User.ref('id'), userId)
      .whereNull(User.ref('deactivatedAt'))
      .patch({ deactivatedAt: toDbDate(now), updatedAt: toDbDate(now) });
    await revokeUserSessions(trx, userId, now);
    // Out of every path (issue 34 item 5): the secret calendar feed stops for good (a new one after reactivation).
    await CalendarFeed.query(trx).where({ userId }).delete();
    if (Number(n) > 0) await recordAudit(trx, { actor, action: 'user.deactivated', entity: 'user', entityId: userId, userId, at: now });
    return toAdminUser((await findUser(trx, userId))!);
  });
}

/** Reactivates a user: they can log in again (with their password; no session comes back). */
export async function reactivateUser(db: Db, userId: number, now: Date, actor: AuditActor): Promise<AdminUser> {
  return db.transaction(async (trx) => {
    const user = await findUser(trx, userId);
    if (!user) throw notFound('User not found');
    const n = await User.query(trx)
      .where(User.ref('id'), userId)
      .whereNotNull(User.ref('deactivatedAt'))
      .patch({ deactivatedAt: null, updatedAt: toDbDate(now) });
    if (Number(n) > 0) await recordAudit(trx, { actor, action: 'user.reactivated', entity: 'user', entityId: userId, userId, at: now });
    return toAdminUser((await findUser(trx, userId))!);
  });
}
