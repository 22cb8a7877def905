// Dispute and credit rate per buyer over the calls that started in the range.
import type { BuyerRow } from '@tm/shared/schemas/admin-console';
import type { ReportProps } from './ReportsPage.tsx';
import { ReportSection } from './ReportSection.tsx';
import { ReportChart } from './ReportChart.tsx';

const pct = (v: number) => `${(v * 100).toFixed(1)}%`;

function BuyersBody({ rows }: { rows: BuyerRow[] }) {
  const top = rows.slice(0, 15);
  return (
    <>
      <ReportChart
        type="bar"
        unit="percent"
        labels={top.map((r) => r.email)}
        series={[
          { label: 'Dispute rate', color: '#d97706', data: top.map((r) => (r.transfersDelivered ? r.disputes / r.transfersDelivered : 0)) },
          { label: 'Credit rate', color: '#dc2626', data: top.map((r) => r.creditRate) },
        ]}
        label="Bar chart of dispute and credit rate per buyer"
      />
      <div className="rpt-table-wrap">
        <table className="rpt-table">
          <thead>
            <tr>
              <th scope="col">Buyer</th>
              <th scope="col">Transfers delivered</th>
              <th scope="col">Disputes</th>
              <th scope="col">Credits</th>
              <th scope="col">Credit rate</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.userId}>
                <th scope="row">{r.email}</th>
                <td>{r.transfersDelivered.toLocaleString('en-US')}</td>
                <td>{r.disputes.toLocaleString('en-US')}</td>
                <td>{r.credits.toLocaleString('en-US')}</td>
                <td>{pct(r.creditRate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

export function BuyersReport({ range }: ReportProps) {
  return (
    <ReportSection<BuyerRow>
      name="buyers"
      title="Dispute and credit rate per buyer"
      description="Of the transfers each buyer received in these dates: how many they disputed and how many were credited back."
      range={range}
    >
      {(rows) => <BuyersBody rows={rows} />}
    </ReportSection>
  );
}
