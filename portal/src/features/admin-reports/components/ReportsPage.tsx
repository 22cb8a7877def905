// /admin/reports: the operator's reports over a range of days in their own time zone (the browser's),
// each with a chart and a CSV of its rows. The range lives in the URL (?from=&to=). A report is a
// component taking { range }: adding one is one import and one line in SECTIONS.
import { useEffect, type ComponentType } from 'react';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { localDateKey } from '@tm/shared/logic/transfer-rules';
import { REPORT_MAX_DAYS } from '@tm/shared/schemas/admin-console';
import { RequireUser } from '../../../components/RequireUser.tsx';
import { Form, Input, useFieldError, type FormMethods } from '../../../components/ui/form/index.ts';
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

type Range = { from: string; to: string };

/** The typed range: both days, in order, at most REPORT_MAX_DAYS (the message sits on the day at fault). */
const rangeSchema = z.object({ from: z.string(), to: z.string() }).superRefine((v, ctx) => {
  if (!isDay(v.from) || !isDay(v.to)) ctx.addIssue({ code: 'custom', path: [isDay(v.from) ? 'to' : 'from'], message: 'Enter both dates' });
  else if (v.to < v.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end date must be on or after the start date' });
  else if ((Date.parse(v.to) - Date.parse(v.from)) / DAY >= REPORT_MAX_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: `A report covers at most ${REPORT_MAX_DAYS} days` });
});

/** The range's one message, under the whole row. */
function RangeError() {
  const fromError = useFieldError('from');
  const toError = useFieldError('to');
  const error = fromError ?? toError;
  return error ? (
    <p className="form-error rpt-range-error" role="alert">
      {error}
    </p>
  ) : null;
}

/** Keeps the fields on the URL's range when it changes (a preset, back and forward). */
function SyncRange({ form, from, to }: Range & { form: FormMethods<Range> }) {
  useEffect(() => form.reset({ from, to }), [form, from, to]);
  return null;
}

function Reports() {
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone || 'America/New_York';
  const today = localDateKey(new Date(), tz);
  const [params, setParams] = useSearchParams();
  const from = isDay(params.get('from')) ? params.get('from')! : shift(today, -29);
  const to = isDay(params.get('to')) ? params.get('to')! : today;
  const range: ReportRangeValues = { from, to, tz };
  useEffect(() => {
    document.title = 'Reports · Admin';
  }, []);

  const apply = (next: Range) => setParams(next, { replace: true });

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
      <Form schema={rangeSchema} defaultValues={{ from, to }} onSubmit={apply} className="card rpt-range" aria-label="Report dates">
        {(form) => (
          <>
            <SyncRange form={form} from={from} to={to} />
            <div className="field">
              <label htmlFor="rpt-from">From</label>
              <Input name="from" id="rpt-from" type="date" max={form.watch('to')} />
            </div>
            <div className="field">
              <label htmlFor="rpt-to">To</label>
              <Input name="to" id="rpt-to" type="date" min={form.watch('from')} />
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
                  onClick={() => {
                    form.reset({ from: p.from, to: p.to });
                    apply({ from: p.from, to: p.to });
                  }}
                >
                  {p.label}
                </button>
              ))}
            </div>
            <RangeError />
          </>
        )}
      </Form>
      {SECTIONS.map((Section, i) => (
        <Section key={i} range={range} />
      ))}
    </div>
  );
}

export function ReportsPage() {
  return <RequireUser admin>{() => <Reports />}</RequireUser>;
}
