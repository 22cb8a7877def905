// A Chart.js chart for a report (Chart.js loads with the Reports screen only). Bar or line, the labels
// along the bottom, one or more series; money series are given in cents and shown in dollars.
import { useEffect, useRef } from 'react';
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js';
import { formatUsd } from '@tm/shared';

Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Legend, Tooltip);

export interface Series {
  label: string;
  data: number[];
  color: string;
}

export const PALETTE = ['#2563eb', '#16a34a', '#dc2626', '#d97706', '#7c3aed', '#0891b2', '#db2777', '#65a30d', '#475569', '#ea580c'];

export function ReportChart(props: {
  type: 'bar' | 'line';
  labels: string[];
  series: Series[];
  /** money: values in cents, axis in dollars; percent: values 0..1, axis in %. */
  unit?: 'money' | 'count' | 'percent';
  stacked?: boolean;
  label: string;
}) {
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

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "2026-11-29" as "Nov 29" on a chart's axis (any other label as it is). */
export function shortDay(label: string): string {
  const m = /^\d{4}-(\d{2})-(\d{2})$/.exec(label);
  return m ? `${MONTHS[Number(m[1]) - 1]} ${Number(m[2])}` : label;
}

/** Every day from `from` to `to` (YYYY-MM-DD), so a chart shows the days with nothing too. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = new Date(`${from}T00:00:00Z`); d.toISOString().slice(0, 10) <= to && out.length < 400; d.setUTCDate(d.getUTCDate() + 1)) {
    out.push(d.toISOString().slice(0, 10));
  }
  return out;
}
