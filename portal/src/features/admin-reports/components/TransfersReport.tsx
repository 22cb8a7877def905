// Transfers delivered per buyer per day: a line per buyer (the ten busiest), the rest as "Others".
import { useMemo } from 'react';
import type { TransfersDayRow } from '@tm/shared/schemas/admin-console';
import type { ReportProps } from './ReportsPage.tsx';
import { ReportSection } from './ReportSection.tsx';
import { daysBetween, PALETTE, ReportChart } from './ReportChart.tsx';

const TOP = 9;

function TransfersBody({ rows, from, to }: { rows: TransfersDayRow[]; from: string; to: string }) {
  const { days, series } = useMemo(() => {
    const days = daysBetween(from, to);
    const totals = new Map<number, { email: string; n: number }>();
    for (const r of rows) totals.set(r.userId, { email: r.email, n: (totals.get(r.userId)?.n ?? 0) + r.transfersDelivered });
    const ranked = [...totals.entries()].sort((a, b) => b[1].n - a[1].n);
    const top = new Set(ranked.slice(0, TOP).map(([id]) => id));
    const per = (pick: (r: TransfersDayRow) => boolean) =>
      days.map((d) => rows.filter((r) => r.day === d && pick(r)).reduce((s, r) => s + r.transfersDelivered, 0));
    const series = ranked.slice(0, TOP).map(([id, v], i) => ({ label: v.email, color: PALETTE[i % PALETTE.length]!, data: per((r) => r.userId === id) }));
    if (ranked.length > TOP) series.push({ label: 'Others', color: '#94a3b8', data: per((r) => !top.has(r.userId)) });
    return { days, series };
  }, [rows, from, to]);
  return <ReportChart type="bar" stacked labels={days} series={series} label="Bar chart of transfers delivered per day, stacked by buyer" />;
}

export function TransfersReport({ range }: ReportProps) {
  return (
    <ReportSection<TransfersDayRow>
      name="transfers"
      title="Transfers delivered per buyer per day"
      description="Every call the caller system recorded for a buyer, billable or not, on the day it started."
      range={range}
    >
      {(rows) => <TransfersBody rows={rows} from={range.from} to={range.to} />}
    </ReportSection>
  );
}
