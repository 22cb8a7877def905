// The no-show rate: appointments sold per day against no-shows credited.
import { useMemo } from 'react';
import type { NoShowRow } from '@tm/shared/schemas/admin-console';
import type { ReportProps } from './ReportsPage.tsx';
import { ReportSection } from './ReportSection.tsx';
import { daysBetween, ReportChart } from './ReportChart.tsx';

function NoShowsBody({ rows, from, to }: { rows: NoShowRow[]; from: string; to: string }) {
  const { days, sold, credited } = useMemo(() => {
    const days = daysBetween(from, to);
    const at = (d: string) => rows.find((r) => r.day === d);
    return { days, sold: days.map((d) => at(d)?.appointmentsSold ?? 0), credited: days.map((d) => at(d)?.noShowsCredited ?? 0) };
  }, [rows, from, to]);
  const totalSold = sold.reduce((s, n) => s + n, 0);
  const totalCredited = credited.reduce((s, n) => s + n, 0);
  const reported = rows.reduce((s, r) => s + r.noShowsReported, 0);
  return (
    <>
      <p className="rpt-figure" data-testid="no-show-rate">
        <strong>{totalSold ? `${((totalCredited / totalSold) * 100).toFixed(1)}%` : '—'}</strong> no-show rate: {totalCredited} credited of {totalSold}{' '}
        appointments sold ({reported} reported)
      </p>
      <ReportChart
        type="bar"
        labels={days}
        series={[
          { label: 'Appointments sold', color: '#2563eb', data: sold },
          { label: 'No-shows credited', color: '#dc2626', data: credited },
        ]}
        label="Bar chart of appointments sold and no-shows credited per day"
      />
    </>
  );
}

export function NoShowsReport({ range }: ReportProps) {
  return (
    <ReportSection<NoShowRow>
      name="no-shows"
      title="No-show rate"
      description="Appointments sold or assigned each day, and the no-shows reported and credited that day."
      range={range}
    >
      {(rows) => <NoShowsBody rows={rows} from={range.from} to={range.to} />}
    </ReportSection>
  );
}
