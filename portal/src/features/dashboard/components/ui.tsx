// Small building blocks of the dashboard screens: badges, status dot, empty states, spinner, and a
// confirmation on the portal's one modal (components/Modal.tsx, re-exported here).
import type { ReactNode } from 'react';
import { Modal } from '../../../components/Modal.tsx';
import { Icon, type IconName } from '../../../components/layout/Icon.tsx';

export { Modal };

export function Badge({
  tone = 'neutral',
  cap = false,
  children,
}: {
  tone?: 'neutral' | 'success' | 'warning' | 'danger' | 'info';
  cap?: boolean;
  children: ReactNode;
}) {
  return <span className={`dash-badge dash-badge-${tone}${cap ? ' dash-badge-cap' : ''}`}>{children}</span>;
}

/** Completed green, failed red, anything else yellow; the status is also written out for screen readers. */
export function StatusDot({ status }: { status: string }) {
  const tone = status === 'completed' ? 'green' : status === 'failed' ? 'red' : 'yellow';
  return (
    <span className="dash-status">
      <span className={`dash-dot dash-dot-${tone}`} aria-hidden="true" data-testid="status-dot" data-tone={tone} />
      <span className="dash-status-text">{status}</span>
    </span>
  );
}

export function Spinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="dash-spinner" role="status">
      <span className="dash-spinner-wheel" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

export function EmptyState({ title, children, icon = 'inbox' }: { title: string; children?: ReactNode; icon?: IconName }) {
  return (
    <div className="dash-empty">
      <div className="dash-empty-icon">
        <Icon name={icon} size={36} />
      </div>
      <h3>{title}</h3>
      {children}
    </div>
  );
}

export function ErrorNote({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div className="form-error" role="alert">
      {message}{' '}
      {onRetry && (
        <button type="button" className="btn btn-outline btn-sm" onClick={onRetry}>
          Retry
        </button>
      )}
    </div>
  );
}

export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  busy,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal open={open} title={title} onClose={onCancel}>
      <p>{message}</p>
      <div className="dash-actions">
        <button type="button" className="btn btn-outline" onClick={onCancel} autoFocus>
          Cancel
        </button>
        <button type="button" className="btn btn-danger" onClick={onConfirm} disabled={busy}>
          {busy ? 'Deleting...' : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
