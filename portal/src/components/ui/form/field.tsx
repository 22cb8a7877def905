// The pieces a <Form> is made of: a field (label, control, its message), the message alone, an input
// registered by name, and the form's head message (a refusal naming no field). Markup and class names are
// the portal's own (.field, .field-error, .form-error), so a form looks as it did by hand.
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { get, useFormContext, useFormState, type RegisterOptions } from 'react-hook-form';
import { FORM_REFUSAL } from './server-refusal.ts';

/** The message of field `name` (client check or server refusal), if any. */
export function useFieldError(name: string): string | undefined {
  const { errors } = useFormState({ name: name as never });
  return (get(errors, name) as { message?: string } | undefined)?.message;
}

export function FieldError({ name, className = 'field-error' }: { name: string; className?: string }) {
  const error = useFieldError(name);
  return error ? <p className={className}>{error}</p> : null;
}

/** A labelled field: `children` is the control (with `id`), then the field's message. */
export function Field({
  id,
  name,
  label,
  className = 'field',
  children,
}: {
  id: string;
  name: string;
  label: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      {children}
      <FieldError name={name} />
    </div>
  );
}

/** `options`: react-hook-form's register options (an onChange that tidies the value, say). */
type Named = { name: string; id?: string; options?: RegisterOptions };

/** An input registered under `name` (id defaults to the name), marked invalid while its field has a message. */
export function Input({ name, id = name, options, ...rest }: Named & Omit<InputHTMLAttributes<HTMLInputElement>, 'name'>) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  return <input id={id} aria-invalid={!!error} {...rest} {...register(name, options)} />;
}

export function Select({ name, id = name, options, ...rest }: Named & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name'>) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  return <select id={id} aria-invalid={!!error} {...rest} {...register(name, options)} />;
}

export function Textarea({ name, id = name, options, ...rest }: Named & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name'>) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  return <textarea id={id} aria-invalid={!!error} {...rest} {...register(name, options)} />;
}

/** The refusal that names no field of the form, where the form shows it. */
export function FormAlert({ className = 'form-error', as: Tag = 'p' }: { className?: string; as?: 'p' | 'div' }) {
  const error = useFieldError(FORM_REFUSAL);
  return error ? (
    <Tag role="alert" className={className}>
      {error}
    </Tag>
  ) : null;
}
