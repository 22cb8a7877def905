// Buy Appointments' filters: state, the call's date range, verified only, lead quality, and the sort.
// The form holds a draft; Apply sends it to the server (which filters, sorts and pages), Reset clears it.
import { z } from 'zod';
import { US_STATES } from '@tm/shared/us-states';
import {
  APPOINTMENT_SORTS,
  APPOINTMENT_SORT_LABELS,
  DATE_RANGE_MESSAGE,
  EMPTY_APPOINTMENT_FILTERS,
  LEAD_QUALITIES,
  LEAD_QUALITY_LABELS,
  type AppointmentFilters,
  type AppointmentSort,
} from '@tm/shared/schemas/appointments';
import { Form, Input, Select, useFieldError } from '../../../components/ui/form/index.ts';

/** The draft as typed: one state (or all), the call's date range in order, the sort, qualities, verified. */
type Draft = { state: string; from: string; to: string; sort: AppointmentSort; qualities: string[]; verifiedOnly: boolean };
const draftSchema = z
  .object({
    state: z.string(),
    from: z.string(),
    to: z.string(),
    sort: z.enum(APPOINTMENT_SORTS),
    qualities: z.array(z.enum(LEAD_QUALITIES)),
    verifiedOnly: z.boolean(),
  })
  .refine((d) => !(d.from && d.to && d.to < d.from), { path: ['to'], message: DATE_RANGE_MESSAGE });
const toDraft = (f: AppointmentFilters): Draft => ({
  state: f.states[0] ?? '',
  from: f.from,
  to: f.to,
  sort: f.sort,
  qualities: [...f.qualities],
  verifiedOnly: f.verifiedOnly,
});

const isFiltered = (f: AppointmentFilters) => f.states.length > 0 || f.from !== '' || f.to !== '' || f.verifiedOnly || f.qualities.length > 0;

/** The date range's message, once under the filters (as the bar showed it before the form pattern). */
function RangeError() {
  const error = useFieldError('to');
  return error ? (
    <p id="appt-filter-error" className="form-error" role="alert">
      {error}
    </p>
  ) : null;
}

export function AppointmentFiltersForm({ value, onApply }: { value: AppointmentFilters; onApply: (f: AppointmentFilters) => void }) {
  return (
    <Form
      schema={draftSchema}
      defaultValues={toDraft(value)}
      onSubmit={(d) =>
        onApply({
          states: d.state ? [d.state] : [],
          from: d.from,
          to: d.to,
          sort: d.sort,
          // In the catalogue's order, whatever order they were ticked in.
          qualities: LEAD_QUALITIES.filter((q) => d.qualities.includes(q)),
          verifiedOnly: d.verifiedOnly,
        })
      }
      className="card dash-filters"
      aria-label="Appointment filters"
    >
      {(form) => (
        <>
          <div className="field">
            <label htmlFor="appt-state">State</label>
            <Select name="state" id="appt-state">
              <option value="">All states</option>
              {US_STATES.map((s) => (
                <option key={s.code} value={s.code}>
                  {s.name}
                </option>
              ))}
            </Select>
          </div>
          <div className="field">
            <label htmlFor="appt-from">Call date from</label>
            <Input name="from" id="appt-from" type="date" max={form.watch('to') || undefined} />
          </div>
          <div className="field">
            <label htmlFor="appt-to">Call date to</label>
            <Input
              name="to"
              id="appt-to"
              type="date"
              min={form.watch('from') || undefined}
              aria-describedby={form.formState.errors.to ? 'appt-filter-error' : undefined}
            />
          </div>
          <div className="field">
            <label htmlFor="appt-sort">Sort by</label>
            <Select name="sort" id="appt-sort">
              {APPOINTMENT_SORTS.map((s) => (
                <option key={s} value={s}>
                  {APPOINTMENT_SORT_LABELS[s]}
                </option>
              ))}
            </Select>
          </div>
          <fieldset className="dash-filter-group">
            <legend>Lead quality</legend>
            {LEAD_QUALITIES.map((q) => (
              <label key={q} className="dash-check">
                <input type="checkbox" value={q} {...form.register('qualities')} />
                {LEAD_QUALITY_LABELS[q]}
              </label>
            ))}
          </fieldset>
          <label className="dash-check dash-filter-verified">
            <input type="checkbox" {...form.register('verifiedOnly')} />
            Verified only
          </label>
          <div className="dash-search-actions">
            <button type="submit" className="btn">
              Apply filters
            </button>
            {(isFiltered(value) || value.sort !== 'newest') && (
              <button
                type="button"
                className="btn btn-outline"
                onClick={() => {
                  form.reset(toDraft(EMPTY_APPOINTMENT_FILTERS));
                  onApply(EMPTY_APPOINTMENT_FILTERS);
                }}
              >
                Reset
              </button>
            )}
          </div>
          <RangeError />
        </>
      )}
    </Form>
  );
}
