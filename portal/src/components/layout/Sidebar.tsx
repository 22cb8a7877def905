// The portal's sidebar: Home, the Training, Purchase and Support sections, the My Appointments count
// badge, and Logout (to /api/logout). Entries are links (/dashboard?tab=key, /dashboard/transfers,
// /training), so they work with the keyboard, open in a new tab and go into the browser history.
// The FEX Quoter is a public page of the site: it opens in a new tab, so the portal stays open.
import { Link } from 'react-router';
import type { SessionUser } from '../../lib/current-user.ts';
import { useAllAppointments } from '../../lib/all-appointments.ts';
import { panelHref, type PanelKey } from './panels.ts';
import { Icon, type IconName } from './Icon.tsx';

/** Where the agent is: a dashboard panel or one of the portal's own pages. */
export type ShellPlace = PanelKey | 'my-transfers' | 'results' | 'training-center';

interface Entry {
  key?: ShellPlace;
  label: string;
  icon: IconName;
  to?: string;
  href?: string;
  badge?: number;
  also?: ShellPlace[];
}

function NavItem({ entry, current, onNavigate }: { entry: Entry; current: ShellPlace; onNavigate: () => void }) {
  const active = entry.key !== undefined && (entry.key === current || entry.also?.includes(current));
  const content = (
    <>
      <Icon name={entry.icon} size={18} className="dash-nav-icon" />
      <span className="dash-nav-label">{entry.label}</span>
      {entry.badge !== undefined && entry.badge > 0 && (
        <span className="dash-nav-badge" aria-label={`${entry.badge} purchased`} data-testid="my-appointments-badge">
          {entry.badge}
        </span>
      )}
    </>
  );
  return (
    <li>
      {entry.href ? (
        <a className="dash-nav-link" href={entry.href} target="_blank" rel="noopener">
          {content}
          <span className="sr-only"> (opens in a new tab)</span>
          <Icon name="external" size={14} className="dash-nav-icon" />
        </a>
      ) : (
        <Link
          className={`dash-nav-link${active ? ' is-active' : ''}`}
          to={entry.to ?? panelHref(entry.key as PanelKey)}
          aria-current={active ? 'page' : undefined}
          onClick={onNavigate}
        >
          {content}
        </Link>
      )}
    </li>
  );
}

export function Sidebar({ user, current, open, onNavigate }: { user: SessionUser; current: ShellPlace; open: boolean; onNavigate: () => void }) {
  const overview = useAllAppointments();
  const sections: Array<{ title: string; entries: Entry[] }> = [
    { title: '', entries: [{ key: 'home', label: 'Home', icon: 'home' }] },
    {
      title: 'Training',
      entries: [
        { key: 'facebook-ads-course', label: 'Facebook Ads Course', icon: 'book' },
        { key: 'training-videos', label: 'Training Videos', icon: 'video', also: ['training-center'] },
        { label: 'FEX Quoter', icon: 'calculator', href: '/fex-quoter' },
      ],
    },
    {
      title: 'Purchase',
      entries: [
        { key: 'buy-call-transfers', label: 'Buy Call Transfers', icon: 'phone' },
        { key: 'buy-appointments', label: 'Buy Appointments', icon: 'calendar' },
        { key: 'buy-leads', label: 'Buy Leads', icon: 'cart', also: ['buy-aged-leads', 'agedLeads'] },
        { key: 'my-appointments', label: 'My Appointments', icon: 'calendarCheck', badge: overview.data?.purchasedCount },
        { key: 'my-leads', label: 'My Leads', icon: 'contacts' },
        { key: 'my-transfers', label: 'My Transfers', icon: 'phone', to: '/dashboard/transfers' },
        { key: 'results', label: 'Results', icon: 'dollar', to: '/dashboard/results' },
        { key: 'facebook-leads', label: 'Facebook Leads', icon: 'users' },
      ],
    },
    // Support stands on its own, as in the spec's sidebar.
    { title: '', entries: [{ key: 'support', label: 'Support', icon: 'help' }] },
  ];
  const initials = `${user.firstName[0] ?? ''}${user.lastName[0] ?? ''}`.toUpperCase();
  return (
    <aside id="dash-sidebar" className={`dash-sidebar${open ? ' is-open' : ''}`} aria-label="Dashboard">
      <div className="dash-brand">
        <span className="dash-brand-mark" aria-hidden="true">
          TL
        </span>
        <span>
          TransferLine <small>Agent Portal</small>
        </span>
      </div>
      <div className="dash-user">
        <span className="dash-avatar" aria-hidden="true">
          {initials}
        </span>
        <span>
          <strong>
            {user.firstName} {user.lastName}
          </strong>
          <small>{user.agencyName || user.email}</small>
        </span>
      </div>
      <nav aria-label="Dashboard sections">
        {sections.map((s, i) => (
          <div key={s.title || `section-${i}`} className="dash-nav-section">
            {s.title && (
              <h2 className="dash-nav-heading" id={`nav-${s.title}`}>
                {s.title}
              </h2>
            )}
            <ul aria-labelledby={s.title ? `nav-${s.title}` : undefined}>
              {s.entries.map((e) => (
                <NavItem key={e.label} entry={e} current={current} onNavigate={onNavigate} />
              ))}
            </ul>
          </div>
        ))}
      </nav>
      <a className="btn btn-outline dash-logout" href="/profile">
        Profile
      </a>
      <a className="btn btn-outline dash-logout" href="/api/logout">
        Logout
      </a>
    </aside>
  );
}
