// The portal's one form (issue 39, decision 257), after bulletproof-react's components/ui/form:
// react-hook-form checked by a zod schema (the one the API parses, through the shared lazy resolver), no
// browser validation bubbles, the first field in error focused, and a refusal from the server put on the
// fields it names (server-refusal.ts). `onSubmit` gets the parsed values and the form's methods (to
// reset); a thrown error is a refusal. Children may be a function of the methods.
import { useRef, type FormHTMLAttributes, type ReactNode } from 'react';
import { FormProvider, useForm, type DefaultValues, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { ZodType } from 'zod';
import { lazyZodResolver } from '@tm/shared/ui/schema-form.ts';
import { applyServerRefusal, FORM_REFUSAL } from './server-refusal.ts';

export type FormMethods<TIn extends FieldValues, TOut extends FieldValues = TIn> = UseFormReturn<TIn, unknown, TOut>;

export type FormProps<TIn extends FieldValues, TOut extends FieldValues> = Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'children' | 'noValidate'> & {
  schema: ZodType<TOut, TIn>;
  defaultValues: DefaultValues<TIn>;
  onSubmit: (values: TOut, form: FormMethods<TIn, TOut>) => unknown;
  /** Shown at the form's head when the submit fails without an answer from the API. */
  fallbackError?: string;
  options?: Omit<UseFormProps<TIn, unknown, TOut>, 'resolver' | 'defaultValues'>;
  children: ReactNode | ((form: FormMethods<TIn, TOut>) => ReactNode);
};

export function Form<TIn extends FieldValues, TOut extends FieldValues>({
  schema,
  defaultValues,
  onSubmit,
  fallbackError = 'Something went wrong. Please try again.',
  options,
  children,
  ...attrs
}: FormProps<TIn, TOut>) {
  // The latest schema on every check: a form may narrow it as its props change.
  const current = useRef(schema);
  current.current = schema;
  const resolver = useRef(lazyZodResolver<TIn, TOut>(() => Promise.resolve(current.current)));
  const form = useForm<TIn, unknown, TOut>({ ...options, defaultValues, resolver: resolver.current });
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values, form);
    } catch (err) {
      applyServerRefusal(form, err, fallbackError);
    }
  });
  return (
    <FormProvider {...form}>
      <form
        {...attrs}
        noValidate
        onSubmit={(e) => {
          form.clearErrors(FORM_REFUSAL);
          void submit(e);
        }}
      >
        {typeof children === 'function' ? children(form) : children}
      </form>
    </FormProvider>
  );
}
