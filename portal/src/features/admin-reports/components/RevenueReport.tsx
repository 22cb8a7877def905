// Revenue by day and product: net per product stacked by day, with gross, refunded and net in the table.
import { useMemo } from 'react';
import { formatUsd } from '@tm/shared';
import { ORDER_PRODUCT_LABELS, type OrderProduct } from '@tm/shared/schemas/admin-business';
import type { RevenueRow } from '@tm/shared/schemas/admin-console';
import type { ReportProps } from './ReportsPage.tsx';
import { ReportSection } from './ReportSection.tsx';
import { daysBetween, PALETTE, ReportChart } from './ReportChart.tsx';

const label = (p: string) => ORDER_PRODUCT_LABELS[p as OrderProduct] ?? p;

function RevenueBody({ rows, from, to }: { rows: RevenueRow[]; from: string; to: string }) {
  const { days, series, totals } = useMemo(() => {
    const days = daysBetween(from, to);
    const products = [...new Set(rows.map((r) => r.product))].sort();
    const series = products.map((p, i) => ({
      label: label(p),
      color: PALETTE[i % PALETTE.length]!,
      data: days.map((d) => rows.filter((r) => r.day === d && r.product === p).reduce((s, r) => s + r.netCents, 0)),
    }));
    const totals = products.map((p) => {
      const mine = rows.filter((r) => r.product === p);
      const sum = (f: (r: RevenueRow) => number) => mine.reduce((s, r) => s + f(r), 0);
      return { product: p, gross: sum((r) => r.grossCents), refunded: sum((r) => r.refundedCents), net: sum((r) => r.netCents), orders: sum((r) => r.orders) };
    });
    return { days, series, totals };
  }, [rows, from, to]);
  const all = totals.reduce((s, t) => ({ gross: s.gross + t.gross, refunded: s.refunded + t.refunded, net: s.net + t.net, orders: s.orders + t.orders }), {
    gross: 0,
    refunded: 0,
    net: 0,
    orders: 0,
  });
  return (
    <>
      <ReportChart type="bar" stacked unit="money" labels={days} series={series} label="Bar chart of net revenue per day, stacked by product" />
      <div className="rpt-table-wrap">
        <table className="rpt-table">
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Orders</th>
              <th scope="col">Gross</th>
              <th scope="col">Refunded</th>
              <th scope="col">Net</th>
            </tr>
          </thead>
          <tbody>
            {totals.map((t) => (
              <tr key={t.product}>
                <th scope="row">{label(t.product)}</th>
                <td>{t.orders.toLocaleString('en-US')}</td>
                <td>{formatUsd(t.gross, { cents: true })}</td>
                <td>{formatUsd(t.refunded, { cents: true })}</td>
                <td>{formatUsd(t.net, { cents: true })}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr data-testid="revenue-total">
              <th scope="row">Total</th>
              <td>{all.orders.toLocaleString('en-US')}</td>
              <td>{formatUsd(all.gross, { cents: true })}</td>
              <td>{formatUsd(all.refunded, { cents: true })}</td>
              <td>{formatUsd(all.net, { cents: true })}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </>
  );
}

export function RevenueReport({ range }: ReportProps) {
  return (
    <ReportSection<RevenueRow>
      name="revenue"
      title="Revenue by day and product"
      description="Gross is what orders paid that day; refunded is what was refunded that day; net is gross minus refunded."
      range={range}
    >
      {(rows) => <RevenueBody rows={rows} from={range.from} to={range.to} />}
    </ReportSection>
  );
}
