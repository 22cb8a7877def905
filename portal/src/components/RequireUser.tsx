// Guards a portal screen: logged out goes to /login?next=..., agents without admin rights see a 403 note.
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { lastSessionEnd, useCurrentUser, type SessionUser } from '../lib/current-user.ts';
import { paths } from '../app/paths.ts';

export function RequireUser({ admin = false, children }: { admin?: boolean; children: (user: SessionUser) => ReactNode }) {
  const location = useLocation();
  const { data: user, isPending, isFetching, isError } = useCurrentUser({ poll: true });
  // Right after logging in, the cached "logged out" answer is being refetched: wait for it rather
  // than sending the agent back to /login.
  if (isPending || (!user && isFetching)) return <div className="page-loading">Loading...</div>;
  if (isError || !user) {
    const next = encodeURIComponent(location.pathname + location.search);
    // A session the server ended (deactivation, password change, revoked, idle): /login says why.
    const why = lastSessionEnd();
    return <Navigate to={`${paths.login}?next=${next}${why ? `&loggedOut=${encodeURIComponent(why)}` : ''}`} replace />;
  }
  if (admin && !user.isAdmin) {
    return (
      <div className="auth-page">
        <div className="card auth-card">
          <h1>Admins only</h1>
          <p>This page needs an admin account.</p>
          <a href={paths.dashboard}>Back to Dashboard</a>
        </div>
      </div>
    );
  }
  return <>{children(user)}</>;
}
