// Logs the agent out after a stretch without any input: shows 'Session Expired' and leaves for
// /api/logout two seconds later. Activity only stamps a time; one timer checks it.
import { useEffect, useRef } from 'react';

export const LOGOUT_DELAY_MS = 2000;
export const LOGOUT_URL = '/api/logout?reason=inactivity';
export const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'wheel', 'scroll', 'touchstart', 'pointerdown'] as const;

/** Watches `target` for activity; returns the function that stops watching. */
export function watchInactivity(
  target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>,
  timeoutMs: number,
  handlers: { onExpire: () => void; onLogout: () => void; keepAlive?: () => void },
  now: () => number = Date.now,
): () => void {
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) return () => {};
  let last = now();
  // The server ends a session unused for timeoutMs too: activity without requests (reading a page)
  // tells it, at most every quarter of the timeout.
  let lastKeepAlive = last;
  let expired = false;
  let timer: ReturnType<typeof setTimeout>;
  let logoutTimer: ReturnType<typeof setTimeout> | undefined;
  const mark = () => {
    if (expired) return;
    last = now();
    if (handlers.keepAlive && last - lastKeepAlive >= timeoutMs / 4) {
      lastKeepAlive = last;
      handlers.keepAlive();
    }
  };
  const check = () => {
    const idle = now() - last;
    if (idle >= timeoutMs) {
      expired = true;
      handlers.onExpire();
      logoutTimer = setTimeout(handlers.onLogout, LOGOUT_DELAY_MS);
      return;
    }
    timer = setTimeout(check, timeoutMs - idle);
  };
  timer = setTimeout(check, timeoutMs);
  for (const ev of ACTIVITY_EVENTS) target.addEventListener(ev, mark, { passive: true, capture: true });
  return () => {
    clearTimeout(timer);
    if (logoutTimer) clearTimeout(logoutTimer);
    for (const ev of ACTIVITY_EVENTS) target.removeEventListener(ev, mark, { capture: true });
  };
}

export function useInactivityLogout(timeoutMs: number, onExpire: () => void, logout: () => void = () => window.location.assign(LOGOUT_URL)) {
  const expireRef = useRef(onExpire);
  const logoutRef = useRef(logout);
  expireRef.current = onExpire;
  logoutRef.current = logout;
  useEffect(
    () =>
      watchInactivity(window, timeoutMs, {
        onExpire: () => expireRef.current(),
        onLogout: () => logoutRef.current(),
        keepAlive: () => void fetch('/api/current-user', { credentials: 'same-origin' }).catch(() => {}),
      }),
    [timeoutMs],
  );
}
