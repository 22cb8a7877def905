// The working states as the funnel's forms ask them: a checkbox per state (the 50 states and DC, the
// portal's checklist), in a box that scrolls, sent as postal codes in the order they were ticked. Used
// by /ringcloud's step 2 and the first-party onboarding survey (/survey), each through react-hook-form's
// Controller (`field` is its render prop's field: the list of codes and its onChange).
import { US_STATES } from '@tm/shared/us-states';
import { ErrorText } from './form-parts.tsx';

export interface StateChoiceField {
  name: string;
  value: unknown;
  onChange: (codes: string[]) => void;
  onBlur: () => void;
}

export function StateChoice({
  field,
  error,
  hint = 'The states you are licensed in.',
}: {
  field: StateChoiceField;
  error?: { message?: string };
  hint?: string;
}) {
  const list = Array.isArray(field.value) ? (field.value as string[]) : [];
  return (
    <fieldset id="workingStates" tabIndex={-1} aria-describedby={['workingStates-hint', error ? 'workingStates-error' : ''].filter(Boolean).join(' ')}>
      <legend>Working states</legend>
      <p className="hint" id="workingStates-hint">
        {hint}
      </p>
      <div className="state-choice">
        {US_STATES.map((s) => (
          <label className="choice" key={s.code}>
            <input
              type="checkbox"
              name={field.name}
              value={s.code}
              checked={list.includes(s.code)}
              onChange={(e) => field.onChange(e.target.checked ? [...list, s.code] : list.filter((c) => c !== s.code))}
              onBlur={field.onBlur}
              aria-invalid={error ? true : undefined}
            />
            {s.name}
          </label>
        ))}
      </div>
      <ErrorText id="workingStates" error={error} />
    </fieldset>
  );
}
