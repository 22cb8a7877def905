// react-hook-form with a shared zod schema that loads on demand: the funnel's islands under a weight
// budget (/ringcloud, /survey, the checkouts: bench/page-weight.ts), and the portal's <Form schema>
// (portal/src/components/ui/form, decision 257) through lazyZodResolver. The schema (and zod with it) and
// @hookform/resolvers' zodResolver are fetched when the visitor first touches the form (call `preload`
// from the form's onFocus), not with the page; validation goes through zodResolver with the very schema
// the server parses.
// Messages show on submit and are re-checked on change after that (react-hook-form's defaults); on a
// failed submit the first field in error, in the schema's order, gets the focus (its element by id, else
// the first control of that name: a group's fieldset, a radio).
import { useRef } from 'react';
import { useForm, type DefaultValues, type FieldErrors, type FieldValues, type Resolver, type SubmitHandler } from 'react-hook-form';
import type { ZodType } from 'zod';

/** zodResolver, loaded with the schema rather than with the page. */
// zod-jitless: no `new Function` (a CSP violation) when the schema first parses (issue 35 A12).
export const loadZodResolver = () => Promise.all([import('@hookform/resolvers/zod'), import('@tm/shared/logic/zod-jitless')]).then(([m]) => m.zodResolver);

/** An unchecked radio group reads as null in react-hook-form; the schemas take a missing answer as undefined. */
export function withoutNulls<T extends FieldValues>(values: T): T {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null)) as T;
}

/** Focuses the first field in error (the errors keep the schema's order). */
export function focusFirstError(errors: FieldErrors): void {
  const first = Object.keys(errors)[0];
  if (!first || typeof document === 'undefined') return;
  (document.getElementById(first) ?? document.querySelector<HTMLElement>(`[name="${first}"]`))?.focus();
}

/** A resolver that loads the schema on first use (`load` memoizes it) and checks with zodResolver. */
export function lazyZodResolver<TIn extends FieldValues, TOut extends FieldValues>(load: () => Promise<ZodType<TOut, TIn>>): Resolver<TIn, unknown, TOut> {
  return async (values, context, options) => {
    const [schema, zodResolver] = await Promise.all([load(), loadZodResolver()]);
    return zodResolver(schema)(withoutNulls(values), context, options);
  };
}

export function useSchemaForm<TIn extends FieldValues, TOut extends FieldValues>(
  loadSchema: () => Promise<ZodType<TOut, TIn>>,
  defaultValues: DefaultValues<TIn>,
) {
  const schema = useRef<Promise<ZodType<TOut, TIn>> | null>(null);
  const preload = () => {
    void loadZodResolver();
    return (schema.current ??= loadSchema());
  };
  const form = useForm<TIn, unknown, TOut>({ defaultValues, resolver: lazyZodResolver(preload), shouldFocusError: false });
  /** The form's onSubmit: checks everything, then `onValid` with the parsed values, or focuses the first field in error. */
  const submit = (onValid: SubmitHandler<TOut>) => form.handleSubmit(onValid, focusFirstError);
  return { ...form, preload, submit };
}
