// Abandoned checkouts (issue 36 point 7, decision 231): the orders left unpaid (pending, or expired by
// the stale-order job without a payment), newest first, with their expiry, buyer e-mail and product; and
// the admin's re-sent checkout link: one e-mail to the buyer with a link to the product's checkout,
// at most one per buyer (their e-mail) per 24 hours (checked in the transaction, and a per-window dedupe key in the
// outbox so two admins clicking at once send one), audited.
import { HIGH_VOLUME, TIERS, type TierId } from '@tm/shared';
import {
  CHECKOUT_RESEND_WINDOW_MS,
  NO_BUYER_MESSAGE,
  NOT_ABANDONED_MESSAGE,
  resendLimitMessage,
  type AbandonedCheckout,
  type AbandonedCheckoutsPage,
} from '@tm/shared/schemas/abandoned-checkouts';
import type { ListQuery } from '@tm/shared/schemas/admin';
import { formatDateTime } from '@tm/shared/logic/format';
import type { AppDeps } from '../../deps.ts';
import { toDbDate, toIso } from '../../db/dates.ts';
import { Order, OutboxMail, User } from '../../models/index.ts';
import { conflict, notFound } from '../../errors.ts';
import { readPage, withItems } from '../../db/paging.ts';
import { whereAnyContains } from '../../db/like.ts';
import { orderDescription } from '../transfers/lots.service.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { checkoutReminderMail } from '../mail/messages.ts';

const UNPAID = ['pending', 'expired'];

/** The page a buyer places this kind of order again on. */
export function checkoutPathOf(order: { kind: string; tier: string | null }): string {
  switch (order.kind) {
    case 'transfer_package':
      return order.tier === HIGH_VOLUME.id ? HIGH_VOLUME.checkoutPath : (TIERS[order.tier as TierId]?.checkoutPath ?? '/checkout');
    case 'ringcloud':
      return '/ringcloud';
    case 'leads':
      return '/dashboard?tab=buy-aged-leads';
    case 'appointments':
      return '/dashboard?tab=buy-appointments';
    default:
      return '/dashboard';
  }
}

type Row = Pick<Order, 'id' | 'userId' | 'kind' | 'tier' | 'count' | 'metadata' | 'status' | 'amountCents' | 'createdAt'> & {
  email: string | null;
  firstName?: string | null;
};

/** The checkout's buyer fields of an order made before its account (the funnel's anonymous buyers). */
function metaBuyer(metadata: string | null): { email: string; firstName: string | null } | null {
  try {
    const b = (JSON.parse(metadata ?? '{}') as { buyer?: { email?: unknown; firstName?: unknown } }).buyer;
    return b && typeof b.email === 'string' ? { email: b.email.trim().toLowerCase(), firstName: typeof b.firstName === 'string' ? b.firstName : null } : null;
  } catch {
    return null;
  }
}

/** Who an unpaid order's link goes to: its account, else the e-mail typed at checkout. */
const recipientOf = (r: { userId: number | null; email: string | null; firstName?: string | null; metadata: string | null }) =>
  r.email
    ? { email: r.email.toLowerCase(), userId: r.userId === null ? null : Number(r.userId), firstName: r.firstName ?? null }
    : { ...metaBuyer(r.metadata), userId: null };

export async function listAbandonedCheckouts(deps: Pick<AppDeps, 'db' | 'config'>, q: ListQuery): Promise<AbandonedCheckoutsPage> {
  const base = Order.query(deps.db).alias('o').leftJoin(`${User.tableName} as u`, 'u.id', 'o.userId').whereIn('o.status', UNPAID);
  // The funnel's anonymous buyers are named only in the order's metadata (checkout buyer fields).
  for (const w of q.q.trim().toLowerCase().split(/\s+/).filter(Boolean).slice(0, 4)) whereAnyContains(base, ['u.email', 'o.metadata'], w);
  const rows = base
    .clone()
    .select('o.id', 'o.userId', 'o.kind', 'o.tier', 'o.count', 'o.metadata', 'o.status', 'o.amountCents', 'o.createdAt', 'u.email', 'u.firstName')
    .orderBy([
      { column: 'o.createdAt', order: 'desc' },
      { column: 'o.id', order: 'desc' },
    ]);
  const page = await readPage<Row>(q, { rows, count: base });
  return withItems(page, await withLastLinks(deps, page.items));
}

async function withLastLinks(deps: Pick<AppDeps, 'db' | 'config'>, rows: Row[]): Promise<AbandonedCheckout[]> {
  const emails = [...new Set(rows.map((r) => recipientOf(r).email).filter((e): e is string => Boolean(e)))];
  const sent = emails.length
    ? ((await OutboxMail.query(deps.db)
        .whereIn('toEmail', emails)
        .where('kind', 'checkout-reminder')
        .groupBy('toEmail')
        .select('toEmail')
        .max('createdAt as last')) as unknown as Array<{ toEmail: string; last: string }>)
    : [];
  const last = new Map(sent.map((s) => [s.toEmail.toLowerCase(), toIso(s.last)]));
  return rows.map((r) => ({
    orderId: Number(r.id),
    status: r.status as 'pending' | 'expired',
    createdAt: toIso(r.createdAt) ?? '',
    expiresAt: new Date(Date.parse(toIso(r.createdAt) ?? '') + deps.config.pendingOrderTtlMs).toISOString(),
    email: recipientOf(r).email ?? null,
    userId: r.userId === null ? null : Number(r.userId),
    product: orderDescription({ kind: r.kind, tier: r.tier, count: Number(r.count), metadata: r.metadata }),
    amountCents: Number(r.amountCents),
    checkoutUrl: `${deps.config.publicOrigin}${checkoutPathOf(r)}`,
    lastLinkSentAt: last.get(recipientOf(r).email ?? '') ?? null,
  }));
}

/** Sends the buyer of an unpaid order one e-mail with the link to the product's checkout. */
export async function resendCheckoutLink(
  deps: Pick<AppDeps, 'db' | 'config'>,
  orderId: number,
  now: Date,
  actor: AuditActor,
): Promise<{ sentTo: string; checkoutUrl: string }> {
  return deps.db.transaction(async (trx) => {
    const order = await Order.query(trx).findById(orderId).select('id', 'userId', 'kind', 'tier', 'count', 'metadata', 'status');
    if (!order) throw notFound('Order not found');
    if (!UNPAID.includes(order.status)) throw conflict(NOT_ABANDONED_MESSAGE);
    const account = order.userId === null ? undefined : await User.query(trx).findById(order.userId).select('email', 'firstName');
    const to = recipientOf({ userId: order.userId, email: account?.email ?? null, firstName: account?.firstName ?? null, metadata: order.metadata });
    if (!to.email) throw conflict(NO_BUYER_MESSAGE);
    const email = to.email;
    const since = new Date(now.getTime() - CHECKOUT_RESEND_WINDOW_MS);
    const recent = await OutboxMail.query(trx)
      .where({ toEmail: email, kind: 'checkout-reminder' })
      .where('createdAt', '>', toDbDate(since))
      .orderBy('createdAt', 'desc')
      .select('createdAt')
      .first();
    const blocked = (at: string | null) =>
      conflict(resendLimitMessage(formatDateTime(new Date(Date.parse(at ?? '') + CHECKOUT_RESEND_WINDOW_MS).toISOString())));
    if (recent) throw blocked(toIso(recent.createdAt));
    const checkoutUrl = `${deps.config.publicOrigin}${checkoutPathOf(order)}`;
    const product = orderDescription({ kind: order.kind, tier: order.tier, count: Number(order.count), metadata: order.metadata });
    // The window's number in the dedupe key: of two sends racing in one window, the outbox keeps one.
    const window = String(Math.floor(now.getTime() / CHECKOUT_RESEND_WINDOW_MS));
    const sentId = await enqueueMail(
      trx,
      now,
      checkoutReminderMail(deps.config, { email, userId: to.userId, firstName: to.firstName }, { id: orderId, product, url: checkoutUrl }, window),
    );
    if (sentId === null) throw blocked(now.toISOString());
    await recordAudit(trx, {
      actor,
      action: 'order.checkout_link_sent',
      entity: 'order',
      entityId: orderId,
      userId: to.userId,
      after: { sentTo: email, checkoutUrl, product },
      at: now,
    });
    return { sentTo: email, checkoutUrl };
  });
}
