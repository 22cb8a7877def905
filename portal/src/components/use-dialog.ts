// A native <dialog> driven by a prop: shown as a modal (focus moves in, the page behind is inert)
// while `open`, closed otherwise. Shared by the admin and dashboard modals and panels.
import { useEffect, useRef } from 'react';

export function useDialog(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return ref;
}
