// The aria attributes of a form control with an optional hint and error. A module of its own (no
// form library, no schema) so the checkout islands can use it and stay light.

/** The aria attributes of a control with an optional hint and error. */
export function described(id: string, error: unknown, hint = false) {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': ids || undefined } as const;
}
