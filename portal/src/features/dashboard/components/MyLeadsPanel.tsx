// My Leads: the leads assigned to the agent (and those they bought), with every field; a search (name,
// e-mail, phone, state, ZIP, by the server) and the CSV export of what the search finds, for a CRM.
import { ASSIGNED_LABEL } from '@tm/shared/schemas/dashboard';
import { totalLabel } from '@tm/shared/schemas/paging';
import { formatDate, formatPhone, telHref } from '@tm/shared/logic/format';
import { useTimeZone } from '../../../lib/time-zone.ts';
import { myLeadsCsvUrl, useMyLeads } from '../api/my-leads.ts';
import { Badge, EmptyState } from './ui.tsx';
import { SearchedList, useSearchedPlace } from './SearchedList.tsx';

/** The lead's compliance file: a bought lead's, or (assigned by our team) the assignment's. */
function complianceHref(l: { id: string; source: 'purchased' | 'assigned' }): string {
  const n = l.id.slice(l.id.indexOf('-') + 1);
  return `/api/compliance/${l.source === 'purchased' ? 'lead' : 'assignment'}/${n}`;
}

export function MyLeadsPanel() {
  const tz = useTimeZone();
  const searched = useSearchedPlace();
  const list = useMyLeads(searched.place, searched.search);
  return (
    <section aria-labelledby="my-leads-title" className="dash-section">
      <div className="dash-section-head">
        <div>
          <h2 id="my-leads-title">My Leads</h2>
          <p className="muted">Leads assigned to you by our team, and leads you purchased.</p>
        </div>
        {list.data && <Badge tone="info">{totalLabel(list.data)} total</Badge>}
      </div>
      <SearchedList
        {...searched}
        noun="leads"
        placeholder="Name, e-mail, phone, state or ZIP"
        csvUrl={myLeadsCsvUrl}
        pagesLabel="My lead pages"
        list={list}
        empty={
          <EmptyState title="No Assigned Leads" icon="contacts">
            <p className="muted">When an admin assigns leads to you, or you buy leads, they appear here.</p>
          </EmptyState>
        }
      >
        {(items) => (
          <div className="card dash-table-wrap">
            <table className="dash-table" aria-label="My leads">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Phone</th>
                  <th scope="col">Email</th>
                  <th scope="col">State</th>
                  <th scope="col">Zip</th>
                  <th scope="col">Age Range</th>
                  <th scope="col">Assigned</th>
                  <th scope="col">Form Filled</th>
                  <th scope="col">Source</th>
                  <th scope="col">Compliance</th>
                </tr>
              </thead>
              <tbody>
                {items.map((l) => (
                  <tr key={l.id} data-testid="my-lead-row">
                    <td>{l.name}</td>
                    <td>{l.phone ? <a href={telHref(l.phone)}>{formatPhone(l.phone)}</a> : '—'}</td>
                    <td>{l.email ? <a href={`mailto:${l.email}`}>{l.email}</a> : '—'}</td>
                    <td>{l.state ?? '—'}</td>
                    <td>{l.zipCode ?? '—'}</td>
                    <td>{l.ageRange ?? '—'}</td>
                    <td>{formatDate(l.createdAt, tz) || '—'}</td>
                    <td>{formatDate(l.formFillTime, tz) || '—'}</td>
                    <td>
                      <Badge tone={l.source === 'purchased' ? 'success' : 'neutral'}>{l.source === 'purchased' ? 'Purchased' : ASSIGNED_LABEL}</Badge>
                    </td>
                    <td>
                      <a href={complianceHref(l)} target="_blank" rel="noreferrer" aria-label={`Compliance file of ${l.name}`}>
                        File
                      </a>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </SearchedList>
    </section>
  );
}
