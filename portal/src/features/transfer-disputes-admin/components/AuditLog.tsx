// The ledger's audit log for admins: who changed what, before and after, newest first.
import { formatDateTime } from '@tm/shared/logic/format';
import { useTimeZone } from '../../../lib/time-zone.ts';
import { useState } from 'react';
import { z } from 'zod';
import type { AuditEntryView } from '@tm/shared/schemas/transfers';
import { useAudit, type AuditFilters } from '../api/get-audit.ts';
import { Pagination } from '../../../components/Pagination.tsx';
import { Form, Input, Select } from '../../../components/ui/form/index.ts';

const auditFiltersSchema = z.object({ agentId: z.string(), entity: z.string() });

const ACTOR_LABEL = { agent: 'Agent', admin: 'Admin', system: 'System', caller: 'Caller system' } as const;

function compact(v: unknown): string {
  if (v === null || v === undefined) return '';
  return typeof v === 'string' ? v : JSON.stringify(v);
}

function Row({ e }: { e: AuditEntryView }) {
  const tz = useTimeZone();
  return (
    <tr data-testid={`audit-${e.action}`}>
      <td>{formatDateTime(e.at, tz)}</td>
      <td>
        {ACTOR_LABEL[e.actor.type]}
        {e.actor.name ? `: ${e.actor.name}` : ''}
      </td>
      <td>
        <code>{e.action}</code>
      </td>
      <td>
        {e.entity}
        {e.entityId !== null ? ` #${e.entityId}` : ''}
      </td>
      <td>{e.agent ? `${e.agent.name} (#${e.agent.id})` : ''}</td>
      <td className="xadm-json">
        {e.before !== null && (
          <div>
            <span className="muted">before</span> {compact(e.before)}
          </div>
        )}
        {e.after !== null && (
          <div>
            <span className="muted">after</span> {compact(e.after)}
          </div>
        )}
      </td>
    </tr>
  );
}

export function AuditLog() {
  const [filters, setFilters] = useState<AuditFilters>({});
  const [page, setPage] = useState(1);
  const { data, isPending, isError } = useAudit(filters, page);
  const apply = (draft: AuditFilters) => {
    setFilters(draft);
    setPage(1);
  };
  return (
    <section className="xadm-section" aria-label="Audit log">
      <Form schema={auditFiltersSchema} defaultValues={{ agentId: '', entity: '' }} onSubmit={apply} className="card xadm-filters">
        {(form) => (
          <>
            <div className="field">
              <label htmlFor="al-agent">Agent ID</label>
              <Input
                name="agentId"
                id="al-agent"
                inputMode="numeric"
                options={{ onChange: (e: { target: { value: string } }) => form.setValue('agentId', e.target.value.replace(/\D/g, '')) }}
              />
            </div>
            <div className="field">
              <label htmlFor="al-entity">Kind</label>
              <Select name="entity" id="al-entity">
                <option value="">Everything</option>
                <option value="call">Calls</option>
                <option value="dispute">Disputes</option>
                <option value="settings">Agent controls</option>
                <option value="agent">Pauses</option>
              </Select>
            </div>
            <div className="xadm-actions">
              <button type="submit" className="btn">
                Filter
              </button>
            </div>
          </>
        )}
      </Form>
      {isPending && <p className="muted">Loading...</p>}
      {isError && (
        <p className="form-error" role="alert">
          Could not load the audit log.
        </p>
      )}
      {data && data.items.length === 0 && <div className="card xadm-empty">Nothing recorded yet.</div>}
      {data && data.items.length > 0 && (
        <div className="card xadm-table-wrap">
          <table className="xadm-table" data-testid="audit-table">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">Action</th>
                <th scope="col">Record</th>
                <th scope="col">Agent</th>
                <th scope="col">Change</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((e) => (
                <Row key={e.id} e={e} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && <Pagination page={page} pages={data.pageCount} shownPage={data.page} onPage={setPage} label="Audit pages" />}
    </section>
  );
}
