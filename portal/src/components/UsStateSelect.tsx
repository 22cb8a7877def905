// The one US state picker of the portal's forms: the 50 states and DC (shared/src/us-states.ts), the
// same codes the API accepts. Spreads the rest of its props (react-hook-form's register) onto the select.
import { forwardRef, type SelectHTMLAttributes } from 'react';
import { US_STATES } from '@tm/shared/us-states';

export const UsStateSelect = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement> & { emptyLabel?: string }>(function UsStateSelect(
  { emptyLabel = 'Select a state', ...props },
  ref,
) {
  return (
    <select ref={ref} {...props}>
      <option value="">{emptyLabel}</option>
      {US_STATES.map((s) => (
        <option key={s.code} value={s.code}>
          {s.name}
        </option>
      ))}
    </select>
  );
});
