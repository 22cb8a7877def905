// /transfer-checkout: finishes a live-transfer order started on the dashboard. Reads the pending
// order from browser storage, shows its summary and the payment form (Complete Payment), and
// returns to My Transfers (/dashboard/transfers), which shows the payment and the new balance. Without a pending order (or once it is paid or closed): No Order Found.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { PaymentForm } from '@tm/shared/ui/PaymentForm';
import { formatUsd } from '@tm/shared/logic/format';
import { PENDING_TRANSFER_ORDER_KEY, type PendingTransferOrder } from '@tm/shared/schemas/dashboard';
import { useToast } from '../../../components/toast.tsx';
import { PaymentSystemError } from '../../../components/PaymentSystemError.tsx';
import { useStripePublicKey } from '../../../lib/stripe-public-key.ts';
import { useOrderByIntent } from '../api/order-by-intent.ts';

export function readPendingTransferOrder(): PendingTransferOrder | null {
  try {
    const raw = JSON.parse(localStorage.getItem(PENDING_TRANSFER_ORDER_KEY) ?? 'null') as Partial<PendingTransferOrder> | null;
    if (!raw || typeof raw.clientSecret !== 'string' || !raw.clientSecret || !raw.transferDetails) return null;
    return raw as PendingTransferOrder;
  } catch {
    return null;
  }
}

function clearPendingTransferOrder(): void {
  try {
    localStorage.removeItem(PENDING_TRANSFER_ORDER_KEY);
  } catch {
    /* nothing stored */
  }
}

const money = (decimal: string) => formatUsd(Math.round(Number(decimal) * 100), { cents: true });

function Spinner({ label }: { label: string }) {
  return (
    <div className="dash-spinner" role="status">
      <span className="dash-spinner-wheel" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

function NoOrder() {
  return (
    <div className="card checkout-card checkout-empty">
      <h1>No Order Found</h1>
      <p className="muted">There is no pending transfer order in this browser. Start an order from your dashboard.</p>
      <Link className="btn" to="/dashboard?tab=buy-call-transfers">
        Back to Dashboard
      </Link>
    </div>
  );
}

export function TransferCheckoutPage() {
  const toast = useToast();
  const [order, setOrder] = useState<PendingTransferOrder | null | undefined>(undefined);
  useEffect(() => setOrder(readPendingTransferOrder()), []);
  const intentId = order ? (order.clientSecret.split('_secret_')[0] ?? null) : null;
  const status = useOrderByIntent(intentId);
  const key = useStripePublicKey();
  const orderStatus = status.data?.status;
  const closed = orderStatus !== undefined && orderStatus !== 'pending' && orderStatus !== 'failed';

  useEffect(() => {
    // A paid, canceled or expired order is not offered again.
    if (closed) clearPendingTransferOrder();
  }, [closed]);

  useEffect(() => {
    document.title = 'Transfer Checkout · Agent Portal';
  }, []);

  let body;
  if (order === undefined) body = <Spinner label="Loading your order..." />;
  else if (order === null || closed) body = <NoOrder />;
  else {
    const d = order.transferDetails;
    body = (
      <div className="checkout-grid">
        <section className="card checkout-card" aria-labelledby="summary-title">
          <h2 id="summary-title">Order Summary</h2>
          <dl className="checkout-summary">
            <div>
              <dt>Total transfers</dt>
              <dd>{d.totalTransfers}</dd>
            </div>
            <div>
              <dt>Transfers per day</dt>
              <dd>{d.transfersPerDay}</dd>
            </div>
            <div>
              <dt>States</dt>
              <dd>{d.states}</dd>
            </div>
            <div className="checkout-total">
              <dt>Total price</dt>
              <dd data-testid="checkout-total">{money(order.totalPrice)}</dd>
            </div>
          </dl>
          <p className="muted small">You are billed only for transfers that last over the buffer.</p>
        </section>
        <section className="card checkout-card" aria-labelledby="payment-title">
          <h2 id="payment-title">Payment</h2>
          {key.isError ? (
            <PaymentSystemError />
          ) : !order.clientSecret || key.isPending || status.isPending ? (
            <Spinner label="Preparing secure payment..." />
          ) : (
            <PaymentForm
              clientSecret={order.clientSecret}
              publishableKey={key.data.publicKey}
              testMode={key.data.testMode}
              returnUrl={new URL('/dashboard/transfers', window.location.origin).toString()}
              submitLabel="Complete Payment"
              redirect="always"
              onSuccess={() => clearPendingTransferOrder()}
              onError={(message) =>
                toast({ title: 'Payment Failed', description: message || 'Something went wrong. Please try again.', variant: 'destructive' })
              }
            />
          )}
        </section>
      </div>
    );
  }

  return (
    <div className="checkout-page">
      <header className="checkout-header">
        <Link to="/dashboard?tab=buy-call-transfers" className="checkout-back">
          ← Back to Dashboard
        </Link>
        <h1>Complete Your Transfer Order</h1>
      </header>
      {body}
    </div>
  );
}
