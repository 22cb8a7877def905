// /login: the logo, email or username and password; on success back to where the agent was going.
// A visitor who is already logged in goes straight to the dashboard (admins to /admin). After logout
// or the inactivity timeout (/api/logout?reason=inactivity), or a logout the server forced (?loggedOut=<code>:
// deactivation, password change, revoked or idle session), it says so and why. Links: forgot password, pricing.
// Validation is the zod-free checkLogin (same words as the API's schema), and the calls are plain
// fetches, so this first screen downloads neither the form and validation libraries nor React Query.
import { Link, useNavigate, useSearchParams } from 'react-router';
import { checkLogin, type LoginValues } from '@tm/shared/logic/login-rules';
import { ApiError } from '@tm/shared/api-client';
import { login } from '../api/login.ts';
import { paths } from '../../../app/paths.ts';
import { useEffect, useState } from 'react';
import { getCurrentUser } from '../../../lib/current-user.ts';
import { BrandLogo } from './BrandLogo.tsx';
import { SITE_ORIGIN } from '../../../site-origin.ts';

export const LOGGED_OUT_TEXT = 'You have been logged out.';
export const INACTIVITY_TEXT = 'You have been logged out due to inactivity.';
/** What /login says after the server ended the session (the 401's code, passed as ?loggedOut=). */
export const FORCED_LOGOUT_TEXT: Record<string, string> = {
  account_deactivated: 'You have been logged out: your account was deactivated. Please contact support if you think this is a mistake.',
  password_changed: 'You have been logged out because your password was changed. Log in with the new password.',
  session_revoked: 'You have been logged out: your session was ended from another browser or by support. Please log in again.',
  session_inactive: INACTIVITY_TEXT,
  session_expired: 'Your session expired. Please log in again.',
};

function safeNext(next: string | null, isAdmin: boolean): string {
  if (next && next.startsWith('/') && !next.startsWith('//')) return next;
  return isAdmin ? paths.admin : paths.dashboard;
}

export function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [errors, setErrors] = useState<ReturnType<typeof checkLogin>>({});

  // Already logged in: straight on (unless a login is under way, which navigates by itself).
  const next = params.get('next');
  useEffect(() => {
    let live = true;
    getCurrentUser().then(
      (user) => {
        if (live && user) navigate(safeNext(next, user.isAdmin), { replace: true });
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [navigate, next]);
  const loggedOut = params.get('loggedOut');
  const notice =
    loggedOut === 'inactivity'
      ? INACTIVITY_TEXT
      : loggedOut && Object.hasOwn(FORCED_LOGOUT_TEXT, loggedOut)
        ? FORCED_LOGOUT_TEXT[loggedOut]!
        : loggedOut
          ? LOGGED_OUT_TEXT
          : null;

  const onSubmit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const values: LoginValues = { identifier: String(form.get('identifier') ?? ''), password: String(form.get('password') ?? '') };
    const found = checkLogin(values);
    setErrors(found);
    if (found.identifier || found.password) {
      document.getElementById(found.identifier ? 'identifier' : 'password')?.focus();
      return;
    }
    setFormError(null);
    setPending(true);
    try {
      const { user } = await login({ ...values, identifier: values.identifier.trim() });
      navigate(safeNext(next, user.isAdmin), { replace: true });
    } catch (err) {
      setFormError(err instanceof ApiError ? err.serverMessage : 'Login failed. Please try again.');
      setPending(false);
    }
  };

  return (
    <div className="auth-page">
      {/* React places it in <head>: the public login screen's canonical URL (decision 235). */}
      <link rel="canonical" href={`${SITE_ORIGIN}${paths.login}`} />
      <form className="card auth-card" onSubmit={onSubmit} noValidate aria-labelledby="login-title">
        <BrandLogo />
        <h1 id="login-title">Agent Login</h1>
        <p className="muted">Sign in to buy leads and appointments and manage your transfers.</p>
        {notice && !formError && (
          <div role="status" className="form-success">
            {notice}
          </div>
        )}
        {formError && (
          <div role="alert" className="form-error">
            {formError}
          </div>
        )}
        <div className="field">
          <label htmlFor="identifier">Email or username</label>
          <input
            id="identifier"
            name="identifier"
            autoComplete="username"
            aria-invalid={!!errors.identifier}
            aria-describedby={errors.identifier ? 'identifier-error' : undefined}
          />
          {errors.identifier && (
            <p className="field-error" id="identifier-error" role="alert">
              {errors.identifier}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor="password">Password</label>
          <input
            id="password"
            name="password"
            type="password"
            autoComplete="current-password"
            aria-invalid={!!errors.password}
            aria-describedby={errors.password ? 'password-error' : undefined}
          />
          {errors.password && (
            <p className="field-error" id="password-error" role="alert">
              {errors.password}
            </p>
          )}
        </div>
        <button className="btn" type="submit" disabled={pending}>
          {pending ? 'Signing in...' : 'Sign In'}
        </button>
        <p className="small auth-links">
          <Link to={paths.forgotPassword}>Forgot password?</Link>
        </p>
        <p className="muted small">
          New here? <a href="/pricing">See pricing</a> · <a href="/">Back to Home</a>
        </p>
      </form>
    </div>
  );
}
