// /login: email or username and password; on success back to where the agent was going.
// Validation is the zod-free checkLogin (same words as the API's schema), so this first screen does
// not download the form and validation libraries.
import { useNavigate, useSearchParams } from 'react-router';
import { checkLogin, type LoginValues } from '@tm/shared/logic/login-rules';
import { ApiError } from '@tm/shared/api-client';
import { useLogin } from '../api/login.ts';
import { paths } from '../../../app/paths.ts';
import { useState } from 'react';

function safeNext(next: string | null, isAdmin: boolean): string {
  if (next && next.startsWith('/') && !next.startsWith('//')) return next;
  return isAdmin ? paths.admin : paths.dashboard;
}

export function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const loginMutation = useLogin();
  const [formError, setFormError] = useState<string | null>(null);
  const [errors, setErrors] = useState<ReturnType<typeof checkLogin>>({});

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
    try {
      const { user } = await loginMutation.mutateAsync({ ...values, identifier: values.identifier.trim() });
      navigate(safeNext(params.get('next'), user.isAdmin), { replace: true });
    } catch (err) {
      setFormError(err instanceof ApiError ? err.serverMessage : 'Login failed. Please try again.');
    }
  };

  return (
    <div className="auth-page">
      <form className="card auth-card" onSubmit={onSubmit} noValidate aria-labelledby="login-title">
        <h1 id="login-title">Agent Login</h1>
        <p className="muted">Sign in to buy leads and appointments and manage your transfers.</p>
        {formError && <div role="alert" className="form-error">{formError}</div>}
        <div className="field">
          <label htmlFor="identifier">Email or username</label>
          <input id="identifier" name="identifier" autoComplete="username" aria-invalid={!!errors.identifier} aria-describedby={errors.identifier ? 'identifier-error' : undefined} />
          {errors.identifier && <p className="field-error" id="identifier-error" role="alert">{errors.identifier}</p>}
        </div>
        <div className="field">
          <label htmlFor="password">Password</label>
          <input id="password" name="password" type="password" autoComplete="current-password" aria-invalid={!!errors.password} aria-describedby={errors.password ? 'password-error' : undefined} />
          {errors.password && <p className="field-error" id="password-error" role="alert">{errors.password}</p>}
        </div>
        <button className="btn" type="submit" disabled={loginMutation.isPending}>{loginMutation.isPending ? 'Signing in...' : 'Sign In'}</button>
        <p className="muted small"><a href="/">Back to Home</a></p>
      </form>
    </div>
  );
}
