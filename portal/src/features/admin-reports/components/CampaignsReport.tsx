// Campaigns (issue 37 points 2 and 3): revenue, orders and new agents by source / medium / campaign over the
// Reports screen's range, with its CSV; the Google Ads and Meta conversion files for the same range, and how
// to import them.
import './campaigns.css';
import { lazy, Suspense } from 'react';
import { formatUsd } from '@tm/shared';
import type { CampaignRow } from '@tm/shared/schemas/attribution';
import type { ReportProps } from './ReportsPage.tsx';
import { ReportSection } from './ReportSection.tsx';
import { googleAdsCsvUrl, metaJsonUrl } from '../api/conversions.ts';

const CampaignChart = lazy(() => import('./CampaignChart.tsx'));

const money = (cents: number) => formatUsd(cents, { cents: true });

function CampaignTable({ rows }: { rows: CampaignRow[] }) {
  const totals = rows.reduce(
    (t, r) => ({ orders: t.orders + r.orders, gross: t.gross + r.grossCents, net: t.net + r.netCents, agents: t.agents + r.newAgents }),
    { orders: 0, gross: 0, net: 0, agents: 0 },
  );
  return (
    <div className="rpt-table-wrap">
      <table className="rpt-table" data-testid="campaign-table">
        <caption className="sr-only">Revenue, orders and new agents by source, medium and campaign</caption>
        <thead>
          <tr>
            <th scope="col">Source</th>
            <th scope="col">Medium</th>
            <th scope="col">Campaign</th>
            <th scope="col" className="num">
              Orders
            </th>
            <th scope="col" className="num">
              Gross
            </th>
            <th scope="col" className="num">
              Net
            </th>
            <th scope="col" className="num">
              New agents
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.source}\u0000${r.medium}\u0000${r.campaign}`} data-testid="campaign-row">
              <td>{r.source}</td>
              <td>{r.medium}</td>
              <td className="cmp-campaign">{r.campaign}</td>
              <td className="num">{r.orders}</td>
              <td className="num">{money(r.grossCents)}</td>
              <td className="num">{money(r.netCents)}</td>
              <td className="num">{r.newAgents}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>
              Total
            </th>
            <td className="num">{totals.orders}</td>
            <td className="num">{money(totals.gross)}</td>
            <td className="num">{money(totals.net)}</td>
            <td className="num">{totals.agents}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

export function CampaignsReport({ range }: ReportProps) {
  return (
    <div className="cmp">
      <ReportSection<CampaignRow>
        name="campaigns"
        title="Campaigns"
        description="Paid orders by their last touch and new agents by the touch that brought them; net is after refunds."
        range={range}
      >
        {(rows) => (
          <>
            <Suspense fallback={<p className="muted small">Loading the chart...</p>}>
              <CampaignChart rows={rows} />
            </Suspense>
            <CampaignTable rows={rows} />
          </>
        )}
      </ReportSection>
      <section className="card rpt-section cmp-help" aria-labelledby="cmp-conversions-title">
        <h2 id="cmp-conversions-title">Conversions for the ad platforms</h2>
        <div className="cmp-actions">
          <a className="btn btn-outline btn-sm" href={googleAdsCsvUrl(range)} download>
            Google Ads conversions (CSV)
          </a>
          <a className="btn btn-outline btn-sm" href={metaJsonUrl(range)} download>
            Meta conversions (JSON)
          </a>
        </div>
        <details>
          <summary>How campaigns are counted, and how to import conversions</summary>
          <ul>
            <li>
              Every public page keeps <code>utm_source</code>, <code>utm_medium</code>, <code>utm_campaign</code>, <code>utm_term</code>,{' '}
              <code>utm_content</code>, <code>gclid</code>, <code>gbraid</code>, <code>wbraid</code>, <code>fbclid</code> and the referring site in the
              visitor&apos;s browser for 90 days (first and last touch). A visit with none of them does not replace the last touch. Each order, sign-up, partner
              application and new account stores what was kept.
            </li>
            <li>
              The report groups paid orders by their last touch (<em>(direct) / (none) / (not set)</em> when there was none) and new agents by the touch that
              brought their account. Net is the amount paid less what was refunded.
            </li>
            <li>
              <strong>Google Ads</strong>: in Goals &gt; Conversions &gt; Uploads, upload the Google Ads CSV (columns <code>Google Click ID</code>,{' '}
              <code>Conversion Name</code>, <code>Conversion Time</code> with its offset, <code>Conversion Value</code> and <code>Conversion Currency</code>).
              It has one row per paid order that carries a <code>gclid</code> clicked at most 90 days before the payment, at its net value; orders refunded in
              full are left out. The conversion name is <code>Purchase</code> unless the link adds <code>&amp;conversionName=</code> with the name of your
              conversion action (an &quot;Import from clicks&quot; action). Google takes clicks up to 90 days old; upload at least daily.
            </li>
            <li>
              <strong>Meta</strong>: the JSON is the body of the Conversions API&apos;s <code>/events</code> call: one <code>Purchase</code> per paid order with{' '}
              <code>event_id</code> set to the order number (a second import of the same order is deduplicated), <code>action_source</code> <code>website</code>
              , the buyer&apos;s e-mail and phone hashed with SHA-256 as Meta specifies, <code>fbc</code> from the <code>fbclid</code>, and the net value in
              USD. Meta accepts events up to 7 days old: send each day&apos;s file within the week.
            </li>
          </ul>
        </details>
      </section>
    </div>
  );
}
