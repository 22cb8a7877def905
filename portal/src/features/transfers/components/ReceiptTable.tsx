// A table of the transfer pages whose rows each end in a receipt link (the balance by order, the ledger):
// the column headings, then an unlabelled receipt column (named for screen readers).
import type { ReactNode } from 'react';

export function ReceiptTable({ testId, columns, children }: { testId: string; columns: string[]; children: ReactNode }) {
  return (
    <table className="xfer-table" data-testid={testId}>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c} scope="col">
              {c}
            </th>
          ))}
          <th scope="col">
            <span className="sr-only">Receipt</span>
          </th>
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
