// /training-admin-login: the training admin's own sign-in; the token goes to local storage.
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@tm/shared/api-client';
import { trainingAdminLoginSchema, type TrainingAdminLoginInput } from '@tm/shared/schemas/training';
import { Field, Form, Input } from '../../../components/ui/form/index.ts';
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

  // A refused sign-in is a toast (portal spec: Login Failed), not a field's message.
  const onSubmit = async (values: TrainingAdminLoginInput) => {
    try {
      const { token } = await login.mutateAsync(values);
      storeToken(token);
      qc.removeQueries({ queryKey: trainingKeys.videos });
      toast({ title: 'Login Successful' });
      navigate(paths.trainingAdmin, { replace: true });
    } catch (err) {
      toast({ title: 'Login Failed', description: err instanceof ApiError ? err.serverMessage : 'Invalid email or password', variant: 'destructive' });
    }
  };

  return (
    <div className="auth-page">
      <Form
        schema={trainingAdminLoginSchema}
        defaultValues={{ email: '', password: '' }}
        onSubmit={onSubmit}
        className="card auth-card"
        aria-labelledby="ta-title"
      >
        <h1 id="ta-title">Training Admin</h1>
        <p className="muted">Sign in to manage training videos.</p>
        <Field id="ta-email" name="email" label="Email">
          <Input id="ta-email" name="email" type="email" autoComplete="username" />
        </Field>
        <Field id="ta-password" name="password" label="Password">
          <Input id="ta-password" name="password" type="password" autoComplete="current-password" />
        </Field>
        <button className="btn" type="submit" disabled={login.isPending}>
          {login.isPending ? 'Signing in...' : 'Sign In'}
        </button>
        <p className="muted small">
          <a href={paths.training}>Back to Training Center</a>
        </p>
      </Form>
    </div>
  );
}
