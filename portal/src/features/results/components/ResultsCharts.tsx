// The Results charts (Chart.js, loaded with this file only when the Results page shows them): spend
// against premium written per product, and close rate per state.
import { useEffect, useRef } from 'react';
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { formatUsd } from '@tm/shared';
import type { ResultsView } from '@tm/shared/schemas/outcomes';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

function useChart(build: (canvas: HTMLCanvasElement) => Chart, deps: unknown[]) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    const chart = build(ref.current);
    return () => chart.destroy();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return ref;
}

export function ResultsCharts({ view }: { view: ResultsView }) {
  const spend = useChart(
    (canvas) =>
      new Chart(canvas, {
        type: 'bar',
        data: {
          labels: view.byProduct.map((r) => r.label),
          datasets: [
            { label: 'Spend', data: view.byProduct.map((r) => r.spendCents / 100), backgroundColor: '#94a3b8' },
            { label: 'Premium written', data: view.byProduct.map((r) => r.premiumCents / 100), backgroundColor: '#2563eb' },
          ],
        },
        options: {
          responsive: true,
          maintainAspectRatio: false,
          animation: false,
          scales: { y: { ticks: { callback: (v) => formatUsd(Number(v) * 100) } } },
          plugins: { tooltip: { callbacks: { label: (c) => `${c.dataset.label}: ${formatUsd(Number(c.raw) * 100, { cents: true })}` } } },
        },
      }),
    [view],
  );
  const close = useChart(
    (canvas) =>
      new Chart(canvas, {
        type: 'bar',
        data: {
          labels: view.byState.map((r) => r.label),
          datasets: [
            { label: 'Contact rate %', data: view.byState.map((r) => (r.contactRate ?? 0) * 100), backgroundColor: '#a5b4fc' },
            { label: 'Close rate %', data: view.byState.map((r) => (r.closeRate ?? 0) * 100), backgroundColor: '#16a34a' },
          ],
        },
        options: { responsive: true, maintainAspectRatio: false, animation: false, scales: { y: { min: 0, max: 100 } } },
      }),
    [view],
  );
  return (
    <div className="res-charts">
      <figure className="card res-chart">
        <figcaption>Spend and premium written by product</figcaption>
        <div className="res-chart-box">
          <canvas ref={spend} role="img" aria-label="Bar chart of spend and premium written by product" />
        </div>
      </figure>
      <figure className="card res-chart">
        <figcaption>Contact and close rate by state</figcaption>
        <div className="res-chart-box">
          <canvas ref={close} role="img" aria-label="Bar chart of contact and close rate by state" />
        </div>
      </figure>
    </div>
  );
}
