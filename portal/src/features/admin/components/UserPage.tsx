// The admin's page for one user (/admin?user=ID): account details with Edit, their live-transfer price,
// their own lead and appointment prices, transfer balance, what they paid, and their orders, leads and appointments (newest first).
import './campaigns.css';
import { CampaignText } from './CampaignFacts.tsx';
import { PRICE_SOURCE_LABEL, dashboardTransferPrice } from '@tm/shared/logic/price-story';
import { ASSIGNED_LABEL } from '@tm/shared/schemas/dashboard';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatUsd } from '@tm/shared';
import { ApiError } from '@tm/shared/api-client';
import { formatDateTime, formatPhone } from '@tm/shared/logic/format';
import { useTimeZone } from '../../../lib/time-zone.ts';
import { useUser } from '../api/get-user.ts';
import { UserFormPanel } from './UserFormPanel.tsx';
import { BuyerControlsPanel } from './BuyerControlsPanel.tsx';
import { BuyerPricesPanel } from './BuyerPricesPanel.tsx';

/** One of the user's record lists: a table of the newest rows, and how many there are in all. */
function UserRecords<T extends { id: number | string }>(props: {
  id: string;
  title: string;
  noun: string;
  total: number;
  empty: string;
  rowTestId: string;
  rows: T[];
  columns: Array<[header: string, cell: (row: T) => ReactNode]>;
}) {
  const { id, title, noun, total, rows } = props;
  return (
    <section aria-labelledby={id}>
      <h3 id={id}>
        {title} ({total})
      </h3>
      {rows.length === 0 ? (
        <p className="adm-empty">{props.empty}</p>
      ) : (
        <div className="adm-table-wrap" tabIndex={0} role="region" aria-label={`${title} table`}>
          <table className="adm-table" aria-labelledby={id}>
            <thead>
              <tr>
                {props.columns.map(([header]) => (
                  <th key={header} scope="col">
                    {header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} data-testid={props.rowTestId}>
                  {props.columns.map(([header, cell]) => (
                    <td key={header}>{cell(row)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {total > rows.length && (
        <p className="muted small">
          Showing the newest {rows.length} of {total} {noun}.
        </p>
      )}
    </section>
  );
}

export function UserPage({ userId }: { userId: number }) {
  const tz = useTimeZone();
  const user = useUser(userId);
  const [editing, setEditing] = useState(false);
  const back = (
    <Link className="btn btn-outline adm-btn-sm" to="/admin">
      Back to users
    </Link>
  );
  if (user.isPending) return <p className="adm-empty">Loading user...</p>;
  if (user.isError || !user.data) {
    return (
      <div>
        {back}
        <p className="form-error" role="alert">
          {user.error instanceof ApiError ? user.error.serverMessage : 'Failed to load the user.'}
        </p>
      </div>
    );
  }
  const { user: u, balance, totals, orders, leads, appointments } = user.data;
  const name = `${u.firstName} ${u.lastName}`;
  return (
    <article className="adm-user-page" aria-labelledby="adm-user-name">
      <div className="adm-user-head">
        {back}
        <div className="adm-card-title">
          <h2 id="adm-user-name">{name}</h2>
          <span className={`adm-badge ${u.isAdmin ? 'adm-badge-admin' : 'adm-badge-basic'}`}>{u.isAdmin ? 'Admin' : 'Basic'}</span>
          {u.deactivatedAt && <span className="adm-badge adm-badge-bad">Deactivated</span>}
        </div>
        <button type="button" className="btn adm-btn-sm" onClick={() => setEditing(true)}>
          Edit
        </button>
      </div>
      <dl className="card adm-user-facts">
        <div>
          <dt>Email</dt>
          <dd>{u.email}</dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>{u.phone ? formatPhone(u.phone) : '—'}</dd>
        </div>
        <div>
          <dt>State</dt>
          <dd>{u.state ?? '—'}</dd>
        </div>
        <div>
          <dt>Agency</dt>
          <dd>{u.agencyName || '—'}</dd>
        </div>
        <div>
          <dt>Role</dt>
          <dd>{u.role || '—'}</dd>
        </div>
        <div>
          <dt>Joined</dt>
          <dd>{formatDateTime(u.createdAt, tz) || '—'}</dd>
        </div>
      </dl>
      <p className="card adm-user-campaign">
        <strong>Campaign:</strong> <CampaignText attribution={user.data.attribution} tz={tz} testId="user-campaign" />
      </p>
      <div className="adm-summary" data-testid="user-page-figures">
        <div className="card adm-summary-card">
          <div className="muted small">Live transfer price</div>
          <div className="adm-summary-value" data-testid="user-transfer-price">
            {formatUsd(u.effectiveLiveTransferPriceCents, { cents: true })}
          </div>
          <div className="muted small" data-testid="user-transfer-price-source">
            {dashboardTransferPrice(u.liveTransferPriceCents).source === 'negotiated'
              ? 'Negotiated price, set on this account'
              : `${PRICE_SOURCE_LABEL['agent-rate']}, the default for dashboard orders`}
          </div>
        </div>
        <div className="card adm-summary-card">
          <div className="muted small">Transfers left</div>
          <div className="adm-summary-value" data-testid="user-transfers-left">
            {balance.transfersRemaining}
          </div>
          <div className="muted small">of {balance.transfersPurchased} bought</div>
        </div>
        <div className="card adm-summary-card">
          <div className="muted small">Paid</div>
          <div className="adm-summary-value" data-testid="user-paid">
            {formatUsd(totals.paidCents, { cents: true })}
          </div>
          <div className="muted small">
            {totals.paidOrders} {totals.paidOrders === 1 ? 'order' : 'orders'}
            {totals.refundedCents > 0 ? `, ${formatUsd(totals.refundedCents, { cents: true })} refunded` : ''}
          </div>
        </div>
        <div className="card adm-summary-card">
          <div className="muted small">Transfer spend</div>
          <div className="adm-summary-value">{formatUsd(balance.transferSpendCents, { cents: true })}</div>
          <div className="muted small">billable calls, after credits</div>
        </div>
      </div>

      {!u.isAdmin && <BuyerControlsPanel userId={u.id} />}
      {!u.isAdmin && <BuyerPricesPanel userId={u.id} />}

      <UserRecords
        id="adm-user-orders"
        title="Orders"
        noun="orders"
        total={user.data.ordersTotal}
        empty="No orders yet."
        rowTestId="user-order-row"
        rows={orders}
        columns={[
          ['Order', (o) => `#${o.id}`],
          ['What', (o) => o.description],
          [
            'Amount',
            (o) => formatUsd(o.amountCents, { cents: true }) + (o.refundedCents > 0 ? ` (${formatUsd(o.refundedCents, { cents: true })} refunded)` : ''),
          ],
          ['Status', (o) => o.status],
          ['Created', (o) => formatDateTime(o.createdAt, tz)],
        ]}
      />
      <UserRecords
        id="adm-user-leads"
        title="Leads"
        noun="leads"
        total={user.data.leadsTotal}
        empty="No leads assigned or bought."
        rowTestId="user-lead-row"
        rows={leads}
        columns={[
          ['Name', (l) => l.name],
          ['Phone', (l) => (l.phone ? formatPhone(l.phone) : '—')],
          ['State', (l) => l.state ?? '—'],
          ['Source', (l) => (l.source === 'purchased' ? 'Purchased' : ASSIGNED_LABEL)],
          ['Date', (l) => formatDateTime(l.createdAt, tz)],
        ]}
      />
      <UserRecords
        id="adm-user-appointments"
        title="Appointments"
        noun="appointments"
        total={user.data.appointmentsTotal}
        empty="No appointments bought or assigned."
        rowTestId="user-appointment-row"
        rows={appointments}
        columns={[
          ['Customer', (a) => a.customerName],
          ['Phone', (a) => (a.customerPhone ? formatPhone(a.customerPhone) : '—')],
          ['State', (a) => a.customerState ?? '—'],
          ['Price', (a) => (a.assigned ? ASSIGNED_LABEL : formatUsd(a.priceCents, { cents: true }))],
          ['Purchased', (a) => formatDateTime(a.purchasedAt, tz)],
        ]}
      />
      <UserFormPanel mode="edit" user={editing ? u : null} onClose={() => setEditing(false)} />
    </article>
  );
}
