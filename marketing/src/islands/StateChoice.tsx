// The working states as the funnel's forms ask them: a checkbox per state (the 50 states and DC, the
// portal's checklist), in a box that scrolls, sent as postal codes. Used by /ringcloud's step 2 and the
// first-party onboarding survey (/survey).
import type { ChangeEvent } from 'react';
import { US_STATES } from '@tm/shared/us-states';
import { ErrorText } from './form-parts.tsx';

/** One checkbox's props (light-form's checkbox()). */
type Checkbox = (
  name: string,
  value: string,
) => { type: 'checkbox'; name: string; value: string; checked: boolean; onChange: (e: ChangeEvent<HTMLInputElement>) => void; onFocus: () => void };

export function StateChoice({ checkbox, error, hint = 'The states you are licensed in.' }: { checkbox: Checkbox; error?: { message: string }; hint?: string }) {
  return (
    <fieldset id="workingStates" tabIndex={-1} aria-describedby={['workingStates-hint', error ? 'workingStates-error' : ''].filter(Boolean).join(' ')}>
      <legend>Working states</legend>
      <p className="hint" id="workingStates-hint">
        {hint}
      </p>
      <div className="state-choice">
        {US_STATES.map((s) => (
          <label className="choice" key={s.code}>
            <input {...checkbox('workingStates', s.code)} aria-invalid={error ? true : undefined} />
            {s.name}
          </label>
        ))}
      </div>
      <ErrorText id="workingStates" error={error} />
    </fieldset>
  );
}
