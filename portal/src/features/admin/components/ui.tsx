// Building blocks of the admin panel: side panel (native <dialog>: focus moves in, Escape closes, the
// page behind is inert), the portal's modal and pager, a form field and its buttons, and small helpers.
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useDialog } from '../../../components/use-dialog.ts';

// The portal's one modal and one pager (components/), re-exported for the admin tabs.
export { Modal } from '../../../components/Modal.tsx';
export { Pagination } from '../../../components/Pagination.tsx';

export function SidePanel({ open, title, onClose, children }: { open: boolean; title: string; onClose: () => void; children: ReactNode }) {
  const ref = useDialog(open);
  const id = useId();
  return (
    <dialog
      ref={ref}
      className="adm-side-panel"
      aria-labelledby={id}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      {open && (
        <div className="adm-side-panel-body">
          <h2 id={id}>{title}</h2>
          {children}
        </div>
      )}
    </dialog>
  );
}

export function Field({ id, label, error, hint, children }: { id: string; label: string; error?: string; hint?: string; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && !error && <p className="muted small adm-hint">{hint}</p>}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A form's Cancel and submit buttons; the submit is disabled and relabelled while it is pending. */
export function FormActions({
  onCancel,
  pending,
  label,
  pendingLabel,
  children,
}: {
  onCancel: () => void;
  pending: boolean;
  label: string;
  pendingLabel: string;
  /** Further actions, between Cancel and the submit button. */
  children?: ReactNode;
}) {
  return (
    <div className="adm-actions">
      <button type="button" className="btn btn-outline" onClick={onCancel}>
        Cancel
      </button>
      {children}
      <button type="submit" className="btn" disabled={pending}>
        {pending ? pendingLabel : label}
      </button>
    </div>
  );
}

export function useDebouncedValue<T>(value: T, ms = 300): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

// The portal's one phone and date format (shared/src/logic/format.ts); dates on the admin's clock.
export { formatDate, formatPhone } from '@tm/shared/logic/format';

export function ProgressBar({ value, label }: { value: number; label: string }) {
  const pct = Math.max(0, Math.min(100, Math.round(value * 100)));
  return (
    <div className="adm-progress">
      <div className="adm-progress-label">
        <span>{label}</span>
        <span>{pct}%</span>
      </div>
      <div className="adm-progress-track" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct}>
        <div className="adm-progress-fill" style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}
