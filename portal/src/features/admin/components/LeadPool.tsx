// Leads waiting for an agent: pick leads, pick an agent (search by e-mail), assign. They then show
// in that agent's My Leads.
import { useState } from 'react';
import { ApiError } from '@tm/shared/api-client';
import type { AdminUser } from '@tm/shared/schemas/admin';
import { useToast } from '../../../components/toast.tsx';
import { useLeadPool, type PoolStatus } from '../api/get-lead-pool.ts';
import { useSearchUsers } from '../api/search-users.ts';
import { useAssignLeads } from '../api/assign-leads.ts';
import { Pagination, formatDate, formatPhone, useDebouncedValue } from './ui.tsx';

function AgentPicker({ agent, onPick }: { agent: AdminUser | null; onPick: (a: AdminUser | null) => void }) {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 250);
  const { data, isFetching } = useSearchUsers(q, 1, { enabled: q.length >= 1, pageSize: 8 });
  if (agent) {
    return (
      <div className="adm-agent-chosen">
        Assign to:{' '}
        <strong data-testid="chosen-agent">
          {agent.firstName} {agent.lastName} ({agent.email})
        </strong>{' '}
        <button type="button" className="btn btn-outline adm-btn-sm" onClick={() => onPick(null)}>
          Change
        </button>
      </div>
    );
  }
  return (
    <div className="adm-agent-picker">
      <label htmlFor="agent-search">Agent</label>
      <input
        id="agent-search"
        type="search"
        placeholder="Search agents by email..."
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        autoComplete="off"
      />
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

export function LeadPool() {
  const toast = useToast();
  const [status, setStatus] = useState<PoolStatus>('unassigned');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [agent, setAgent] = useState<AdminUser | null>(null);
  const q = useDebouncedValue(search.trim(), 250);
  const { data, isPending, isError } = useLeadPool(status, q, page);
  const assign = useAssignLeads();

  const toggle = (id: number) =>
    setSelected((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });
  const selectable = data?.items.filter((l) => !l.assignedAt) ?? [];
  const allOnPage = selectable.length > 0 && selectable.every((l) => selected.has(l.id));

  const onAssign = async () => {
    if (!agent || selected.size === 0) return;
    try {
      const res = await assign.mutateAsync({ agentId: agent.id, leadIds: [...selected] });
      toast({ title: 'Leads Assigned', description: `${res.assigned} ${res.assigned === 1 ? 'lead' : 'leads'} assigned to ${agent.email}.` });
      setSelected(new Set());
    } catch (err) {
      toast({ title: 'Error', description: err instanceof ApiError ? err.serverMessage : 'Failed to assign leads', variant: 'destructive' });
    }
  };

  return (
    <section className="card adm-pool" aria-labelledby="pool-title">
      <h2 id="pool-title">Assign Leads</h2>
      <div className="adm-toolbar">
        <input
          type="search"
          className="adm-search"
          placeholder="Search leads..."
          aria-label="Search leads"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
        />
        <select
          aria-label="Show"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as PoolStatus);
            setPage(1);
            setSelected(new Set());
          }}
        >
          <option value="unassigned">Unassigned</option>
          <option value="assigned">Assigned</option>
          <option value="all">All</option>
        </select>
      </div>
      {isPending ? (
        <p className="adm-empty">Loading leads...</p>
      ) : isError ? (
        <p className="form-error" role="alert">
          Failed to load leads. Please try again.
        </p>
      ) : !data || data.items.length === 0 ? (
        <p className="adm-empty">
          {q
            ? 'No leads found matching your search'
            : status === 'unassigned'
              ? 'No leads waiting for an agent. Upload a CSV for assignment above.'
              : 'No leads found'}
        </p>
      ) : (
        <>
          <div className="adm-table-wrap">
            <table className="adm-table">
              <thead>
                <tr>
                  <th scope="col">
                    <input
                      type="checkbox"
                      aria-label="Select all on this page"
                      checked={allOnPage}
                      disabled={selectable.length === 0}
                      onChange={() =>
                        setSelected((s) => {
                          const n = new Set(s);
                          for (const l of selectable) {
                            if (allOnPage) n.delete(l.id);
                            else n.add(l.id);
                          }
                          return n;
                        })
                      }
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
                {data.items.map((l) => (
                  <tr key={l.id} data-testid="pool-row">
                    <td>
                      {!l.assignedAt && <input type="checkbox" aria-label={`Select ${l.name}`} checked={selected.has(l.id)} onChange={() => toggle(l.id)} />}
                    </td>
                    <td>{l.name}</td>
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
          <Pagination page={data.page} total={data.total} pageSize={data.pageSize} onPage={setPage} label="Lead pages" totalNoun="total" />
        </>
      )}
      <div className="adm-assign-bar">
        <AgentPicker agent={agent} onPick={setAgent} />
        <button type="button" className="btn" disabled={!agent || selected.size === 0 || assign.isPending} onClick={onAssign}>
          {assign.isPending ? 'Assigning...' : `Assign Selected (${selected.size})`}
        </button>
      </div>
    </section>
  );
}
