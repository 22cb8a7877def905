// /forgot-password: the agent's e-mail; the answer is the same whether or not an account uses it
// (no enumeration). The e-mailed link opens /set-password, valid 1 hour, once.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { forgotPasswordSchema, type ForgotPasswordInput } from '@tm/shared/schemas/mail';
import { ApiError } from '@tm/shared/api-client';
import { useForgotPassword } from '../api/forgot-password.ts';
import { paths } from '../../../app/paths.ts';
import { BrandLogo } from './BrandLogo.tsx';

export function ForgotPasswordPage() {
  const mutation = useForgotPassword();
  const [sent, setSent] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ForgotPasswordInput>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const res = await mutation.mutateAsync(values);
      setSent(res.message);
    } catch (err) {
      if (err instanceof ApiError && err.fields?.email) return setError('email', { message: err.fields.email });
      setFormError(err instanceof ApiError ? err.serverMessage : 'Could not send the link. Please try again.');
    }
  });

  return (
    <div className="auth-page">
      <div className="card auth-card">
        <BrandLogo />
        <h1 id="forgot-title">Forgot password?</h1>
        {sent ? (
          <>
            <div role="status" className="form-success">
              {sent}
            </div>
            <p className="muted small">
              Check your inbox (and the spam folder). <Link to={paths.login}>Back to login</Link>
            </p>
          </>
        ) : (
          <form onSubmit={onSubmit} noValidate aria-labelledby="forgot-title">
            <p className="muted">Enter the e-mail of your account. We e-mail you a link to set a new password.</p>
            {formError && (
              <div role="alert" className="form-error">
                {formError}
              </div>
            )}
            <div className="field">
              <label htmlFor="forgot-email">Email</label>
              <input id="forgot-email" type="email" autoComplete="email" {...register('email')} aria-invalid={!!errors.email} />
              {errors.email && <p className="field-error">{errors.email.message}</p>}
            </div>
            <button className="btn" type="submit" disabled={mutation.isPending}>
              {mutation.isPending ? 'Sending...' : 'Send Link'}
            </button>
            <p className="muted small">
              <Link to={paths.login}>Back to login</Link>
            </p>
          </form>
        )}
      </div>
    </div>
  );
}
