// The one picker for several US states at once (working states): a checkbox per state, the 50 states and
// DC (shared/src/us-states.ts), named in full, in a labelled group that scrolls. Tab reaches each box and
// Space ticks it; every row is a tap target at least 24 px high across its column, two columns at 390 px.
// The registration (react-hook-form's register of an array field) goes on every box, so the field's
// value is the ticked codes; the caller renders the field's message inside the group (children).
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { US_STATES } from '@tm/shared/us-states';

export function UsStateChecklist({
  id,
  legend,
  hint,
  invalid,
  describedBy,
  registration,
  children,
}: {
  id: string;
  legend: ReactNode;
  hint?: ReactNode;
  invalid?: boolean;
  /** The id of the field's message, when one is shown. */
  describedBy?: string;
  registration: UseFormRegisterReturn;
  children?: ReactNode;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <fieldset className="state-checklist" id={id} aria-describedby={[hintId, describedBy].filter(Boolean).join(' ') || undefined}>
      <legend>{legend}</legend>
      {hint && (
        <p className="muted small" id={hintId}>
          {hint}
        </p>
      )}
      <div className="state-checklist-options">
        {US_STATES.map((s) => (
          <label key={s.code} className="state-checklist-option">
            <input type="checkbox" value={s.code} {...registration} aria-invalid={invalid ? true : undefined} />
            {s.name}
          </label>
        ))}
      </div>
      {children}
    </fieldset>
  );
}
