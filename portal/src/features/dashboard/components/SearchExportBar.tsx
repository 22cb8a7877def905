// The search box and CSV export of the agent's own lists (My Leads, My Appointments): Search applies the
// typed text (back to page 1), Clear empties it, Export CSV downloads the list as searched.
import { useState } from 'react';

export function SearchExportBar({
  id,
  label,
  placeholder,
  search,
  onSearch,
  csvUrl,
  csvTestId,
}: {
  id: string;
  /** The search region's name and the field's label, e.g. "My leads" → "My leads search", "Search my leads". */
  label: string;
  placeholder: string;
  search: string;
  onSearch: (q: string) => void;
  csvUrl: (q: string) => string;
  csvTestId: string;
}) {
  const [draft, setDraft] = useState(search);
  return (
    <form
      className="card dash-search"
      role="search"
      aria-label={`${label} search`}
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(draft.trim());
      }}
    >
      <div className="field">
        <label htmlFor={id}>Search {label.toLowerCase()}</label>
        <input id={id} type="search" maxLength={100} value={draft} onChange={(e) => setDraft(e.target.value)} placeholder={placeholder} />
      </div>
      <div className="dash-search-actions">
        <button type="submit" className="btn">
          Search
        </button>
        {search && (
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => {
              setDraft('');
              onSearch('');
            }}
          >
            Clear
          </button>
        )}
        <a className="btn btn-outline" href={csvUrl(search)} download data-testid={csvTestId}>
          Export CSV
        </a>
      </div>
    </form>
  );
}
