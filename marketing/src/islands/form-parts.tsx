// Small accessible form pieces shared by the funnel's form islands: a label, the control, a hint
// and the field's error (linked with aria-describedby, announced when it appears).
import { useEffect, useState, type ComponentProps, type ReactNode } from 'react';
import type { FieldErrors, FieldValues, Path, UseFormSetError } from 'react-hook-form';

/** A field's message (react-hook-form's FieldError). */
type Message = { message?: string };
/** An input's props (react-hook-form's register()). */
type Control = ComponentProps<'input'>;
import { described } from './aria.ts';

export { described };

export function Field(props: { id: string; label: string; error?: Message; hint?: string; children: ReactNode }) {
  const { id, label, error, hint, children } = props;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <ErrorText id={id} error={error} />
    </div>
  );
}

export function ErrorText({ id, error }: { id: string; error?: { message?: string } }) {
  if (!error?.message) return null;
  return (
    <p className="field-error" id={`${id}-error`} role="alert">
      {error.message}
    </p>
  );
}

/** First and last name side by side, as the agent-lab form and the RingCloud survey ask them. */
export function NameRow({ firstName, lastName, errors }: { firstName: Control; lastName: Control; errors: { firstName?: Message; lastName?: Message } }) {
  return (
    <div className="form-row">
      <Field id="firstName" label="First name" error={errors.firstName}>
        <input {...firstName} {...described('firstName', errors.firstName)} autoComplete="given-name" />
      </Field>
      <Field id="lastName" label="Last name" error={errors.lastName}>
        <input {...lastName} {...described('lastName', errors.lastName)} autoComplete="family-name" />
      </Field>
    </div>
  );
}

/** Phone then e-mail side by side, as the agent-lab form and the RingCloud survey ask them. */
export function PhoneEmailRow({ phone, email, errors }: { phone: Control; email: Control; errors: { phone?: Message; email?: Message } }) {
  return (
    <div className="form-row">
      <Field id="phone" label="Phone" error={errors.phone}>
        <input type="tel" {...phone} {...described('phone', errors.phone)} autoComplete="tel" />
      </Field>
      <Field id="email" label="Email" error={errors.email}>
        <input type="email" {...email} {...described('email', errors.email)} autoComplete="email" />
      </Field>
    </div>
  );
}

/** Puts the server's per-field messages ({ fields }) on the form's fields; answers whether any matched. */
export function applyServerFields<T extends FieldValues>(
  fields: Record<string, string> | undefined,
  names: readonly string[],
  setError: UseFormSetError<T>,
  rename: Record<string, string> = {},
): boolean {
  if (!fields) return false;
  let any = false;
  for (const [key, message] of Object.entries(fields)) {
    const name = rename[key] ?? key;
    if (names.includes(name)) {
      setError(name as Path<T>, { type: 'server', message });
      any = true;
    }
  }
  return any;
}

export type Errors<T extends FieldValues> = FieldErrors<T>;

/**
 * False in the server-rendered HTML and until React has hydrated the island. Submit buttons stay
 * disabled until then, so an early click never falls through to a native GET submit that would put
 * the form's fields (a password among them) in the URL.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * Wraps a form's controls: disabled until the island has hydrated, so nothing typed or clicked
 * before React takes over is lost (react-hook-form resets uncontrolled fields when it registers
 * them) or submitted natively as a GET that would put the fields, a password among them, in the URL.
 */
export function HydratedFieldset({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset className="form-fieldset" disabled={!hydrated}>
      {children}
    </fieldset>
  );
}
