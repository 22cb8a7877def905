// /dashboard/receipts/:orderId: a printable receipt of one of the agent's own paid orders, inside the
// portal shell (the shell is left off the printout), times on the agent's clock.
import { Link, useParams } from 'react-router';
import { formatUsd } from '@tm/shared';
import { ApiError } from '@tm/shared/api-client';
import { RequireUser } from '../../../components/RequireUser.tsx';
import { useReceipt } from '../api/get-receipt.ts';
import { RECEIPT_STATUS_LABELS } from '@tm/shared/schemas/transfers';
import { formatDateTime, formatPhone } from '@tm/shared/logic/format';
import { useTimeZone } from '../../../lib/time-zone.ts';
import { PortalShell } from '../../../components/layout/PortalShell.tsx';
import './transfers.css';

function Receipt({ orderId }: { orderId: number }) {
  const valid = Number.isSafeInteger(orderId) && orderId > 0;
  const { data, isPending, error } = useReceipt(orderId);
  const tz = useTimeZone();
  // An id that is not an order number (/dashboard/receipts/abc) is not found at once; nothing is asked.
  if (valid && isPending) return <div className="page-loading">Loading...</div>;
  if (!valid || error || !data) {
    const missing = !valid || (error instanceof ApiError && error.status === 404);
    return (
      <div className="container xfer-receipt-page">
        <div className="card">
          <h1>{missing ? 'Receipt not found' : 'Could not load the receipt'}</h1>
          <p className="muted">{missing ? 'There is no paid order with this number on your account.' : 'Please try again.'}</p>
          <Link to="/dashboard/transfers?view=ledger">Back to My Transfers</Link>
        </div>
      </div>
    );
  }
  return (
    <div className="container xfer-receipt-page">
      <div className="xfer-receipt-actions no-print">
        <Link className="btn btn-outline" to="/dashboard/transfers?view=ledger">
          Back to My Transfers
        </Link>
        <button type="button" className="btn" onClick={() => window.print()}>
          Print Receipt
        </button>
      </div>
      <article className="card xfer-receipt" aria-labelledby="receipt-h">
        <header className="xfer-receipt-head">
          <div>
            <div className="xfer-receipt-brand">TransferLine</div>
            <h1 id="receipt-h">Receipt</h1>
          </div>
          <dl className="xfer-receipt-meta">
            <dt>Order</dt>
            <dd data-testid="receipt-order">#{data.orderId}</dd>
            <dt>Date paid</dt>
            <dd>{formatDateTime(data.paidAt ?? data.createdAt, tz)}</dd>
            <dt>Status</dt>
            <dd data-testid="receipt-status">{RECEIPT_STATUS_LABELS[data.status] ?? data.status}</dd>
          </dl>
        </header>
        <section className="xfer-receipt-buyer">
          <h2>Billed to</h2>
          <p>
            {data.buyer.name}
            {data.buyer.agencyName && (
              <>
                <br />
                {data.buyer.agencyName}
              </>
            )}
            <br />
            {data.buyer.email}
            {data.buyer.phone && (
              <>
                <br />
                {formatPhone(data.buyer.phone)}
              </>
            )}
          </p>
        </section>
        <div className="xfer-receipt-lines-box">
          <table className="xfer-table xfer-receipt-lines">
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col">Quantity</th>
                <th scope="col">Unit price</th>
                <th scope="col">Amount</th>
              </tr>
            </thead>
            <tbody>
              {data.lines.length === 0 ? (
                <tr>
                  <td data-testid="receipt-description">{data.description}</td>
                  <td>{data.count.toLocaleString('en-US')}</td>
                  <td>
                    {formatUsd(data.unitPriceCents, { cents: true })}
                    {data.priceBasis && (
                      <div className="muted small" data-testid="receipt-price-basis">
                        {data.priceBasis}
                      </div>
                    )}
                  </td>
                  <td>{formatUsd(data.amountCents, { cents: true })}</td>
                </tr>
              ) : (
                // Leads and appointments: a line per kind and price, the buyer's own price named (decision 251).
                data.lines.map((l) => (
                  <tr key={`${l.label}:${l.rateCents}:${l.basis ?? ''}`} data-testid="receipt-line">
                    <td>{l.label}</td>
                    <td>{l.count.toLocaleString('en-US')}</td>
                    <td>
                      {formatUsd(l.rateCents, { cents: true })}
                      {l.basis && (
                        <div className="muted small" data-testid="receipt-line-basis">
                          {l.basis}
                        </div>
                      )}
                    </td>
                    <td>{formatUsd(l.amountCents, { cents: true })}</td>
                  </tr>
                ))
              )}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={3}>
                  Total ({data.currency.toUpperCase()})
                </th>
                <td data-testid="receipt-total">{formatUsd(data.amountCents, { cents: true })}</td>
              </tr>
              {data.refunds.map((r) => (
                <tr key={r.id} data-testid="receipt-refund">
                  <th scope="row" colSpan={3}>
                    Refunded {formatDateTime(r.at, tz)}
                    {data.transfers &&
                      (r.moneyOnly || r.transfers === 0
                        ? ' · money only, no transfers taken back'
                        : ` · ${r.transfers} transfer${r.transfers === 1 ? '' : 's'} taken back`)}
                  </th>
                  <td>−{formatUsd(r.amountCents, { cents: true })}</td>
                </tr>
              ))}
              {data.refundedCents > 0 && (
                <tr>
                  <th scope="row" colSpan={3}>
                    Net paid ({data.currency.toUpperCase()})
                  </th>
                  <td data-testid="receipt-net">{formatUsd(data.netPaidCents, { cents: true })}</td>
                </tr>
              )}
            </tfoot>
          </table>
        </div>
        {data.automaticCharge && (
          <p className="small" data-testid="receipt-automatic">
            {data.automaticCharge}
          </p>
        )}
        {data.transfers && (
          <p className="small" data-testid="receipt-transfers">
            Transfers: {data.transfers.used} used, {data.transfers.remaining} left, {data.transfers.credits} credited back
            {data.transfers.refunded > 0 ? `, ${data.transfers.refunded} refunded` : ''}. A transfer is billable only if the call lasts longer than{' '}
            {data.transfers.bufferSeconds} seconds.
          </p>
        )}
        <footer className="muted small">
          {data.paymentReference && <>Payment reference {data.paymentReference}. </>}
          {data.testMode && <>Test mode: no real card was charged. </>}
          Keep this receipt for your records.
        </footer>
      </article>
    </div>
  );
}

export function ReceiptPage() {
  const { orderId } = useParams();
  const id = /^\d{1,15}$/.test(orderId ?? '') ? Number(orderId) : NaN;
  return (
    <RequireUser>
      {(user) => (
        <PortalShell user={user} current="my-transfers" title={Number.isNaN(id) ? 'Receipt' : `Receipt for order #${id}`}>
          <Receipt orderId={id} />
        </PortalShell>
      )}
    </RequireUser>
  );
}
