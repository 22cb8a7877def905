// Admin > E-mail: the outbox (decision 045). Every message the product wrote, newest first: sent,
// pending (with the next try and the last error), failed (with the error, and Resend).
import { useState } from 'react';
import { OUTBOX_STATUSES, type OutboxItem, type OutboxStatus } from '@tm/shared/schemas/mail';
import { ApiError } from '@tm/shared/api-client';
import { useOutbox, useResendMessage } from '../api/outbox.ts';
import { formatDateTime } from '@tm/shared/logic/format';
import { Pagination } from './ui.tsx';

const LABELS: Record<OutboxStatus, string> = { pending: 'Pending', sending: 'Sending', sent: 'Sent', failed: 'Failed' };

function Row({ m }: { m: OutboxItem }) {
  const resend = useResendMessage();
  const [error, setError] = useState<string | null>(null);
  return (
    <tr data-testid={`outbox-${m.id}`}>
      <td data-testid="outbox-created">{formatDateTime(m.createdAt)}</td>
      <td>{m.to}</td>
      <td>
        {m.subject}
        <div className="muted small">{m.kind}</div>
      </td>
      <td>
        <span className={`adm-badge adm-mail-${m.status}`}>{LABELS[m.status]}</span>
        <div className="muted small">
          {m.status === 'sent' && m.sentAt && `at ${formatDateTime(m.sentAt)}`}
          {m.status === 'pending' && m.attempts > 0 && m.nextAttemptAt && `retry ${formatDateTime(m.nextAttemptAt)}`}
          {m.attempts > 0 && ` · ${m.attempts} attempt${m.attempts === 1 ? '' : 's'}`}
        </div>
        {m.lastError && m.status !== 'sent' && <div className="field-error small">{m.lastError}</div>}
      </td>
      <td>
        {m.status === 'failed' && (
          <button
            type="button"
            className="btn btn-outline btn-sm"
            disabled={resend.isPending}
            onClick={() => {
              setError(null);
              resend.mutate(m.id, { onError: (e) => setError(e instanceof ApiError ? e.serverMessage : 'Could not resend.') });
            }}
          >
            {resend.isPending ? 'Resending...' : 'Resend'}
          </button>
        )}
        {error && (
          <div role="alert" className="field-error small">
            {error}
          </div>
        )}
      </td>
    </tr>
  );
}

export function OutboxTab() {
  const [status, setStatus] = useState<OutboxStatus | 'all'>('all');
  const [page, setPage] = useState(1);
  const { data, isLoading, error } = useOutbox(status, page);
  return (
    <div className="card">
      <div className="adm-toolbar">
        <h2>E-mail</h2>
        <label className="small">
          Show{' '}
          <select
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as OutboxStatus | 'all');
              setPage(1);
            }}
            aria-label="Show messages"
          >
            <option value="all">All</option>
            {OUTBOX_STATUSES.map((s) => (
              <option key={s} value={s}>
                {LABELS[s]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {error && (
        <div role="alert" className="form-error">
          Could not load the outbox.
        </div>
      )}
      {isLoading && <p className="muted">Loading...</p>}
      {data && data.items.length === 0 && <p className="muted">No messages.</p>}
      {data && data.items.length > 0 && (
        <div className="dash-table-wrap">
          <table className="dash-table">
            <thead>
              <tr>
                <th>Written</th>
                <th>To</th>
                <th>Subject</th>
                <th>Status</th>
                <th aria-label="Actions" />
              </tr>
            </thead>
            <tbody>
              {data.items.map((m) => (
                <Row key={m.id} m={m} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && <Pagination page={data.page} total={data.total} pageSize={data.pageSize} onPage={setPage} label="Outbox pages" totalNoun="total" />}
    </div>
  );
}
