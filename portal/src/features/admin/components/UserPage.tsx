// The admin's page for one user (/admin?user=ID): account details with Edit, their live-transfer price,
// transfer balance, what they paid, and their orders, leads and appointments (newest first).
import { PRICE_SOURCE_LABEL, dashboardTransferPrice } from '@tm/shared/logic/price-story';
import { ASSIGNED_LABEL } from '@tm/shared/schemas/dashboard';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatUsd } from '@tm/shared';
import { ApiError } from '@tm/shared/api-client';
import { formatDateTime, formatPhone } from '@tm/shared/logic/format';
import { useTimeZone } from '../../../lib/time-zone.ts';
import { useUser } from '../api/get-user.ts';
import { UserFormPanel } from './UserFormPanel.tsx';

const more = (shown: number, total: number, noun: string) =>
  total > shown ? (
    <p className="muted small">
      Showing the newest {shown} of {total} {noun}.
    </p>
  ) : null;

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

      <section aria-labelledby="adm-user-orders">
        <h3 id="adm-user-orders">Orders ({user.data.ordersTotal})</h3>
        {orders.length === 0 ? (
          <p className="adm-empty">No orders yet.</p>
        ) : (
          <div className="adm-table-wrap" tabIndex={0} role="region" aria-label="Orders table">
            <table className="adm-table" aria-labelledby="adm-user-orders">
              <thead>
                <tr>
                  <th scope="col">Order</th>
                  <th scope="col">What</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Status</th>
                  <th scope="col">Created</th>
                </tr>
              </thead>
              <tbody>
                {orders.map((o) => (
                  <tr key={o.id} data-testid="user-order-row">
                    <td>#{o.id}</td>
                    <td>{o.description}</td>
                    <td>
                      {formatUsd(o.amountCents, { cents: true })}
                      {o.refundedCents > 0 ? ` (${formatUsd(o.refundedCents, { cents: true })} refunded)` : ''}
                    </td>
                    <td>{o.status}</td>
                    <td>{formatDateTime(o.createdAt, tz)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {more(orders.length, user.data.ordersTotal, 'orders')}
      </section>

      <section aria-labelledby="adm-user-leads">
        <h3 id="adm-user-leads">Leads ({user.data.leadsTotal})</h3>
        {leads.length === 0 ? (
          <p className="adm-empty">No leads assigned or bought.</p>
        ) : (
          <div className="adm-table-wrap" tabIndex={0} role="region" aria-label="Leads table">
            <table className="adm-table" aria-labelledby="adm-user-leads">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Phone</th>
                  <th scope="col">State</th>
                  <th scope="col">Source</th>
                  <th scope="col">Date</th>
                </tr>
              </thead>
              <tbody>
                {leads.map((l) => (
                  <tr key={l.id} data-testid="user-lead-row">
                    <td>{l.name}</td>
                    <td>{l.phone ? formatPhone(l.phone) : '—'}</td>
                    <td>{l.state ?? '—'}</td>
                    <td>{l.source === 'purchased' ? 'Purchased' : ASSIGNED_LABEL}</td>
                    <td>{formatDateTime(l.createdAt, tz)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {more(leads.length, user.data.leadsTotal, 'leads')}
      </section>

      <section aria-labelledby="adm-user-appointments">
        <h3 id="adm-user-appointments">Appointments ({user.data.appointmentsTotal})</h3>
        {appointments.length === 0 ? (
          <p className="adm-empty">No appointments bought or assigned.</p>
        ) : (
          <div className="adm-table-wrap" tabIndex={0} role="region" aria-label="Appointments table">
            <table className="adm-table" aria-labelledby="adm-user-appointments">
              <thead>
                <tr>
                  <th scope="col">Customer</th>
                  <th scope="col">Phone</th>
                  <th scope="col">State</th>
                  <th scope="col">Price</th>
                  <th scope="col">Purchased</th>
                </tr>
              </thead>
              <tbody>
                {appointments.map((a) => (
                  <tr key={a.id} data-testid="user-appointment-row">
                    <td>{a.customerName}</td>
                    <td>{a.customerPhone ? formatPhone(a.customerPhone) : '—'}</td>
                    <td>{a.customerState ?? '—'}</td>
                    <td>{a.assigned ? ASSIGNED_LABEL : formatUsd(a.priceCents, { cents: true })}</td>
                    <td>{formatDateTime(a.purchasedAt, tz)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {more(appointments.length, user.data.appointmentsTotal, 'appointments')}
      </section>
      <UserFormPanel mode="edit" user={editing ? u : null} onClose={() => setEditing(false)} />
    </article>
  );
}
