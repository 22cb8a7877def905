// The shop's leads (Buy Aged Leads / Buy Leads and the aged-lead orders): find one by name, phone, state
// or ZIP and delete unsold ones (a bad import row, a duplicate) after a confirmation. A sold lead, one held
// by an order being paid or one sold before cannot be selected; the server refuses them too (409, naming why).
import { useState } from 'react';
import { ApiError } from '@tm/shared/api-client';
import { formatUsd } from '@tm/shared';
import type { AdminSaleLead } from '@tm/shared/schemas/admin';
import { useToast } from '../../../components/toast.tsx';
import { useDeleteLeads, useSaleLeads, type SaleLeadStatus } from '../api/lead-tools.ts';
import { Modal, formatDate, formatPhone } from './ui.tsx';
import { SearchPagedList, useSelection, optionsOf } from './SearchPagedList.tsx';

export function saleStatusLabel(l: AdminSaleLead): string {
  if (l.status === 'sold') return `Sold${l.buyerEmail ? ` to ${l.buyerEmail}` : ''}${l.soldAt ? ` (${formatDate(l.soldAt)})` : ''}`;
  if (l.status === 'reserved') return 'Held by an order';
  if (l.status === 'blocked') return 'Off sale (do not call)';
  return l.timesSoldBefore > 0 ? 'For sale (sold before)' : 'For sale';
}

const deletable = (l: AdminSaleLead) => l.status !== 'sold' && l.status !== 'reserved' && l.timesSoldBefore === 0;

const SALE_STATUSES = optionsOf<SaleLeadStatus>({ unsold: 'Unsold', sold: 'Sold', all: 'All' });

export function LeadsForSale() {
  const toast = useToast();
  const [status, setStatus] = useState<SaleLeadStatus>('unsold');
  const { selected, toggle, clear } = useSelection();
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteLeads('sale');

  const onDelete = async () => {
    try {
      const res = await remove.mutateAsync([...selected]);
      toast({ title: 'Leads Deleted', description: `${res.deleted} ${res.deleted === 1 ? 'lead' : 'leads'} deleted.` });
      clear();
      setConfirming(false);
    } catch (err) {
      toast({ title: 'Error', description: err instanceof ApiError ? err.serverMessage : 'Failed to delete leads', variant: 'destructive' });
    }
  };

  return (
    <section className="card adm-sale-leads" aria-labelledby="sale-leads-title">
      <h2 id="sale-leads-title">Leads For Sale</h2>
      <SearchPagedList
        noun="leads"
        title="Leads for sale"
        searchLabel="Search leads for sale"
        filters={[{ label: 'Sale status', value: status, options: SALE_STATUSES, onChange: (v) => setStatus(v as SaleLeadStatus) }]}
        onFilterChange={clear}
        usePage={useSaleLeads}
        keyset
        args={status}
        renderList={(items) => (
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
                {items.map((l) => (
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
        )}
      />
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
