// Who pays at a funnel checkout (issue 13 item 1). A logged-in agent pays as themselves. An anonymous
// buyer gives first name, last name, e-mail, phone and (optionally) agency; the order goes to the account
// with that e-mail, or to a new account made for them with no usable password (a random one, hashed,
// never shown) that they open with a set-password link. The checkout answers the same either way and
// never logs anyone in, so typing someone's e-mail reveals nothing and opens nothing: it can only buy
// something for them.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { checkoutBuyerSchema, type CheckoutBuyer } from '@tm/shared/schemas/payments';
import type { AppDeps } from '../../deps.ts';
import { HttpError, parseWith } from '../../errors.ts';
import { createUser, findUserById, type UserRow } from './users.service.ts';
import { enqueueAccountCreated } from '../mail/account-mail.ts';
import { User } from '../../models/index.ts';

export interface CheckoutBuyerResolution {
  userId: number;
  /** What the buyer typed (kept on the order, so an operator sees it even when it differs from the account). */
  buyer: CheckoutBuyer | null;
  /** A new account was made for this buyer. */
  created: boolean;
}

/** The buyer fields of an anonymous checkout body, or 400 naming each missing or wrong field. */
export function parseCheckoutBuyer(body: unknown): CheckoutBuyer {
  return parseWith(checkoutBuyerSchema, body);
}

async function findByEmail(deps: AppDeps, email: string): Promise<UserRow | undefined> {
  const row = await User.query(deps.db).where('email', email).select('id').limit(1).first();
  return row ? findUserById(deps.db, Number(row.id)) : undefined;
}

/**
 * "A funnel buyer's account was created": the account has no password the buyer knows, so the welcome
 * e-mail carries a one-time set-password link (24 hours). Written to the outbox in the transaction that
 * creates the account (decision 045), so the account never exists without its e-mail.
 */
export async function funnelBuyerAccountCreated(deps: AppDeps, trx: Knex.Transaction, user: UserRow): Promise<void> {
  await enqueueAccountCreated(trx, deps.config, user.id, deps.clock.now(), { setPassword: true });
  deps.logger.info({ userId: user.id }, 'funnel buyer account created; set-password e-mail queued');
}

/**
 * The account an order is for. Logged in: the session's user (body ignored). Anonymous: the body's buyer
 * fields are required; the account with that e-mail, else a new one (a racing checkout with the same
 * e-mail ends on the same account).
 */
export async function resolveCheckoutBuyer(deps: AppDeps, body: unknown, sessionUserId: number | null): Promise<CheckoutBuyerResolution> {
  if (sessionUserId) return { userId: sessionUserId, buyer: null, created: false };
  const buyer = parseCheckoutBuyer(body);
  const existing = await findByEmail(deps, buyer.email);
  if (existing) return { userId: existing.id, buyer, created: false };
  let user: UserRow;
  try {
    user = await deps.db.transaction(async (trx) => {
      const made = await createUser(
        trx,
        {
          email: buyer.email,
          password: crypto.randomBytes(24).toString('base64url'),
          firstName: buyer.firstName,
          lastName: buyer.lastName,
          agencyName: buyer.agencyName ?? '',
          phone: buyer.phone,
        },
        deps.clock.now(),
      );
      await funnelBuyerAccountCreated(deps, trx, made);
      return made;
    });
  } catch (err) {
    // Another checkout made the account a moment ago: use it.
    if (err instanceof HttpError && err.status === 409) {
      const again = await findByEmail(deps, buyer.email);
      if (again) return { userId: again.id, buyer, created: false };
    }
    throw err;
  }
  return { userId: user.id, buyer, created: true };
}
