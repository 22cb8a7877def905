// /admin/reports: the operator's reports over a range of days in their own time zone (the browser's),
// each with a chart and a CSV of its rows. The range lives in the URL (?from=&to=). A report is a
// component taking { range }: adding one is one import and one line in SECTIONS.
import { useEffect, useState, type ComponentType, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { localDateKey } from '@tm/shared/logic/transfer-rules';
import { REPORT_MAX_DAYS } from '@tm/shared/schemas/admin-console';
import { RequireUser } from '../../../components/RequireUser.tsx';
import type { ReportRangeValues } from '../api/get-report.ts';
import { RevenueReport } from './RevenueReport.tsx';
import { TransfersReport } from './TransfersReport.tsx';
import { BuyersReport } from './BuyersReport.tsx';
import { RefundsReport } from './RefundsReport.tsx';
import { NoShowsReport } from './NoShowsReport.tsx';
import { CampaignsReport } from './CampaignsReport.tsx';
import './reports.css';

export interface ReportProps {
  range: ReportRangeValues;
}

/** The reports, in the order shown. */
const SECTIONS: Array<ComponentType<ReportProps>> = [RevenueReport, CampaignsReport, TransfersReport, BuyersReport, RefundsReport, NoShowsReport];

const DAY = 86_400_000;
const isDay = (s: string | null): s is string => !!s && /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`));
const shift = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

function presets(today: string) {
  return [
    { label: 'Today', from: today, to: today },
    { label: 'Last 7 days', from: shift(today, -6), to: today },
    { label: 'Last 30 days', from: shift(today, -29), to: today },
    { label: 'This month', from: `${today.slice(0, 8)}01`, to: today },
  ];
}

function Reports() {
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone || 'America/New_York';
  const today = localDateKey(new Date(), tz);
  const [params, setParams] = useSearchParams();
  const from = isDay(params.get('from')) ? params.get('from')! : shift(today, -29);
  const to = isDay(params.get('to')) ? params.get('to')! : today;
  const range: ReportRangeValues = { from, to, tz };
  const [draft, setDraft] = useState({ from, to });
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setDraft({ from, to }), [from, to]);
  useEffect(() => {
    document.title = 'Reports · Admin';
  }, []);

  const apply = (next: { from: string; to: string }) => {
    if (!isDay(next.from) || !isDay(next.to)) return setError('Enter both dates');
    if (next.to < next.from) return setError('The end date must be on or after the start date');
    if ((Date.parse(next.to) - Date.parse(next.from)) / DAY >= REPORT_MAX_DAYS) return setError(`A report covers at most ${REPORT_MAX_DAYS} days`);
    setError(null);
    setParams(next, { replace: true });
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    apply(draft);
  };

  return (
    <div className="container rpt">
      <header className="page-header">
        <div>
          <h1>Reports</h1>
          <p className="muted">Revenue, deliveries, disputes, refunds and no-shows. Days are in your time zone ({tz}).</p>
        </div>
        <Link className="btn btn-outline" to="/admin">
          Back to Admin Panel
        </Link>
      </header>
      <form className="card rpt-range" onSubmit={onSubmit} aria-label="Report dates">
        <div className="field">
          <label htmlFor="rpt-from">From</label>
          <input id="rpt-from" type="date" value={draft.from} max={draft.to} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="rpt-to">To</label>
          <input id="rpt-to" type="date" value={draft.to} min={draft.from} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
        </div>
        <button type="submit" className="btn">
          Show
        </button>
        <div className="rpt-presets" role="group" aria-label="Quick ranges">
          {presets(today).map((p) => (
            <button
              key={p.label}
              type="button"
              className={`btn btn-sm ${p.from === from && p.to === to ? '' : 'btn-outline'}`}
              aria-pressed={p.from === from && p.to === to}
              onClick={() => apply(p)}
            >
              {p.label}
            </button>
          ))}
        </div>
        {error && (
          <p className="form-error rpt-range-error" role="alert">
            {error}
          </p>
        )}
      </form>
      {SECTIONS.map((Section, i) => (
        <Section key={i} range={range} />
      ))}
    </div>
  );
}

export function ReportsPage() {
  return <RequireUser admin>{() => <Reports />}</RequireUser>;
}
