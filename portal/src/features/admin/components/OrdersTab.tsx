// Orders tab: every order with its buyer, product, amount, status, fulfilment and payment id; filters by
// status, product, dates and buyer; server-side pages; CSV export of the filtered list. "View" opens the
// order: items, refunds, the timeline, Refund (whole or partial) and, for an owed order, its fulfilment.
// The pieces: OrderFilters (URL filters and toolbar), OrdersList (the cards), OrderDetail, RefundForm,
// OrderFulfilment.
import { useState } from 'react';
import { ApiError } from '@tm/shared/api-client';
import { useOrders } from '../api/orders.ts';
import { PagedResults } from './SearchPagedList.tsx';
import { AbandonedCheckouts } from './AbandonedCheckouts.tsx';
import { OrderFilterBar, useUrlFilters } from './OrderFilters.tsx';
import { OrderCard } from './OrdersList.tsx';
import { OrderDetail } from './OrderDetail.tsx';

export function OrdersTab() {
  const { filters: applied, page, update } = useUrlFilters();
  const [viewing, setViewing] = useState<number | null>(null);
  const orders = useOrders(applied, page);
  const filtering = Object.values(applied).some(Boolean);
  return (
    <div>
      <AbandonedCheckouts />
      <OrderFilterBar applied={applied} update={update} />
      <PagedResults
        query={orders}
        noun="orders"
        title="Orders"
        onPage={(p) => update({ page: p > 1 ? String(p) : '' })}
        empty={filtering ? 'No orders match these filters' : 'No orders yet'}
        errorMessage={(error) => (error instanceof ApiError ? error.serverMessage : 'Failed to load orders. Please try again.')}
        renderList={(items, data) => (
          <>
            <p className="muted small">
              {data.total.toLocaleString('en-US')} order{data.total === 1 ? '' : 's'}
            </p>
            <ul className="adm-list" aria-label="Orders">
              {items.map((o) => (
                <OrderCard key={o.id} o={o} onView={() => setViewing(o.id)} />
              ))}
            </ul>
          </>
        )}
      />
      <OrderDetail id={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
