// Toasts of the public site: at most one at a time (a new one replaces the old), 5000 ms by default.
// Any island calls toast(); the Toaster island shows it.
import { atom } from 'nanostores';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive' | 'success';
  /** Milliseconds on screen (default 5000). */
  duration?: number;
}

export interface ToastState extends ToastInput {
  id: number;
}

export const TOAST_DURATION_MS = 5000;
export const $toast = atom<ToastState | null>(null);

let nextId = 1;
let timer: ReturnType<typeof setTimeout> | null = null;

export function toast(input: ToastInput): number {
  const id = nextId++;
  if (timer) clearTimeout(timer);
  $toast.set({ ...input, id });
  timer = setTimeout(() => dismissToast(id), input.duration ?? TOAST_DURATION_MS);
  return id;
}

/** Removes the toast (the given one only, when an id is passed). */
export function dismissToast(id?: number): void {
  const current = $toast.get();
  if (!current || (id !== undefined && current.id !== id)) return;
  if (timer) clearTimeout(timer);
  timer = null;
  $toast.set(null);
}
