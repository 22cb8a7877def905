// /training-admin-login: the training admin's own sign-in; the token goes to local storage.
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@tm/shared/api-client';
import { trainingAdminLoginSchema, type TrainingAdminLoginInput } from '@tm/shared/schemas/training';
import { useToast } from '../../../components/toast.tsx';
import { paths } from '../../../app/paths.ts';
import { useTrainingAdminLogin } from '../api/training-admin-login.ts';
import { storeToken } from '../api/token.ts';
import { trainingKeys } from '../api/keys.ts';

export function TrainingAdminLoginPage() {
  const navigate = useNavigate();
  const toast = useToast();
  const login = useTrainingAdminLogin();
  const qc = useQueryClient();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TrainingAdminLoginInput>({ resolver: zodResolver(trainingAdminLoginSchema), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { token } = await login.mutateAsync(values);
      storeToken(token);
      qc.removeQueries({ queryKey: trainingKeys.videos });
      toast({ title: 'Login Successful' });
      navigate(paths.trainingAdmin, { replace: true });
    } catch (err) {
      toast({ title: 'Login Failed', description: err instanceof ApiError ? err.serverMessage : 'Invalid email or password', variant: 'destructive' });
    }
  });

  return (
    <div className="auth-page">
      <form className="card auth-card" onSubmit={onSubmit} noValidate aria-labelledby="ta-title">
        <h1 id="ta-title">Training Admin</h1>
        <p className="muted">Sign in to manage training videos.</p>
        <div className="field">
          <label htmlFor="ta-email">Email</label>
          <input id="ta-email" type="email" autoComplete="username" {...register('email')} aria-invalid={!!errors.email} />
          {errors.email && <p className="field-error">{errors.email.message}</p>}
        </div>
        <div className="field">
          <label htmlFor="ta-password">Password</label>
          <input id="ta-password" type="password" autoComplete="current-password" {...register('password')} aria-invalid={!!errors.password} />
          {errors.password && <p className="field-error">{errors.password.message}</p>}
        </div>
        <button className="btn" type="submit" disabled={login.isPending}>
          {login.isPending ? 'Signing in...' : 'Sign In'}
        </button>
        <p className="muted small">
          <a href={paths.training}>Back to Training Center</a>
        </p>
      </form>
    </div>
  );
}
