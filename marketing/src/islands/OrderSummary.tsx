// The order on the return pages (/onboarding-success, /thank-you), read from the server by the
// payment_intent Stripe puts in the URL (POST /api/orders/check: the server asks the provider about the
// latest attempt of an unpaid order); redirect_status alone is never trusted. A pending order is read
// again a few times.
// The page's heading follows the order (issue 13): paid "Payment Successful!", processing, failed
// "Payment Failed" with the provider's message and a way to try again, not found. The outcome is also
// put on <html data-order-status> (and announced as a 'tm:order-status' event), so the parts of the page
// that only fit a paid order (what happens next, the survey link, the confetti) show only then; a failed
// payment's page takes the failure as its title.
import { useEffect, useState } from 'react';
import { api, ApiError, TIERS, HIGH_VOLUME, formatUsd, type TierId } from '@tm/shared';
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

/** Where a buyer tries again after a failed payment: the checkout the order came from. */
export function retryPath(order: Pick<OrderView, 'kind' | 'tier'>): string {
  if (order.kind === 'ringcloud') return '/ringcloud-checkout';
  if (order.kind === 'live_transfer') return '/dashboard/transfers';
  if (order.kind === 'leads') return '/dashboard';
  if (order.kind === 'appointments') return '/dashboard';
  if (order.tier === 'high-volume') return HIGH_VOLUME.checkoutPath;
  return TIERS[order.tier as TierId]?.checkoutPath ?? '/pricing';
}

export type Outcome = 'checking' | 'paid' | 'processing' | 'failed' | 'not-found' | 'unreadable';

function outcomeOf(order: OrderView | null, error: 'not-found' | 'unreadable' | null, settled: boolean): Outcome {
  if (error) return error;
  if (!order) return 'checking';
  if (order.status === 'paid') return 'paid';
  if (order.status === 'pending') return settled ? 'processing' : 'checking';
  return 'failed';
}

const FAILED_TITLE: Partial<Record<OrderView['status'], string>> = {
  failed: 'Payment Failed',
  canceled: 'Payment Canceled',
  expired: 'Payment Expired',
  refunded: 'Payment Refunded',
};

/** The heading block of a return page, following the order's state. */
function OutcomeHeading({
  outcome,
  order,
  paidTitle,
  paidLead,
  variant,
}: {
  outcome: Outcome;
  order: OrderView | null;
  paidTitle: string;
  paidLead: string;
  variant?: string;
}) {
  let title: string;
  let lead: string;
  switch (outcome) {
    case 'paid':
      title = paidTitle;
      lead = paidLead;
      break;
    case 'processing':
      title = 'Payment Processing';
      lead = 'Your payment is still being confirmed. This can take a minute: refresh this page to see the result.';
      break;
    case 'failed':
      title = FAILED_TITLE[order!.status] ?? 'Payment Failed';
      lead = order!.failureMessage ?? 'Your payment did not go through.';
      break;
    case 'not-found':
      title = 'Order not found';
      lead = 'We could not find this payment. If you were charged, contact us and we will sort it out.';
      break;
    case 'unreadable':
      title = 'We could not check your payment';
      lead = 'Please refresh the page in a moment.';
      break;
    default:
      title = 'Checking your payment...';
      lead = 'One moment while we confirm your order.';
  }
  return (
    <div className="center" data-outcome={outcome}>
      <h1 id="outcome-title" data-testid="outcome-title" data-variant={variant}>
        {title}
      </h1>
      <p className="lead" data-testid="outcome-lead">
        {lead}
      </p>
      {outcome === 'failed' && order && (
        <p>
          <a className="btn" href={retryPath(order)} data-testid="try-again">
            Try again
          </a>
        </p>
      )}
      {outcome === 'not-found' && (
        <p>
          <a className="btn btn-outline" href="/pricing">
            See pricing
          </a>
        </p>
      )}
    </div>
  );
}

/**
 * The return page's heading and order. Without a payment_intent in the URL: `fallback` (a journey
 * without a payment, such as the partner application) or, when there is none, "Order not found".
 */
export default function OrderSummary(props: {
  paidTitle?: string;
  paidLead?: string;
  withHeading?: boolean;
  fallbackTitle?: string;
  fallbackLead?: string;
  /** Other journeys without a payment, picked by ?journey= (the partner application). */
  journeys?: Record<string, { title: string; lead: string }>;
  /** The page variant, on the heading as data-variant. */
  variant?: string;
  /**
   * Said under the heading of every paid order: true whether or not the e-mail had an account, since the
   * page never learns which (issue 35 A9: a flag that differed told anyone whether an address had one).
   */
  accountNote?: string;
}) {
  const { paidTitle = 'Payment Successful!', paidLead = 'Your order has been processed successfully.', withHeading = false, journeys = {} } = props;
  const [journey, setJourney] = useState<string | null>(null);
  const picked = journey && Object.hasOwn(journeys, journey) ? journeys[journey] : null;
  const fallbackTitle = picked?.title ?? props.fallbackTitle;
  const fallbackLead = picked?.lead ?? props.fallbackLead;
  const [intentId, setIntentId] = useState<string | null | undefined>(undefined);
  const [order, setOrder] = useState<OrderView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [errorKind, setErrorKind] = useState<'not-found' | 'unreadable' | null>(null);
  const [settled, setSettled] = useState(false);

  // Before the URL is read (the server-rendered HTML): a page with a journey of its own shows that journey's
  // heading; a payment's return page says it is checking.
  const outcome =
    intentId === null || (intentId === undefined && fallbackTitle) ? (fallbackTitle ? 'none' : 'not-found') : outcomeOf(order, errorKind, settled);
  useEffect(() => {
    if (intentId === undefined || outcome === 'none') return;
    // While checking too: what fits only a paid order stays hidden until the server says paid (issue 34 item 8).
    document.documentElement.dataset.orderStatus = outcome;
    if (outcome === 'checking') return;
    // A failed payment's page is titled by the failure, never by the page's thanks.
    if (outcome === 'failed' && order) document.title = FAILED_TITLE[order.status] ?? 'Payment Failed';
    document.dispatchEvent(new CustomEvent('tm:order-status', { detail: outcome }));
  }, [outcome, intentId, order]);

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const id = params.get('payment_intent');
    setIntentId(id);
    if (!id) {
      const j = params.get('journey');
      setJourney(j);
      if (j && Object.hasOwn(journeys, j)) document.documentElement.dataset.journey = j;
      return;
    }
    setIntentId(id);
    let stopped = false;
    let polls = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      try {
        // The server's own check of the latest attempt (a decline then a good card reads paid at once,
        // even while the success event is on its way), never the stored state alone (issue 25 item 1).
        const o = await api.requestJson<OrderView>('POST', '/api/orders/check', { paymentIntentId: id });
        if (stopped) return;
        setOrder(o);
        setError(null);
        setErrorKind(null);
        polls += 1;
        if (o.status === 'pending' && polls < MAX_POLLS) timer = setTimeout(() => void load(), POLL_MS);
        else setSettled(true);
      } catch (err) {
        if (stopped) return;
        const missing = err instanceof ApiError && (err.status === 404 || err.status === 400);
        setError(missing ? 'We could not find this order.' : 'We could not load your order. Please refresh the page.');
        setErrorKind(missing ? 'not-found' : 'unreadable');
      }
    };
    void load();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- polls once per mount, as written
  }, []);

  const heading = withHeading ? (
    outcome === 'none' ? (
      <div className="center" data-outcome="none">
        <h1 id="outcome-title" data-testid="outcome-title" data-variant={props.variant}>
          {fallbackTitle}
        </h1>
        {fallbackLead && (
          <p className="lead" data-testid="outcome-lead">
            {fallbackLead}
          </p>
        )}
      </div>
    ) : (
      <OutcomeHeading
        outcome={intentId === undefined ? 'checking' : (outcome as Outcome)}
        order={order}
        paidTitle={paidTitle}
        paidLead={paidLead}
        variant={props.variant}
      />
    )
  ) : null;
  if (!intentId) return heading;
  return (
    <>
      {heading}
      {props.accountNote && outcome === 'paid' && (
        <p className="notice notice-ok center" data-testid="account-note">
          {props.accountNote}
        </p>
      )}
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
    </>
  );
}
