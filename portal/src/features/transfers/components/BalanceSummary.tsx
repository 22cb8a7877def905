// The balance: transfers left, what was bought, spent and credited back, and each order's remainder.
import { Link } from 'react-router';
import { formatUsd } from '@tm/shared';
import type { TransferBalanceView } from '@tm/shared/schemas/transfers';
import { ReceiptTable } from './ReceiptTable.tsx';

export function BalanceSummary({ balance }: { balance: TransferBalanceView }) {
  const cards = [
    { id: 'remaining', label: 'Transfers left', value: balance.remaining.toLocaleString('en-US') },
    { id: 'purchased', label: 'Transfers bought', value: balance.purchased.toLocaleString('en-US') },
    { id: 'spent', label: 'Spent on billable calls', value: formatUsd(balance.spentCents, { cents: true }) },
    { id: 'credited', label: 'Credited back', value: `${formatUsd(balance.creditedCents, { cents: true })} (${balance.creditedCount})` },
    { id: 'billed', label: 'Billable calls', value: balance.billedCount.toLocaleString('en-US') },
    { id: 'no-charge', label: 'No-charge calls', value: balance.noChargeCount.toLocaleString('en-US') },
  ];
  return (
    <section aria-labelledby="xfer-balance-h" className="xfer-balance">
      <h2 id="xfer-balance-h" className="sr-only">
        Balance
      </h2>
      <div className="xfer-cards">
        {cards.map((c) => (
          <div key={c.id} className="card xfer-card" data-testid={`balance-${c.id}`}>
            <div className="muted small">{c.label}</div>
            <div className="xfer-card-value">{c.value}</div>
          </div>
        ))}
      </div>
      {balance.lots.length > 0 ? (
        <details className="card xfer-lots">
          <summary>Balance by order ({balance.lots.length})</summary>
          <div className="xfer-table-wrap">
            <ReceiptTable testId="balance-lots" columns={['Order', 'Package', 'Rate', 'Buffer', 'Bought', 'Used', 'Refunded', 'Left']}>
              {balance.lots.map((l) => (
                <tr key={l.orderId} data-testid={`lot-${l.orderId}`}>
                  <td>#{l.orderId}</td>
                  <td>{l.label}</td>
                  <td>{formatUsd(l.unitPriceCents, { cents: true })}</td>
                  <td>{l.bufferSeconds} s</td>
                  <td>{l.bought}</td>
                  <td>{l.used}</td>
                  <td data-testid="lot-refunded">{l.refunded}</td>
                  <td data-testid="lot-remaining">{l.remaining}</td>
                  <td>
                    <Link to={`/dashboard/receipts/${l.orderId}`}>Receipt</Link>
                  </td>
                </tr>
              ))}
            </ReceiptTable>
          </div>
          <p className="muted small">Calls draw from your oldest order first. A call is billable only if it lasts longer than that order's buffer.</p>
        </details>
      ) : (
        <p className="muted">
          You have no transfer orders yet. <a href="/dashboard?tab=buy-call-transfers">Buy Call Transfers</a>
        </p>
      )}
    </section>
  );
}
