// The ledger: every paid order, credit and refund, newest first, with its receipt; downloadable as CSV.
import { Link } from 'react-router';
import { formatUsd } from '@tm/shared';
import { useLedger, LEDGER_CSV_URL } from '../api/get-ledger.ts';
import { formatDateTime as formatInZone } from '@tm/shared/logic/format';
import { useTimeZone } from '../../../lib/time-zone.ts';
import { ReceiptTable } from './ReceiptTable.tsx';

const TYPE_LABEL = { purchase: 'Purchase', credit: 'Credit', refund: 'Refund' } as const;

export function LedgerSection() {
  const { data, isPending, isError } = useLedger();
  const tz = useTimeZone();
  return (
    <section className="xfer-section" aria-labelledby="xfer-ledger-h">
      <div className="xfer-section-head">
        <h2 id="xfer-ledger-h">Ledger and receipts</h2>
        <a className="btn btn-outline" href={LEDGER_CSV_URL} download data-testid="ledger-csv">
          Download CSV
        </a>
      </div>
      {isPending && <p className="muted">Loading...</p>}
      {isError && (
        <p className="form-error" role="alert">
          Could not load your ledger.
        </p>
      )}
      {data && data.entries.length === 0 && <div className="card xfer-empty">No paid orders yet.</div>}
      {data && data.entries.length > 0 && (
        <div className="card xfer-table-wrap">
          <ReceiptTable testId="ledger-table" columns={['Date', 'Type', 'Description', 'Transfers', 'Amount']}>
            {data.entries.map((e) => (
              <tr key={e.id} data-testid={`ledger-${e.id}`}>
                <td>{formatInZone(e.at, tz)}</td>
                <td>
                  <span className={`xfer-badge ${e.type === 'purchase' ? 'xfer-badge-muted' : 'xfer-badge-ok'}`}>{TYPE_LABEL[e.type]}</span>
                </td>
                <td>{e.description}</td>
                <td>{e.transfers > 0 ? `+${e.transfers}` : e.transfers}</td>
                <td>{formatUsd(e.amountCents, { cents: true })}</td>
                <td>{e.receiptPath && <Link to={e.receiptPath}>Receipt</Link>}</td>
              </tr>
            ))}
          </ReceiptTable>
        </div>
      )}
      <p className="muted small">A credit returns one transfer to your balance; it is not a card refund.</p>
    </section>
  );
}
