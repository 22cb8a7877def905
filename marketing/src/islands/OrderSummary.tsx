// The order on the return pages (/onboarding-success, /thank-you), read from the server by the
// payment_intent Stripe puts in the URL; redirect_status alone is never trusted. A pending order is
// read again a few times (the server retrieves the intent from Stripe when the webhook is late).
import { useEffect, useState } from 'react';
import { api, ApiError, TIERS, formatUsd, type TierId } from '@tm/shared';
import type { OrderView } from '@tm/shared/schemas/payments';
import './checkout/checkout.css';

const POLL_MS = 1500;
const MAX_POLLS = 8;

const STATUS_LABEL: Record<OrderView['status'], string> = {
  paid: 'Paid',
  pending: 'Processing',
  failed: 'Payment failed',
  canceled: 'Canceled',
  expired: 'Expired',
  refunded: 'Refunded',
};

export function tierLabel(tier: string | null): string {
  if (!tier) return '';
  if (tier === 'high-volume') return 'High Volume';
  if (tier === 'ringcloud') return 'RingCloud';
  return TIERS[tier as TierId]?.label ?? tier;
}

function countLabel(order: OrderView): string {
  switch (order.kind) {
    case 'leads':
      return 'Leads';
    case 'appointments':
      return 'Appointments';
    case 'ringcloud':
      return 'Quantity';
    default:
      return 'Transfers';
  }
}

export default function OrderSummary() {
  const [intentId, setIntentId] = useState<string | null>(null);
  const [order, setOrder] = useState<OrderView | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const id = new URLSearchParams(window.location.search).get('payment_intent');
    if (!id) return;
    setIntentId(id);
    let stopped = false;
    let polls = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      try {
        const o = await api.requestJson<OrderView>('GET', `/api/orders/by-intent/${encodeURIComponent(id)}`);
        if (stopped) return;
        setOrder(o);
        setError(null);
        polls += 1;
        if (o.status === 'pending' && polls < MAX_POLLS) timer = setTimeout(() => void load(), POLL_MS);
      } catch (err) {
        if (stopped) return;
        setError(err instanceof ApiError && err.status === 404 ? 'We could not find this order.' : 'We could not load your order. Please refresh the page.');
      }
    };
    void load();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, []);

  if (!intentId) return null;
  return (
    <section className="card order-summary" aria-labelledby="order-summary-title" aria-live="polite" aria-busy={!order && !error}>
      <h2 id="order-summary-title">Your Order</h2>
      {error && <p className="form-error">{error}</p>}
      {!order && !error && <p className="muted">Loading your order...</p>}
      {order && (
        <dl className="summary-list" data-testid="order-summary">
          <dt>Order</dt>
          <dd>#{order.orderId}</dd>
          <dt>{countLabel(order)}</dt>
          <dd data-testid="order-count">{order.count.toLocaleString('en-US')}</dd>
          {order.tier && (
            <>
              <dt>Package</dt>
              <dd data-testid="order-tier">{tierLabel(order.tier)}</dd>
            </>
          )}
          <dt>Rate</dt>
          <dd>{formatUsd(order.unitPriceCents)} each</dd>
          <dt>Amount</dt>
          <dd data-testid="order-amount">{formatUsd(order.amountCents)}</dd>
          <dt>Status</dt>
          <dd data-testid="order-status" className={`order-status-${order.status}`}>
            {STATUS_LABEL[order.status] ?? order.status}
            {order.status === 'pending' && ' (confirming your payment...)'}
          </dd>
          {order.failureMessage && order.status !== 'paid' && (
            <>
              <dt>Note</dt>
              <dd>{order.failureMessage}</dd>
            </>
          )}
          {order.testMode && (
            <>
              <dt>Mode</dt>
              <dd>Test payment: no real card was charged</dd>
            </>
          )}
        </dl>
      )}
    </section>
  );
}
