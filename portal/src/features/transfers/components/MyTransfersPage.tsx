// /dashboard/transfers: My Transfers, inside the portal shell. The balance, then Calls, Transfer Controls and Ledger (the view is
// in the URL, ?view=, so reload and back keep it).
import { Link } from 'react-router';
import { RequireUser } from '../../../components/RequireUser.tsx';
import { PortalShell } from '../../../components/layout/PortalShell.tsx';
import { useBalance } from '../api/get-balance.ts';
import { BalanceSummary } from './BalanceSummary.tsx';
import { PauseBanner } from './PauseBanner.tsx';
import { PaymentReturnBanner } from './PaymentReturnBanner.tsx';
import { CallsSection } from './CallsSection.tsx';
import { SettingsSection } from './SettingsSection.tsx';
import { LedgerSection } from './LedgerSection.tsx';
import { SectionTabs, SectionTabPanel, useSectionParam } from '../../../components/SectionTabs.tsx';
import './transfers.css';

const VIEWS = [
  { key: 'calls', label: 'Calls' },
  { key: 'controls', label: 'Transfer Controls' },
  { key: 'ledger', label: 'Ledger & Receipts' },
] as const;

function MyTransfers() {
  const [view, openView] = useSectionParam('view', VIEWS);
  const balance = useBalance();

  return (
    <div className="portal-page">
      <div className="portal-page-inner">
        <header className="page-header">
          <div>
            <h1>My Transfers</h1>
            <p className="muted">Every delivered call, what it cost, and the evidence behind it.</p>
          </div>
          <div className="page-header-links">
            <Link className="btn" to="/dashboard?tab=buy-call-transfers">
              Buy Call Transfers
            </Link>
          </div>
        </header>
        <PaymentReturnBanner />
        {balance.data && <PauseBanner balance={balance.data} />}
        {balance.isPending && <p className="muted">Loading balance...</p>}
        {balance.isError && (
          <p className="form-error" role="alert">
            Could not load your balance.
          </p>
        )}
        {balance.data && <BalanceSummary balance={balance.data} />}

        <SectionTabs label="My Transfers sections" idPrefix="xfer" className="xfer-tabs" sections={VIEWS} current={view} onSelect={openView} />
        <SectionTabPanel idPrefix="xfer" current={view}>
          {view === 'calls' && <CallsSection />}
          {view === 'controls' && <SettingsSection />}
          {view === 'ledger' && <LedgerSection />}
        </SectionTabPanel>
      </div>
    </div>
  );
}

export function MyTransfersPage() {
  return (
    <RequireUser>
      {(user) => (
        <PortalShell user={user} current="my-transfers" title="My Transfers">
          <MyTransfers />
        </PortalShell>
      )}
    </RequireUser>
  );
}
