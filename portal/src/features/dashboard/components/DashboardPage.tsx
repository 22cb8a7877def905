// /dashboard: the agent's area. The panel comes from ?tab= (reload and back keep it); the session
// is polled every 30 seconds (a 401 goes to /login and back here after login) and ends after the
// inactivity timeout the server announces (10 minutes).
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { RequireUser } from '../../auth/components/RequireUser.tsx';
import type { SessionUser } from '../../auth/api/current-user.ts';
import { useToast } from '../../../components/toast.tsx';
import { useInactivityLogout } from '../hooks/use-inactivity-logout.ts';
import { Icon } from './Icon.tsx';
import { Sidebar } from './Sidebar.tsx';
import { SESSION_EXPIRED_TEXT, SESSION_EXPIRED_TITLE } from './messages.ts';
import { PANEL_TITLES, TAB_PARAM, panelFromParam, type PanelKey } from './panels.ts';
import { LeadMarketplace } from './LeadMarketplace.tsx';
import { BuyAppointmentsPanel } from './BuyAppointmentsPanel.tsx';
import { MyAppointmentsPanel } from './MyAppointmentsPanel.tsx';
import { MyLeadsPanel } from './MyLeadsPanel.tsx';
import { CallTransfersPanel } from './CallTransfersPanel.tsx';
import { ComingSoonPanel, FacebookAdsCoursePanel, SupportPanel, TrainingVideosPanel } from './InfoPanels.tsx';


function Panel({ panel, user }: { panel: PanelKey; user: SessionUser }) {
  switch (panel) {
    case 'buy-aged-leads':
      return <LeadMarketplace key="aged" kind="aged" />;
    case 'buy-leads':
      return <LeadMarketplace key="fresh" kind="fresh" />;
    case 'buy-call-transfers':
      return <CallTransfersPanel user={user} />;
    case 'buy-appointments':
      return <BuyAppointmentsPanel />;
    case 'my-appointments':
      return <MyAppointmentsPanel />;
    case 'my-leads':
      return <MyLeadsPanel />;
    case 'insurance-recruiting':
      return <ComingSoonPanel title="Insurance Recruiting" description="Recruit licensed agents into your agency with our done-for-you campaigns. We are putting the finishing touches on it." />;
    case 'facebook-leads':
      return <ComingSoonPanel title="Facebook Leads" description="Exclusive final expense leads from our own Facebook campaigns, delivered in real time. Launching soon." />;
    case 'agedLeads':
      return <ComingSoonPanel title="Aged Leads" description="Bulk aged-lead packages by age bracket are on the way. Meanwhile, pick individual aged leads under Buy Leads." />;
    case 'facebook-ads-course':
      return <FacebookAdsCoursePanel />;
    case 'training-videos':
      return <TrainingVideosPanel />;
    case 'support':
      return <SupportPanel />;
  }
}

function Dashboard({ user }: { user: SessionUser }) {
  const [params] = useSearchParams();
  const panel = panelFromParam(params.get(TAB_PARAM));
  const toast = useToast();
  const [menuOpen, setMenuOpen] = useState(false);
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);

  useInactivityLogout(user.inactivityTimeoutMs, () => toast({ title: SESSION_EXPIRED_TITLE, description: SESSION_EXPIRED_TEXT, variant: 'destructive' }));

  useEffect(() => {
    document.title = `${PANEL_TITLES[panel]} · Agent Portal`;
    // Moving focus to the new panel tells keyboard and screen-reader users where they are.
    if (first.current) first.current = false;
    else main.current?.focus();
  }, [panel]);

  return (
    <div className="dash">
      <a className="dash-skip" href="#dash-main">
        Skip to content
      </a>
      <header className="dash-topbar">
        <button type="button" className="dash-icon-btn dash-menu-btn" aria-expanded={menuOpen} aria-controls="dash-sidebar" onClick={() => setMenuOpen((o) => !o)}>
          <Icon name="menu" size={22} />
          <span className="sr-only">Menu</span>
        </button>
        <span className="dash-topbar-title">{PANEL_TITLES[panel]}</span>
      </header>
      <Sidebar user={user} current={panel} open={menuOpen} onNavigate={() => setMenuOpen(false)} />
      <main id="dash-main" ref={main} tabIndex={-1} className="dash-main" aria-label={PANEL_TITLES[panel]}>
        <Panel panel={panel} user={user} />
      </main>
    </div>
  );
}

export function DashboardPage() {
  return <RequireUser>{(user) => <Dashboard user={user} />}</RequireUser>;
}
