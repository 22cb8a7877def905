// A form's values and messages without a form library, for the islands with a weight budget
// (/ringcloud, bench/page-weight.ts). It checks with the very schema the server parses, loaded when the
// visitor first touches the form (zod stays out of the page's first load), shows the messages on
// submit and re-checks on every change after that, as react-hook-form's defaults did.
import { useRef, useState, type ChangeEvent } from 'react';

export type FormValues = Record<string, string | string[]>;
export type FormErrors = Record<string, { message: string } | undefined>;

/** What a schema answers (zod's safeParse, typed loosely so this module imports nothing from zod). */
interface SafeParse<T> {
  safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

/** The first message of each top-level field. */
export function fieldErrors(issues: { path: PropertyKey[]; message: string }[]): FormErrors {
  const out: FormErrors = {};
  for (const i of issues) {
    const key = String(i.path[0] ?? '');
    if (key && !out[key]) out[key] = { message: i.message };
  }
  return out;
}

export function useLightForm<T>(defaults: FormValues, loadSchema: () => Promise<SafeParse<T>>) {
  const [values, setValues] = useState<FormValues>(defaults);
  const [errors, setErrors] = useState<FormErrors>({});
  const submitted = useRef(false);
  const schema = useRef<Promise<SafeParse<T>> | null>(null);
  const load = () => (schema.current ??= loadSchema());

  async function check(next: FormValues): Promise<{ ok: true; data: T } | { ok: false; errors: FormErrors }> {
    const parsed = (await load()).safeParse(next);
    if (parsed.success) return { ok: true, data: parsed.data };
    return { ok: false, errors: fieldErrors(parsed.error.issues) };
  }

  function set(name: string, value: string | string[]) {
    const next = { ...values, [name]: value };
    setValues(next);
    if (submitted.current) {
      void check(next).then((r) => setErrors(r.ok ? {} : r.errors));
    }
  }

  /** A text, number or select control. */
  function text(name: string) {
    const v = values[name];
    return {
      name,
      value: typeof v === 'string' ? v : '',
      onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => set(name, e.target.value),
      onFocus: () => void load(),
    };
  }

  /** One radio of a group. */
  function radio(name: string, value: string) {
    return { type: 'radio' as const, name, value, checked: values[name] === value, onChange: () => set(name, value), onFocus: () => void load() };
  }

  /** One checkbox of a list (the list's value is an array). */
  function checkbox(name: string, value: string) {
    const list = Array.isArray(values[name]) ? (values[name] as string[]) : [];
    return {
      type: 'checkbox' as const,
      name,
      value,
      checked: list.includes(value),
      onChange: (e: ChangeEvent<HTMLInputElement>) => set(name, e.target.checked ? [...list, value] : list.filter((x) => x !== value)),
      onFocus: () => void load(),
    };
  }

  /** Checks everything; on failure shows the messages and focuses the first field in error. */
  async function submit(): Promise<T | null> {
    submitted.current = true;
    const r = await check(values);
    if (r.ok) {
      setErrors({});
      return r.data;
    }
    setErrors(r.errors);
    const first = Object.keys(r.errors)[0];
    if (first && typeof document !== 'undefined') (document.getElementById(first) ?? document.querySelector<HTMLElement>(`[name="${first}"]`))?.focus();
    return null;
  }

  /** The server's per-field messages ({ fields }) on the fields named here. */
  function setServerErrors(fields: Record<string, string> | undefined, names: readonly string[]) {
    if (!fields) return;
    const mine = Object.entries(fields).filter(([k]) => names.includes(k));
    if (mine.length) setErrors((e) => ({ ...e, ...Object.fromEntries(mine.map(([k, m]) => [k, { message: m }])) }));
  }

  return { values, errors, text, radio, checkbox, submit, setServerErrors, preload: load };
}
