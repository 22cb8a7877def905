// Home, the portal's first screen: what needs attention (alerts), the transfer balance and spend,
// transfers today and this week, disputes awaiting a decision, quick actions, recent purchases with
// their receipts and the upcoming purchased appointments, every time on the agent's own clock.
// One request (GET /api/dashboard/home); the server computes every figure.
import { Link } from 'react-router';
import { formatDate, formatDateTime, formatPhone, formatUsd, telHref, zoneLabel } from '@tm/shared/logic/format';
import type { DashboardHomeView } from '@tm/shared/schemas/home';
import type { SessionUser } from '../../../lib/current-user.ts';
import { useHome } from '../api/get-home.ts';
import { Icon, type IconName } from '../../../components/layout/Icon.tsx';
import { panelHref } from '../../../components/layout/panels.ts';
import { useAutoRebill } from '../../../lib/auto-rebill.ts';
import { ACTION_NEEDED_TITLE } from '@tm/shared/logic/auto-rebill';
import { SettingsOfferPrompt } from './SettingsOfferPrompt.tsx';
import './home.css';

const QUICK_ACTIONS: Array<{ label: string; to: string; icon: IconName }> = [
  // Worded apart from the sidebar's entries, so each link's name says one place.
  { label: 'Order transfers', to: panelHref('buy-call-transfers'), icon: 'phone' },
  { label: 'Shop appointments', to: panelHref('buy-appointments'), icon: 'calendar' },
  { label: 'Shop leads', to: panelHref('buy-leads'), icon: 'cart' },
  { label: 'Calls and disputes', to: '/dashboard/transfers', icon: 'receipt' },
  { label: 'Assigned leads', to: panelHref('my-leads'), icon: 'contacts' },
  { label: 'Watch training', to: '/training', icon: 'video' },
];

function Stat({ id, label, value, hint, to }: { id: string; label: string; value: string; hint?: string; to?: string }) {
  return (
    <div className="card home-stat" data-testid={`home-${id}`}>
      <div className="home-stat-label">{label}</div>
      <div className="home-stat-value">{value}</div>
      {hint && <div className="muted small">{hint}</div>}
      {to && (
        <Link className="home-stat-link" to={to}>
          View<span className="sr-only"> {label}</span>
        </Link>
      )}
    </div>
  );
}

function Alerts({ home }: { home: DashboardHomeView }) {
  if (home.alerts.length === 0) return null;
  return (
    <ul className="home-alerts" aria-label="Alerts">
      {home.alerts.map((a) => (
        <li key={a.kind} className={`home-alert home-alert-${a.kind}`} data-testid={`alert-${a.kind}`}>
          <Icon name="alert" size={18} />
          <span>{a.message}</span>
          {a.kind === 'paused' ? (
            <Link to="/dashboard/transfers?view=controls">Transfer Controls</Link>
          ) : (
            <Link to={panelHref('buy-call-transfers')}>Order more</Link>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * Home paints at once (decision 185): the headline, the figures' cards (a dash until the figures come)
 * and the quick actions need no data, so the largest paint never waits for GET /api/dashboard/home.
 */
function HomeBody({ home, user, failed }: { home: DashboardHomeView | undefined; user: SessionUser; failed: boolean }) {
  const tz = home?.timeZone;
  const n = (v: number | undefined) => (v === undefined ? '—' : v.toLocaleString('en-US'));
  return (
    <>
      <div className="dash-section-head">
        <div>
          <h2 id="home-title">Welcome back, {user.firstName}</h2>
          {/* Fixed text: a paragraph that grew when the figures came would be painted again as the largest. */}
          <p className="muted">Times are shown in your time zone. Change it under My Transfers, Transfer Controls.</p>
          {tz && (
            <p className="muted small" data-testid="home-zone">
              Your time zone: {zoneLabel(tz)}
            </p>
          )}
        </div>
      </div>
      {failed && (
        <p className="form-error" role="alert">
          Could not load your overview. Please try again.
        </p>
      )}
      {home && <Alerts home={home} />}
      <SettingsOfferPrompt />
      <div className="home-stats" aria-busy={!home}>
        <Stat id="balance" label="Transfers left" value={n(home?.transfersRemaining)} hint={`of ${n(home?.transfersPurchased)} bought`} />
        <Stat id="spend" label="Spent on transfers" value={home ? formatUsd(home.spentCents, { cents: true }) : '—'} hint="billable calls, after credits" />
        <Stat id="today" label="Transfers today" value={n(home?.transfersToday)} />
        <Stat id="week" label="Transfers this week" value={n(home?.transfersThisWeek)} hint="since Monday" />
        <Stat
          id="disputes"
          label="Awaiting dispute decision"
          value={n(home?.disputesAwaitingDecision)}
          to={home && home.disputesAwaitingDecision > 0 ? '/dashboard/transfers' : undefined}
        />
      </div>

      <section aria-labelledby="home-actions-h" className="card home-card">
        <h3 id="home-actions-h">Quick actions</h3>
        <ul className="home-actions">
          {QUICK_ACTIONS.map((a) => (
            <li key={a.label}>
              <Link className="home-action" to={a.to}>
                <Icon name={a.icon} size={20} />
                <span>{a.label}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      {home ? <HomeLists home={home} tz={home.timeZone} /> : <p className="muted">Loading your overview...</p>}
    </>
  );
}

function HomeLists({ home, tz }: { home: DashboardHomeView; tz: string }) {
  return (
    <>
      <div className="home-columns">
        <section aria-labelledby="home-upcoming-h" className="card home-card">
          <h3 id="home-upcoming-h">Upcoming appointments</h3>
          {home.upcomingAppointments.length === 0 ? (
            <p className="muted">No upcoming appointments.</p>
          ) : (
            <ul className="home-list" data-testid="home-upcoming">
              {home.upcomingAppointments.map((a) => (
                <li key={a.id}>
                  <div>
                    <strong>{a.customerName}</strong>
                    {a.customerState && <span className="muted"> · {a.customerState}</span>}
                    <div className="muted small">{formatDateTime(a.at, tz)}</div>
                  </div>
                  {a.customerPhone && <a href={telHref(a.customerPhone)}>{formatPhone(a.customerPhone)}</a>}
                </li>
              ))}
            </ul>
          )}
          <Link className="home-more" to={panelHref('my-appointments')}>
            See every purchased appointment
          </Link>
        </section>

        <section aria-labelledby="home-purchases-h" className="card home-card">
          <h3 id="home-purchases-h">Recent purchases</h3>
          {home.recentPurchases.length === 0 ? (
            <p className="muted">No purchases yet.</p>
          ) : (
            <ul className="home-list" data-testid="home-purchases">
              {home.recentPurchases.map((p) => (
                <li key={p.orderId}>
                  <div>
                    <strong>{p.description}</strong>
                    <div className="muted small">
                      {formatDate(p.at, tz)} · {formatUsd(p.amountCents, { cents: true })}
                    </div>
                  </div>
                  <Link to={p.receiptPath}>
                    Receipt<span className="sr-only"> for order #{p.orderId}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <Link className="home-more" to="/dashboard/transfers?view=ledger">
            Ledger &amp; Receipts
          </Link>
        </section>
      </div>
    </>
  );
}

/** An auto-rebill top-up the saved card could not pay (decision 197): the link pays it on-session. */
function RebillNotice({ user }: { user: SessionUser }) {
  const q = useAutoRebill(!user.isAdmin);
  const a = q.data?.actionNeeded;
  if (!a) return null;
  return (
    <div role="alert" className="rebill-notice">
      <strong>{ACTION_NEEDED_TITLE}</strong>
      <p>
        Your auto-rebill top-up of {a.count} transfers ({formatUsd(a.amountCents, { cents: true })}) was not charged:{' '}
        {a.reason === 'authentication_required' ? 'your bank asks you to confirm it.' : 'your card was declined.'} Deliveries pause only if your balance reaches
        zero.
      </p>
      <Link className="btn" to={a.payUrl}>
        Pay now
      </Link>
    </div>
  );
}

export function HomePanel({ user }: { user: SessionUser }) {
  const home = useHome();
  return (
    <section aria-labelledby="home-title" className="dash-section">
      <RebillNotice user={user} />
      <HomeBody home={home.data} user={user} failed={home.isError && !home.data} />
    </section>
  );
}
