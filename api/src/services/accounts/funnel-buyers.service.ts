// Who pays at a funnel checkout (issue 13 item 1, issue 25 item 4). A logged-in agent pays as themselves.
// An anonymous buyer gives first name, last name, e-mail, phone and (optionally) agency at the transfer
// checkouts, or answers the RingCloud survey; the order is kept WITHOUT an account until its payment
// succeeds. Then, in the transaction that marks it paid, it goes to the account with that e-mail, or to a
// new account made then (and mailed then). An unpaid or failed anonymous attempt makes no account, sends
// nothing, and leaves nothing on anyone's account. The checkout answers the same either way and never
// logs anyone in, so typing someone's e-mail reveals nothing and opens nothing.
import { attributeAccount } from '../marketing/attribution.service.ts';
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { checkoutBuyerSchema, type CheckoutBuyer } from '@tm/shared/schemas/payments';
import type { AppDeps } from '../../deps.ts';
import { HttpError, parseWith } from '../../errors.ts';
import { isMysql } from '../../db/index.ts';
import { createUser, type UserRow } from './users.service.ts';
import { enqueueAccountCreated } from '../mail/account-mail.ts';
import { OnboardingSurvey, Order, User } from '../../models/index.ts';

/** The buyer fields of an anonymous checkout body, or 400 naming each missing or wrong field. */
export function parseCheckoutBuyer(body: unknown): CheckoutBuyer {
  return parseWith(checkoutBuyerSchema, body);
}

/**
 * "A funnel buyer's account was created". Without a password the buyer chose, the welcome e-mail carries a
 * one-time set-password link (24 hours); a RingCloud buyer chose one, so theirs links to /login. Written
 * to the outbox in the transaction that creates the account (decision 045).
 */
export async function funnelBuyerAccountCreated(deps: AppDeps, trx: Knex.Transaction, user: UserRow, opts: { setPassword: boolean }): Promise<void> {
  await enqueueAccountCreated(trx, deps.config, user.id, deps.clock.now(), opts);
  deps.logger.info({ userId: user.id, setPassword: opts.setPassword }, 'funnel buyer account created at payment; welcome e-mail queued');
}

function metadataOf(order: Pick<Order, 'metadata'>): Record<string, unknown> {
  try {
    const m: unknown = order.metadata ? JSON.parse(order.metadata) : {};
    return m && typeof m === 'object' ? (m as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

interface Buyer {
  email: string;
  firstName: string;
  lastName: string;
  agencyName: string;
  phone: string;
  role?: string;
  username?: string | null;
  passwordHash?: string | null;
}

/**
 * A locking read on MySQL/MariaDB: under REPEATABLE READ a plain SELECT reads the transaction's snapshot and
 * would miss the account another payment committed a moment ago; a locking read sees the latest committed row.
 */
async function userIdByEmail(deps: AppDeps, trx: Knex.Transaction, email: string): Promise<number | null> {
  const q = User.query(trx).where('email', email.trim().toLowerCase()).select('id').first();
  if (isMysql(deps.db)) q.forShare();
  const row = await q;
  return row ? Number(row.id) : null;
}

/** A new account for the buyer (username kept when still free), or null when the e-mail got one meanwhile. */
async function createBuyerAccount(deps: AppDeps, trx: Knex.Transaction, b: Buyer): Promise<number | null> {
  const username = b.username && !(await User.query(trx).where('username', b.username).select('id').first()) ? b.username : null;
  try {
    return await trx.transaction(async (sp) => {
      const made = await createUser(
        sp,
        {
          email: b.email,
          username,
          password: crypto.randomBytes(24).toString('base64url'),
          firstName: b.firstName,
          lastName: b.lastName,
          agencyName: b.agencyName,
          phone: b.phone,
          role: b.role,
        },
        deps.clock.now(),
      );
      if (b.passwordHash) await User.query(sp).findById(made.id).patch({ passwordHash: b.passwordHash });
      await funnelBuyerAccountCreated(deps, sp, made, { setPassword: !b.passwordHash });
      return made.id;
    });
  } catch (err) {
    if (err instanceof HttpError && err.status === 409) return null;
    throw err;
  }
}

export interface LinkedBuyer {
  userId: number | null;
  /** A new account was made for this payment (its welcome e-mail is queued). */
  created: boolean;
}

/**
 * Called in the transaction that marks an order paid: an order without an account gets the account of
 * its buyer (the checkout's buyer fields, or the RingCloud survey's), made now when the e-mail has none.
 * The order's metadata records `accountCreated`; a RingCloud survey is linked to the account and its
 * password hash dropped. Orders that already have an account are returned as they are.
 */
export async function linkPaidOrderBuyer(
  deps: AppDeps,
  trx: Knex.Transaction,
  order: Pick<Order, 'id' | 'userId' | 'surveyId' | 'metadata'> & Partial<Pick<Order, 'attributionId'>>,
): Promise<LinkedBuyer> {
  if (order.userId) return { userId: Number(order.userId), created: false };
  const meta = metadataOf(order);
  const survey = order.surveyId ? await OnboardingSurvey.query(trx).findById(order.surveyId) : undefined;
  let buyer: Buyer | null = null;
  let userId: number | null = survey?.userId ? Number(survey.userId) : null;
  if (!userId && survey) {
    buyer = {
      email: survey.email,
      firstName: survey.firstName,
      lastName: survey.lastName,
      agencyName: survey.agencyName,
      phone: survey.phone,
      role: survey.role,
      username: survey.username,
      passwordHash: survey.passwordHash ?? null,
    };
  } else if (!userId && meta.buyer && typeof meta.buyer === 'object') {
    const b = meta.buyer as CheckoutBuyer;
    buyer = { email: b.email, firstName: b.firstName, lastName: b.lastName, agencyName: b.agencyName ?? '', phone: b.phone };
  }
  let created = false;
  if (!userId && buyer) {
    userId = await userIdByEmail(deps, trx, buyer.email);
    if (!userId) {
      userId = await createBuyerAccount(deps, trx, buyer);
      created = userId !== null;
      // The new account keeps the campaign that brought it: the order's touches, else its sign-up's (decision 232).
      if (userId !== null) await attributeAccount(trx, userId, order.attributionId ?? survey?.attributionId);
      // Another payment made the account a moment ago: use it.
      userId ??= await userIdByEmail(deps, trx, buyer.email);
    }
  }
  if (!userId) return { userId: null, created: false };
  await Order.query(trx)
    .where({ id: order.id })
    .patch({ userId, metadata: JSON.stringify({ ...meta, accountCreated: created }) });
  if (survey && !survey.userId) await OnboardingSurvey.query(trx).findById(survey.id).patch({ userId, passwordHash: null });
  return { userId, created };
}
