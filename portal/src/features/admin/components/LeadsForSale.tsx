// The shop's leads (Buy Aged Leads / Buy Leads and the aged-lead orders): find one by name, phone, state
// or ZIP and delete unsold ones (a bad import row, a duplicate) after a confirmation. A sold lead, one held
// by an order being paid or one sold before cannot be selected; the server refuses them too (409, naming why).
import { useState } from 'react';
import { ApiError } from '@tm/shared/api-client';
import { formatUsd } from '@tm/shared';
import type { AdminSaleLead } from '@tm/shared/schemas/admin';
import { useToast } from '../../../components/toast.tsx';
import { useDeleteLeads, useSaleLeads, type SaleLeadStatus } from '../api/lead-tools.ts';
import { Modal, Pagination, formatDate, formatPhone, useDebouncedValue } from './ui.tsx';

export function saleStatusLabel(l: AdminSaleLead): string {
  if (l.status === 'sold') return `Sold${l.buyerEmail ? ` to ${l.buyerEmail}` : ''}${l.soldAt ? ` (${formatDate(l.soldAt)})` : ''}`;
  if (l.status === 'reserved') return 'Held by an order';
  if (l.status === 'blocked') return 'Off sale (do not call)';
  return l.timesSoldBefore > 0 ? 'For sale (sold before)' : 'For sale';
}

const deletable = (l: AdminSaleLead) => l.status !== 'sold' && l.status !== 'reserved' && l.timesSoldBefore === 0;

export function LeadsForSale() {
  const toast = useToast();
  const [status, setStatus] = useState<SaleLeadStatus>('unsold');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const q = useDebouncedValue(search.trim(), 250);
  const { data, isPending, isError } = useSaleLeads(status, q, page);
  const remove = useDeleteLeads('sale');

  const toggle = (id: number) =>
    setSelected((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });

  const onDelete = async () => {
    try {
      const res = await remove.mutateAsync([...selected]);
      toast({ title: 'Leads Deleted', description: `${res.deleted} ${res.deleted === 1 ? 'lead' : 'leads'} deleted.` });
      setSelected(new Set());
      setConfirming(false);
    } catch (err) {
      toast({ title: 'Error', description: err instanceof ApiError ? err.serverMessage : 'Failed to delete leads', variant: 'destructive' });
    }
  };

  return (
    <section className="card adm-sale-leads" aria-labelledby="sale-leads-title">
      <h2 id="sale-leads-title">Leads For Sale</h2>
      <div className="adm-toolbar">
        <input
          type="search"
          className="adm-search"
          placeholder="Search leads for sale..."
          aria-label="Search leads for sale"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
        />
        <select
          aria-label="Sale status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as SaleLeadStatus);
            setPage(1);
            setSelected(new Set());
          }}
        >
          <option value="unsold">Unsold</option>
          <option value="sold">Sold</option>
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
        <p className="adm-empty">{q ? 'No leads found matching your search' : 'No leads found'}</p>
      ) : (
        <>
          <div className="adm-table-wrap" tabIndex={0} role="region" aria-label="Leads for sale table">
            <table className="adm-table">
              <thead>
                <tr>
                  <th scope="col">
                    <span className="sr-only">Select</span>
                  </th>
                  <th scope="col">Name</th>
                  <th scope="col">Status</th>
                  <th scope="col">Phone</th>
                  <th scope="col">State</th>
                  <th scope="col">Age (days)</th>
                  <th scope="col">Price</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((l) => (
                  <tr key={l.id} data-testid="sale-lead-row">
                    <td>
                      {deletable(l) && <input type="checkbox" aria-label={`Select ${l.name}`} checked={selected.has(l.id)} onChange={() => toggle(l.id)} />}
                    </td>
                    <td>{l.name}</td>
                    <td>{saleStatusLabel(l)}</td>
                    <td>{l.phone ? formatPhone(l.phone) : ''}</td>
                    <td>{l.state}</td>
                    <td>{l.ageDays}</td>
                    <td>{formatUsd(l.priceCents, { cents: true })}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination page={data.page} total={data.total} pageSize={data.pageSize} onPage={setPage} label="Leads for sale pages" totalNoun="total" />
        </>
      )}
      <div className="adm-actions">
        <button type="button" className="btn btn-outline" disabled={selected.size === 0} onClick={() => setConfirming(true)}>
          {`Delete Selected (${selected.size})`}
        </button>
      </div>
      <Modal open={confirming} title="Delete leads" onClose={() => setConfirming(false)}>
        <p>
          Delete {selected.size} unsold {selected.size === 1 ? 'lead' : 'leads'} for sale? {selected.size === 1 ? 'It leaves' : 'They leave'} the shop and this
          cannot be undone.
        </p>
        <div className="adm-actions">
          <button type="button" className="btn btn-outline" onClick={() => setConfirming(false)}>
            Cancel
          </button>
          <button type="button" className="btn btn-danger" disabled={remove.isPending} onClick={() => void onDelete()}>
            Delete
          </button>
        </div>
      </Modal>
    </section>
  );
}
