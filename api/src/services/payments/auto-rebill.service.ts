// Auto-rebill (issue 29 item 3, decision 197): an agent saves a card (a SetupIntent on their own Stripe
// Customer, confirmed by the portal's payment form) and sets a top-up rule (on/off, a threshold in
// transfers, a catalogue package). When a delivered call takes the balance from at or above the threshold
// to below it, that call's transaction records the crossing (one row per agent and crossing, under the
// balance lock of balance-alerts.ts, so concurrent calls record it once); after the commit the card is
// charged off-session through createOrder, idempotent per crossing, and the order is paid and fulfilled by
// the verified payment event like any other. A top-up is an order from the dashboard (decision 246): the
// agent's own price and the buffer of dashboard orders; its receipt says it was automatic and names the
// card the provider reports. A card that needs authentication or is declined leaves the order payable
// on-session: one e-mail and the portal home link to it. Deliveries pause only when the balance reaches
// zero, as for any agent (calls.service.ts).
import type { Knex } from 'knex';
import Stripe from 'stripe';
import { quoteLiveTransfer } from '@tm/shared/logic/pricing';
import { PRICE_SOURCE_LABEL, dashboardTransferPrice } from '@tm/shared/logic/price-story';
import { bufferSecondsFor } from '@tm/shared/logic/transfer-rules';
import {
  NEEDS_CARD_MESSAGE,
  type AutoRebillActionView,
  type AutoRebillPaymentResponse,
  type AutoRebillSettingsInput,
  type AutoRebillView,
  type SetupIntentResponse,
} from '@tm/shared/schemas/auto-rebill';
import type { AppDeps } from '../../deps.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { toDbDate } from '../../db/dates.ts';
import { enqueueUserMail } from '../mail/account-mail.ts';
import { autoRebillActionMail, autoRebillPayUrl } from '../mail/messages.ts';
import { createOrder } from '../orders/orders.service.ts';
import { AutoRebillCharge, AutoRebillSetting, Order, User } from '../../models/index.ts';

export const CARD_NOT_SAVED_MESSAGE = 'The card was not saved. Please try again.';
export const NOT_PAYABLE_MESSAGE = 'This order cannot be paid here any more.';

type SettingsRow = AutoRebillSetting;

async function settingsRow(db: Knex | Knex.Transaction, userId: number): Promise<SettingsRow | undefined> {
  return AutoRebillSetting.query(db).findById(userId);
}

async function ensureRow(deps: AppDeps, userId: number): Promise<void> {
  await AutoRebillSetting.query(deps.db).insert({ userId }).onConflict('userId').ignore();
}

/** Did a change from `before` to `after` take the balance below the threshold (from at or above it)? */
export function crossedBelow(before: number, after: number, threshold: number): boolean {
  return before >= threshold && after < threshold;
}

/**
 * Inside the transaction of a balance change that holds the agent's balance lock (lockBalance): records
 * a crossing of the agent's auto-rebill threshold. `ref` names the change (call-12); the row is unique
 * per agent and ref. Answers whether a charge was queued (then call chargeQueued after the commit).
 */
export async function noteAutoRebillCrossing(
  trx: Knex.Transaction,
  userId: number,
  change: { before: number; after: number; ref: string },
  now: Date,
): Promise<boolean> {
  const s = await settingsRow(trx, userId);
  if (!s || !s.enabled || !s.paymentMethodId || !crossedBelow(change.before, change.after, Number(s.threshold))) return false;
  const stamp = toDbDate(now);
  await AutoRebillCharge.query(trx).insert({ userId, crossing: change.ref.slice(0, 64), status: 'queued', createdAt: stamp, updatedAt: stamp });
  return true;
}

/** Charges every queued crossing of the agent (each claimed by one caller). Never throws: logs instead. */
export async function chargeQueued(deps: AppDeps, userId: number): Promise<void> {
  const queued = await AutoRebillCharge.query(deps.db).where({ userId, status: 'queued' }).orderBy('id').select('id');
  for (const q of queued) {
    try {
      await chargeOne(deps, Number(q.id));
    } catch (err) {
      deps.logger.error({ err, userId, chargeId: q.id }, 'auto-rebill charge failed');
    }
  }
}

/** A crossing queued this long ago and still not charged was left by a process that stopped: the sweep charges it. */
export const STALE_QUEUED_MS = 60_000;

/** The auto-rebill sweep job (jobs/core.ts): charges crossings left queued. Answers how many it tried. */
export async function chargeStaleQueued(deps: AppDeps): Promise<number> {
  const before = toDbDate(new Date(deps.clock.now().getTime() - STALE_QUEUED_MS));
  const rows = await AutoRebillCharge.query(deps.db)
    .where({ status: 'queued' })
    .where('createdAt', '<', before)
    .orderBy('id')
    .limit(100)
    .select('id', 'userId');
  for (const r of rows) {
    try {
      await chargeOne(deps, Number(r.id));
    } catch (err) {
      deps.logger.error({ err, userId: r.userId, chargeId: r.id }, 'auto-rebill charge failed');
    }
  }
  return rows.length;
}

async function setCharge(deps: AppDeps, id: number, patch: Partial<Pick<AutoRebillCharge, 'status' | 'orderId' | 'message'>>): Promise<void> {
  await AutoRebillCharge.query(deps.db)
    .findById(id)
    .patch({ ...patch, updatedAt: toDbDate(deps.clock.now()) });
}

/** The saved card's brand and last four digits as the provider reports them. */
async function reportedCard(deps: AppDeps, paymentMethodId: string, saved: { brand: string | null; last4: string | null }) {
  try {
    const pm = await deps.stripe.paymentMethods.retrieve(paymentMethodId);
    return { brand: pm.card?.brand ?? saved.brand, last4: pm.card?.last4 ?? saved.last4 };
  } catch (err) {
    deps.logger.warn({ err, paymentMethod: paymentMethodId }, 'reading the saved card failed; the receipt names the saved copy');
    return saved;
  }
}

async function chargeOne(deps: AppDeps, id: number): Promise<void> {
  const claimed = await AutoRebillCharge.query(deps.db)
    .where({ id, status: 'queued' })
    .patch({ status: 'charging', updatedAt: toDbDate(deps.clock.now()) });
  if (Number(claimed) !== 1) return;
  const row = (await AutoRebillCharge.query(deps.db).findById(id))!;
  const s = await settingsRow(deps.db, row.userId);
  if (!s?.enabled || !s.paymentMethodId || !s.stripeCustomerId) {
    await setCharge(deps, id, { status: 'skipped', message: 'Auto-rebill was turned off or the card removed.' });
    return;
  }
  // A crossing charged before (a retry of the same crossing) is not charged again: one order per crossing.
  const key = `auto-rebill-${id}`;
  const earlier = await Order.query(deps.db).where({ idempotencyKey: key }).select('id').first();
  if (earlier) {
    await setCharge(deps, id, { status: 'charged', orderId: Number(earlier.id) });
    return;
  }
  // The card as the provider reports it now, named on the receipt (the saved row's copy if it cannot say).
  const card = await reportedCard(deps, s.paymentMethodId, { brand: s.cardBrand, last4: s.cardLast4 });
  let created;
  try {
    // An order from the dashboard at the agent's own price (decision 246); it changes no Transfer Controls.
    created = await createOrder(
      deps,
      { kind: 'live_transfer', count: Number(s.packageCount), userId: row.userId },
      {
        offSession: {
          customer: s.stripeCustomerId,
          paymentMethod: s.paymentMethodId,
          key,
          metadata: { autoRebill: { chargeId: id, crossing: row.crossing, card } },
        },
      },
    );
  } catch (err) {
    await setCharge(deps, id, { status: 'skipped', message: err instanceof Error ? err.message.slice(0, 500) : 'failed' });
    throw err;
  }
  const result = created.offSession!;
  if (!result.error) {
    await setCharge(deps, id, { status: 'charged', orderId: created.orderId });
    return;
  }
  const reason = result.error.code === 'authentication_required' ? 'authentication_required' : 'declined';
  await deps.db.transaction(async (trx) => {
    await AutoRebillCharge.query(trx)
      .findById(id)
      .patch({ status: 'action_needed', orderId: created.orderId, message: result.error!.message.slice(0, 500), updatedAt: toDbDate(deps.clock.now()) });
    await enqueueUserMail(trx, deps.config, row.userId, deps.clock.now(), (to) =>
      autoRebillActionMail(deps.config, to, { orderId: created.orderId, count: Number(s.packageCount), totalCents: created.amount, reason, chargeId: id }),
    );
  });
  deps.logger.info({ userId: row.userId, orderId: created.orderId, code: result.error.code }, 'auto-rebill needs the agent');
}

// ---------------------------------------------------------------------------------------------
// The agent's view and settings

async function actionNeeded(deps: AppDeps, userId: number): Promise<AutoRebillActionView | null> {
  const row = await AutoRebillCharge.query(deps.db).where({ userId, status: 'action_needed' }).whereNotNull('orderId').orderBy('id', 'desc').first();
  if (!row) return null;
  const order = await Order.query(deps.db).findById(row.orderId!);
  // Only an order still payable: pending (authentication needed) or failed (declined). An expired one's
  // intent is canceled by the stale-order job; the next crossing tries again.
  if (!order || (order.status !== 'pending' && order.status !== 'failed')) return null;
  return {
    orderId: Number(order.id),
    amountCents: Number(order.amountCents),
    count: Number(order.count),
    reason: /authentication/i.test(row.message ?? '') ? 'authentication_required' : 'declined',
    message: row.message ?? '',
    payUrl: autoRebillPayUrl(deps.config, Number(order.id)).replace(deps.config.publicOrigin, ''),
  };
}

/** The agent's own price of a transfer: what their dashboard orders (and so their top-ups) charge. */
async function ownPrice(deps: AppDeps, userId: number) {
  const user = await User.query(deps.db).findById(userId).select('id', 'liveTransferPriceCents');
  return dashboardTransferPrice(user?.liveTransferPriceCents ?? null);
}

export async function autoRebillView(deps: AppDeps, userId: number): Promise<AutoRebillView> {
  const s = await settingsRow(deps.db, userId);
  const count = Number(s?.packageCount ?? 25);
  const price = await ownPrice(deps, userId);
  const q = quoteLiveTransfer(count, price.cents);
  return {
    card: s?.paymentMethodId && s.cardLast4 ? { brand: s.cardBrand ?? 'card', last4: s.cardLast4 } : null,
    enabled: Boolean(s?.enabled) && Boolean(s?.paymentMethodId),
    threshold: Number(s?.threshold ?? 5),
    count,
    unitPriceCents: price.cents,
    priceSource: price.source,
    priceLabel: PRICE_SOURCE_LABEL[price.source],
    bufferSeconds: bufferSecondsFor({ kind: 'live_transfer', tier: null }),
    amountCents: q.ok ? q.amountCents : 0,
    actionNeeded: await actionNeeded(deps, userId),
  };
}

export async function updateAutoRebill(deps: AppDeps, userId: number, input: AutoRebillSettingsInput): Promise<AutoRebillView> {
  const q = quoteLiveTransfer(input.count, (await ownPrice(deps, userId)).cents);
  if (!q.ok) throw badRequest(`count: ${q.message}`, { count: q.message });
  await ensureRow(deps, userId);
  const s = (await settingsRow(deps.db, userId))!;
  if (input.enabled && !s.paymentMethodId) throw badRequest(NEEDS_CARD_MESSAGE, { enabled: NEEDS_CARD_MESSAGE });
  await AutoRebillSetting.query(deps.db)
    .findById(userId)
    .patch({ enabled: input.enabled, threshold: input.threshold, packageCount: q.count, updatedAt: toDbDate(deps.clock.now()) });
  return autoRebillView(deps, userId);
}

/** The agent's Stripe Customer, created on first use (one per agent; a race keeps the first). */
async function customerFor(deps: AppDeps, userId: number): Promise<string> {
  await ensureRow(deps, userId);
  const s = (await settingsRow(deps.db, userId))!;
  if (s.stripeCustomerId) return s.stripeCustomerId;
  const user = await User.query(deps.db).findById(userId).select('id', 'email');
  const customer = await deps.stripe.customers.create(
    { email: user?.email ?? undefined, metadata: { userId: String(userId) } },
    { idempotencyKey: `customer-user-${userId}` },
  );
  await AutoRebillSetting.query(deps.db).where({ userId }).whereNull('stripeCustomerId').patch({ stripeCustomerId: customer.id });
  return (await settingsRow(deps.db, userId))!.stripeCustomerId!;
}

export async function startCardSetup(deps: AppDeps, userId: number): Promise<SetupIntentResponse> {
  const customer = await customerFor(deps, userId);
  const si = await deps.stripe.setupIntents.create({
    customer,
    usage: 'off_session',
    payment_method_types: ['card'],
    metadata: { userId: String(userId) },
  });
  return {
    clientSecret: si.client_secret ?? '',
    publishableKey: deps.config.stripe.testMode ? null : (deps.config.stripe.publishableKey ?? null),
    testMode: deps.config.stripe.testMode,
  };
}

/** After the portal confirmed the SetupIntent: the server asks the provider and keeps the card it saved. */
export async function saveCard(deps: AppDeps, userId: number, setupIntentId: string): Promise<AutoRebillView> {
  const s = await settingsRow(deps.db, userId);
  if (!s?.stripeCustomerId) throw notFound('Card setup not found');
  let si: Stripe.SetupIntent;
  try {
    si = await deps.stripe.setupIntents.retrieve(setupIntentId);
  } catch {
    throw notFound('Card setup not found');
  }
  if (si.customer !== s.stripeCustomerId) throw notFound('Card setup not found');
  if (si.status !== 'succeeded' || typeof si.payment_method !== 'string') throw conflict(CARD_NOT_SAVED_MESSAGE);
  const pm = await deps.stripe.paymentMethods.retrieve(si.payment_method);
  const previous = s.paymentMethodId;
  await AutoRebillSetting.query(deps.db)
    .findById(userId)
    .patch({ paymentMethodId: pm.id, cardBrand: pm.card?.brand ?? 'card', cardLast4: pm.card?.last4 ?? null, updatedAt: toDbDate(deps.clock.now()) });
  if (previous && previous !== pm.id) await detach(deps, previous);
  return autoRebillView(deps, userId);
}

async function detach(deps: AppDeps, pmId: string): Promise<void> {
  try {
    await deps.stripe.paymentMethods.detach(pmId);
  } catch (err) {
    deps.logger.warn({ err, paymentMethod: pmId }, 'detaching a saved card failed');
  }
}

/** Removes the saved card (detached at the provider) and turns auto-rebill off: nothing is left to charge. */
export async function removeCard(deps: AppDeps, userId: number): Promise<AutoRebillView> {
  const s = await settingsRow(deps.db, userId);
  if (!s?.paymentMethodId) throw notFound('No saved card');
  await AutoRebillSetting.query(deps.db)
    .findById(userId)
    .patch({ paymentMethodId: null, cardBrand: null, cardLast4: null, enabled: false, updatedAt: toDbDate(deps.clock.now()) });
  await detach(deps, s.paymentMethodId);
  return autoRebillView(deps, userId);
}

/** The pay-on-session page: the client secret of an auto-rebill order of this agent that is still unpaid. */
export async function autoRebillPayment(deps: AppDeps, userId: number, orderId: number): Promise<AutoRebillPaymentResponse> {
  const charge = await AutoRebillCharge.query(deps.db).where({ userId, orderId }).first();
  const order = charge ? await Order.query(deps.db).findById(orderId) : undefined;
  if (!order || Number(order.userId) !== userId || !order.paymentIntentId) throw notFound('Order not found');
  if (order.status !== 'pending' && order.status !== 'failed') throw conflict(NOT_PAYABLE_MESSAGE);
  const intent = await deps.stripe.paymentIntents.retrieve(order.paymentIntentId);
  if (intent.status === 'succeeded' || intent.status === 'canceled') throw conflict(NOT_PAYABLE_MESSAGE);
  return {
    orderId: Number(order.id),
    amountCents: Number(order.amountCents),
    count: Number(order.count),
    clientSecret: intent.client_secret ?? '',
    publishableKey: deps.config.stripe.testMode ? null : (deps.config.stripe.publishableKey ?? null),
    testMode: deps.config.stripe.testMode,
  };
}
