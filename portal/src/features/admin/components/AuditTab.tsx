// Admin > Audit log: every admin, training-admin and ledger action, newest first, as sentences with
// "Field: old → new" changes. Filters: who acted and whose account (name or e-mail, an address matched whole
// unless "Contains" is chosen), kind, days on the
// admin's clock; the same filters download as CSV. Entries are cards, so the list reads at 390 px.
import { useState } from 'react';
import { z } from 'zod';
import { AUDIT_KINDS } from '@tm/shared/logic/audit';
import { formatDateTime } from '@tm/shared/logic/format';
import { AUDIT_DATE_RANGE_MESSAGE, type AuditLogEntry } from '@tm/shared/schemas/audit';
import { EMAIL_MATCHES, EMAIL_MATCH_LABELS } from '@tm/shared/schemas/email-match';
import { ApiError } from '@tm/shared/api-client';
import { useTimeZone } from '../../../lib/time-zone.ts';
import { Pagination } from '../../../components/Pagination.tsx';
import { FieldError, Form, Input, Select } from '../../../components/ui/form/index.ts';
import { auditCsvUrl, useAuditLog, type AuditFilters } from '../api/audit.ts';
import './admin-audit.css';

const EMPTY: AuditFilters = { actor: '', user: '', emailMatch: 'exact', kind: '', from: '', to: '' };
const ROLE: Record<AuditLogEntry['actor']['type'], string> = {
  admin: 'Admin',
  training: 'Training admin',
  agent: 'Agent',
  system: 'System',
  caller: 'Caller system',
};
/** The filters as typed; the end date is checked against the start before the log is asked (the API checks it too). */
const text = (name: string) => z.string().trim().max(200, `${name} must be at most 200 characters`);
const filtersSchema = z
  .object({ actor: text('Actor'), user: text('User'), emailMatch: z.enum(EMAIL_MATCHES), kind: z.string(), from: z.string(), to: z.string() })
  .superRefine((f, ctx) => {
    if (f.from && f.to && f.to < f.from) ctx.addIssue({ code: 'custom', path: ['to'], message: AUDIT_DATE_RANGE_MESSAGE });
  }) satisfies z.ZodType<AuditFilters>;

const KIND_LABEL: Record<string, string> = Object.fromEntries(AUDIT_KINDS.map((k) => [k.value, k.label]));

function Entry({ e, tz }: { e: AuditLogEntry; tz: string }) {
  return (
    <li className="card aud-entry" data-testid={`audit-entry-${e.action}`}>
      <div className="aud-summary">{e.summary}</div>
      <div className="muted small aud-meta">
        <span>{formatDateTime(e.at, tz)}</span>
        <span>
          {e.actor.name ?? ROLE[e.actor.type]}
          {e.actor.name ? ` (${ROLE[e.actor.type]})` : ''}
        </span>
        <span>{KIND_LABEL[e.kind] ?? e.kind}</span>
        {e.subject && (
          <span>
            User: {e.subject.name} &lt;{e.subject.email}&gt;
          </span>
        )}
      </div>
      {e.changes.length > 0 && (
        <ul className="aud-changes">
          {e.changes.map((c) => (
            <li key={c.field}>
              <strong>{c.field}:</strong> <span className="aud-old">{c.from}</span> → <span>{c.to}</span>
            </li>
          ))}
        </ul>
      )}
      {e.changes.length === 0 && e.details.length > 0 && (
        <ul className="aud-changes">
          {e.details.map((d) => (
            <li key={d.field}>
              <strong>{d.field}:</strong> {d.value}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

export function AuditTab() {
  const tz = useTimeZone();
  const [filters, setFilters] = useState<AuditFilters>(EMPTY);
  const [page, setPage] = useState(1);
  const { data, isPending, error } = useAuditLog(filters, tz, page);
  const apply = (f: AuditFilters) => {
    setFilters(f);
    setPage(1);
  };
  const fieldError = (k: string) => (error instanceof ApiError ? error.fields?.[k] : undefined);
  return (
    <section aria-label="Audit log" className="aud">
      <Form schema={filtersSchema} defaultValues={EMPTY} onSubmit={apply} className="card aud-filters" aria-label="Audit log filters">
        <div className="field">
          <label htmlFor="aud-actor">Who acted</label>
          <Input name="actor" id="aud-actor" placeholder="Name or e-mail" />
          <FieldError name="actor" className="field-error small" />
        </div>
        <div className="field">
          <label htmlFor="aud-user">User concerned</label>
          <Input name="user" id="aud-user" placeholder="Name or e-mail" />
          <FieldError name="user" className="field-error small" />
        </div>
        <div className="field">
          <label htmlFor="aud-email-match">E-mail match</label>
          <Select name="emailMatch" id="aud-email-match">
            {EMAIL_MATCHES.map((m) => (
              <option key={m} value={m}>
                {EMAIL_MATCH_LABELS[m]}
              </option>
            ))}
          </Select>
        </div>
        <div className="field">
          <label htmlFor="aud-kind">Kind</label>
          <Select name="kind" id="aud-kind">
            <option value="">Everything</option>
            {AUDIT_KINDS.map((k) => (
              <option key={k.value} value={k.value}>
                {k.label}
              </option>
            ))}
          </Select>
        </div>
        <div className="field">
          <label htmlFor="aud-from">From</label>
          <Input name="from" id="aud-from" type="date" />
        </div>
        <div className="field">
          <label htmlFor="aud-to">To</label>
          <Input name="to" id="aud-to" type="date" />
          <FieldError name="to" className="field-error small" />
          {fieldError('to') && <div className="field-error small">{fieldError('to')}</div>}
        </div>
        <div className="aud-actions">
          <button type="submit" className="btn">
            Filter
          </button>
          <a className="btn btn-outline" href={auditCsvUrl(filters, tz)} download>
            Download CSV
          </a>
        </div>
      </Form>
      {isPending && <p className="muted">Loading...</p>}
      {error && !fieldError('to') && (
        <p className="form-error" role="alert">
          Could not load the audit log.
        </p>
      )}
      {data && (
        <p className="muted small" data-testid="audit-total">
          {data.total.toLocaleString('en-US')} {data.total === 1 ? 'entry' : 'entries'}
        </p>
      )}
      {data && data.items.length === 0 && <div className="card muted">Nothing recorded for these filters.</div>}
      {data && data.items.length > 0 && (
        <ul className="aud-list" data-testid="audit-list">
          {data.items.map((e) => (
            <Entry key={e.id} e={e} tz={tz} />
          ))}
        </ul>
      )}
      {data && <Pagination page={page} pages={data.pageCount} shownPage={data.page} onPage={setPage} label="Audit pages" />}
    </section>
  );
}
