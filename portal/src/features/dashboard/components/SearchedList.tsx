// The body of the agent's own lists (My Leads, My Appointments): the search bar with the CSV export, then
// loading, the error with Retry, "nothing matches" for a search, the list's own empty state or its items,
// and the pager. The lists are read by keyset (decision 254): page 1, or the page after / before an item.
import { useState, type ReactNode } from 'react';
import { ApiError } from '@tm/shared/api-client';
import type { ListPlace, Page } from '@tm/shared/schemas/paging';
import { KeysetPagination } from '../../../components/KeysetPagination.tsx';
import { ErrorNote, Spinner } from './ui.tsx';
import { SearchExportBar } from './SearchExportBar.tsx';

/** The list's place and the search applied to it; a new search goes back to page 1. */
export function useSearchedPlace() {
  const [place, setPlace] = useState<ListPlace>({ page: 1 });
  const [search, setSearch] = useState('');
  const onSearch = (q: string) => {
    setSearch(q);
    setPlace({ page: 1 });
  };
  return { place, setPlace, search, onSearch };
}

interface ListQuery<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: Page<T> | undefined;
  refetch: () => unknown;
}

export function SearchedList<T>({
  noun,
  placeholder,
  csvUrl,
  pagesLabel,
  list,
  place,
  setPlace,
  search,
  onSearch,
  empty,
  children,
}: ReturnType<typeof useSearchedPlace> & {
  /** Lower-case plural, e.g. "leads": the list is "My leads", its search field "my-leads-q", its export "my-leads-csv". */
  noun: string;
  placeholder: string;
  csvUrl: (q: string) => string;
  /** The pager's name, e.g. "My lead pages". */
  pagesLabel: string;
  list: ListQuery<T>;
  /** What shows when the list has nothing and no search is applied. */
  empty: ReactNode;
  /** The page's items (at least one). */
  children: (items: T[]) => ReactNode;
}) {
  const items = list.data?.items ?? [];
  return (
    <>
      <SearchExportBar
        id={`my-${noun}-q`}
        label={`My ${noun}`}
        placeholder={placeholder}
        search={search}
        onSearch={onSearch}
        csvUrl={csvUrl}
        csvTestId={`my-${noun}-csv`}
      />
      {list.isPending ? (
        <Spinner label={`Loading your ${noun}...`} />
      ) : list.isError ? (
        <ErrorNote message={list.error instanceof ApiError ? list.error.serverMessage : `Failed to load ${noun}`} onRetry={() => void list.refetch()} />
      ) : items.length === 0 && search ? (
        <p className="muted" role="status">
          No {noun} match “{search}”.
        </p>
      ) : items.length === 0 ? (
        empty
      ) : (
        children(items)
      )}
      {list.data && (
        <KeysetPagination
          place={{ page: place.page }}
          data={list.data}
          onPlace={(p) => setPlace({ page: p.page ?? 1, after: p.after, before: p.before })}
          label={pagesLabel}
        />
      )}
    </>
  );
}
