// Buy Aged Leads and Buy Leads: filters (state, age in days, zip; comma-separated lists) applied by
// the server, 50 leads a page read by cursor at any depth (decision 236), selection with a running total,
// and purchase through an order and the payment form. The selection is cleared on filter change, page change and after a purchase.
import { useEffect, useMemo, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { z } from 'zod';
import { Link } from 'react-router';
import { ApiError } from '@tm/shared/api-client';
import { formatUsd } from '@tm/shared';
import { parseAgeFilter } from '@tm/shared/logic/age-filter';
import { formatDate } from '@tm/shared/logic/format';
import { totalLabel } from '@tm/shared/schemas/paging';
import { useTimeZone } from '../../../lib/time-zone.ts';
import {
  EMPTY_LEAD_FILTERS,
  FIRST_LEADS_PLACE,
  STATE_FILTER_MESSAGE,
  ZIP_FILTER_MESSAGE,
  isStateFilterValue,
  isZipFilterValue,
  splitList,
  type LeadFilters,
  type LeadForSale,
  type LeadsPlace,
} from '@tm/shared/schemas/leads';
import { useToast } from '../../../components/toast.tsx';
import { useLeadsForSale } from '../api/leads-for-sale.ts';
import { KeysetPagination } from '../../../components/KeysetPagination.tsx';
import { CheckoutModal } from './CheckoutModal.tsx';
import { EmptyState, ErrorNote, Spinner } from './ui.tsx';
import { panelHref } from '../../../components/layout/panels.ts';
import { useItemCheckout, useReturnedItemPayment } from '../hooks/use-item-checkout.ts';
import { LeadComplianceBadges } from '../../../components/LeadComplianceBadges.tsx';
import { Form, Input, Select } from '../../../components/ui/form/index.ts';

const FILTER_DELAY_MS = 400;

/** The bar's fields as typed; what they may hold is checked as they are typed (filterErrors). */
const filtersFormSchema = z.object({ state: z.string(), age: z.string(), zip: z.string(), consent: z.string(), maxSold: z.string() });
type FilterValues = z.infer<typeof filtersFormSchema>;
const NO_FILTERS: FilterValues = { state: '', age: '', zip: '', consent: '', maxSold: '' };

/** Hands every change of the bar's fields to `onChange` as it is typed (the list follows after a pause). */
function OnEdit({ onChange }: { onChange: (values: FilterValues) => void }) {
  const { watch } = useFormContext<FilterValues>();
  useEffect(() => {
    const sub = watch((values, { type }) => {
      if (type === 'change') onChange({ ...NO_FILTERS, ...values } as FilterValues);
    });
    return () => sub.unsubscribe();
  }, [watch, onChange]);
  return null;
}

function filterErrors(f: LeadFilters): Partial<Record<keyof LeadFilters, string>> {
  const errors: Partial<Record<keyof LeadFilters, string>> = {};
  if (splitList(f.state, true).some((s) => !isStateFilterValue(s))) errors.state = STATE_FILTER_MESSAGE;
  const age = parseAgeFilter(f.age);
  if (!age.ok) errors.age = age.error;
  if (splitList(f.zip).some((z) => !isZipFilterValue(z))) errors.zip = ZIP_FILTER_MESSAGE;
  return errors;
}

export function LeadMarketplace({ kind }: { kind: 'aged' | 'fresh' }) {
  const tz = useTimeZone();
  const toast = useToast();
  const aged = kind === 'aged';
  const [inputs, setInputs] = useState<LeadFilters>(EMPTY_LEAD_FILTERS);
  const [applied, setApplied] = useState<LeadFilters>(EMPTY_LEAD_FILTERS);
  const [place, setPlace] = useState<LeadsPlace>(FIRST_LEADS_PLACE);
  const checkout = useItemCheckout('lead');
  const selected = checkout.cart;
  const errors = useMemo(() => filterErrors(inputs), [inputs]);
  const valid = Object.keys(errors).length === 0;

  // Typing settles before the server is asked; invalid filters are never sent.
  useEffect(() => {
    if (!valid) return;
    const t = setTimeout(() => setApplied(inputs), FILTER_DELAY_MS);
    return () => clearTimeout(t);
  }, [inputs, valid]);

  const query = useLeadsForSale(kind, applied, place);
  const data = query.data;
  const items = data?.items ?? [];

  // Back from a payment that needed a redirect (the return address is this panel).
  useReturnedItemPayment('lead');

  const clearSelection = selected.clear;
  const onEdit = (values: FilterValues) => {
    setInputs(values as LeadFilters);
    setPlace(FIRST_LEADS_PLACE);
    clearSelection();
  };
  const goToPlace = (p: LeadsPlace) => {
    setPlace(p);
    clearSelection();
  };
  const clearFilters = () => {
    setInputs(EMPTY_LEAD_FILTERS);
    setApplied(EMPTY_LEAD_FILTERS);
    setPlace(FIRST_LEADS_PLACE);
    clearSelection();
  };
  const search = () => {
    if (!valid) {
      toast({ title: 'Invalid Filters', description: Object.values(errors)[0], variant: 'destructive' });
      return;
    }
    setApplied(inputs);
    toast({ title: 'Search Applied', description: 'Showing leads that match your filters.' });
  };

  const allOnPage = items.length > 0 && items.every((l) => selected.has(l.id));
  const toggle = (lead: LeadForSale) => (selected.has(lead.id) ? selected.remove(lead.id) : selected.add(lead));
  const toggleAll = () => (allOnPage ? selected.clear() : selected.replace(items));

  const title = aged ? 'Buy Aged Leads' : 'Buy Leads';
  const idPrefix = aged ? 'aged' : 'fresh';

  return (
    <section aria-labelledby={`${idPrefix}-title`} className="dash-section">
      <div className="dash-section-head">
        <div>
          <h2 id={`${idPrefix}-title`}>{title}</h2>
          <p className="muted">
            {aged ? 'Leads aged 30 days and more at a fraction of the price. ' : 'Recently submitted leads, ready to call. '}
            Filter by state, age in days or zip code; each accepts a comma-separated list. Youngest leads first (the newest listing first among leads of the
            same age).
          </p>
        </div>
        <nav className="dash-segmented" aria-label="Lead type">
          <Link to={panelHref('buy-leads')} aria-current={!aged ? 'page' : undefined}>
            Fresh Leads
          </Link>
          <Link to={panelHref('buy-aged-leads')} aria-current={aged ? 'page' : undefined}>
            Aged Leads
          </Link>
        </nav>
      </div>

      <Form schema={filtersFormSchema} defaultValues={NO_FILTERS} onSubmit={search} className="card dash-filters" role="search" aria-label={`${title} filters`}>
        {(form) => (
          <>
            <OnEdit onChange={onEdit} />
            <div className="field">
              <label htmlFor={`${idPrefix}-state`}>State</label>
              <Input
                name="state"
                id={`${idPrefix}-state`}
                placeholder="e.g. TX, FL"
                aria-invalid={!!errors.state}
                aria-describedby={`${idPrefix}-state-help`}
              />
              <p id={`${idPrefix}-state-help`} className={errors.state ? 'field-error' : 'muted small'}>
                {errors.state ?? 'Two-letter codes, comma-separated'}
              </p>
            </div>
            <div className="field">
              <label htmlFor={`${idPrefix}-age`}>Age (days)</label>
              <Input
                name="age"
                id={`${idPrefix}-age`}
                placeholder="e.g. 30, 30-60 or 30,45,60-90"
                aria-invalid={!!errors.age}
                aria-describedby={`${idPrefix}-age-help`}
              />
              <p id={`${idPrefix}-age-help`} className={errors.age ? 'field-error' : 'muted small'}>
                {errors.age ?? 'A value, a range or a list'}
              </p>
            </div>
            <div className="field">
              <label htmlFor={`${idPrefix}-zip`}>Zip Code</label>
              <Input
                name="zip"
                id={`${idPrefix}-zip`}
                placeholder="e.g. 73301, 75001"
                inputMode="numeric"
                aria-invalid={!!errors.zip}
                aria-describedby={`${idPrefix}-zip-help`}
              />
              <p id={`${idPrefix}-zip-help`} className={errors.zip ? 'field-error' : 'muted small'}>
                {errors.zip ?? '5-digit zip codes, comma-separated'}
              </p>
            </div>
            <div className="field">
              <label htmlFor={`${idPrefix}-consent`}>Consent</label>
              <Select name="consent" id={`${idPrefix}-consent`}>
                <option value="">Any lead</option>
                <option value="any">With a consent record</option>
                <option value="certificate">With a TrustedForm or Jornaya certificate</option>
              </Select>
            </div>
            <div className="field">
              <label htmlFor={`${idPrefix}-sold`}>Sold before</label>
              <Select name="maxSold" id={`${idPrefix}-sold`}>
                <option value="">Any</option>
                <option value="0">Never sold</option>
                <option value="1">At most once</option>
                <option value="2">At most twice</option>
              </Select>
            </div>
            <div className="dash-filter-actions">
              <button type="submit" className="btn">
                Search
              </button>
              <button
                type="button"
                className="btn btn-outline"
                onClick={() => {
                  form.reset(NO_FILTERS);
                  clearFilters();
                }}
              >
                Clear All Filters
              </button>
            </div>
          </>
        )}
      </Form>

      <div className="card dash-selection-bar" aria-live="polite">
        <div>
          <strong data-testid="selected-count">{selected.count}</strong> selected
          <span className="dash-sep" aria-hidden="true">
            ·
          </span>
          Total <strong data-testid="selected-total">{formatUsd(selected.totalCents, { cents: true })}</strong>
          {data && (
            <>
              <span className="dash-sep" aria-hidden="true">
                ·
              </span>
              <span className="muted" data-testid="leads-total">
                {totalLabel(data)} {data.total === 1 && !data.totalCapped ? 'lead' : 'leads'} available
              </span>
            </>
          )}
        </div>
        <button type="button" className="btn" onClick={() => void checkout.start()} disabled={checkout.starting}>
          {checkout.starting ? 'Starting checkout...' : 'Purchase Selected Leads'}
        </button>
      </div>

      {query.isPending ? (
        <Spinner label="Loading leads..." />
      ) : query.isError ? (
        <ErrorNote message={query.error instanceof ApiError ? query.error.serverMessage : 'Failed to load leads'} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title={aged ? 'No aged leads available at this time.' : 'No Leads Available'}>
          <p className="muted">Try different filters, or check back soon: new leads are added every day.</p>
        </EmptyState>
      ) : (
        <div className="card dash-table-wrap">
          <table
            className="dash-table"
            aria-label={`${title}: page ${place.page === null ? `from ${place.jump ?? 0} days` : (data?.page ?? place.page)}`}
            aria-busy={query.isFetching}
          >
            <thead>
              <tr>
                <th scope="col" className="dash-check">
                  <input type="checkbox" aria-label="Select all leads on this page" checked={allOnPage} onChange={toggleAll} />
                </th>
                <th scope="col">Name</th>
                <th scope="col">State</th>
                <th scope="col">Zip</th>
                <th scope="col">Age (days)</th>
                <th scope="col">Age Range</th>
                <th scope="col">Form Filled</th>
                <th scope="col" className="num">
                  Price
                </th>
                <th scope="col">Consent &amp; history</th>
              </tr>
            </thead>
            <tbody>
              {items.map((lead) => (
                <tr key={lead.id} className={selected.has(lead.id) ? 'is-selected' : undefined} data-testid="lead-row" data-lead-id={lead.id}>
                  <td className="dash-check">
                    <input
                      type="checkbox"
                      aria-label={`Select ${lead.customerName}, ${lead.customerState} ${lead.zipCode}, ${lead.actualAge} days`}
                      checked={selected.has(lead.id)}
                      onChange={() => toggle(lead)}
                    />
                  </td>
                  <td>{lead.customerName}</td>
                  <td>{lead.customerState}</td>
                  <td>{lead.zipCode}</td>
                  <td>{lead.actualAge}</td>
                  <td>{lead.currentAgeRange ?? '—'}</td>
                  <td>{formatDate(lead.formFillTime, tz) || '—'}</td>
                  <td className="num">{formatUsd(lead.priceCents, { cents: true })}</td>
                  <td>
                    <LeadComplianceBadges lead={lead} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {data && (
        <KeysetPagination
          place={place}
          data={data}
          onPlace={goToPlace}
          label={`${title} pages`}
          numbered={aged}
          jumpLabel={aged ? 'Jump to age (days)' : undefined}
        />
      )}

      <CheckoutModal checkout={checkout} returnPath={panelHref(aged ? 'buy-aged-leads' : 'buy-leads')} />
    </section>
  );
}
