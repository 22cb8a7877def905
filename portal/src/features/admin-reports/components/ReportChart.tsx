// A report's chart: bar or line, the labels along the bottom, one or more series; money series are given
// in cents and shown in dollars. Chart.js loads with the first chart shown (ReportChartCanvas.tsx).
import { lazy, Suspense } from 'react';

export { PALETTE, daysBetween, shortDay, type ReportChartProps, type Series } from './chart-data.ts';
import type { ReportChartProps } from './chart-data.ts';

const ReportChartCanvas = lazy(() => import('./ReportChartCanvas.tsx'));

export function ReportChart(props: ReportChartProps) {
  return (
    <Suspense fallback={<div className="rpt-chart-box" aria-hidden="true" />}>
      <ReportChartCanvas {...props} />
    </Suspense>
  );
}
