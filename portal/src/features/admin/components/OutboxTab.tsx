// Admin > E-mail: the outbox (decision 045). Every message the product wrote, newest first: sent,
// pending (with the next try and the last error), failed (with the error). Search by recipient (the whole
// address, or "Contains" for a part of it), a
// preview of each message, and Resend of a sent or failed one (issue 26).
import { useState } from 'react';
import { OUTBOX_STATUSES, type OutboxItem, type OutboxStatus } from '@tm/shared/schemas/mail';
import { EMAIL_MATCHES, EMAIL_MATCH_LABELS, type EmailMatch } from '@tm/shared/schemas/email-match';
import { ApiError } from '@tm/shared/api-client';
import { useOutbox, useOutboxMessage, useResendMessage } from '../api/outbox.ts';
import { formatDateTime } from '@tm/shared/logic/format';
import { Pagination, SidePanel, useDebouncedValue } from './ui.tsx';
import { FilterSelect, filterOptions } from './SearchPagedList.tsx';
import './admin-audit.css';

const LABELS: Record<OutboxStatus, string> = { pending: 'Pending', sending: 'Sending', sent: 'Sent', failed: 'Failed' };
const OUTBOX_FILTER = filterOptions({ value: 'all', label: 'All' }, OUTBOX_STATUSES, LABELS);

function Row({ m, onPreview }: { m: OutboxItem; onPreview: (id: number) => void }) {
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
        <button type="button" className="btn btn-outline btn-sm" onClick={() => onPreview(m.id)} aria-label={`Preview message ${m.id}`}>
          Preview
        </button>{' '}
        {(m.status === 'failed' || m.status === 'sent') && (
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
        {resend.isSuccess && <div className="muted small">Queued to send again.</div>}
        {error && (
          <div role="alert" className="field-error small">
            {error}
          </div>
        )}
      </td>
    </tr>
  );
}

function Preview({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { data, isError } = useOutboxMessage(id);
  return (
    <SidePanel open={id !== null} title="Message preview" onClose={onClose}>
      {isError && <p className="form-error">Could not load the message.</p>}
      {data && (
        <div data-testid="outbox-preview">
          <p>
            <strong>To:</strong> {data.to}
            <br />
            <strong>Subject:</strong> {data.subject}
          </p>
          <pre className="adm-transcript">{data.text}</pre>
        </div>
      )}
      <button type="button" className="btn btn-outline" onClick={onClose}>
        Close
      </button>
    </SidePanel>
  );
}

export function OutboxTab() {
  const [status, setStatus] = useState<OutboxStatus | 'all'>('all');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [emailMatch, setEmailMatch] = useState<EmailMatch>('exact');
  const to = useDebouncedValue(search.trim(), 300);
  const [preview, setPreview] = useState<number | null>(null);
  const { data, isLoading, error } = useOutbox(status, page, to, emailMatch);
  return (
    <div className="card">
      <div className="adm-toolbar">
        <h2>E-mail</h2>
        <input
          type="search"
          className="adm-search"
          aria-label="Search by recipient"
          placeholder="Search by recipient..."
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
        />
        <span className="small">
          <label className="adm-inline-label" htmlFor="outbox-email-match">
            E-mail match
          </label>{' '}
          <select
            id="outbox-email-match"
            value={emailMatch}
            onChange={(e) => {
              setEmailMatch(e.target.value as EmailMatch);
              setPage(1);
            }}
          >
            {EMAIL_MATCHES.map((m) => (
              <option key={m} value={m}>
                {EMAIL_MATCH_LABELS[m]}
              </option>
            ))}
          </select>
        </span>
        <label className="small">
          Show{' '}
          <FilterSelect
            label="Show messages"
            value={status}
            options={OUTBOX_FILTER}
            onChange={(v) => {
              setStatus(v as OutboxStatus | 'all');
              setPage(1);
            }}
          />
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
                <Row key={m.id} m={m} onPreview={setPreview} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Preview id={preview} onClose={() => setPreview(null)} />
      {data && <Pagination page={data.page} total={data.total} pageSize={data.pageSize} onPage={setPage} label="Outbox pages" totalNoun="total" />}
    </div>
  );
}
