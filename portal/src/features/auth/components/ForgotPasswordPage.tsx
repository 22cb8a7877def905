// /forgot-password: the agent's e-mail; the answer is the same whether or not an account uses it
// (no enumeration). The e-mailed link opens /set-password, valid 1 hour, once.
import { useState } from 'react';
import { Link } from 'react-router';
import { forgotPasswordSchema } from '@tm/shared/schemas/mail';
import { Field, Form, FormAlert, Input } from '../../../components/ui/form/index.ts';
import { useForgotPassword } from '../api/forgot-password.ts';
import { paths } from '../../../app/paths.ts';
import { BrandLogo } from './BrandLogo.tsx';

export function ForgotPasswordPage() {
  const mutation = useForgotPassword();
  const [sent, setSent] = useState<string | null>(null);

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
          <Form
            schema={forgotPasswordSchema}
            defaultValues={{ email: '' }}
            onSubmit={async (values) => setSent((await mutation.mutateAsync(values)).message)}
            fallbackError="Could not send the link. Please try again."
            aria-labelledby="forgot-title"
          >
            <p className="muted">Enter the e-mail of your account. We e-mail you a link to set a new password.</p>
            <FormAlert as="div" />
            <Field id="forgot-email" name="email" label="Email">
              <Input id="forgot-email" name="email" type="email" autoComplete="email" />
            </Field>
            <button className="btn" type="submit" disabled={mutation.isPending}>
              {mutation.isPending ? 'Sending...' : 'Send Link'}
            </button>
            <p className="muted small">
              <Link to={paths.login}>Back to login</Link>
            </p>
          </Form>
        )}
      </div>
    </div>
  );
}
