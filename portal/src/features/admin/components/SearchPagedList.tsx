// The admin's searchable lists (Users, Appointments, Applications, Sign-ups, and the Leads tab's pool and
// shop leads) share one body: a search box (from one character, debounced) with the list's filters and its
// create button beside it, then loading / error / empty states, the cards or table and their pagination.
// Its pieces serve on their own too: the filter select and the results block (Orders keeps its filters in
// the URL), and the row selection of the lead tables.
import { Fragment, useState, type ReactNode } from 'react';
import type { Page } from '@tm/shared/schemas/admin';
import type { ListPlace } from '@tm/shared/schemas/paging';
import { KeysetPagination } from '../../../components/KeysetPagination.tsx';
import { Pagination, useDebouncedValue } from './ui.tsx';

export interface PagedQuery<T> {
  isPending: boolean;
  isError: boolean;
  data: Page<T> | undefined;
  error?: unknown;
}

export interface FilterOption {
  value: string;
  label: string;
}

/** A filter's options from their labels, in the labels' order. */
export function optionsOf<V extends string>(labels: Record<V, string>): FilterOption[] {
  return (Object.entries(labels) as [V, string][]).map(([value, label]) => ({ value, label }));
}

/** A filter's options: the "everything" choice first, then each value with its label. */
export function filterOptions<V extends string>(all: FilterOption, values: readonly V[], labels: Record<V, string>): FilterOption[] {
  return [all, ...values.map((value) => ({ value, label: labels[value] }))];
}

export interface ListFilter {
  /** The select's accessible name, e.g. "Sale status". */
  label: string;
  value: string;
  options: readonly FilterOption[];
  onChange: (value: string) => void;
}

/** A toolbar's filter: a select named by its aria-label. */
export function FilterSelect({ label, value, options, onChange }: ListFilter) {
  return (
    <select aria-label={label} value={value} onChange={(e) => onChange(e.target.value)}>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

/** Ticked rows of a table, by id: one at a time, a page's worth at once, or none again. */
export function useSelection() {
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const change = (ids: readonly number[], on: (id: number, has: boolean) => boolean) =>
    setSelected((s) => {
      const n = new Set(s);
      for (const id of ids) {
        if (on(id, n.has(id))) n.add(id);
        else n.delete(id);
      }
      return n;
    });
  return {
    selected,
    toggle: (id: number) => change([id], (_, has) => !has),
    /** Ticks all of `ids`, or unticks them when `off`. */
    setAll: (ids: readonly number[], off: boolean) => change(ids, () => !off),
    clear: () => setSelected(new Set()),
  };
}

/** The loading / error / empty states, then the cards (`renderItem`) or the caller's own table (`renderList`) and the pager. */
export function PagedResults<T extends { id: number }>({
  query,
  noun,
  title,
  pagesLabel = `${title} pages`,
  onPage,
  onPlace,
  empty,
  errorMessage = () => `Failed to load ${noun}. Please try again.`,
  renderItem,
  renderList,
}: {
  query: PagedQuery<T>;
  /** Lower-case plural for the messages, e.g. "users". */
  noun: string;
  /** The card list's accessible name, e.g. "Users" (its pagination is "Users pages"). */
  title: string;
  pagesLabel?: string;
  onPage: (page: number) => void;
  /** A list read by keyset (its answer carries cursors): Previous and Next step by them (decision 236). */
  onPlace?: (place: ListPlace) => void;
  /** What shows when there is nothing. */
  empty: string;
  errorMessage?: (error: unknown) => string;
} & ({ renderItem: (item: T) => ReactNode; renderList?: undefined } | { renderList: (items: T[], page: Page<T>) => ReactNode; renderItem?: undefined })) {
  const data = query.data;
  if (query.isPending) return <p className="adm-empty">{`Loading ${noun}...`}</p>;
  if (query.isError)
    return (
      <p className="form-error" role="alert">
        {errorMessage(query.error)}
      </p>
    );
  if (!data || data.items.length === 0) return <p className="adm-empty">{empty}</p>;
  return (
    <>
      {renderList ? (
        renderList(data.items, data)
      ) : (
        <ul className="adm-list" aria-label={title}>
          {data.items.map((item) => (
            <Fragment key={item.id}>{renderItem(item)}</Fragment>
          ))}
        </ul>
      )}
      {onPlace && data.nextCursor !== undefined ? (
        <KeysetPagination
          place={{ page: data.page }}
          data={data}
          onPlace={(p) => onPlace({ page: p.page ?? 1, after: p.after, before: p.before })}
          label={pagesLabel}
          totalNoun="total"
        />
      ) : (
        <Pagination page={data.page} total={data.total} pageSize={data.pageSize} onPage={onPage} label={pagesLabel} totalNoun="total" />
      )}
    </>
  );
}

type Source<T, A> =
  /** A hook: the plain list, or the search results when `searching`; it calls both queries every render. */
  | { usePage: (q: string, page: number, searching: boolean) => PagedQuery<T>; args?: undefined; keyset?: undefined }
  /** The same, read by keyset: the hook takes the place (page, after, before) instead of a page number. */
  | { usePage: (q: string, page: ListPlace, searching: boolean) => PagedQuery<T>; args?: undefined; keyset: true }
  /** A list with filters: the query hook, called with the filters' values (`args`, never undefined) before the search text. */
  | { usePage: (args: A, q: string, page: number) => PagedQuery<T>; args: NonNullable<A>; keyset?: undefined }
  | { usePage: (args: A, q: string, page: ListPlace) => PagedQuery<T>; args: NonNullable<A>; keyset: true };

export function SearchPagedList<T extends { id: number }, A = undefined>({
  noun,
  title,
  pagesLabel,
  searchLabel,
  filters = [],
  onFilterChange,
  createLabel,
  onCreate,
  note,
  emptyMessage = (searching) => (searching ? `No ${noun} found matching your search` : `No ${noun} found`),
  renderItem,
  renderList,
  ...source
}: {
  /** Lower-case plural for the messages, e.g. "users". */
  noun: string;
  /** The card list's accessible name, e.g. "Users" (its pagination is "Users pages" unless `pagesLabel`). */
  title: string;
  pagesLabel?: string;
  /** The search box's accessible name; its placeholder adds "...". */
  searchLabel: string;
  /** Selects beside the search box; changing one goes back to page 1. */
  filters?: readonly ListFilter[];
  /** After any filter changes, e.g. to clear the rows ticked. */
  onFilterChange?: () => void;
  createLabel?: string;
  onCreate?: () => void;
  /** A line between the toolbar and the list. */
  note?: ReactNode;
  emptyMessage?: (searching: boolean) => string;
} & Source<T, A> &
  ({ renderItem: (item: T) => ReactNode; renderList?: undefined } | { renderList: (items: T[], page: Page<T>) => ReactNode; renderItem?: undefined })) {
  const [search, setSearch] = useState('');
  const [place, setPlace] = useState<ListPlace>({ page: 1 });
  const setPage = (page: number) => setPlace({ page });
  // A keyset list's hook takes the place; the others the page number.
  const page = source.keyset ? place : place.page;
  const q = useDebouncedValue(search.trim(), 250);
  const searching = q.length >= 1;
  // One call either way, so the hook runs on every render.
  const usePage = source.usePage as (...params: unknown[]) => PagedQuery<T>;
  const query = usePage(...(source.args !== undefined ? [source.args, q, page] : [q, page, searching]));
  const view = renderList ? { renderList } : { renderItem: renderItem! };

  return (
    <>
      <div className="adm-toolbar">
        <input
          type="search"
          className="adm-search"
          placeholder={`${searchLabel}...`}
          aria-label={searchLabel}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
        />
        {filters.map((f) => (
          <FilterSelect
            key={f.label}
            {...f}
            onChange={(v) => {
              f.onChange(v);
              setPage(1);
              onFilterChange?.();
            }}
          />
        ))}
        {createLabel && (
          <button type="button" className="btn" onClick={onCreate}>
            {createLabel}
          </button>
        )}
      </div>
      {note}
      <PagedResults
        query={query}
        noun={noun}
        title={title}
        pagesLabel={pagesLabel}
        onPage={setPage}
        onPlace={source.keyset ? setPlace : undefined}
        empty={emptyMessage(searching)}
        {...view}
      />
    </>
  );
}
