// The Users and Appointments tabs' shared body: a search box (from one character, debounced) beside
// the tab's create button, then loading / error / empty states, the cards and their pagination.
import { Fragment, useState, type ReactNode } from 'react';
import type { Page } from '@tm/shared/schemas/admin';
import { Pagination, useDebouncedValue } from './ui.tsx';

export interface PagedQuery<T> {
  isPending: boolean;
  isError: boolean;
  data: Page<T> | undefined;
}

export function SearchPagedList<T extends { id: number }>({
  noun,
  title,
  searchLabel,
  createLabel,
  onCreate,
  usePage,
  renderItem,
}: {
  /** Lower-case plural for the messages, e.g. "users". */
  noun: string;
  /** The list's accessible name, e.g. "Users" (its pagination is "Users pages"). */
  title: string;
  /** The search box's accessible name; its placeholder adds "...". */
  searchLabel: string;
  createLabel: string;
  onCreate: () => void;
  /** A hook: the plain list, or the search results when `searching`; it calls both queries every render. */
  usePage: (q: string, page: number, searching: boolean) => PagedQuery<T>;
  renderItem: (item: T) => ReactNode;
}) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(search.trim(), 250);
  const searching = q.length >= 1;
  const query = usePage(q, page, searching);
  const data = query.data;

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
        <button type="button" className="btn" onClick={onCreate}>
          {createLabel}
        </button>
      </div>
      {query.isPending ? (
        <p className="adm-empty">{`Loading ${noun}...`}</p>
      ) : query.isError ? (
        <p className="form-error" role="alert">{`Failed to load ${noun}. Please try again.`}</p>
      ) : !data || data.items.length === 0 ? (
        <p className="adm-empty">{searching ? `No ${noun} found matching your search` : `No ${noun} found`}</p>
      ) : (
        <>
          <ul className="adm-list" aria-label={title}>
            {data.items.map((item) => (
              <Fragment key={item.id}>{renderItem(item)}</Fragment>
            ))}
          </ul>
          <Pagination page={data.page} total={data.total} pageSize={data.pageSize} onPage={setPage} label={`${title} pages`} totalNoun="total" />
        </>
      )}
    </>
  );
}
