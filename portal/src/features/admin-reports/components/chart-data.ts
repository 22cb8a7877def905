// What a report's chart is given, and the day labels (no Chart.js here: ReportChart.tsx and its lazy canvas share it).

export interface Series {
  label: string;
  data: number[];
  color: string;
}

export interface ReportChartProps {
  type: 'bar' | 'line';
  labels: string[];
  series: Series[];
  /** money: values in cents, axis in dollars; percent: values 0..1, axis in %. */
  unit?: 'money' | 'count' | 'percent';
  stacked?: boolean;
  label: string;
}

export const PALETTE = ['#2563eb', '#16a34a', '#dc2626', '#d97706', '#7c3aed', '#0891b2', '#db2777', '#65a30d', '#475569', '#ea580c'];

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
