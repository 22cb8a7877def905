// /dashboard: the agent's area, opening on Home. The panel comes from ?tab= (reload and back keep it); the session
// is polled every 30 seconds (a 401 goes to /login and back here after login) and ends after the
// inactivity timeout the server announces (10 minutes).
import { useSearchParams } from 'react-router';
import { RequireUser } from '../../auth/components/RequireUser.tsx';
import type { SessionUser } from '../../auth/api/current-user.ts';
import { PortalShell } from './PortalShell.tsx';
import { HomePanel } from '../../home/components/HomePanel.tsx';
import { PANEL_TITLES, TAB_PARAM, panelFromParam, type PanelKey } from './panels.ts';
import { LeadMarketplace } from './LeadMarketplace.tsx';
import { BuyAppointmentsPanel } from './BuyAppointmentsPanel.tsx';
import { MyAppointmentsPanel } from './MyAppointmentsPanel.tsx';
import { MyLeadsPanel } from './MyLeadsPanel.tsx';
import { CallTransfersPanel } from './CallTransfersPanel.tsx';
import { ComingSoonPanel, FacebookAdsCoursePanel, SupportPanel, TrainingVideosPanel } from './InfoPanels.tsx';

function Panel({ panel, user }: { panel: PanelKey; user: SessionUser }) {
  switch (panel) {
    case 'home':
      return <HomePanel user={user} />;
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
      return (
        <ComingSoonPanel
          title="Insurance Recruiting"
          description="Recruit licensed agents into your agency with our done-for-you campaigns. We are putting the finishing touches on it."
        />
      );
    case 'facebook-leads':
      return (
        <ComingSoonPanel
          title="Facebook Leads"
          description="Exclusive final expense leads from our own Facebook campaigns, delivered in real time. Launching soon."
        />
      );
    case 'agedLeads':
      return (
        <ComingSoonPanel
          title="Aged Leads"
          description="Bulk aged-lead packages by age bracket are on the way. Meanwhile, pick individual aged leads under Buy Leads."
        />
      );
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
  return (
    <PortalShell user={user} current={panel} title={PANEL_TITLES[panel]}>
      <Panel panel={panel} user={user} />
    </PortalShell>
  );
}

export function DashboardPage() {
  return <RequireUser>{(user) => <Dashboard user={user} />}</RequireUser>;
}
