// Buy Appointments' filters: state, the call's date range, verified only, lead quality, and the sort.
// The form holds a draft; Apply sends it to the server (which filters, sorts and pages), Reset clears it.
import { useState } from 'react';
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
  type LeadQuality,
} from '@tm/shared/schemas/appointments';

const isFiltered = (f: AppointmentFilters) => f.states.length > 0 || f.from !== '' || f.to !== '' || f.verifiedOnly || f.qualities.length > 0;

export function AppointmentFiltersForm({ value, onApply }: { value: AppointmentFilters; onApply: (f: AppointmentFilters) => void }) {
  const [draft, setDraft] = useState<AppointmentFilters>(value);
  const [error, setError] = useState<string | null>(null);
  const set = (patch: Partial<AppointmentFilters>) => setDraft((d) => ({ ...d, ...patch }));
  const toggleQuality = (q: LeadQuality, on: boolean) =>
    set({ qualities: on ? LEAD_QUALITIES.filter((x) => x === q || draft.qualities.includes(x)) : draft.qualities.filter((x) => x !== q) });

  return (
    <form
      className="card dash-filters"
      aria-label="Appointment filters"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (draft.from && draft.to && draft.to < draft.from) {
          setError(DATE_RANGE_MESSAGE);
          return;
        }
        setError(null);
        onApply(draft);
      }}
    >
      <div className="field">
        <label htmlFor="appt-state">State</label>
        <select id="appt-state" value={draft.states[0] ?? ''} onChange={(e) => set({ states: e.target.value ? [e.target.value] : [] })}>
          <option value="">All states</option>
          {US_STATES.map((s) => (
            <option key={s.code} value={s.code}>
              {s.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="appt-from">Call date from</label>
        <input id="appt-from" type="date" value={draft.from} max={draft.to || undefined} onChange={(e) => set({ from: e.target.value })} />
      </div>
      <div className="field">
        <label htmlFor="appt-to">Call date to</label>
        <input
          id="appt-to"
          type="date"
          value={draft.to}
          min={draft.from || undefined}
          onChange={(e) => set({ to: e.target.value })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'appt-filter-error' : undefined}
        />
      </div>
      <div className="field">
        <label htmlFor="appt-sort">Sort by</label>
        <select id="appt-sort" value={draft.sort} onChange={(e) => set({ sort: e.target.value as AppointmentSort })}>
          {APPOINTMENT_SORTS.map((s) => (
            <option key={s} value={s}>
              {APPOINTMENT_SORT_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="dash-filter-group">
        <legend>Lead quality</legend>
        {LEAD_QUALITIES.map((q) => (
          <label key={q} className="dash-check">
            <input type="checkbox" checked={draft.qualities.includes(q)} onChange={(e) => toggleQuality(q, e.target.checked)} />
            {LEAD_QUALITY_LABELS[q]}
          </label>
        ))}
      </fieldset>
      <label className="dash-check dash-filter-verified">
        <input type="checkbox" checked={draft.verifiedOnly} onChange={(e) => set({ verifiedOnly: e.target.checked })} />
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
              setDraft(EMPTY_APPOINTMENT_FILTERS);
              setError(null);
              onApply(EMPTY_APPOINTMENT_FILTERS);
            }}
          >
            Reset
          </button>
        )}
      </div>
      {error && (
        <p id="appt-filter-error" className="form-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
