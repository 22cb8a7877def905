// /dashboard/transfers: My Transfers, inside the portal shell. The balance, then Calls, Transfer Controls and Ledger (the view is
// in the URL, ?view=, so reload and back keep it).
import { Link, useSearchParams } from 'react-router';
import { RequireUser } from '../../auth/components/RequireUser.tsx';
import { PortalShell } from '../../dashboard/components/PortalShell.tsx';
import { useBalance } from '../api/get-balance.ts';
import { BalanceSummary } from './BalanceSummary.tsx';
import { PauseBanner } from './PauseBanner.tsx';
import { PaymentReturnBanner } from './PaymentReturnBanner.tsx';
import { CallsSection } from './CallsSection.tsx';
import { SettingsSection } from './SettingsSection.tsx';
import { LedgerSection } from './LedgerSection.tsx';
import './transfers.css';

const VIEWS = [
  { key: 'calls', label: 'Calls' },
  { key: 'controls', label: 'Transfer Controls' },
  { key: 'ledger', label: 'Ledger & Receipts' },
] as const;
type ViewKey = (typeof VIEWS)[number]['key'];

function MyTransfers() {
  const [params, setParams] = useSearchParams();
  const view: ViewKey = VIEWS.find((v) => v.key === params.get('view'))?.key ?? 'calls';
  const balance = useBalance();

  return (
    <div className="xfer-page">
      <div className="xfer-inner">
        <header className="xfer-header">
          <div>
            <h1>My Transfers</h1>
            <p className="muted">Every delivered call, what it cost, and the evidence behind it.</p>
          </div>
          <div className="xfer-header-links">
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

        <div role="tablist" aria-label="My Transfers sections" className="xfer-tabs">
          {VIEWS.map((v) => (
            <button
              key={v.key}
              type="button"
              role="tab"
              id={`xfer-tab-${v.key}`}
              aria-selected={view === v.key}
              aria-controls={`xfer-panel-${v.key}`}
              className={`xfer-tab${view === v.key ? ' is-active' : ''}`}
              onClick={() => setParams(v.key === 'calls' ? {} : { view: v.key }, { replace: true })}
            >
              {v.label}
            </button>
          ))}
        </div>
        <div role="tabpanel" id={`xfer-panel-${view}`} aria-labelledby={`xfer-tab-${view}`}>
          {view === 'calls' && <CallsSection />}
          {view === 'controls' && <SettingsSection />}
          {view === 'ledger' && <LedgerSection />}
        </div>
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
