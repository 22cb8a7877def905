// The Orders tab's "Abandoned checkouts" (issue 36): unpaid orders (pending, or expired unpaid), newest
// first, with when they expire or expired, the buyer's e-mail and the product, and "Re-send link": one
// e-mail with the product's checkout link, at most one per buyer per 24 hours (the server says when).
import { useState } from 'react';
import { centsToDecimal } from '@tm/shared';
import { ApiError } from '@tm/shared/api-client';
import { formatDateTime } from '@tm/shared/logic/format';
import { useAbandonedCheckouts, useResendCheckoutLink } from '../api/abandoned-checkouts.ts';
import { useDebouncedValue } from './ui.tsx';
import { useToast } from '../../../components/toast.tsx';

export function AbandonedCheckouts() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(search.trim(), 250);
  const list = useAbandonedCheckouts(q, page);
  const resend = useResendCheckoutLink();
  const toast = useToast();
  const send = async (orderId: number) => {
    try {
      const r = await resend.mutateAsync(orderId);
      toast({ title: 'Checkout link sent', description: `To ${r.sentTo}` });
    } catch (err) {
      toast({ title: 'Not sent', description: err instanceof ApiError ? err.serverMessage : 'Failed to send the link', variant: 'destructive' });
    }
  };
  const data = list.data;
  return (
    <details className="card adm-low-balance" data-testid="abandoned-checkouts">
      <summary>
        <strong>Abandoned checkouts</strong>
        {data ? ` (${data.total.toLocaleString('en-US')})` : ''}
      </summary>
      <p className="muted small">Orders not paid: pending until they expire, then expired. A re-sent link goes to the buyer once per 24 hours at most.</p>
      <input
        type="search"
        className="adm-search"
        placeholder="Search buyer email..."
        aria-label="Search abandoned checkouts by email"
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
          setPage(1);
        }}
      />
      {list.isPending ? (
        <p className="muted">Loading...</p>
      ) : !data || data.items.length === 0 ? (
        <p className="muted">No abandoned checkouts.</p>
      ) : (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Buyer</th>
                <th scope="col">Product</th>
                <th scope="col">Expiry</th>
                <th scope="col">Link</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((c) => (
                <tr key={c.orderId} data-testid="abandoned-row">
                  <td>
                    #{c.orderId}
                    <div className="muted small">{formatDateTime(c.createdAt)}</div>
                  </td>
                  <td>{c.email ?? <span className="muted">no e-mail</span>}</td>
                  <td>
                    {c.product}
                    <div className="muted small">${centsToDecimal(c.amountCents)}</div>
                  </td>
                  <td>
                    {c.status === 'expired' ? 'Expired ' : 'Expires '}
                    {formatDateTime(c.expiresAt)}
                  </td>
                  <td>
                    <button
                      type="button"
                      className="btn btn-outline adm-btn-sm"
                      disabled={!c.email || (resend.isPending && resend.variables === c.orderId)}
                      onClick={() => void send(c.orderId)}
                      aria-label={`Re-send link of order ${c.orderId}`}
                    >
                      Re-send link
                    </button>
                    {c.lastLinkSentAt && <div className="muted small">Last sent {formatDateTime(c.lastLinkSentAt)}</div>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && data.pageCount > 1 && (
        <div className="adm-actions">
          <button type="button" className="btn btn-outline adm-btn-sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </button>
          <span className="muted small">
            Page {data.page} of {data.pageCount}
          </span>
          <button type="button" className="btn btn-outline adm-btn-sm" disabled={page >= data.pageCount} onClick={() => setPage(page + 1)}>
            Next
          </button>
        </div>
      )}
    </details>
  );
}
