// Order and billing messages (decision 045): receipts, refunds, a failed payment, auto-rebill's asks, an
// admin's re-sent checkout link, and the balance running low or out. The frame of every message is in
// mail-base.ts; the other kinds are in account-, staff-, dispute- and delivery-messages.ts.
import crypto from 'node:crypto';
import type { AppConfig } from '../../config.ts';
import type { NewMail } from './outbox.ts';
import { PRODUCT, dollars, hello, mail, type MailUser } from './mail-base.ts';
import { autoRebillChargeText, cardName } from '@tm/shared/logic/auto-rebill';

export interface ReceiptLine {
  label: string;
  count: number;
  rateCents: number;
  amountCents: number;
}

export function orderReceiptMail(
  config: AppConfig,
  user: MailUser,
  order: {
    id: number;
    totalCents: number;
    cardLast4: string | null;
    lines: ReceiptLine[];
    receiptUrl: string;
    notes?: string[];
    /** Stock fell short at payment: what was delivered and refunded ("69 of 100 delivered, $124.00 refunded"). */
    shortfall?: { note: string; refundCents: number } | null;
  },
): NewMail {
  const table: [string, string][] = order.lines.map((l) => [l.label, `${l.count} × ${dollars(l.rateCents)} = ${dollars(l.amountCents)}`]);
  table.push(['Total', dollars(order.totalCents)]);
  if (order.shortfall) {
    table.push(['Refunded', dollars(order.shortfall.refundCents)]);
    table.push(['Net paid', dollars(order.totalCents - order.shortfall.refundCents)]);
  }
  if (order.cardLast4) table.push(['Card', `ending in ${order.cardLast4}`]);
  return mail(config, 'order-receipt', user.email, user.id, `Receipt for your ${PRODUCT} order #${order.id}`, {
    greeting: hello(user.firstName),
    lines: [
      `Thank you: we received your payment for order #${order.id}.`,
      ...(order.shortfall
        ? [`Not enough leads were left for your states and age range when your payment went through: ${order.shortfall.note} to your card.`]
        : []),
    ],
    table,
    link: { label: 'View your receipt', url: order.receiptUrl },
    after: order.notes?.length ? order.notes : undefined,
  });
}

export interface RefundMailFacts {
  orderId: number;
  description: string;
  amountCents: number;
  orderAmountCents: number;
  refundedCents: number;
  /** Transfers this refund took back; null for orders that are not transfers. */
  transfersTakenBack: number | null;
  moneyOnly: boolean;
  /** Transfers left across the agent's orders after the refund; null for orders that are not transfers. */
  balance: number | null;
  /** null: a whole refund of the order made without a refund row (a payment that arrived too late). */
  refundId: number | null;
  /** Why the server refunded on its own (a stock shortfall at payment); absent for an admin's refund. */
  note?: string;
}

/** A refund (whole or partial), an admin's or the server's own: what went back to the card and what it changed. */
export function orderRefundMail(config: AppConfig, user: MailUser, r: RefundMailFacts): NewMail {
  const whole = r.refundedCents >= r.orderAmountCents;
  const table: [string, string][] = [
    ['Refunded now', dollars(r.amountCents)],
    ['Order total', dollars(r.orderAmountCents)],
    ['Refunded in all', dollars(r.refundedCents)],
    ['Net paid', dollars(Math.max(0, r.orderAmountCents - r.refundedCents))],
  ];
  if (r.transfersTakenBack !== null) {
    table.push([
      'Transfers taken back',
      r.moneyOnly || r.transfersTakenBack === 0 ? 'None (money only)' : `${r.transfersTakenBack} transfer${r.transfersTakenBack === 1 ? '' : 's'}`,
    ]);
  }
  if (r.balance !== null) table.push(['Transfers left on your balance', String(r.balance)]);
  return mail(
    config,
    'order-refund',
    user.email,
    user.id,
    `${whole ? 'Refund' : 'Partial refund'} of ${dollars(r.amountCents)} for your ${PRODUCT} order #${r.orderId}`,
    {
      greeting: hello(user.firstName),
      lines: [
        `We refunded ${dollars(r.amountCents)} of order #${r.orderId} (${r.description}) to the card you paid with${whole ? ': the order is now refunded in full' : ''}.`,
        ...(r.note ? [r.note] : []),
        r.moneyOnly
          ? 'This is a goodwill refund: the money goes back to you and no transfers are taken from your balance.'
          : r.transfersTakenBack
            ? `The refund takes ${r.transfersTakenBack} transfer${r.transfersTakenBack === 1 ? '' : 's'} of this order out of your balance.`
            : 'Nothing else about your order changes.',
        'Your bank usually shows the refund within 5 to 10 business days.',
      ],
      table,
      link: { label: 'View your receipt', url: `${config.publicOrigin}/dashboard/receipts/${r.orderId}` },
    },
    { dedupeKey: r.refundId === null ? `order-refund:order-${r.orderId}` : `order-refund:${r.refundId}` },
  );
}

export function paymentFailedMail(config: AppConfig, user: MailUser, order: { id: number; totalCents: number; reason: string | null }): NewMail {
  return mail(config, 'payment-failed', user.email, user.id, `Your ${PRODUCT} payment did not go through`, {
    greeting: hello(user.firstName),
    lines: [
      // The provider's reason ends with its own full stop ("Your card was declined."): one full stop, never two (issue 26).
      `The payment of ${dollars(order.totalCents)} for order #${order.id} was not completed${order.reason ? `: ${order.reason.trim().replace(/[.\s]+$/, '')}` : ''}.`,
      'Nothing was charged. You can try again with another card.',
    ],
    link: { label: 'Go to your dashboard', url: `${config.publicOrigin}/dashboard` },
  });
}

/** Auto-rebill could not charge the saved card off-session: the link opens the order's payment on the portal. */
export function autoRebillActionMail(
  config: AppConfig,
  user: MailUser,
  top: { orderId: number; count: number; totalCents: number; reason: 'authentication_required' | 'declined'; chargeId: number },
): NewMail {
  const why = top.reason === 'authentication_required' ? 'your bank asks you to confirm this payment yourself' : 'your card was declined';
  return mail(
    config,
    'auto-rebill-action',
    user.email,
    user.id,
    `Your ${PRODUCT} top-up needs your action`,
    {
      greeting: hello(user.firstName),
      lines: [
        `Your transfer balance fell below your auto-rebill threshold, so we tried to buy ${top.count} transfers (${dollars(top.totalCents)}, order #${top.orderId}) with your saved card, but ${why}.`,
        'Nothing was charged. Open the link to pay for this order; deliveries pause only if your balance reaches zero.',
      ],
      link: { label: 'Pay for your top-up', url: autoRebillPayUrl(config, top.orderId) },
    },
    { dedupeKey: `auto-rebill-action:${user.id}:${top.chargeId}` },
  );
}

export const autoRebillPayUrl = (config: AppConfig, orderId: number) => `${config.publicOrigin}/dashboard/pay/${orderId}`;

/**
 * The receipt of an auto-rebill top-up (issue 34 item 8, decision 246): the order receipt's rows, saying
 * first that the charge was automatic and naming the card the provider reported (brand and last four).
 */
export function autoRebillReceiptMail(
  config: AppConfig,
  user: MailUser,
  order: { id: number; totalCents: number; lines: ReceiptLine[]; receiptUrl: string; card: { brand: string | null; last4: string | null } | null },
): NewMail {
  const table: [string, string][] = order.lines.map((l) => [l.label, `${l.count} × ${dollars(l.rateCents)} = ${dollars(l.amountCents)}`]);
  table.push(['Total', dollars(order.totalCents)]);
  table.push(['Card', `${cardName(order.card)} (charged automatically)`]);
  return mail(config, 'order-receipt', user.email, user.id, `Receipt for your ${PRODUCT} auto-rebill top-up #${order.id}`, {
    greeting: hello(user.firstName),
    lines: [`Thank you: we received your payment for order #${order.id}.`, autoRebillChargeText(order.card)],
    table,
    link: { label: 'View your receipt', url: order.receiptUrl },
    after: ['Change the top-up or turn auto-rebill off under Profile, Saved card & auto-rebill.'],
  });
}

/** An admin's re-sent checkout link for an order left unpaid (issue 36): one per address per day at most. */
export function checkoutReminderMail(
  config: AppConfig,
  to: { email: string; userId: number | null; firstName?: string | null },
  order: { id: number; product: string; url: string },
  window: string,
): NewMail {
  const addressKey = crypto.createHash('sha256').update(to.email.toLowerCase()).digest('hex').slice(0, 40);
  return mail(
    config,
    'checkout-reminder',
    to.email,
    to.userId,
    `Finish your ${PRODUCT} order`,
    {
      greeting: hello(to.firstName),
      lines: [`Your order #${order.id} (${order.product}) was not paid, so nothing was charged. You can place it again here.`],
      link: { label: 'Finish your order', url: order.url },
    },
    { dedupeKey: `checkout-reminder:${addressKey}:${window}` },
  );
}

export function balanceLowMail(config: AppConfig, user: MailUser, left: number, crossing: string): NewMail {
  return mail(
    config,
    'balance-low',
    user.email,
    user.id,
    `${left} transfers left on your ${PRODUCT} balance`,
    {
      greeting: hello(user.firstName),
      lines: [`You have ${left} live transfers left. Top up to keep calls coming without a pause.`],
      link: { label: 'Buy more transfers', url: `${config.publicOrigin}/dashboard` },
    },
    { dedupeKey: `balance-low:${user.id}:${crossing}` },
  );
}

export function balanceEmptyMail(config: AppConfig, user: MailUser, crossing: string): NewMail {
  return mail(
    config,
    'balance-empty',
    user.email,
    user.id,
    `Your ${PRODUCT} transfers are paused`,
    {
      greeting: hello(user.firstName),
      lines: ['Your transfer balance is empty, so deliveries are paused. Buy more transfers to resume them.'],
      link: { label: 'Buy more transfers', url: `${config.publicOrigin}/dashboard` },
    },
    { dedupeKey: `balance-empty:${user.id}:${crossing}` },
  );
}
