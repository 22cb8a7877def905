// /set-password?token=...: the one-time link an admin hands an agent (Users tab, Set-password link).
// The link is checked on load; a good one shows the form (new password twice), a bad, expired or used
// one says so. Setting the password does not log in: the agent then signs in at /login.
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useSearchParams } from 'react-router';
import { SET_PASSWORD_LINK_INVALID, setPasswordFormSchema, type SetPasswordFormValues } from '@tm/shared/schemas/auth';
import { ApiError } from '@tm/shared/api-client';
import { useSetPassword, useSetPasswordLinkCheck } from '../api/set-password.ts';
import { paths } from '../../../app/paths.ts';

function LoginLink({ button = false }: { button?: boolean }) {
  return (
    <Link to={paths.login} className={button ? 'btn' : undefined}>
      Go to login
    </Link>
  );
}

function SetPasswordForm({ token, email, onDeadLink, onDone }: { token: string; email: string; onDeadLink: () => void; onDone: () => void }) {
  const mutation = useSetPassword();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SetPasswordFormValues>({
    resolver: zodResolver(setPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    setFormError(null);
    try {
      await mutation.mutateAsync({ token, password });
      onDone();
    } catch (err) {
      if (err instanceof ApiError && err.fields?.token) return onDeadLink();
      if (err instanceof ApiError && err.fields?.password) return setError('password', { message: err.fields.password });
      setFormError(err instanceof ApiError ? err.serverMessage : 'Could not set your password. Please try again.');
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <p className="muted">
        Choose a password for <strong className="break-anywhere">{email}</strong>.
      </p>
      {formError && (
        <div role="alert" className="form-error">
          {formError}
        </div>
      )}
      {/* For password managers: the account the new password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <div className="field">
        <label htmlFor="new-password">New password</label>
        <input id="new-password" type="password" autoComplete="new-password" {...register('password')} aria-invalid={!!errors.password} />
        {errors.password && <p className="field-error">{errors.password.message}</p>}
      </div>
      <div className="field">
        <label htmlFor="confirm-password">Confirm password</label>
        <input id="confirm-password" type="password" autoComplete="new-password" {...register('confirmPassword')} aria-invalid={!!errors.confirmPassword} />
        {errors.confirmPassword && <p className="field-error">{errors.confirmPassword.message}</p>}
      </div>
      <button className="btn" type="submit" disabled={mutation.isPending}>
        {mutation.isPending ? 'Saving...' : 'Set Password'}
      </button>
    </form>
  );
}

export function SetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const check = useSetPasswordLinkCheck(token);
  const [dead, setDead] = useState(false);
  const [done, setDone] = useState(false);

  let body: ReactNode;
  if (done) {
    body = (
      <>
        <div role="status" className="form-success">
          Your password is set. You can now log in.
        </div>
        <LoginLink button />
      </>
    );
  } else if (!token || dead || (check.error instanceof ApiError && check.error.status === 400)) {
    body = (
      <>
        <div role="alert" className="form-error">
          {SET_PASSWORD_LINK_INVALID}
        </div>
        <p className="muted small">
          <LoginLink />
        </p>
      </>
    );
  } else if (check.error) {
    body = (
      <>
        <div role="alert" className="form-error">
          {check.error instanceof ApiError ? check.error.serverMessage : 'Could not check this link. Please try again.'}
        </div>
        <p className="muted small">
          <LoginLink />
        </p>
      </>
    );
  } else if (!check.data) {
    body = <p className="muted">Checking your link...</p>;
  } else {
    body = <SetPasswordForm token={token} email={check.data.email} onDeadLink={() => setDead(true)} onDone={() => setDone(true)} />;
  }

  return (
    <div className="auth-page">
      <section className="card auth-card" aria-labelledby="set-password-title">
        <h1 id="set-password-title">Set your password</h1>
        {body}
      </section>
    </div>
  );
}
