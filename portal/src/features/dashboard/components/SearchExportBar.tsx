// The search box and CSV export of the agent's own lists (My Leads, My Appointments): Search applies the
// typed text (back to page 1), Clear empties it, Export CSV downloads the list as searched.
import { z } from 'zod';
import { Form, Input } from '../../../components/ui/form/index.ts';

const searchSchema = z.object({ q: z.string().trim().max(100) });

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
  return (
    <Form
      schema={searchSchema}
      defaultValues={{ q: search }}
      onSubmit={({ q }) => onSearch(q)}
      className="card dash-search"
      role="search"
      aria-label={`${label} search`}
    >
      {(form) => (
        <>
          <div className="field">
            <label htmlFor={id}>Search {label.toLowerCase()}</label>
            <Input name="q" id={id} type="search" maxLength={100} placeholder={placeholder} />
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
                  form.reset({ q: '' });
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
        </>
      )}
    </Form>
  );
}
