// The order's own actions beside its refund: cancel an unpaid order (asked first), and for an owed order its
// fulfilment (complete it, or record how many call-backs were delivered).
import { useState } from 'react';
import { ApiError } from '@tm/shared/api-client';
import type { AdminOrderDetail } from '@tm/shared/schemas/admin-business';
import { useToast } from '../../../components/toast.tsx';
import { useCancelOrder, useFulfilmentAction } from '../api/orders.ts';
import { money } from './order-format.tsx';

export function CancelPending({ order }: { order: AdminOrderDetail }) {
  const toast = useToast();
  const cancel = useCancelOrder(order.id);
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setError(null);
    try {
      await cancel.mutateAsync();
      toast({ title: `Order #${order.id} canceled` });
    } catch (err) {
      setError(err instanceof ApiError ? err.serverMessage : 'That did not work. Please try again.');
    } finally {
      setAsking(false);
    }
  };
  return (
    <section className="adm-fulfil" aria-label="Cancel order">
      <h3>Unpaid order</h3>
      {asking ? (
        <div role="group" aria-label="Confirm cancel" data-testid="cancel-confirm">
          <p className="small">
            Cancel order #{order.id}? Its payment ({money(order.amountCents)}) can no longer be made, and anything it holds goes back on sale.
          </p>
          <div className="adm-actions adm-actions-start">
            <button type="button" className="btn btn-outline" onClick={() => setAsking(false)}>
              Keep it
            </button>
            <button type="button" className="btn btn-danger" disabled={cancel.isPending} onClick={() => void run()}>
              {cancel.isPending ? 'Canceling...' : 'Cancel order'}
            </button>
          </div>
        </div>
      ) : (
        <div className="adm-actions adm-actions-start">
          <button type="button" className="btn btn-outline" onClick={() => setAsking(true)}>
            Cancel this order...
          </button>
        </div>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

export function FulfilmentActions({ order }: { order: AdminOrderDetail }) {
  const toast = useToast();
  const act = useFulfilmentAction(order.id);
  const [count, setCount] = useState('1');
  const [error, setError] = useState<string | null>(null);
  if (order.fulfilmentStatus !== 'partial' && order.fulfilmentStatus !== 'owed') return null;
  const isCallbacks = order.items.some((i) => i.kind === 'callback');
  const run = async (a: { action: 'fulfil' } | { action: 'deliveries'; count: number }) => {
    setError(null);
    try {
      await act.mutateAsync(a);
      toast({ title: a.action === 'fulfil' ? 'Order fulfilment updated' : 'Deliveries recorded' });
    } catch (err) {
      setError(err instanceof ApiError ? err.serverMessage : 'That did not work. Please try again.');
    }
  };
  return (
    <section className="adm-fulfil" aria-label="Fulfilment">
      <h3>Fulfilment</h3>
      <p className="small">
        Owed: {order.quantityOwed} · Delivered: {order.quantityDelivered}
      </p>
      <div className="adm-actions adm-actions-start">
        {isCallbacks ? (
          <>
            <label htmlFor="delivered-count" className="small">
              Call-backs delivered
            </label>
            <input id="delivered-count" className="adm-count" inputMode="numeric" value={count} onChange={(e) => setCount(e.target.value)} />
            <button
              type="button"
              className="btn btn-outline"
              disabled={act.isPending}
              onClick={() => {
                const n = Number(count);
                if (!Number.isInteger(n) || n < 1) return setError('Enter how many call-backs were delivered');
                void run({ action: 'deliveries', count: n });
              }}
            >
              Record deliveries
            </button>
          </>
        ) : (
          <button type="button" className="btn btn-outline" disabled={act.isPending} onClick={() => void run({ action: 'fulfil' })}>
            Complete fulfilment
          </button>
        )}
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
