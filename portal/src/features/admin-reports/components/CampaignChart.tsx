// The campaign report's chart (Chart.js, loaded with this file only when the Reports screen's Campaigns section shows it):
// net revenue and new agents for the campaigns with the most net revenue.
import { useEffect, useRef } from 'react';
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { formatUsd } from '@tm/shared';
import type { CampaignRow } from '@tm/shared/schemas/attribution';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

export const CHART_ROWS = 10;

export default function CampaignChart({ rows }: { rows: CampaignRow[] }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    const top = rows.slice(0, CHART_ROWS);
    const chart = new Chart(ref.current, {
      type: 'bar',
      data: {
        labels: top.map((r) => `${r.source} / ${r.medium} / ${r.campaign}`),
        datasets: [
          { label: 'Net revenue', data: top.map((r) => r.netCents / 100), backgroundColor: '#2563eb', yAxisID: 'y' },
          { label: 'New agents', data: top.map((r) => r.newAgents), backgroundColor: '#16a34a', yAxisID: 'agents' },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: {
          y: { position: 'left', ticks: { callback: (v) => formatUsd(Number(v) * 100) } },
          agents: { position: 'right', grid: { drawOnChartArea: false }, ticks: { precision: 0 } },
        },
      },
    });
    return () => chart.destroy();
  }, [rows]);
  return (
    <figure className="card cmp-chart">
      <figcaption>Net revenue and new agents by campaign (top {CHART_ROWS})</figcaption>
      <div className="cmp-chart-box">
        <canvas ref={ref} role="img" aria-label="Bar chart of net revenue and new agents by campaign" />
      </div>
    </figure>
  );
}
