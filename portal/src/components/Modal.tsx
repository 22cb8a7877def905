// The portal's one modal (dashboard and admin): a native <dialog> shown while `open` (focus moves in,
// the page behind is inert, Escape closes through onClose), a titled head with a Close button, and
// the content only while open. `wide` for detail views.
import { useId, type ReactNode } from 'react';
import { useDialog } from './use-dialog.ts';

export function Modal({
  open,
  title,
  onClose,
  children,
  wide = false,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
}) {
  const ref = useDialog(open);
  const titleId = useId();
  return (
    <dialog
      ref={ref}
      className={`dash-modal${wide ? ' dash-modal-wide' : ''}`}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      {open && (
        <div className="dash-modal-body">
          <div className="dash-modal-head">
            <h2 id={titleId}>{title}</h2>
            <button type="button" className="dash-icon-btn" aria-label="Close" onClick={onClose}>
              ×
            </button>
          </div>
          {children}
        </div>
      )}
    </dialog>
  );
}
