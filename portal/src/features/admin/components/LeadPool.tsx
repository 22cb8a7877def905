// Leads waiting for an agent: pick leads, pick an agent (search by name or e-mail), assign. They then show
// in that agent's My Leads. An assigned lead can be taken back (unassigned) or moved to another agent
// (reassigned), and unassigned ones deleted (a bad row, a duplicate); each after a confirmation.
import { useState } from 'react';
import { ApiError } from '@tm/shared/api-client';
import type { AdminUser, PoolLead } from '@tm/shared/schemas/admin';
import { useToast } from '../../../components/toast.tsx';
import { useLeadPool, type PoolStatus } from '../api/get-lead-pool.ts';
import { useSearchUsers } from '../api/search-users.ts';
import { useAssignLeads } from '../api/assign-leads.ts';
import { useDeleteLeads, useReassignLeads, useUnassignLeads } from '../api/lead-tools.ts';
import { Modal, formatDate, formatPhone, useDebouncedValue } from './ui.tsx';
import { SearchPagedList, useSelection, optionsOf } from './SearchPagedList.tsx';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const agentName = (a: AdminUser) => `${a.firstName} ${a.lastName} (${a.email})`;

export function AgentPicker({
  agent,
  onPick,
  id = 'agent-search',
  chosenLabel = 'Assign to:',
  placeholder = 'Search agents by name or email...',
}: {
  agent: AdminUser | null;
  onPick: (a: AdminUser | null) => void;
  id?: string;
  chosenLabel?: string;
  placeholder?: string;
}) {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 250);
  const { data, isFetching } = useSearchUsers(q, 1, { enabled: q.length >= 1, pageSize: 8, active: true });
  if (agent) {
    return (
      <div className="adm-agent-chosen">
        {chosenLabel} <strong data-testid="chosen-agent">{agentName(agent)}</strong>{' '}
        <button type="button" className="btn btn-outline adm-btn-sm" onClick={() => onPick(null)}>
          Change
        </button>
      </div>
    );
  }
  return (
    <div className="adm-agent-picker">
      <label htmlFor={id}>Agent</label>
      <input id={id} type="search" placeholder={placeholder} value={search} onChange={(e) => setSearch(e.target.value)} autoComplete="off" />
      {q.length >= 1 && (
        <ul className="adm-agent-results" aria-label="Matching agents">
          {data?.items.map((u) => (
            <li key={u.id}>
              <button type="button" className="adm-agent-option" onClick={() => onPick(u)}>
                {u.firstName} {u.lastName} <span className="muted">{u.email}</span>
              </button>
            </li>
          ))}
          {data && data.items.length === 0 && !isFetching && <li className="muted small">No users found matching your search</li>}
        </ul>
      )}
    </div>
  );
}

type PoolAction = { kind: 'unassign'; lead: PoolLead } | { kind: 'reassign'; lead: PoolLead } | { kind: 'delete'; ids: number[] };

/** The confirmation of one pool action: unassign, reassign (after picking the new agent) or delete. */
function PoolActionDialog({ action, onClose, onDone }: { action: PoolAction | null; onClose: () => void; onDone: () => void }) {
  const toast = useToast();
  const [agent, setAgent] = useState<AdminUser | null>(null);
  const unassign = useUnassignLeads();
  const reassign = useReassignLeads();
  const remove = useDeleteLeads('pool');
  const pending = unassign.isPending || reassign.isPending || remove.isPending;
  const close = () => {
    setAgent(null);
    onClose();
  };
  const fail = (err: unknown, fallback: string) =>
    toast({ title: 'Error', description: err instanceof ApiError ? err.serverMessage : fallback, variant: 'destructive' });

  const confirm = async () => {
    if (!action) return;
    try {
      if (action.kind === 'unassign') {
        await unassign.mutateAsync([action.lead.id]);
        toast({ title: 'Lead Unassigned', description: `${action.lead.name} is back in the pool.` });
      } else if (action.kind === 'reassign') {
        if (!agent) return;
        await reassign.mutateAsync({ agentId: agent.id, leadIds: [action.lead.id] });
        toast({ title: 'Lead Reassigned', description: `${action.lead.name} reassigned to ${agent.email}.` });
      } else {
        const res = await remove.mutateAsync(action.ids);
        toast({ title: 'Leads Deleted', description: `${plural(res.deleted, 'lead')} deleted.` });
      }
      onDone();
      close();
    } catch (err) {
      fail(
        err,
        action.kind === 'delete' ? 'Failed to delete leads' : action.kind === 'unassign' ? 'Failed to unassign the lead' : 'Failed to reassign the lead',
      );
    }
  };

  const title = action?.kind === 'unassign' ? 'Unassign lead' : action?.kind === 'reassign' ? 'Reassign lead' : 'Delete leads';
  const from = action && action.kind !== 'delete' ? (action.lead.assignedAgentEmail ?? 'a removed user') : '';
  return (
    <Modal open={action !== null} title={title} onClose={close}>
      {action?.kind === 'unassign' && (
        <p>
          Take <strong>{action.lead.name}</strong> back from {from}? It leaves their My Leads and waits here for an agent again.
        </p>
      )}
      {action?.kind === 'reassign' && (
        <>
          <p>
            Move <strong>{action.lead.name}</strong> from {from} to another agent. It leaves their My Leads and appears in the new agent’s.
          </p>
          <AgentPicker agent={agent} onPick={setAgent} id="reassign-agent-search" chosenLabel="Reassign to:" />
        </>
      )}
      {action?.kind === 'delete' && <p>Delete {plural(action.ids.length, 'unassigned lead')}? This cannot be undone.</p>}
      <div className="adm-actions">
        <button type="button" className="btn btn-outline" onClick={close}>
          Cancel
        </button>
        <button
          type="button"
          className={action?.kind === 'delete' ? 'btn btn-danger' : 'btn'}
          disabled={pending || (action?.kind === 'reassign' && !agent)}
          onClick={() => void confirm()}
        >
          {action?.kind === 'unassign' ? 'Unassign' : action?.kind === 'reassign' ? 'Reassign' : 'Delete'}
        </button>
      </div>
    </Modal>
  );
}

const ROW_ACTIONS = [
  ['unassign', 'Unassign'],
  ['reassign', 'Reassign'],
] as const;

/** The pool's table: a tick box on each unassigned lead (and one for the page), Unassign / Reassign on assigned ones. */
function PoolTable({
  items,
  selected,
  onToggle,
  onSetAll,
  onAction,
}: {
  items: PoolLead[];
  selected: Set<number>;
  onToggle: (id: number) => void;
  onSetAll: (ids: number[], off: boolean) => void;
  onAction: (a: PoolAction) => void;
}) {
  const selectable = items.filter((l) => !l.assignedAt).map((l) => l.id);
  const allOnPage = selectable.length > 0 && selectable.every((id) => selected.has(id));
  return (
    <div className="adm-table-wrap" tabIndex={0} role="region" aria-label="Pool leads table">
      <table className="adm-table">
        <thead>
          <tr>
            <th scope="col">
              <input
                type="checkbox"
                aria-label="Select all on this page"
                checked={allOnPage}
                disabled={selectable.length === 0}
                onChange={() => onSetAll(selectable, allOnPage)}
              />
            </th>
            <th scope="col">Name</th>
            <th scope="col">Phone</th>
            <th scope="col">Email</th>
            <th scope="col">State</th>
            <th scope="col">ZIP</th>
            <th scope="col">Assigned to</th>
          </tr>
        </thead>
        <tbody>
          {items.map((l) => (
            <tr key={l.id} data-testid="pool-row">
              <td>{!l.assignedAt && <input type="checkbox" aria-label={`Select ${l.name}`} checked={selected.has(l.id)} onChange={() => onToggle(l.id)} />}</td>
              <td>
                {l.name}
                {l.assignedAt && (
                  <span className="adm-row-actions">
                    {ROW_ACTIONS.map(([kind, label]) => (
                      <button
                        key={kind}
                        type="button"
                        className="btn btn-outline adm-btn-sm"
                        aria-label={`${label} ${l.name}`}
                        onClick={() => onAction({ kind, lead: l })}
                      >
                        {label}
                      </button>
                    ))}
                  </span>
                )}
              </td>
              <td>{formatPhone(l.phone)}</td>
              <td>{l.email ?? ''}</td>
              <td>{l.state ?? ''}</td>
              <td>{l.zipCode ?? ''}</td>
              <td>{l.assignedAt ? `${l.assignedAgentEmail ?? 'removed user'} (${formatDate(l.assignedAt)})` : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const POOL_STATUSES = optionsOf<PoolStatus>({ unassigned: 'Unassigned', assigned: 'Assigned', all: 'All' });

export function LeadPool() {
  const toast = useToast();
  const [status, setStatus] = useState<PoolStatus>('unassigned');
  const { selected, toggle, setAll, clear } = useSelection();
  const [agent, setAgent] = useState<AdminUser | null>(null);
  const [action, setAction] = useState<PoolAction | null>(null);
  const assign = useAssignLeads();

  const onAssign = async () => {
    if (!agent || selected.size === 0) return;
    try {
      const res = await assign.mutateAsync({ agentId: agent.id, leadIds: [...selected] });
      toast({ title: 'Leads Assigned', description: `${res.assigned} ${res.assigned === 1 ? 'lead' : 'leads'} assigned to ${agent.email}.` });
      clear();
    } catch (err) {
      toast({ title: 'Error', description: err instanceof ApiError ? err.serverMessage : 'Failed to assign leads', variant: 'destructive' });
    }
  };

  return (
    <section className="card adm-pool" aria-labelledby="pool-title">
      <h2 id="pool-title">Assign Leads</h2>
      <SearchPagedList
        noun="leads"
        title="Pool leads"
        pagesLabel="Lead pages"
        searchLabel="Search leads"
        filters={[{ label: 'Show', value: status, options: POOL_STATUSES, onChange: (v) => setStatus(v as PoolStatus) }]}
        onFilterChange={clear}
        emptyMessage={(searching) =>
          searching
            ? 'No leads found matching your search'
            : status === 'unassigned'
              ? 'No leads waiting for an agent. Upload a CSV for assignment above.'
              : 'No leads found'
        }
        usePage={useLeadPool}
        keyset
        args={status}
        renderList={(items) => <PoolTable items={items} selected={selected} onToggle={toggle} onSetAll={setAll} onAction={setAction} />}
      />
      <div className="adm-assign-bar">
        <AgentPicker agent={agent} onPick={setAgent} />
        <div className="adm-actions">
          <button type="button" className="btn btn-outline" disabled={selected.size === 0} onClick={() => setAction({ kind: 'delete', ids: [...selected] })}>
            {`Delete Selected (${selected.size})`}
          </button>
          <button type="button" className="btn" disabled={!agent || selected.size === 0 || assign.isPending} onClick={onAssign}>
            {assign.isPending ? 'Assigning...' : `Assign Selected (${selected.size})`}
          </button>
        </div>
      </div>
      <PoolActionDialog action={action} onClose={() => setAction(null)} onDone={clear} />
    </section>
  );
}
