// Admin > Orders: one card per order (buyer, product, amount, status, fulfilment, payment id) with "View".
import type { AdminOrderSummary } from '@tm/shared/schemas/admin-business';
import { FulfilmentBadge, StatusBadge, money, when } from './order-format.tsx';

export function OrderCard({ o, onView }: { o: AdminOrderSummary; onView: () => void }) {
  return (
    <li className="card adm-card" data-testid="order-card">
      <div className="adm-card-main">
        <div className="adm-card-title">
          <h3>
            Order #{o.id} · {o.description}
          </h3>
          <StatusBadge status={o.status} />
          <FulfilmentBadge value={o.fulfilmentStatus} />
        </div>
        <div className="adm-card-meta">
          <span>
            {o.buyer.name}
            {o.buyer.email ? ` · ${o.buyer.email}` : ''}
          </span>
          <span>
            {money(o.amountCents)}
            {o.refundedCents > 0 ? ` (refunded ${money(o.refundedCents)})` : ''}
          </span>
          <span>Created {when(o.createdAt)}</span>
          {o.paidAt && <span>Paid {when(o.paidAt)}</span>}
          {o.paymentIntentId && <span className="adm-mono">{o.paymentIntentId}</span>}
        </div>
      </div>
      <div className="adm-card-actions">
        <button type="button" className="btn btn-outline adm-btn-sm" onClick={onView} aria-label={`View order #${o.id}`}>
          View
        </button>
      </div>
    </li>
  );
}
