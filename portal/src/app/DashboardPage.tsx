// /dashboard: the agent's area, opening on Home. The panel comes from ?tab= (reload and back keep it); the session
// is polled every 30 seconds (a 401 goes to /login and back here after login) and ends after the
// inactivity timeout the server announces (10 minutes).
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { RequireUser } from '../components/RequireUser.tsx';
import type { SessionUser } from '../lib/current-user.ts';
import { PortalShell } from '../components/layout/PortalShell.tsx';
// Before HomePanel's home.css, as when these rules sat in app/styles.css.
import '../features/dashboard/components/dashboard.css';
import { HomePanel } from '../features/home/components/HomePanel.tsx';
import { homeQuery } from '../features/home/api/get-home.ts';
import { PANEL_TITLES, TAB_PARAM, panelFromParam, type PanelKey } from '../components/layout/panels.ts';
import { Spinner } from '../features/dashboard/components/ui.tsx';

// Home is in this chunk and paints at once; every other panel is its own chunk, loaded when opened, so
// Home downloads no validation schemas (zod) and no form library (decision 185).
const LeadMarketplace = lazy(async () => ({ default: (await import('../features/dashboard/components/LeadMarketplace.tsx')).LeadMarketplace }));
const BuyAppointmentsPanel = lazy(async () => ({ default: (await import('../features/dashboard/components/BuyAppointmentsPanel.tsx')).BuyAppointmentsPanel }));
const MyAppointmentsPanel = lazy(async () => ({ default: (await import('../features/dashboard/components/MyAppointmentsPanel.tsx')).MyAppointmentsPanel }));
const MyLeadsPanel = lazy(async () => ({ default: (await import('../features/dashboard/components/MyLeadsPanel.tsx')).MyLeadsPanel }));
const CallTransfersPanel = lazy(async () => ({ default: (await import('../features/dashboard/components/CallTransfersPanel.tsx')).CallTransfersPanel }));
const ComingSoonPanel = lazy(async () => ({ default: (await import('../features/dashboard/components/InfoPanels.tsx')).ComingSoonPanel }));
const FacebookAdsCoursePanel = lazy(async () => ({ default: (await import('../features/dashboard/components/InfoPanels.tsx')).FacebookAdsCoursePanel }));
const SupportPanel = lazy(async () => ({ default: (await import('../features/dashboard/components/InfoPanels.tsx')).SupportPanel }));
const TrainingVideosPanel = lazy(async () => ({ default: (await import('../features/dashboard/components/InfoPanels.tsx')).TrainingVideosPanel }));

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
      <Suspense fallback={<Spinner label="Loading..." />}>
        <Panel panel={panel} user={user} />
      </Suspense>
    </PortalShell>
  );
}

export function DashboardPage() {
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  // Home's figures are asked for with the session, not after it: the two requests run side by side.
  if (panelFromParam(params.get(TAB_PARAM)) === 'home') void queryClient.prefetchQuery(homeQuery());
  return <RequireUser>{(user) => <Dashboard user={user} />}</RequireUser>;
}
