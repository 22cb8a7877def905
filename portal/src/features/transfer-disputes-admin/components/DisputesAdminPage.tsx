// /admin/disputes: transfer disputes for admins. Queue (pending first, or by status), Enter a Call, and
// the Audit Log. The section is in the URL (?tab=).
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { RequireUser } from '../../../components/RequireUser.tsx';
import { useDisputes, type QueueStatus } from '../api/get-disputes.ts';
import { DisputeCard } from './DisputeCard.tsx';
import { ManualCallForm } from './ManualCallForm.tsx';
import { AuditLog } from './AuditLog.tsx';
import './disputes-admin.css';
import { Pagination } from '../../../components/Pagination.tsx';
import { SectionTabs, SectionTabPanel, useSectionParam } from '../../../components/SectionTabs.tsx';
import { NoShowQueue } from './NoShowQueue.tsx';

const TABS = [
  { key: 'queue', label: 'Dispute Queue' },
  { key: 'enter', label: 'Enter a Call' },
  { key: 'audit', label: 'Audit Log' },
  { key: 'no-shows', label: 'Appointment No-shows' },
] as const;
const STATUSES: Array<{ value: QueueStatus; label: string }> = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'denied', label: 'Denied' },
  { value: 'all', label: 'All' },
];

function Queue() {
  const [status, setStatus] = useState<QueueStatus>('pending');
  const [page, setPage] = useState(1);
  const { data, isPending, isError } = useDisputes(status, page);
  return (
    <section className="xadm-section" aria-label="Dispute queue">
      <div className="xadm-toolbar">
        <label htmlFor="dq-status">Show</label>
        <select
          id="dq-status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as QueueStatus);
            setPage(1);
          }}
        >
          {STATUSES.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
        {data && (
          <span className="muted small">
            {data.total.toLocaleString('en-US')} {data.total === 1 ? 'dispute' : 'disputes'}
          </span>
        )}
      </div>
      {isPending && <p className="muted">Loading...</p>}
      {isError && (
        <p className="form-error" role="alert">
          Could not load the disputes.
        </p>
      )}
      {data && data.items.length === 0 && <div className="card xadm-empty">{status === 'pending' ? 'No disputes waiting. ' : ''}Nothing to show.</div>}
      {data?.items.map((d) => (
        <DisputeCard key={d.id} d={d} />
      ))}
      {data && <Pagination page={page} pages={data.pageCount} shownPage={data.page} onPage={setPage} label="Dispute pages" />}
    </section>
  );
}

function DisputesAdmin() {
  const [tab, openTab] = useSectionParam('tab', TABS);
  useEffect(() => {
    document.title = 'Transfer Disputes · Admin';
  }, []);
  return (
    <div className="container xadm">
      <header className="page-header">
        <div>
          <h1>Transfer Disputes</h1>
          <p className="muted">Review disputed transfers, enter delivered calls by hand, and see every change to the ledger.</p>
        </div>
        <Link className="btn btn-outline" to="/admin">
          Back to Admin Panel
        </Link>
      </header>
      <SectionTabs label="Transfer dispute sections" idPrefix="xadm" sections={TABS} current={tab} onSelect={openTab} />
      <SectionTabPanel idPrefix="xadm" current={tab}>
        {tab === 'queue' && <Queue />}
        {tab === 'enter' && <ManualCallForm />}
        {tab === 'audit' && <AuditLog />}
        {tab === 'no-shows' && <NoShowQueue />}
      </SectionTabPanel>
    </div>
  );
}

export function DisputesAdminPage() {
  return <RequireUser admin>{() => <DisputesAdmin />}</RequireUser>;
}
