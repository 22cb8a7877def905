// One report on the Reports screen: its title, a line on what it counts, the CSV of its rows, and the
// chart and table its component draws from the rows (loading, error and empty states handled here).
import type { ReactNode } from 'react';
import { reportCsvUrl, useReport, type ReportRangeValues } from '../api/get-report.ts';

export interface ReportSectionProps<Row> {
  /** The API's report name: /api/admin/reports/<name>. */
  name: string;
  title: string;
  description: string;
  range: ReportRangeValues;
  children: (rows: Row[]) => ReactNode;
}

export function ReportSection<Row>({ name, title, description, range, children }: ReportSectionProps<Row>) {
  const { data, isPending, isError } = useReport<Row>(name, range);
  const id = `report-${name}`;
  return (
    <section className="card rpt-section" aria-labelledby={`${id}-title`} data-testid={id}>
      <header className="rpt-head">
        <div>
          <h2 id={`${id}-title`}>{title}</h2>
          <p className="muted small">{description}</p>
        </div>
        <a className="btn btn-outline btn-sm" href={reportCsvUrl(name, range)} download>
          Download CSV
        </a>
      </header>
      {isPending && <p className="muted">Loading...</p>}
      {isError && (
        <p className="form-error" role="alert">
          Could not load this report.
        </p>
      )}
      {data && data.rows.length === 0 && <p className="muted rpt-empty">Nothing in these dates.</p>}
      {data && data.rows.length > 0 && children(data.rows)}
    </section>
  );
}
