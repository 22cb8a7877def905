// How a refusal from the API lands on a form, the same on every portal form. The API answers a refusal
// as `{ error, fields?: { name: message } }` (api/src/errors.ts): each named field the form holds shows its
// message under that field (`events.2` falls back to `events`); whatever names no field of the form, or a
// refusal without fields, shows once at the form's head (`root.server`, FormAlert), message only. Anything
// that is not an API answer (the network dropped) shows the form's own fallback.
import { type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { ApiError } from '@tm/shared/api-client';

/** The name under which a refusal meant for no one field is kept (react-hook-form's root errors). */
export const FORM_REFUSAL = 'root.server' as const;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' &&
  v !== null &&
  !(v instanceof Date) &&
  !(typeof FileList !== 'undefined' && v instanceof FileList) &&
  !(typeof Blob !== 'undefined' && v instanceof Blob);

/**
 * The form's own field a server's key names: as deep as the form's values go in records and lists of
 * records (`items.0.name`); a list of plain values is one field (`events.2` -> `events`, a checkbox group).
 */
function fieldOf(values: FieldValues, key: string): string | null {
  const segments = key.split(/[.[\]]+/).filter(Boolean);
  let at: unknown = values;
  const path: string[] = [];
  for (const segment of segments) {
    if (!isRecord(at) || (Array.isArray(at) && !at.every(isRecord))) break;
    at = (at as Record<string, unknown>)[segment];
    if (at === undefined) return path.length ? path.join('.') : null;
    path.push(segment);
  }
  return path.length ? path.join('.') : null;
}

/** Puts `err` on the form's fields (first one focused) and its head; returns the names that got a message. */
export function applyServerRefusal<T extends FieldValues>(
  form: Pick<UseFormReturn<T, unknown, never>, 'getValues' | 'setError'>,
  err: unknown,
  fallback: string,
): string[] {
  if (!(err instanceof ApiError)) {
    form.setError(FORM_REFUSAL, { type: 'server', message: fallback });
    return [];
  }
  const values = form.getValues();
  const placed: string[] = [];
  const unplaced: string[] = [];
  for (const [key, message] of Object.entries(err.fields ?? {})) {
    const name = fieldOf(values, key);
    if (name && !placed.includes(name)) {
      form.setError(name as Path<T>, { type: 'server', message }, { shouldFocus: placed.length === 0 });
      placed.push(name);
    } else if (!name) unplaced.push(message);
  }
  if (placed.length === 0) form.setError(FORM_REFUSAL, { type: 'server', message: err.serverMessage || fallback });
  else if (unplaced[0]) form.setError(FORM_REFUSAL, { type: 'server', message: unplaced[0] });
  return placed;
}
