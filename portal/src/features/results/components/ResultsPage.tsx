// /dashboard/results: Results. For a chosen period: spend, items, contact rate, close rate, premium
// written, cost per sale and return on spend, by product, state and lead age (charts and tables, CSV),
// the outcome of every bought item (one or two clicks), and the personal API tokens a CRM posts with.
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatUsd } from '@tm/shared';
import { ApiError } from '@tm/shared/api-client';
import { countOf, formatDate } from '@tm/shared/logic/format';
import { useTimeZone } from '../../../lib/time-zone.ts';
import { localDateKey } from '@tm/shared/logic/transfer-rules';
import { ASSIGNED_LABEL } from '@tm/shared/schemas/dashboard';
import { PRODUCT_LABELS, type OutcomeItemView, type ResultsRow } from '@tm/shared/schemas/outcomes';
import { RequireUser } from '../../../components/RequireUser.tsx';
import { PortalShell } from '../../../components/layout/PortalShell.tsx';
import { resultsCsvUrl, useOutcomeItems, useResults, type Period } from '../api/results.ts';
import { OutcomeCell } from './OutcomeCell.tsx';
import { PeriodForm } from './PeriodForm.tsx';
import { ApiTokensSection } from './ApiTokensSection.tsx';
import './results.css';

// Chart.js is only downloaded by this page, after its figures are on screen.
const ResultsCharts = lazy(async () => ({ default: (await import('./ResultsCharts.tsx')).ResultsCharts }));

const DAY = 86_400_000;
const pct = (n: number | null) => (n === null ? '—' : `${(n * 100).toFixed(1)}%`);
const usd = (n: number | null) => (n === null ? '—' : formatUsd(n));
const ros = (n: number | null) => (n === null ? '—' : `${n.toFixed(2)}×`);

function FiguresTable({ caption, rows, first }: { caption: string; rows: ResultsRow[]; first: string }) {
  return (
    <div className="card res-table-wrap">
      <table className="res-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{first}</th>
            <th scope="col">Spend</th>
            <th scope="col">Items</th>
            <th scope="col">Contact rate</th>
            <th scope="col">Close rate</th>
            <th scope="col">Premium written</th>
            <th scope="col">Cost per sale</th>
            <th scope="col">Return on spend</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={8} className="muted">
                Nothing bought in this period.
              </td>
            </tr>
          )}
          {rows.map((r) => (
            <tr key={r.key}>
              <th scope="row">{r.label}</th>
              <td>{formatUsd(r.spendCents)}</td>
              <td>{r.items}</td>
              <td>{pct(r.contactRate)}</td>
              <td>{pct(r.closeRate)}</td>
              <td>{formatUsd(r.premiumCents)}</td>
              <td>{usd(r.costPerSaleCents)}</td>
              <td>{ros(r.returnOnSpend)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const ITEM_LABEL: Record<OutcomeItemView['itemType'], string> = { lead: 'Lead', transfer: 'Transfer', appointment: 'Appointment' };

function ItemsSection({ period }: { period: Period }) {
  const items = useOutcomeItems(period);
  const tz = useTimeZone();
  const [onlyOpen, setOnlyOpen] = useState(false);
  const shown = (items.data ?? []).filter((i) => !onlyOpen || !i.outcome);
  return (
    <section className="res-section" aria-labelledby="res-items-h">
      <div className="res-section-head">
        <h2 id="res-items-h">Outcomes of what you bought</h2>
        <label className="res-check">
          <input type="checkbox" checked={onlyOpen} onChange={(e) => setOnlyOpen(e.target.checked)} /> Only items without an outcome
        </label>
      </div>
      {items.isPending && <p className="muted">Loading…</p>}
      {items.isError && (
        <p className="form-error" role="alert">
          Could not load your items.
        </p>
      )}
      {items.data && (
        <div className="card res-table-wrap">
          <table className="res-table res-items">
            <thead>
              <tr>
                <th scope="col">Bought</th>
                <th scope="col">Item</th>
                <th scope="col">State</th>
                <th scope="col">Cost</th>
                <th scope="col">Outcome</th>
              </tr>
            </thead>
            <tbody>
              {shown.length === 0 && (
                <tr>
                  <td colSpan={5} className="muted">
                    No items here.
                  </td>
                </tr>
              )}
              {shown.map((i) => (
                <tr key={`${i.itemType}-${i.itemId}`} data-testid="outcome-row">
                  <td>{formatDate(i.boughtAt, tz)}</td>
                  <td>
                    <strong>{i.name}</strong>
                    <div className="muted small">
                      {ITEM_LABEL[i.itemType]} · {PRODUCT_LABELS[i.product]}
                      {i.ageDays !== null ? ` · ${countOf(i.ageDays, 'day')} old` : ''}
                    </div>
                    <a className="small" href={`/api/compliance/${i.itemType}/${i.itemId}`} target="_blank" rel="noreferrer">
                      Compliance file
                    </a>
                  </td>
                  <td>{i.state}</td>
                  <td data-testid="outcome-cost">{i.assigned ? ASSIGNED_LABEL : formatUsd(i.costCents)}</td>
                  <td>
                    <OutcomeCell item={i} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Results() {
  const [params, setParams] = useSearchParams();
  // Days on the agent's clock (issue 34 item 7), not the browser's: "today" is today where the agent lives.
  const tz = useTimeZone();
  const today = new Date();
  const period: Period = {
    from: params.get('from') ?? localDateKey(new Date(today.getTime() - 89 * DAY), tz),
    to: params.get('to') ?? localDateKey(today, tz),
  };
  const results = useResults(period);
  const apply = (p: Period) => setParams({ from: p.from, to: p.to }, { replace: true });
  const t = results.data?.totals;
  const error = results.error instanceof ApiError ? (results.error.body as { error?: string } | null)?.error : null;

  return (
    <div className="portal-page res-page">
      <div className="portal-page-inner">
        <header className="page-header">
          <div>
            <h1>Results</h1>
            <p className="muted">What you spent, what it turned into, and what each sale cost you.</p>
          </div>
          <div className="page-header-links">
            <a className="btn btn-outline" href={resultsCsvUrl(period)} download>
              Export CSV
            </a>
          </div>
        </header>

        <PeriodForm period={period} onApply={apply} />

        {results.isPending && <p className="muted">Loading results…</p>}
        {results.isError && (
          <p className="form-error" role="alert">
            {error ?? 'Could not load your results.'}
          </p>
        )}
        {t && results.data && (
          <>
            <div className="res-cards" data-testid="results-totals">
              <div className="card res-card">
                <div className="muted small">Spend</div>
                <div className="res-card-value" data-testid="total-spend">
                  {formatUsd(t.spendCents)}
                </div>
              </div>
              <div className="card res-card">
                <div className="muted small">Items</div>
                <div className="res-card-value" data-testid="total-items">
                  {t.items}
                </div>
              </div>
              <div className="card res-card">
                <div className="muted small">Contact rate</div>
                <div className="res-card-value">{pct(t.contactRate)}</div>
              </div>
              <div className="card res-card">
                <div className="muted small">Close rate</div>
                <div className="res-card-value">{pct(t.closeRate)}</div>
              </div>
              <div className="card res-card">
                <div className="muted small">Premium written</div>
                <div className="res-card-value" data-testid="total-premium">
                  {formatUsd(t.premiumCents)}
                </div>
              </div>
              <div className="card res-card">
                <div className="muted small">Cost per sale</div>
                <div className="res-card-value">{usd(t.costPerSaleCents)}</div>
              </div>
              <div className="card res-card">
                <div className="muted small">Return on spend</div>
                <div className="res-card-value" data-testid="total-ros">
                  {ros(t.returnOnSpend)}
                </div>
              </div>
            </div>
            {t.items > 0 && (
              <Suspense fallback={<p className="muted">Loading charts…</p>}>
                <ResultsCharts view={results.data} />
              </Suspense>
            )}
            <FiguresTable caption="By product" first="Product" rows={results.data.byProduct} />
            <FiguresTable caption="By state" first="State" rows={results.data.byState} />
            <FiguresTable caption="By lead age" first="Lead age" rows={results.data.byAge} />
          </>
        )}
        <ItemsSection period={period} />
        <ApiTokensSection />
      </div>
    </div>
  );
}

export function ResultsPage() {
  return (
    <RequireUser>
      {(user) => (
        <PortalShell user={user} current="results" title="Results">
          <Results />
        </PortalShell>
      )}
    </RequireUser>
  );
}
