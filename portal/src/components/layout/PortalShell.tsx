// The one frame of every agent screen: skip link, the phone top bar with the menu button, the
// sidebar and the main region. Dashboard panels, My Transfers, receipts and the Training Center all
// render inside it, so every screen has the same way around and back. The inactivity logout runs
// here, on every one of them.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { SessionUser } from '../../lib/current-user.ts';
import { useToast } from '../toast.tsx';
import { useInactivityLogout } from '../../hooks/use-inactivity-logout.ts';
import { Icon } from './Icon.tsx';
import { Sidebar, type ShellPlace } from './Sidebar.tsx';
import { SESSION_EXPIRED_TEXT, SESSION_EXPIRED_TITLE } from '../../lib/messages.ts';

export function PortalShell({ user, current, title, children }: { user: SessionUser; current: ShellPlace; title: string; children: ReactNode }) {
  const toast = useToast();
  const [menuOpen, setMenuOpen] = useState(false);
  // Escape closes the phone menu, as it closes any menu.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);

  useInactivityLogout(user.inactivityTimeoutMs, () => toast({ title: SESSION_EXPIRED_TITLE, description: SESSION_EXPIRED_TEXT, variant: 'destructive' }));

  useEffect(() => {
    document.title = `${title} · Agent Portal`;
    // Moving focus to the new screen tells keyboard and screen-reader users where they are.
    if (first.current) first.current = false;
    else main.current?.focus();
  }, [title, current]);

  return (
    <div className="dash">
      <a className="dash-skip" href="#dash-main">
        Skip to content
      </a>
      <header className="dash-topbar no-print">
        <button
          type="button"
          className="dash-icon-btn dash-menu-btn"
          aria-expanded={menuOpen}
          aria-controls="dash-sidebar"
          onClick={() => setMenuOpen((o) => !o)}
        >
          <Icon name="menu" size={22} />
          <span className="sr-only">Menu</span>
        </button>
        <span className="dash-topbar-title">{title}</span>
      </header>
      <Sidebar user={user} current={current} open={menuOpen} onNavigate={() => setMenuOpen(false)} />
      <main id="dash-main" ref={main} tabIndex={-1} className="dash-main" aria-label={title}>
        {children}
      </main>
    </div>
  );
}
