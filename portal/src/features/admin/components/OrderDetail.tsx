// Admin > Orders > View: the order's buyer, amount, campaign, payment, items, refunds and timeline, with
// its fulfilment, cancel and refund tools.
import { formatDateTime } from '@tm/shared/logic/format';
import { useTimeZone } from '../../../lib/time-zone.ts';
import { useOrder } from '../api/orders.ts';
import { CampaignText } from './CampaignFacts.tsx';
import { Modal } from './ui.tsx';
import { FulfilmentBadge, StatusBadge, money, plural, when } from './order-format.tsx';
import { CancelPending, FulfilmentActions } from './OrderFulfilment.tsx';
import { RefundForm } from './RefundForm.tsx';

export function OrderDetail({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { data: o, isPending, isError } = useOrder(id);
  const tz = useTimeZone();
  return (
    <Modal open={id !== null} title={id ? `Order #${id}` : 'Order'} onClose={onClose}>
      {isPending ? (
        <p className="adm-empty">Loading order...</p>
      ) : isError || !o ? (
        <p className="form-error" role="alert">
          Failed to load the order. Please try again.
        </p>
      ) : (
        <div className="adm-order" data-testid="order-detail">
          <div className="adm-card-title adm-wrap">
            <StatusBadge status={o.status} />
            <FulfilmentBadge value={o.fulfilmentStatus} />
            <span className="muted small">{o.product}</span>
          </div>
          <dl className="adm-dl">
            <dt>Buyer</dt>
            <dd>
              {o.buyer.name}
              {o.buyer.email ? ` · ${o.buyer.email}` : ''}
              {o.buyer.phone ? ` · ${o.buyer.phone}` : ''}
            </dd>
            <dt>Amount</dt>
            <dd>
              {money(o.amountCents)}
              {o.refundedCents > 0 ? ` · refunded ${money(o.refundedCents)} · net paid ${money(o.netPaidCents)}` : ''}
            </dd>
            <dt>Campaign</dt>
            <dd className="adm-wrap">
              <CampaignText attribution={o.attribution} tz={tz} testId="order-campaign" />
            </dd>
            <dt>Payment</dt>
            <dd className="adm-mono">
              {o.paymentIntentId ?? '—'}
              {o.cardLast4 ? ` · card •••• ${o.cardLast4}` : ''}
            </dd>
            {o.holdExpiresAt && (
              <>
                <dt>Hold expires</dt>
                <dd data-testid="order-hold-expires">{formatDateTime(o.holdExpiresAt)}</dd>
              </>
            )}
            {o.failureMessage && (
              <>
                <dt>Message</dt>
                <dd>{o.failureMessage}</dd>
              </>
            )}
            {o.transfers && (
              <>
                <dt>Transfers</dt>
                <dd>
                  {o.transfers.count} bought · {o.transfers.used} used · {o.transfers.refunded} refunded · {o.transfers.remaining} unused
                </dd>
              </>
            )}
          </dl>
          <h3>Items</h3>
          {o.items.length === 0 ? (
            <p className="muted small" data-testid="order-no-items">
              No line items for this order.
            </p>
          ) : (
            <div className="adm-table-wrap">
              <table className="adm-table">
                <thead>
                  <tr>
                    <th>Item</th>
                    <th>Quantity</th>
                    <th>Unit</th>
                    <th>Amount</th>
                  </tr>
                </thead>
                <tbody>
                  {o.items.map((i, n) => (
                    <tr key={n}>
                      <td>
                        {i.kind.replace(/_/g, ' ')}
                        {i.itemId ? ` #${i.itemId}` : ''}
                      </td>
                      <td>{i.quantity}</td>
                      <td>{i.priceBasis ? `${money(i.unitPriceCents)} (${i.priceBasis})` : money(i.unitPriceCents)}</td>
                      <td>{money(i.amountCents)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {o.refunds.length > 0 && (
            <>
              <h3>Refunds</h3>
              <ul className="adm-refunds" aria-label="Refunds">
                {o.refunds.map((r) => (
                  <li key={r.id} data-testid="order-refund">
                    <strong>{money(r.amountCents)}</strong> · {when(r.createdAt)}
                    {r.status !== 'succeeded' ? ` · ${r.status}` : ''}
                    {o.transfers
                      ? r.moneyOnly
                        ? ' · money only, no transfers taken back'
                        : ` · ${plural(r.transfersTakenBack, 'transfer', 'transfers')} taken back`
                      : ''}
                    {r.createdBy ? <span className="muted"> · by {r.createdBy}</span> : null}
                    {r.reason ? <span className="muted"> · {r.reason}</span> : null}
                    {r.failureMessage ? <span className="muted"> · {r.failureMessage}</span> : null}
                  </li>
                ))}
              </ul>
            </>
          )}
          <FulfilmentActions order={o} />
          {o.status === 'pending' && <CancelPending order={o} />}
          {o.refundableCents > 0 && <RefundForm order={o} />}
          <h3>Timeline</h3>
          <ol className="adm-timeline" aria-label="Timeline">
            {o.timeline.map((e, n) => (
              <li key={n}>
                <span className="adm-timeline-when muted small">{when(e.at)}</span>
                <span>
                  <strong>{e.label}</strong>
                  {e.type === 'refund' && typeof e.detail?.amountCents === 'number' ? ` ${money(e.detail.amountCents)}` : ''}
                  {e.actor ? <span className="muted"> by {e.actor}</span> : null}
                  {typeof e.detail?.reason === 'string' && e.detail.reason ? <span className="muted"> · {e.detail.reason}</span> : null}
                  {typeof e.detail?.message === 'string' ? <span className="muted"> · {e.detail.message}</span> : null}
                </span>
              </li>
            ))}
          </ol>
        </div>
      )}
    </Modal>
  );
}
