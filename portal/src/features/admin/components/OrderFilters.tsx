// Admin > Orders: the filters (search, status, product, dates) kept in the URL, and their toolbar with the
// CSV export of the filtered list.
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ADMIN_ORDER_STATUSES, ADMIN_ORDER_STATUS_LABELS, ORDER_PRODUCTS, ORDER_PRODUCT_LABELS } from '@tm/shared/schemas/admin-business';
import { ordersParams, type OrderFilters } from '../api/orders.ts';
import { useDebouncedValue } from './ui.tsx';
import { FilterSelect, filterOptions } from './SearchPagedList.tsx';

const FILTER_KEYS = ['status', 'product', 'from', 'to', 'q'] as const satisfies ReadonlyArray<keyof OrderFilters>;

/** The filters and page live in the URL (?status=&product=&from=&to=&q=&page=), so a reload or Back keeps them. */
export function useUrlFilters() {
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(FILTER_KEYS.map((k) => [k, params.get(k) ?? ''])) as unknown as OrderFilters;
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const update = (patch: Partial<Record<keyof OrderFilters | 'page', string>>, replace = false) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        if (!('page' in patch)) next.delete('page');
        return next;
      },
      { replace },
    );
  return { filters, page, update };
}

const STATUS_FILTER = filterOptions({ value: '', label: 'All statuses' }, ADMIN_ORDER_STATUSES, ADMIN_ORDER_STATUS_LABELS);
const PRODUCT_FILTER = filterOptions({ value: '', label: 'All products' }, ORDER_PRODUCTS, ORDER_PRODUCT_LABELS);

type UrlFilters = ReturnType<typeof useUrlFilters>;

/** The toolbar: the search box is typed into here; the URL follows once typing pauses (replacing, not adding, history). */
export function OrderFilterBar({ applied, update }: { applied: OrderFilters; update: UrlFilters['update'] }) {
  const [search, setSearch] = useState(applied.q);
  const typed = useDebouncedValue(search.trim(), 250);
  useEffect(() => {
    if (typed !== applied.q) update({ q: typed }, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the typed text settles
  }, [typed]);
  // Back / Forward to other filters: the box shows the URL's search.
  useEffect(() => setSearch(applied.q), [applied.q]);
  const set = (k: Exclude<keyof OrderFilters, 'q'>) => (e: { target: { value: string } }) => update({ [k]: e.target.value });
  const filters = { ...applied, q: search };
  return (
    <div className="adm-toolbar adm-filters">
      <input
        type="search"
        className="adm-search"
        placeholder="Search buyer name or email..."
        aria-label="Search buyer name or email"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      <FilterSelect label="Status" value={filters.status} options={STATUS_FILTER} onChange={(status) => update({ status })} />
      <FilterSelect label="Product" value={filters.product} options={PRODUCT_FILTER} onChange={(product) => update({ product })} />
      <label className="adm-date">
        From <input type="date" value={filters.from} onChange={set('from')} />
      </label>
      <label className="adm-date">
        To <input type="date" value={filters.to} onChange={set('to')} />
      </label>
      <a className="btn btn-outline" href={`/api/admin/orders.csv?${ordersParams(applied)}`} download>
        Export CSV
      </a>
    </div>
  );
}
