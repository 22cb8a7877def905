// The Chart.js drawing of a report's chart (ReportChart.tsx loads this file, and Chart.js with it, when a
// chart first shows, so the Reports screen paints its tables without waiting for Chart.js).
import { useEffect, useRef } from 'react';
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js';
import { formatUsd } from '@tm/shared';
import { shortDay, type ReportChartProps } from './chart-data.ts';

Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Legend, Tooltip);

export default function ReportChartCanvas(props: ReportChartProps) {
  const { type, labels, series, unit = 'count', stacked = false, label } = props;
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    const show = (v: number) =>
      unit === 'money' ? formatUsd(v, { cents: true }) : unit === 'percent' ? `${(v * 100).toFixed(1)}%` : v.toLocaleString('en-US');
    const chart = new Chart(ref.current, {
      type,
      data: {
        labels,
        datasets: series.map((s) => ({ label: s.label, data: s.data, backgroundColor: s.color, borderColor: s.color, tension: 0.2 })),
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: {
          x: { stacked, ticks: { callback: (_v, i) => shortDay(labels[i] ?? '') } },
          y: { stacked, beginAtZero: true, ticks: { callback: (v) => show(Number(v)), ...(unit === 'count' ? { precision: 0 } : {}) } },
        },
        plugins: { tooltip: { callbacks: { label: (c) => `${c.dataset.label}: ${show(Number(c.raw))}` } } },
      },
    });
    return () => chart.destroy();
  }, [type, labels, series, unit, stacked]);
  return (
    <div className="rpt-chart-box">
      <canvas ref={ref} role="img" aria-label={label} />
    </div>
  );
}
