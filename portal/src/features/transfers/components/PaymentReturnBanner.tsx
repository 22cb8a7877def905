// Back on My Transfers after paying for transfers in the portal (issue 13): the order the server reports
// for the payment_intent Stripe put in the URL (redirect_status is never trusted). Paid: the transfers
// are on the balance shown below (read again); processing; failed with the provider's message and a way
// to try again; not found.
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@tm/shared/api-client';
import type { OrderView } from '@tm/shared/schemas/payments';
import { balanceKey, ledgerKey } from '../api/keys.ts';

const POLL_MS = 1500;
const MAX_POLLS = 8;
const BUY_AGAIN = '/dashboard?tab=buy-call-transfers';

export function PaymentReturnBanner() {
  const [params] = useSearchParams();
  const intentId = params.get('payment_intent');
  const client = useQueryClient();
  const order = useQuery({
    queryKey: ['/api/orders/by-intent', intentId],
    queryFn: async () => (await api.getJson<OrderView>(`/api/orders/by-intent/${encodeURIComponent(intentId ?? '')}`))!,
    enabled: Boolean(intentId),
    retry: false,
    refetchInterval: (q) => (q.state.data?.status === 'pending' && q.state.dataUpdateCount < MAX_POLLS ? POLL_MS : false),
  });
  const status = order.data?.status;
  useEffect(() => {
    // The balance and the ledger follow the paid order.
    if (status === 'paid') {
      void client.invalidateQueries({ queryKey: balanceKey });
      void client.invalidateQueries({ queryKey: ledgerKey });
    }
  }, [status, client]);

  if (!intentId) return null;
  if (order.isPending)
    return (
      <div className="xfer-banner" role="status" data-testid="payment-return">
        Checking your payment...
      </div>
    );
  if (order.isError) {
    const missing = order.error instanceof ApiError && order.error.status === 404;
    return (
      <div className="xfer-banner xfer-banner-warn" role="alert" data-testid="payment-return">
        <strong>{missing ? 'Order not found' : 'We could not check your payment.'}</strong>{' '}
        {missing ? 'We could not find this payment.' : 'Please refresh the page.'}
      </div>
    );
  }
  const o = order.data;
  if (o.status === 'paid') {
    return (
      <div className="xfer-banner" role="status" data-testid="payment-return">
        <strong>Payment Successful!</strong> Order #{o.orderId}: {o.count.toLocaleString('en-US')} {o.count === 1 ? 'transfer' : 'transfers'} added to your
        balance.
      </div>
    );
  }
  if (o.status === 'pending') {
    return (
      <div className="xfer-banner" role="status" data-testid="payment-return">
        <strong>Payment Processing.</strong> Your payment is still being confirmed; refresh this page in a minute.
      </div>
    );
  }
  return (
    <div className="xfer-banner xfer-banner-warn" role="alert" data-testid="payment-return">
      <strong>Payment Failed.</strong> {o.failureMessage ?? 'Your payment did not go through.'} <a href={BUY_AGAIN}>Try again</a>
    </div>
  );
}
