// Order e-mails, written in the transaction that moves the order (decision 045): the receipt when it is
// paid (items, count, rate, amount, card's last four digits when known, a link to the receipt page), one
// invitation (.ics) per appointment bought, "payment failed", and every refund (an admin's, or the server's
// own for a shortfall). Orders without an account (a funnel
// guest before 13a links one) have no one to write to yet.
import type { Knex } from 'knex';
import type { AppConfig } from '../../config.ts';
import { enqueueMail } from './outbox.ts';
import { autoRebillReceiptMail, orderRefundMail, orderReceiptMail, paymentFailedMail, type ReceiptLine } from './messages.ts';
import { appointmentPurchasedMail } from './delivery-messages.ts';
import { orderDescription, transferLots } from '../transfers/lots.service.ts';
import { Appointment, Order, User } from '../../models/index.ts';
import { recipientTimeZone } from '../accounts/agent-time-zone.ts';
import { REORDER_NOTE, orderPriceBasis, priceSourceOf } from '@tm/shared/logic/price-story';
import { ITEM_LABELS, mailLineLabel, orderItems, receiptLines } from '../orders/receipt-lines.ts';
import { autoRebillChargeOf } from '@tm/shared/logic/auto-rebill';

const KIND_LABELS: Record<string, string> = {
  transfer_package: 'Live transfers',
  ringcloud: 'RingCloud package',
  leads: 'Leads',
  appointments: 'AI-set appointments',
  live_transfer: 'Live transfers',
};

async function recipient(trx: Knex, userId: number | null) {
  if (!userId) return null;
  const u = await User.query(trx).findById(userId).select('id', 'email', 'firstName');
  return u ? { id: Number(u.id), email: String(u.email), firstName: u.firstName as string | null, timeZone: await recipientTimeZone(trx, Number(u.id)) } : null;
}

/** When an appointment's text date parses as a moment, that moment. */
export function appointmentStart(a: { extractedAppointmentDateTime?: string | null; appointmentDate?: string | null }): Date | null {
  for (const v of [a.extractedAppointmentDateTime, a.appointmentDate]) {
    if (!v) continue;
    const d = new Date(v);
    if (!Number.isNaN(d.getTime())) return d;
  }
  return null;
}

function shortfallOf(metadata: string | null): { note: string; refundCents: number } | null {
  try {
    const s = (metadata ? (JSON.parse(metadata) as Record<string, unknown>) : {}).shortfall as { note?: unknown; refundCents?: unknown } | undefined;
    return s && typeof s.note === 'string' && typeof s.refundCents === 'number' ? { note: s.note, refundCents: s.refundCents } : null;
  } catch {
    return null;
  }
}

export async function enqueueOrderPaid(trx: Knex, config: AppConfig, orderId: number, now: Date): Promise<void> {
  const order = await Order.query(trx).findById(orderId);
  if (!order) return;
  const to = await recipient(trx, order.userId);
  if (!to) return;
  const items = await orderItems(trx, orderId);
  const lines: ReceiptLine[] = [];
  if (items.length) {
    // One line per kind and price, saying where a buyer's own price came from (decision 251).
    lines.push(...receiptLines(items).map((l) => ({ label: mailLineLabel(l), count: l.count, rateCents: l.rateCents, amountCents: l.amountCents })));
  } else {
    lines.push({
      label: KIND_LABELS[order.kind] ?? order.kind,
      count: Number(order.count),
      rateCents: Number(order.unitPriceCents),
      amountCents: Number(order.amountCents),
    });
  }
  // Which price the transfers were bought at (decision 186): the public tier, the agent rate or a negotiated price.
  const basis = orderPriceBasis({ kind: order.kind, tier: order.tier, priceSource: priceSourceOf(order) });
  if (basis) for (const l of lines) if (l.label === ITEM_LABELS.transfer || l.label === KIND_LABELS.live_transfer) l.label = `${l.label} (${basis})`;
  const receiptUrl = `${config.publicOrigin}/dashboard/receipts/${order.id}`;
  const auto = autoRebillChargeOf(order.metadata);
  if (auto) {
    // An auto-rebill top-up: its receipt says it was automatic and names the card (decision 246).
    await enqueueMail(
      trx,
      now,
      autoRebillReceiptMail(config, to, { id: Number(order.id), totalCents: Number(order.amountCents), lines, receiptUrl, card: auto.card }),
    );
    return;
  }
  await enqueueMail(
    trx,
    now,
    orderReceiptMail(config, to, {
      notes: order.kind === 'transfer_package' ? [REORDER_NOTE] : [],
      id: Number(order.id),
      totalCents: Number(order.amountCents),
      cardLast4: order.cardLast4 ?? null,
      lines,
      receiptUrl,
      shortfall: shortfallOf(order.metadata),
    }),
  );
  if (order.kind === 'appointments') {
    const ids = items.filter((i) => i.kind === 'appointment' && i.itemId != null).map((i) => Number(i.itemId));
    const appts = ids.length ? await Appointment.query(trx).whereIn('id', ids).orderBy('id') : [];
    for (const a of appts) {
      const startsAt = appointmentStart(a);
      const details = [
        a.customerName && `Customer: ${a.customerName}`,
        a.customerPhone && `Phone: ${a.customerPhone}`,
        a.customerState && `State: ${a.customerState}`,
      ].filter(Boolean) as string[];
      await enqueueMail(
        trx,
        now,
        appointmentPurchasedMail(
          config,
          to,
          { id: Number(a.id), startsAt, title: `Appointment with ${a.customerName ?? 'your customer'}`, details },
          Number(order.id),
        ),
      );
    }
  }
}

export async function enqueuePaymentFailed(trx: Knex, config: AppConfig, orderId: number, now: Date): Promise<void> {
  const order = await Order.query(trx).findById(orderId);
  if (!order) return;
  const to = await recipient(trx, order.userId);
  if (!to) return;
  await enqueueMail(
    trx,
    now,
    paymentFailedMail(config, to, { id: Number(order.id), totalCents: Number(order.amountCents), reason: order.failureMessage ?? null }),
  );
}

/**
 * The agent's e-mail about a refund (whole or partial, an admin's or the server's own for a stock
 * shortfall), in the refund's own transaction (the outbox sends it). `taken`: transfers the refund took
 * back (null for orders that are not transfers); `note`: why, when the server refunded on its own.
 */
export async function enqueueRefundMail(
  trx: Knex,
  config: AppConfig,
  now: Date,
  o: { id: number; userId: number | null; kind: string; tier: string | null; count: number; metadata: string | null; amountCents: number },
  /** refundId null: a whole refund of the order without a refund row (a payment that came too late). */
  r: { refundId: number | null; amount: number; refundedCents: number; taken: number | null; moneyOnly: boolean; note?: string },
): Promise<void> {
  if (o.userId === null) return;
  const user = await User.query(trx).findById(o.userId).select('id', 'email', 'firstName');
  if (!user) return;
  const balance = r.taken === null ? null : (await transferLots(trx, Number(o.userId))).reduce((sum, l) => sum + l.remaining, 0);
  await enqueueMail(
    trx,
    now,
    orderRefundMail(
      config,
      { id: Number(user.id), email: String(user.email), firstName: user.firstName },
      {
        orderId: Number(o.id),
        description: orderDescription({ kind: o.kind, tier: o.tier, count: Number(o.count), metadata: o.metadata }),
        amountCents: r.amount,
        orderAmountCents: Number(o.amountCents),
        refundedCents: r.refundedCents,
        transfersTakenBack: r.taken,
        moneyOnly: r.moneyOnly,
        balance,
        refundId: r.refundId,
        ...(r.note ? { note: r.note } : {}),
      },
    ),
  );
}
