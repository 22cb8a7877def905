// Shows the one current toast (stores/toast.ts): swipe right or the close button dismisses it, F8 focuses it.
import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $toast, dismissToast } from '../stores/toast.ts';

const SWIPE_THRESHOLD_PX = 50;

export default function Toaster() {
  const current = useStore($toast);
  const region = useRef<HTMLDivElement>(null);
  const start = useRef<number | null>(null);
  const [dx, setDx] = useState(0);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F8') region.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => setDx(0), [current?.id]);

  return (
    <div ref={region} className="toaster" tabIndex={-1} aria-label="Notifications (F8)" role="region">
      {current && (
        <div
          key={current.id}
          className={`toast${current.variant === 'destructive' ? ' toast-destructive' : current.variant === 'success' ? ' toast-success' : ''}`}
          role={current.variant === 'destructive' ? 'alert' : 'status'}
          aria-live={current.variant === 'destructive' ? 'assertive' : 'polite'}
          style={dx ? { transform: `translateX(${dx}px)`, opacity: Math.max(0.2, 1 - dx / 200) } : undefined}
          onPointerDown={(e) => (start.current = e.clientX)}
          onPointerMove={(e) => {
            if (start.current !== null) setDx(Math.max(0, e.clientX - start.current));
          }}
          onPointerUp={() => {
            if (dx > SWIPE_THRESHOLD_PX) dismissToast(current.id);
            else setDx(0);
            start.current = null;
          }}
          onPointerCancel={() => {
            setDx(0);
            start.current = null;
          }}
        >
          <strong>{current.title}</strong>
          {current.description && <span>{current.description}</span>}
          <button type="button" aria-label="Close" onClick={() => dismissToast(current.id)}>
            ×
          </button>
        </div>
      )}
    </div>
  );
}
