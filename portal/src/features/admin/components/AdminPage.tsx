// /admin: the admin panel. Heading, summary cards, and tabs Users (default), Appointments,
// Integration, plus Leads (CSV upload and assignment), Orders (refunds), Applications, Sign-ups, E-mail (the outbox) and the Audit log. The tab lives in the URL (?tab=).
// Before the tabs' own stylesheets (admin-audit.css), as when these rules sat in app/styles.css.
import './admin.css';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { RequireUser } from '../../../components/RequireUser.tsx';
import { useUsers } from '../api/get-users.ts';
import { UsersTab } from './UsersTab.tsx';

// The tabs other than Users load when first opened: the admin screen stays within the portal's per-screen
// budget (bench/portal-bundle.ts) however many tools the console gains.
const AppointmentsTab = lazy(() => import('./AppointmentsTab.tsx').then((m) => ({ default: m.AppointmentsTab })));
const IntegrationTab = lazy(() => import('./IntegrationTab.tsx').then((m) => ({ default: m.IntegrationTab })));
const LeadsTab = lazy(() => import('./LeadsTab.tsx').then((m) => ({ default: m.LeadsTab })));
const OrdersTab = lazy(() => import('./OrdersTab.tsx').then((m) => ({ default: m.OrdersTab })));
const ApplicationsTab = lazy(() => import('./InboxesTabs.tsx').then((m) => ({ default: m.ApplicationsTab })));
const SignupsTab = lazy(() => import('./InboxesTabs.tsx').then((m) => ({ default: m.SignupsTab })));
const OutboxTab = lazy(() => import('./OutboxTab.tsx').then((m) => ({ default: m.OutboxTab })));
const AuditTab = lazy(() => import('./AuditTab.tsx').then((m) => ({ default: m.AuditTab })));

const TABS = [
  { key: 'users', label: 'Users' },
  { key: 'appointments', label: 'Appointments' },
  { key: 'integration', label: 'Integration' },
  { key: 'leads', label: 'Leads' },
  { key: 'orders', label: 'Orders' },
  { key: 'applications', label: 'Applications' },
  { key: 'signups', label: 'Sign-ups' },
  { key: 'email', label: 'E-mail' },
  { key: 'audit', label: 'Audit log' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

function SummaryCards() {
  // The first page of the user list carries the counts for the whole table.
  const { data } = useUsers(1);
  const stats = data?.stats;
  const cards = [
    { label: 'Total Users', value: stats?.totalUsers },
    { label: 'Admin Users', value: stats?.adminUsers },
    { label: 'Basic Users', value: stats?.basicUsers },
  ];
  return (
    <div className="adm-summary">
      {cards.map((c) => (
        <div key={c.label} className="card adm-summary-card" data-testid={`summary-${c.label.toLowerCase().replace(/\s+/g, '-')}`}>
          <div className="muted small">{c.label}</div>
          <div className="adm-summary-value">{c.value === undefined ? '—' : c.value.toLocaleString('en-US')}</div>
        </div>
      ))}
    </div>
  );
}

function AdminPanel() {
  const [params, setParams] = useSearchParams();
  const tab: TabKey = (TABS.find((t) => t.key === params.get('tab'))?.key ?? 'users') as TabKey;
  const select = (key: TabKey) => setParams(key === 'users' ? {} : { tab: key }, { replace: true });
  return (
    <div className="container adm">
      <header className="adm-header">
        <div>
          <h1>Admin Panel</h1>
          <p className="muted">Manage users, appointments and system settings</p>
        </div>
        <div className="adm-header-actions">
          <a className="btn btn-outline" href="/admin/disputes">
            Transfer Disputes
          </a>
          <a className="btn btn-outline" href="/admin/reports">
            Reports
          </a>
          <a className="btn btn-outline" href="/profile">
            Profile
          </a>
          <a className="btn btn-outline" href="/api/logout">
            Logout
          </a>
        </div>
      </header>
      <SummaryCards />
      <div role="tablist" aria-label="Admin sections" className="adm-tabs">
        {TABS.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            id={`tab-${t.key}`}
            aria-selected={tab === t.key}
            aria-controls={`panel-${t.key}`}
            className={`adm-tab ${tab === t.key ? 'adm-tab-active' : ''}`}
            onClick={() => select(t.key)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <section role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="adm-panel">
        <Suspense fallback={<p className="muted">Loading...</p>}>
          {tab === 'users' && <UsersTab />}
          {tab === 'appointments' && <AppointmentsTab />}
          {tab === 'integration' && <IntegrationTab />}
          {tab === 'leads' && <LeadsTab />}
          {tab === 'orders' && <OrdersTab />}
          {tab === 'applications' && <ApplicationsTab />}
          {tab === 'signups' && <SignupsTab />}
          {tab === 'email' && <OutboxTab />}
          {tab === 'audit' && <AuditTab />}
        </Suspense>
      </section>
    </div>
  );
}

export function AdminPage() {
  return <RequireUser admin>{() => <AdminPanel />}</RequireUser>;
}
