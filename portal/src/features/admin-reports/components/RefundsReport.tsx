// Refunds by the reason the admin gave.
import { formatUsd } from '@tm/shared';
import type { RefundReasonRow } from '@tm/shared/schemas/admin-console';
import type { ReportProps } from './ReportsPage.tsx';
import { ReportSection } from './ReportSection.tsx';
import { ReportChart } from './ReportChart.tsx';

export function RefundsReport({ range }: ReportProps) {
  return (
    <ReportSection<RefundReasonRow>
      name="refunds"
      title="Refunds by reason"
      description="Refunds that went through in these dates, by the reason given."
      range={range}
    >
      {(rows) => (
        <>
          <ReportChart
            type="bar"
            unit="money"
            labels={rows.map((r) => r.reason)}
            series={[{ label: 'Refunded', color: '#dc2626', data: rows.map((r) => r.refundedCents) }]}
            label="Bar chart of money refunded by reason"
          />
          <ul className="rpt-list">
            {rows.map((r) => (
              <li key={r.reason}>
                <span>{r.reason}</span>
                <span className="muted">
                  {r.refunds} {r.refunds === 1 ? 'refund' : 'refunds'} · {formatUsd(r.refundedCents, { cents: true })}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </ReportSection>
  );
}
