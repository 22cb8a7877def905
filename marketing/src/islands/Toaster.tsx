// Shows the one current toast (stores/toast.ts): swipe right or the close button dismisses it, F8 focuses it.
// It sits at the bottom right, or at the top while there it would cover a control marked data-toast-avoid
// (the checkouts' Pay / Complete Payment button: a "Payment Failed" toast must leave it usable).
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $toast, dismissToast } from '../stores/toast.ts';

const SWIPE_THRESHOLD_PX = 50;

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}
const overlaps = (a: Box, b: Box) => a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top;

/** Whether the toast, `height` px tall in the region `r`, must go to the top to leave every marked control uncovered. */
function mustGoTop(r: DOMRect, height: number): boolean {
  const gap = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  const atBottom = { top: window.innerHeight - gap - height, bottom: window.innerHeight - gap, left: r.left, right: r.right };
  const atTop = { top: gap, bottom: gap + height, left: r.left, right: r.right };
  const avoid = Array.from(document.querySelectorAll('[data-toast-avoid]'), (e) => e.getBoundingClientRect()).filter((b) => b.width > 0 && b.height > 0);
  return avoid.some((b) => overlaps(atBottom, b)) && !avoid.some((b) => overlaps(atTop, b));
}

export default function Toaster() {
  const current = useStore($toast);
  const region = useRef<HTMLDivElement>(null);
  const start = useRef<number | null>(null);
  const [dx, setDx] = useState(0);
  const [top, setTop] = useState(false);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F8') region.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => setDx(0), [current?.id]);

  // Placed before paint, and again on scroll and resize (the button moves, the toast stays fixed).
  useLayoutEffect(() => {
    if (!current) return;
    const place = () => {
      const el = region.current;
      if (el) setTop(mustGoTop(el.getBoundingClientRect(), el.offsetHeight));
    };
    place();
    window.addEventListener('scroll', place, { passive: true });
    window.addEventListener('resize', place);
    return () => {
      window.removeEventListener('scroll', place);
      window.removeEventListener('resize', place);
    };
  }, [current]);

  return (
    <div ref={region} className={top ? 'toaster toaster-top' : 'toaster'} tabIndex={-1} aria-label="Notifications (F8)" role="region">
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
